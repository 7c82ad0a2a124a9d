/**
 * The rendering seam between the local service (task queue, ledger) and the
 * renderer. The service only ever calls these two functions; everything about
 * layout lives behind them.
 */
import type { RenderNote } from '../core/api/types';
import type { ReportBody } from '../core/report/types';
import type { SourceBox } from '../core/report/sourceMap';

export type { RenderNote } from '../core/api/types';

export interface RenderedPdf {
  /** The PDF file. */
  pdf: Uint8Array;
  /** Rendered page count: decides single- vs multi-page quota and max_pages_per_report. */
  pageCount: number;
  /**
   * What the author should know about a render that still succeeded (an image drawn as a
   * placeholder, content cut from a single page, a substituted font), in report order.
   */
  notes: RenderNote[];
  /** Where each component was drawn (the live view's source ↔ preview sync); absent from renderers that do not record it. */
  boxes?: SourceBox[];
  /**
   * One fingerprint per page: equal keys in two renders mean the page is drawn identically
   * (pageKeys.ts), so the live view keeps that page's canvas. Absent from renderers that do not record them.
   */
  pageKeys?: string[];
  /** The pages' size in PDF points (every page of a report has the same size). */
  pageSize?: { width: number; height: number };
}

export interface RenderOptions {
  /** Aborts the render (time limit, service shutdown). */
  signal?: AbortSignal;
  /** Called when the render begins, by a renderer whose calls may wait for a worker first (see reportsStart). */
  onStart?: () => void;
}

export interface ReportRenderer {
  /**
   * True when a call may wait (for a free worker) before its render begins: the renderer then
   * calls RenderOptions.onStart when it begins, and a time limit counts from there. Otherwise
   * a render begins when it is called.
   */
  readonly reportsStart?: boolean;
  /** Lays the report out into a PDF. Rejects with a RenderError naming the component path. */
  renderPdf(report: ReportBody, options?: RenderOptions): Promise<RenderedPdf>;
  /**
   * Renders the report stored as JSON in `file`, read and parsed where the render runs (a
   * worker), so a large report never blocks the service's event loop. Optional: the service
   * falls back to reading the file itself and calling renderPdf.
   */
  renderPdfFile?(file: string, options?: RenderOptions): Promise<RenderedPdf>;
  /** Rasterises a PDF produced by renderPdf into the watermarked low-quality preview JPEG. */
  renderPreviewJpeg(pdf: Uint8Array, options?: RenderOptions): Promise<Uint8Array>;
  /**
   * Part `part` of `parts` of the preview of `pdf`, for renderers running side by side (the
   * render pool's workers): every part plans the same horizontal strips, renders and encodes
   * its share of them, and joinPreviewParts() (jpegStrips.ts) joins all the parts into the JPEG that
   * renderPreviewJpeg returns. The real renderer (index.ts) has it; the render pool's workers use it.
   */
  renderPreviewPart?(pdf: Uint8Array, part: number, parts: number, options?: RenderOptions): Promise<PreviewPart>;
  /** Releases WASM memory etc. */
  dispose(): Promise<void>;
}

/** The strips of the preview JPEG that one part encoded (see ReportRenderer.renderPreviewPart). */
export interface PreviewPart {
  /** How many strips the whole preview has. */
  count: number;
  /** This part's strips: each a JPEG of some rows of the preview, `index` counted from the top. */
  strips: Array<{ index: number; jpeg: Uint8Array }>;
}

/** The stored report given to renderPdfFile could not be read or parsed. */
export class ReportUnreadable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReportUnreadable';
  }
}

/** A render failure; `path` is the component path, e.g. `components[2].components[0] (Image)`. */
export class RenderError extends Error {
  constructor(
    message: string,
    readonly path?: string,
  ) {
    super(path ? `${path}: ${message}` : message);
    this.name = 'RenderError';
  }
}
