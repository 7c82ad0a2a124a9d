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
 * Pages of one PDF that are rasterised (a side of `diff` or of the compare view, an export): a
 * PDF given as it is can have thousands, each drawn and kept as a picture. docs/cli.md, "diff".
 */
const MAX_RASTER_PAGES = 1000;
/**
 * Pixels of one rasterised page (width × height at the scale asked): 25 megapixels are 100 MB of
 * RGBA, and a diff holds three such pictures at once. A0 at 72 dpi is 8 megapixels; a PDF page
 * may be 14,400 pt square (207 megapixels at 72 dpi, from a file of a few hundred bytes).
 */
export const MAX_RASTER_PAGE_PIXELS = 25_000_000;

/** Refuses, before any page is drawn, to rasterise more than MAX_RASTER_PAGES pages of `label`. */
export function checkRasterPages(label: string, pages: number): void {
  if (pages > MAX_RASTER_PAGES) {
    throw new Error(`${label} has ${pages} pages: at most ${MAX_RASTER_PAGES} pages of a PDF are rasterised`);
  }
}

const megapixels = (pixels: number) => `${Number((pixels / 1e6).toPrecision(pixels >= 1e7 ? 3 : 2))} megapixels`;

/**
 * One page at `scale` px per pt, RGBA. PDFium is asked for `BGRA` because the wrapper renders
 * with FPDF_REVERSE_BYTE_ORDER: the bytes come back in RGBA order. A page over
 * MAX_RASTER_PAGE_PIXELS is refused from its size in points, before PDFium allocates the bitmap;
 * `label` names the PDF in that sentence.
 */
export async function renderPage(doc: PdfiumDocument, index: number, scale: number, label = 'the PDF'): Promise<RgbaImage> {
  const page = doc.getPage(index);
  const { originalWidth, originalHeight } = page.getOriginalSize();
  // What PDFium's render() makes of them (as preview.ts computes its strips).
  const pixels = Math.floor(Math.floor(originalWidth) * scale) * Math.floor(Math.floor(originalHeight) * scale);
  if (pixels > MAX_RASTER_PAGE_PIXELS) {
    const size = `${Math.round(originalWidth)} × ${Math.round(originalHeight)} pt`;
    throw new Error(
      `page ${index + 1} of ${label} is ${size}, ${megapixels(pixels)} at ${Math.round(scale * 72)} dpi: more than the ${megapixels(MAX_RASTER_PAGE_PIXELS)} a rasterised page may have`,
    );
  }
  const r = await page.render({ scale, render: 'bitmap', colorSpace: 'BGRA' });
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
    checkRasterPages('the PDF', Math.min(pageCount, maxPages));
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
