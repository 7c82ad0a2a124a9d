/**
 * The renderer behind the local service: renderPdf lays a report out with pdfkit;
 * renderPreviewJpeg rasterises that PDF into the watermarked preview (or one part of it,
 * renderPreviewPart, for renderers working side by side; jpegStrips.ts joinPreviewParts joins them).
 * PDFium (WASM, ~0.5–0.9 s of CPU to compile) is initialised once, on the first preview: a
 * render worker that only builds PDFs — every worker of a `build` batch — never pays for it.
 */
import type { ReportRenderer } from './renderer';
import { initPdfium, type PdfiumLibrary } from './pdfium';
import { renderReportPdf, type PdfRenderOptions } from './renderPdf';
import { renderPreview, renderPreviewPart } from './preview';

export { RenderError } from './renderer';
export type { ReportRenderer } from './renderer';

export interface RendererSettings {
  /** Time limit of one renderPdf call (default 60 s). */
  timeLimitMs?: number;
  /** Image limits (10 s and 10 MB per download, 40 megapixels) and fetch policy (loopback allowed, --fetch-allow-host). */
  images?: PdfRenderOptions['images'];
  /** See PdfRenderOptions.checkMemory (the render worker's memory budget). */
  checkMemory?: PdfRenderOptions['checkMemory'];
}

export async function createRenderer(
  settings: RendererSettings = {},
): Promise<ReportRenderer & Required<Pick<ReportRenderer, 'renderPreviewPart'>>> {
  let pdfium: Promise<PdfiumLibrary> | undefined;
  const library = (): Promise<PdfiumLibrary> => (pdfium ??= initPdfium());
  let disposed = false;
  return {
    renderPdf(report, options) {
      if (disposed) return Promise.reject(new Error('renderer disposed'));
      return renderReportPdf(report, {
        signal: options?.signal,
        timeLimitMs: settings.timeLimitMs,
        images: settings.images,
        checkMemory: settings.checkMemory,
      });
    },
    renderPreviewJpeg(pdf, options) {
      if (disposed) return Promise.reject(new Error('renderer disposed'));
      return library().then((lib) => renderPreview(lib, pdf, options?.signal));
    },
    renderPreviewPart(pdf, part, parts, options) {
      if (disposed) return Promise.reject(new Error('renderer disposed'));
      return library().then((lib) => renderPreviewPart(lib, pdf, part, parts, options?.signal));
    },
    async dispose() {
      if (disposed) return;
      disposed = true;
      // A failed initialisation has nothing to destroy; its error went to the preview that asked.
      (await pdfium?.catch(() => undefined))?.destroy();
    },
  };
}
