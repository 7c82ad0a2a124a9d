/**
 * One page of the PDF view: a placeholder sized for the current zoom, a canvas rendered on
 * demand at devicePixelRatio, and a selectable text layer. Pages far from the viewport drop
 * their canvas so memory stays bounded however long the report is.
 */
import * as l10n from '@vscode/l10n';
import type { PDFPageProxy, PageViewport, RenderTask, TextLayer } from 'pdfjs-dist';
import type { PdfJsModule } from './pdfLoader';
import { h } from './dom';

/** CSS px per PDF point at 100 % (72 → 96 dpi). */
const PDF_TO_CSS = 96 / 72;
/** Cap on canvas pixels (≈ 16.7 M): beyond it the canvas is rendered smaller and stretched. */
const MAX_CANVAS_PIXELS = 2 ** 24;

export class PageSlot {
  readonly el: HTMLDivElement;
  /** Size in CSS px at scale 1. */
  readonly baseWidth: number;
  readonly baseHeight: number;
  private canvas: HTMLCanvasElement | null = null;
  private renderedKey = '';
  private pendingKey = '';
  private task: RenderTask | null = null;
  private textLayer: TextLayer | null = null;
  private textLayerEl: HTMLDivElement | null = null;
  /** The text layer's spans exist (find highlights go into them). */
  private textReady = false;
  /** Called when this page's text layer has been drawn (find in the PDF highlights it then). */
  onText: ((slot: PageSlot) => void) | undefined;
  /** How many times this page was drawn (data-drawn, read by the tests). */
  private drawn = 0;

  constructor(
    private readonly lib: PdfJsModule,
    private readonly page: PDFPageProxy,
    readonly pageNumber: number,
  ) {
    const vp = page.getViewport({ scale: PDF_TO_CSS });
    this.baseWidth = vp.width;
    this.baseHeight = vp.height;
    this.el = h('div', {
      class: 'pdf-page',
      attrs: {
        'data-page': String(pageNumber),
        // The page in PDF points: the source map's boxes are placed in percent of it.
        'data-pt-width': String(vp.width / PDF_TO_CSS),
        'data-pt-height': String(vp.height / PDF_TO_CSS),
        role: 'img',
        'aria-label': l10n.t('Page {0}', pageNumber),
      },
    });
  }

  /** Size the placeholder for `scale`; cheap, done for every page on each zoom. */
  layout(scale: number): void {
    const vp = this.viewport(scale);
    this.el.style.width = `${Math.floor(vp.width)}px`;
    this.el.style.height = `${Math.floor(vp.height)}px`;
    // The text layer sizes its spans from this variable (pdf.js' own convention).
    this.el.style.setProperty('--scale-factor', String(vp.scale));
    if (this.textLayer) this.textLayer.update({ viewport: vp });
  }

  /** True when the canvas on screen is this page's own drawing (not one kept from the previous document). */
  get rendered(): boolean {
    return this.renderedKey !== '';
  }

  /**
   * Takes over the canvas of the same page in the document this one replaces, so the page
   * never shows blank while it is drawn again. `unchanged` (equal page keys: the page is drawn
   * identically) keeps that canvas and its text layer as this page's own, with no redraw.
   */
  adopt(old: PageSlot, unchanged: boolean): void {
    if (!old.canvas || old.baseWidth !== this.baseWidth || old.baseHeight !== this.baseHeight) return;
    old.cancel();
    this.canvas = old.canvas;
    this.el.prepend(this.canvas);
    this.el.classList.add('rendered');
    if (unchanged) {
      this.renderedKey = old.renderedKey;
      if (old.textLayerEl) this.el.append(old.textLayerEl);
      this.textLayer = old.textLayer;
      this.textLayerEl = old.textLayerEl;
      this.textReady = old.textReady;
      old.textLayer = null;
      old.textLayerEl = null;
      old.textReady = false;
    }
    old.canvas = null;
    old.renderedKey = '';
  }

  /** Renders (or re-renders) at `scale`; keeps the old canvas on screen until the new one is ready. */
  async render(scale: number, dpr: number): Promise<void> {
    const key = `${scale}@${dpr}`;
    if (key === this.renderedKey || key === this.pendingKey) return;
    this.cancel();
    this.pendingKey = key;
    const vp = this.viewport(scale);
    const output = Math.min(dpr, Math.sqrt(MAX_CANVAS_PIXELS / (vp.width * vp.height)));
    const canvas = h('canvas', { class: 'pdf-canvas', attrs: { 'aria-hidden': 'true' } });
    canvas.width = Math.max(1, Math.floor(vp.width * output));
    canvas.height = Math.max(1, Math.floor(vp.height * output));
    const task = this.page.render({
      canvas,
      viewport: vp,
      transform: output !== 1 ? [output, 0, 0, output, 0, 0] : undefined,
      annotationMode: this.lib.AnnotationMode.ENABLE,
    });
    this.task = task;
    try {
      await task.promise;
    } catch (e) {
      if ((e as { name?: string }).name === 'RenderingCancelledException') return;
      throw e;
    } finally {
      if (this.task === task) {
        this.task = null;
        this.pendingKey = '';
      }
    }
    if (this.canvas) this.canvas.replaceWith(canvas);
    else this.el.prepend(canvas);
    this.canvas = canvas;
    this.renderedKey = key;
    this.el.classList.add('rendered');
    this.drawn += 1;
    this.el.dataset.drawn = String(this.drawn);
    if (!this.textLayerEl) void this.renderText(vp);
  }

  /** Drops the canvas and text layer (page scrolled far away). */
  release(): void {
    this.cancel();
    this.canvas?.remove();
    this.canvas = null;
    this.renderedKey = '';
    this.textLayer?.cancel();
    this.textLayer = null;
    this.textLayerEl?.remove();
    this.textLayerEl = null;
    this.textReady = false;
    this.el.classList.remove('rendered');
  }

  /** Releases the page's resources in pdf.js too (document replaced). */
  destroy(): void {
    this.release();
    this.page.cleanup();
  }

  private cancel(): void {
    this.task?.cancel();
    this.task = null;
    this.pendingKey = '';
  }

  private viewport(scale: number): PageViewport {
    return this.page.getViewport({ scale: scale * PDF_TO_CSS });
  }

  private async renderText(vp: PageViewport): Promise<void> {
    const container = h('div', { class: 'textLayer' });
    this.textLayerEl = container;
    this.el.append(container);
    const layer = new this.lib.TextLayer({ textContentSource: this.page.streamTextContent(), container, viewport: vp });
    this.textLayer = layer;
    try {
      await layer.render();
    } catch {
      // Text selection is a nicety: a page whose text cannot be extracted still shows.
      return;
    }
    if (this.textLayer !== layer) return;
    this.textReady = true;
    this.onText?.(this);
  }

  /** The text layer's spans and the text of each (one per text item of the page), once drawn. */
  get textSpans(): { divs: readonly HTMLElement[]; texts: readonly string[] } | null {
    return this.textReady && this.textLayer ? { divs: this.textLayer.textDivs, texts: this.textLayer.textContentItemsStr } : null;
  }
}
