/**
 * The JPEG preview view: the image fitted to the panel width by default, zoomable in the
 * same steps as the PDF, scrollable both ways. The bytes come with the message, or the file is
 * fetched (no-store); either way it is shown through a blob: URL, so a new preview at the same
 * path never comes from the image cache.
 */
import * as l10n from '@vscode/l10n';
import type { ReportPath } from '../../core/api/types';
import type { ImagePosition, SourceMapMessage, ZoomSetting } from '../protocol';
import { fetchResource } from '../askAgain';
import { h, setChildren } from './dom';
import { Overlay } from './overlay';
import { previewPageFrames } from './previewPages';
import { SyncLayer } from './syncLayer';
import { clampScale, resolveScale, zoomInStep, zoomOutStep } from './zoom';

/** Must match `.jpeg-frame` padding in viewer.css. */
const PAD = 16;

export interface JpegViewEvents {
  zoom(setting: ZoomSetting): void;
  position(pos: ImagePosition): void;
  loaded(fileName: string, width: number, height: number): void;
  failed(message: string): void;
  /** The author clicked a component drawn in the preview (a source map is set); `whole`: double-clicked. */
  select(path: ReportPath, whole: boolean): void;
}

export class JpegView {
  readonly el: HTMLDivElement;
  private readonly img: HTMLImageElement;
  /** Frames over the image, one per page it shows (source ↔ preview sync). */
  private readonly pagesEl: HTMLDivElement;
  private readonly overlay: Overlay;
  /** Source ↔ preview sync over the pages inside the image. */
  readonly sync: SyncLayer;
  private sourceMap: SourceMapMessage | null = null;
  private objectUrl = '';
  private zoomSetting: ZoomSetting;
  private scale = 1;
  private loadSeq = 0;

  constructor(
    private readonly events: JpegViewEvents,
    zoom: ZoomSetting,
  ) {
    this.zoomSetting = { ...zoom };
    this.img = h('img', { class: 'jpeg-image', attrs: { alt: l10n.t('Report preview'), draggable: 'false' } });
    this.img.hidden = true;
    this.pagesEl = h('div', { class: 'jpeg-pages' });
    this.el = h(
      'div',
      { class: 'view jpeg-view', attrs: { tabindex: '0', 'aria-label': l10n.t('Preview image') } },
      h('div', { class: 'jpeg-frame' }, h('div', { class: 'jpeg-sheet' }, this.img, this.pagesEl)),
    );
    this.overlay = new Overlay(this.el);
    this.sync = new SyncLayer(this.pagesEl, this.el, { select: (path, whole) => this.events.select(path, whole) }, '.jpeg-page');
    this.el.addEventListener('scroll', () => this.events.position(this.position()), { passive: true });
    new ResizeObserver(() => {
      if (this.zoomSetting.mode !== 'scale') this.applyZoom();
    }).observe(this.el);
  }

  get zoom(): ZoomSetting {
    return { mode: this.zoomSetting.mode, scale: this.scale };
  }
  get loaded(): boolean {
    return !this.img.hidden;
  }

  /** Shows the JPEG at `url`, or its bytes `data` when the message brought them. */
  async show(url: string, fileName: string, position: ImagePosition | null, data?: Uint8Array): Promise<void> {
    const seq = ++this.loadSeq;
    if (!this.loaded) this.overlay.loading(l10n.t('Loading {0}…', fileName));
    try {
      const blobUrl = URL.createObjectURL(data ? new Blob([data as BlobPart], { type: 'image/jpeg' }) : await fetchImage(url));
      const next = new Image();
      next.src = blobUrl;
      await next.decode().catch(() => {
        URL.revokeObjectURL(blobUrl);
        throw new Error('the file is not an image the viewer can decode');
      });
      if (seq !== this.loadSeq) return void URL.revokeObjectURL(blobUrl);
      const keep = position ?? (this.loaded ? this.position() : null);
      if (this.objectUrl) URL.revokeObjectURL(this.objectUrl);
      this.objectUrl = blobUrl;
      this.img.src = blobUrl;
      this.img.hidden = false;
      this.overlay.hide();
      this.applyZoom();
      if (keep) {
        this.el.scrollTop = keep.scrollTop;
        this.el.scrollLeft = keep.scrollLeft;
      }
      this.layOutPages();
      this.events.loaded(fileName, next.naturalWidth, next.naturalHeight);
    } catch (e) {
      if (seq !== this.loadSeq) return;
      this.img.hidden = true;
      const message = l10n.t('Cannot display {0}: {1}', fileName, (e as Error).message);
      this.overlay.error(message);
      this.events.failed(message);
    }
  }

