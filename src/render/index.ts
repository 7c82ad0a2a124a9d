/**
 * The renderer behind the local service: createRenderer() initialises PDFium
 * (WASM, ~0.5–0.9 s) once; renderPdf lays a report out with pdfkit;
 * renderPreviewJpeg rasterises that PDF into the watermarked preview.
 */
import type { ReportRenderer } from './renderer';
import { initPdfium } from './pdfium';
import { renderReportPdf, type PdfRenderOptions } from './render-pdf';
import { renderPreview } from './preview';

export { RenderError } from './renderer';
export type { ReportRenderer, RenderedPdf, RenderOptions } from './renderer';

export interface RendererSettings {
  /** Time limit of one renderPdf call (default 60 s). */
  timeLimitMs?: number;
  /** Image limits (10 s and 10 MB per download, 40 megapixels) and fetch policy (loopback allowed, --fetch-allow-host). */
  images?: PdfRenderOptions['images'];
  /** See PdfRenderOptions.checkMemory (the render worker's memory budget). */
  checkMemory?: PdfRenderOptions['checkMemory'];
}

export async function createRenderer(settings: RendererSettings = {}): Promise<ReportRenderer> {
  const pdfium = await initPdfium();
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
      return renderPreview(pdfium, pdf, options?.signal);
    },
    async dispose() {
      if (disposed) return;
      disposed = true;
      pdfium.destroy();
    },
  };
}
