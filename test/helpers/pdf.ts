/**
 * Reads a PDF back for tests: page count and the text of each page in reading order,
 * using pdf.js (the same engine the result viewer uses).
 */
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';

export interface PdfContents {
  pageCount: number;
  /** Text of each page; items joined by spaces, line breaks as '\n'. */
  pages: string[];
  /** Page sizes in PDF points. */
  sizes: Array<{ width: number; height: number }>;
}

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjsPromise: Promise<PdfJs> | undefined;

function loadPdfJs(): Promise<PdfJs> {
  // pdf.js is ESM-only; a dynamic import through a URL keeps tsx/CJS from rewriting it to require().
  const url = pathToFileURL(join(process.cwd(), 'node_modules/pdfjs-dist/legacy/build/pdf.mjs')).href;
  pdfjsPromise ??= new Function('u', 'return import(u)')(url) as Promise<PdfJs>;
  return pdfjsPromise;
}

export async function readPdf(bytes: Uint8Array): Promise<PdfContents> {
  const pdfjs = await loadPdfJs();
  // pdf.js transfers (detaches) the buffer it is given: pass a copy.
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    const sizes: Array<{ width: number; height: number }> = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.getPage(i);
      const viewport = page.getViewport({ scale: 1 });
      sizes.push({ width: viewport.width, height: viewport.height });
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str;
        text += item.hasEOL ? '\n' : ' ';
      }
      pages.push(text.replace(/[ \t]+/g, ' ').trim());
    }
    return { pageCount: doc.numPages, pages, sizes };
  } finally {
    await doc.destroy();
  }
}

/** All pages' text joined, whitespace collapsed: handy for "appears in this order" checks. */
export function allText(contents: PdfContents): string {
  return contents.pages.join('\n').replace(/\s+/g, ' ');
}

/** Asserts that each needle appears in `text`, in the given order. Returns the missing/out-of-order needle or undefined. */
export function firstOutOfOrder(text: string, needles: string[]): string | undefined {
  let from = 0;
  for (const needle of needles) {
    const at = text.indexOf(needle, from);
    if (at < 0) return needle;
    from = at + needle.length;
  }
  return undefined;
}

/**
 * The target of every link annotation on every page, as written in the PDF (pdf.js's
 * `unsafeUrl`: before its own filtering), in page order; a link without a URI (a
 * JavaScript or launch action) shows as `action:<kind>`.
 */
export async function linkTargets(bytes: Uint8Array): Promise<string[]> {
  const pdfjs = await loadPdfJs();
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const out: string[] = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.getPage(i);
      for (const a of (await page.getAnnotations()) as Array<Record<string, unknown>>) {
        if (a.subtype !== 'Link') continue;
        const target = a.unsafeUrl ?? a.url ?? (a.action ? `action:${String(a.action)}` : a.dest ? 'destination' : 'none');
        out.push(String(target));
      }
    }
    return out;
  } finally {
    await doc.destroy();
  }
}