  setZoom(setting: ZoomSetting): void {
    const cx = (this.el.scrollLeft + this.el.clientWidth / 2) / (this.el.scrollWidth || 1);
    const cy = (this.el.scrollTop + this.el.clientHeight / 2) / (this.el.scrollHeight || 1);
    this.zoomSetting = { mode: setting.mode, scale: clampScale(setting.scale) };
    this.applyZoom();
    // Keep the point at the centre of the panel where it was.
    this.el.scrollLeft = cx * this.el.scrollWidth - this.el.clientWidth / 2;
    this.el.scrollTop = cy * this.el.scrollHeight - this.el.clientHeight / 2;
  }

  zoomIn(): void {
    this.setZoom({ mode: 'scale', scale: zoomInStep(this.scale) });
  }
  zoomOut(): void {
    this.setZoom({ mode: 'scale', scale: zoomOutStep(this.scale) });
  }

  setInverted(on: boolean): void {
    this.el.classList.toggle('inverted', on);
  }

  position(): ImagePosition {
    return { scrollTop: this.el.scrollTop, scrollLeft: this.el.scrollLeft };
  }

  /**
   * The source map of the image shown (or about to be): the pages are found inside the image
   * by the preview's layout; null forgets it (a new result).
   */
  setSourceMap(map: SourceMapMessage | null): void {
    this.sourceMap = map;
    this.layOutPages();
  }

  clear(): void {
    this.loadSeq++;
    this.setSourceMap(null);
    this.img.hidden = true;
    this.img.removeAttribute('src');
    if (this.objectUrl) URL.revokeObjectURL(this.objectUrl);
    this.objectUrl = '';
  }

  /** One frame per page over the image, in percent of it, so zooming moves them along. */
  private layOutPages(): void {
    const map = this.sourceMap;
    const image = { width: this.img.naturalWidth, height: this.img.naturalHeight };
    const frames = map && this.loaded ? previewPageFrames(image, map.pageSize, map.pageCount, map.layout) : [];
    setChildren(
      this.pagesEl,
      ...frames.map((f) => {
        const el = h('div', {
          class: 'jpeg-page',
          attrs: {
            'data-page': String(f.page),
            'data-pt-width': String(map!.pageSize.width),
            'data-pt-height': String(map!.pageSize.height),
          },
        });
        el.style.left = `${(100 * f.x) / image.width}%`;
        el.style.top = `${(100 * f.y) / image.height}%`;
        el.style.width = `${(100 * f.width) / image.width}%`;
        el.style.height = `${(100 * f.height) / image.height}%`;
        return el;
      }),
    );
    this.sync.setBoxes(frames.length ? map!.boxes : [], map?.approximate ?? false);
  }

  private applyZoom(): void {
    // Nothing to fit before an image is decoded (a 1×1 stand-in would store an 800 % zoom).
    if (!this.img.naturalWidth) return;
    const natural = { width: this.img.naturalWidth || 1, height: this.img.naturalHeight || 1 };
    const available = { width: this.el.clientWidth - 2 * PAD, height: this.el.clientHeight - 2 * PAD };
    this.scale = resolveScale(this.zoomSetting, natural, available);
    this.img.style.width = `${Math.floor(natural.width * this.scale)}px`;
    this.img.style.height = `${Math.floor(natural.height * this.scale)}px`;
    this.events.zoom(this.zoom);
  }
}

async function fetchImage(url: string): Promise<Blob> {
  return (await fetchResource(url)).blob();
}
