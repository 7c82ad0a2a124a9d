/**
 * PDFium (WASM) loader. The WASM module compiles in 0.5–0.9 s, so it is
 * initialised once per renderer (at service start) and reused for every preview.
 * The .wasm file sits beside the bundle (dist/pdfium.wasm, copied by
 * scripts/build.mjs) or, when running from sources, in node_modules.
 */
import { PDFiumLibrary } from '@hyzyla/pdfium';
import { rendererFile } from './assets';

export type PdfiumLibrary = Awaited<ReturnType<typeof PDFiumLibrary.init>>;

function pdfiumWasm(): Uint8Array {
  return rendererFile('pdfium.wasm', 'dist/pdfium.wasm', 'node_modules/@hyzyla/pdfium/dist/pdfium.wasm');
}

export async function initPdfium(): Promise<PdfiumLibrary> {
  const bytes = pdfiumWasm();
  const wasmBinary = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  return PDFiumLibrary.init({ wasmBinary });
}

export interface RgbaImage {
  width: number;
  height: number;
  /** RGBA, 4 bytes per pixel. */
  data: Uint8Array;
}

type PdfiumDocument = Awaited<ReturnType<PdfiumLibrary['loadDocument']>>;

/**
 * One page at `scale` px per pt, RGBA. PDFium is asked for `BGRA` because the wrapper renders
 * with FPDF_REVERSE_BYTE_ORDER: the bytes come back in RGBA order.
 */
export async function renderPage(doc: PdfiumDocument, index: number, scale: number): Promise<RgbaImage> {
  const r = await doc.getPage(index).render({ scale, render: 'bitmap', colorSpace: 'BGRA' });
  return { width: r.width, height: r.height, data: r.data };
}

/** Rasterises pages [0, maxPages) of a PDF at `scale` px per pt; returns them and the total page count. */
export async function rasterise(
  lib: PdfiumLibrary,
  pdf: Uint8Array,
  scale: number,
  maxPages: number,
  signal?: AbortSignal,
): Promise<{ pages: RgbaImage[]; pageCount: number }> {
  const doc = await lib.loadDocument(pdf);
  try {
    const pageCount = doc.getPageCount();
    const pages: RgbaImage[] = [];
    for (let i = 0; i < Math.min(pageCount, maxPages); i++) {
      signal?.throwIfAborted();
      pages.push(await renderPage(doc, i, scale));
    }
    return { pages, pageCount };
  } finally {
    doc.destroy();
  }
}
