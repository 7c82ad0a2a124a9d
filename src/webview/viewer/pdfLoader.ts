/**
 * Loads pdf.js from media/pdfjs/ on first use and opens documents under the viewer's CSP:
 * - pdf.min.mjs comes in through a dynamic import() from our nonce'd module script (the
 *   nonce is inherited), so script-src needs no origin.
 * - The worker source is fetched and started from a blob: URL. pdf.js would otherwise wrap a
 *   cross-origin worker in a blob that import()s the URL, and that import carries no nonce.
 * - Standard fonts and cmaps are fetched on the main thread (useWorkerFetch: false) so every
 *   request goes through the webview's resource loader, like the PDF itself.
 * - No eval (isEvalSupported: false), no WebAssembly (useWasm: false): nothing in the CSP
 *   allows either. Costs: JPEG 2000 images are not drawn; ICC colours use their fallback.
 */
import type * as PdfJs from 'pdfjs-dist';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { LostRequest, askAgain, fetchResource } from '../askAgain';

export type PdfJsModule = typeof PdfJs;

export interface PdfJsLocation {
  /** URL of pdf.min.mjs; standard_fonts/ and cmaps/ sit beside it. */
  pdfjsUrl: string;
  workerUrl: string;
}

/** A loaded document plus the bytes' size (for the status line). */
export interface LoadedPdf {
  doc: PDFDocumentProxy;
  byteLength: number;
}

/** Why a PDF could not be shown, worded for the panel. */
class PdfLoadError extends Error {}

let runtime: Promise<{ lib: PdfJsModule; worker: PdfJs.PDFWorker }> | undefined;

function loadRuntime(loc: PdfJsLocation): Promise<{ lib: PdfJsModule; worker: PdfJs.PDFWorker }> {
  runtime ??= (async () => {
    const [lib, workerSource] = await Promise.all([
      // Asked again when the service worker lost it (askAgain.ts): a failed import is kept by URL.
      askAgain(loc.pdfjsUrl, (u) =>
        (import(u) as Promise<PdfJsModule>).catch((e: unknown) => {
          throw new LostRequest((e as Error).message);
        }),
      ),
      fetchBytes(loc.workerUrl, 'the pdf.js worker'),
    ]);
    const blobUrl = URL.createObjectURL(new Blob([workerSource], { type: 'text/javascript' }));
    const port = new Worker(blobUrl, { type: 'module', name: 'pdf.js worker' });
    const worker = lib.PDFWorker.create({ port, verbosity: lib.VerbosityLevel.ERRORS });
    return { lib, worker };
  })();
  // A failed start (file missing, CSP) must not poison later attempts.
  runtime.catch(() => (runtime = undefined));
  return runtime;
}

export async function loadPdfJs(loc: PdfJsLocation): Promise<PdfJsModule> {
  return (await loadRuntime(loc)).lib;
}

/** Opens the PDF at `url`, or `data` when the message brought the bytes along (the live view). */
export async function openPdf(loc: PdfJsLocation, url: string, data?: Uint8Array): Promise<LoadedPdf> {
  const { lib, worker } = await loadRuntime(loc);
  // Our own fetch (askAgain.ts: `no-store`, asked again when lost), so that an HTTP error
  // becomes a clear message instead of pdf.js' generic one. pdf.js takes
  // ownership of the buffer it is given: a copy of message data, never the original.
  const bytes = data ? new Uint8Array(data) : await fetchBytes(url, 'the PDF');
  const byteLength = bytes.byteLength;
  const base = new URL('.', new URL(loc.pdfjsUrl, document.baseURI)).href;
  const task = lib.getDocument({
    data: bytes,
    worker,
    isEvalSupported: false,
    useWasm: false,
    useWorkerFetch: false,
    standardFontDataUrl: `${base}standard_fonts/`,
    cMapUrl: `${base}cmaps/`,
    cMapPacked: true,
    enableXfa: false,
    verbosity: lib.VerbosityLevel.ERRORS,
  });
  try {
    return { doc: await task.promise, byteLength };
  } catch (e) {
    const name = (e as { name?: string }).name;
    if (name === 'InvalidPDFException') throw new PdfLoadError('The file is not a valid PDF.');
    if (name === 'PasswordException') throw new PdfLoadError('The PDF is password-protected.');
    throw new PdfLoadError(`pdf.js could not read the PDF: ${(e as Error).message ?? String(e)}`);
  }
}

async function fetchBytes(url: string, what: string): Promise<Uint8Array<ArrayBuffer>> {
  try {
    return new Uint8Array(await (await fetchResource(url)).arrayBuffer());
  } catch (e) {
    throw new PdfLoadError(`Could not load ${what}: ${(e as Error).message}.`);
  }
}
