/**
 * A report's pages as PNG images, from the bundled renderer in this process: free, offline,
 * never watermarked (the "PREVIEW" mark belongs to the preview JPEG only, preview.ts). The
 * core of `report-studio export --png`, which only reads files and writes what this returns,
 * so any other caller (an MCP server) gets the same pages from report text and options.
 */
import { checkDpi, DEFAULT_DPI, selectedPages, type PageSpan } from '../core/pageImageOptions';
import type { RenderNote } from '../core/api/types';
import { pagePng } from './images/raster';
import { initPdfium, renderPage, type PdfiumLibrary } from './pdfium';
import { renderReportText } from './reportText';

interface PageImageOptions {
  /** Dots per inch, MIN_DPI–MAX_DPI (default DEFAULT_DPI). */
  dpi?: number;
  /** Which pages (default: all); a page past the end throws a PageSelectionError. */
  pages?: readonly PageSpan[];
  /** Without `pages`: only the first this many pages (those the report has). */
  firstPages?: number;
  signal?: AbortSignal;
}

interface PageImage {
  /** 1-based. */
  page: number;
  width: number;
  height: number;
  png: Uint8Array;
}

interface RenderedPages {
  /** Pages of the whole report (also when only some were drawn). */
  pageCount: number;
  pages: PageImage[];
  /** What the author should know about the render (a placeholder image, cut content, a substituted font). */
  notes: RenderNote[];
}

export interface PageImager {
  /** Lays out a report (JSON or JSONC text) and rasterises the chosen pages; errors name `label`. */
  render(text: string, label: string, options?: PageImageOptions): Promise<RenderedPages>;
  /** Rasterises the chosen pages of a PDF made elsewhere (a live view's draft render): no notes. */
  rasterise(pdf: Uint8Array, label: string, options?: PageImageOptions): Promise<RenderedPages>;
  dispose(): void;
}

/** PDFium compiles once per imager (0.5–0.9 s): make one for a whole run. */
export async function createPageImager(): Promise<PageImager> {
  const pdfium = await initPdfium();
  return {
    render: async (text, label, options) => {
      checkDpi(options?.dpi ?? DEFAULT_DPI); // before the layout, as a wrong argument
      const rendered = await renderReportText(text, label, options?.signal);
      return { ...(await pdfPages(pdfium, rendered.pdf, label, options ?? {})), notes: rendered.notes };
    },
    rasterise: async (pdf, label, options) => ({ ...(await pdfPages(pdfium, pdf, label, options ?? {})), notes: [] }),
    dispose: () => pdfium.destroy(),
  };
}

async function pdfPages(
  pdfium: PdfiumLibrary,
  pdf: Uint8Array,
  label: string,
  options: PageImageOptions,
): Promise<Omit<RenderedPages, 'notes'>> {
  const dpi = options.dpi ?? DEFAULT_DPI;
  checkDpi(dpi);
  const { signal } = options;
  const doc = await pdfium.loadDocument(pdf);
  try {
    const pageCount = doc.getPageCount();
    const pages: PageImage[] = [];
    const chosen = selectedPages(options.pages, pageCount).slice(0, options.pages ? undefined : options.firstPages);
    for (const page of chosen) {
      signal?.throwIfAborted();
      const rgba = await renderPage(doc, page - 1, dpi / 72, label).catch((error: Error) => {
        throw new Error(`${label} page ${page} could not be rasterised at ${dpi} dpi: ${error.message}`, { cause: error });
      });
      pages.push({ page, width: rgba.width, height: rgba.height, png: pagePng(rgba) });
    }
    return { pageCount, pages };
  } finally {
    doc.destroy();
  }
}
