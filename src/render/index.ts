/**
 * The renderer behind the local service: createRenderer() initialises PDFium
 * (WASM, ~0.5–0.9 s) once; renderPdf lays a report out with pdfkit;
 * renderPreviewJpeg rasterises that PDF into the watermarked preview (or one part of it,
 * renderPreviewPart, for renderers working side by side; joinPreviewParts joins them).
 */
import type { ReportRenderer } from './renderer';
import { initPdfium } from './pdfium';
import { renderReportPdf, type PdfRenderOptions } from './renderPdf';
import { renderPreview, renderPreviewPart } from './preview';

export { RenderError } from './renderer';
export type { ReportRenderer } from './renderer';
export { joinPreviewParts } from './preview';

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
    renderPreviewPart(pdf, part, parts, options) {
      if (disposed) return Promise.reject(new Error('renderer disposed'));
      return renderPreviewPart(pdfium, pdf, part, parts, options?.signal);
    },
    async dispose() {
      if (disposed) return;
      disposed = true;
      pdfium.destroy();
    },
  };
}
