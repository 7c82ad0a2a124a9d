/**
 * The PDF view: all pages in one vertical scroller, laid out at once (placeholders), drawn
 * lazily (visible pages and their neighbours). Tracks "page x of y" while scrolling, zooms
 * around an anchor point, and keeps zoom and position across rebuilds of the same report.
 */
import * as l10n from '@vscode/l10n';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { PdfPosition, ZoomSetting } from '../protocol';
import { h, setChildren } from './dom';
import { PageSlot } from './pdfPage';
import { openPdf, loadPdfJs } from './pdfLoader';
import type { PdfJsLocation } from './pdfLoader';
import { clampScale, resolveScale, zoomInStep, zoomOutStep } from './zoom';
import { Overlay } from './overlay';
import { PageGeometry } from './pdfGeometry';
import { SyncLayer } from './syncLayer';
import { PdfFinder } from './pdfFind';
import { centreIn } from './dom';
import type { ReportPath } from '../../core/api/types';

/** Must match `.pdf-pages` padding and gap in viewer.css. */
const PAD = 16;
const GAP = 12;
/** Pages this far from the visible ones keep no canvas. */
const KEEP_DISTANCE = 3;
const RENDER_DELAY_MS = 90;

export interface PdfViewEvents {
  page(current: number, count: number): void;
  zoom(setting: ZoomSetting): void;
  position(pos: PdfPosition): void;
  loaded(fileName: string, pageCount: number): void;
  /** The author clicked a component drawn on a page (live view with a source map); `whole`: double-clicked. */
  select(path: ReportPath, whole: boolean): void;
  failed(message: string): void;
  /** Find in the PDF has other matches now (a search, a step, a new document). */
  findChanged?(): void;
}

interface Anchor {
  /** Point in the scroller's client area that must stay put. */
  x: number;
  y: number;
}

export class PdfView {
  readonly el: HTMLDivElement;
  private readonly pagesEl: HTMLDivElement;
  private readonly overlay: Overlay;
  /** Source ↔ preview sync over the pages (live view only). */
  readonly sync: SyncLayer;
  /** Find in the PDF (the find bar drives it). */
  readonly finder: PdfFinder;
  private doc: PDFDocumentProxy | null = null;
  private slots: PageSlot[] = [];
  /** The page keys of the document shown (live drafts): a page whose key stays is not drawn again. */
  private pageKeys: readonly string[] | undefined;
  private geo = new PageGeometry();
  private zoomSetting: ZoomSetting;
  private scale = 1;
  private loadSeq = 0;
  private frame = 0;
  private renderTimer: ReturnType<typeof setTimeout> | undefined;
  /** Page chosen by navigation; shown as current until the user scrolls elsewhere. */
  private pinned: { page: number; scrollTop: number } | null = null;
  private lastPage = 0;

  constructor(
    private readonly loc: PdfJsLocation,
    private readonly events: PdfViewEvents,
    zoom: ZoomSetting,
  ) {
    this.zoomSetting = { ...zoom };
    this.pagesEl = h('div', { class: 'pdf-pages' });
    this.el = h('div', { class: 'view pdf-view', attrs: { tabindex: '0', 'aria-label': l10n.t('PDF pages') } }, this.pagesEl);
    this.overlay = new Overlay(this.el);
    this.sync = new SyncLayer(this.pagesEl, this.el, { select: (path, whole) => this.events.select(path, whole) });
    this.finder = new PdfFinder(
      () => this.slots,
      (page) => this.goToPage(page),
      (el) => centreIn(this.el, el),
      () => this.events.findChanged?.(),
    );
    this.el.addEventListener('scroll', () => this.onScroll(), { passive: true });
    new ResizeObserver(() => this.onResize()).observe(this.el);
    window.addEventListener('resize', () => this.scheduleRender(RENDER_DELAY_MS)); // devicePixelRatio changes
  }

  get pageCount(): number {
    return this.slots.length;
  }
  get currentPage(): number {
    return this.lastPage;
  }
  get zoom(): ZoomSetting {
    return { mode: this.zoomSetting.mode, scale: this.scale };
  }
  get loaded(): boolean {
    return this.doc !== null;
  }

  /** Starts loading pdf.js early (e.g. while a build runs) so the first PDF shows sooner. */
  warmUp(): void {
    loadPdfJs(this.loc).catch(() => undefined);
  }

  /**
   * Shows the PDF at `url` (or its bytes, `data`, when the message brought them); restores
   * `position` (clamped to the new page count) when given. Each page keeps the previous
   * document's canvas until it is drawn again, and is not drawn again at all when `pageKeys`
   * says it did not change.
   */
  async show(url: string, fileName: string, position: PdfPosition | null, data?: Uint8Array, pageKeys?: readonly string[]): Promise<void> {
    const seq = ++this.loadSeq;
    // Set while a document is on its way; the UI checks read the position once it is gone.
    this.el.dataset.loading = 'true';
    // On a rebuild the old pages stay on screen until the new ones are ready: no flash.
    if (!this.doc) this.overlay.loading(l10n.t('Loading {0}…', fileName));
    let doc: PDFDocumentProxy;
    let slots: PageSlot[];
    try {
      const lib = await loadPdfJs(this.loc);
      doc = (await openPdf(this.loc, url, data)).doc;
      if (seq !== this.loadSeq) return void doc.destroy();
      const pages = await Promise.all(Array.from({ length: doc.numPages }, (_, i) => doc.getPage(i + 1)));
      if (seq !== this.loadSeq) return void doc.destroy();
      slots = pages.map((p, i) => new PageSlot(lib, p, i + 1));
      for (const slot of slots) slot.onText = (ready) => this.finder.pageReady(ready);
    } catch (e) {
      if (seq !== this.loadSeq) return;
      this.clear();
      const message = l10n.t('Cannot display {0}: {1}', fileName, (e as Error).message);
      this.overlay.error(message);
      this.events.failed(message);
      return;
    }
    // Explicit position (restore after reload) > where the user is now (rebuild) > top.
    const keep = position ?? (this.doc ? this.position() : null);
    this.replaceDocument(doc, slots, pageKeys);
    this.overlay.hide();
    this.applyZoom();
    this.restore(keep ?? { page: 1, pageOffset: 0, scrollLeft: 0 });
    this.sync.refresh(false);
    void this.finder.setDocument(doc);
    this.events.loaded(fileName, slots.length);
    this.afterMove();
    delete this.el.dataset.loading;
  }

  setZoom(setting: ZoomSetting, anchor?: Anchor): void {
    this.zoomSetting = { mode: setting.mode, scale: clampScale(setting.scale) };
    if (!this.slots.length) return void this.events.zoom(this.zoom);
    if (setting.mode === 'fit-page') {
      const page = this.lastPage || 1;
      this.applyZoom();
      this.goToPage(page);
      return;
    }
    const a = anchor ?? { x: this.el.clientWidth / 2, y: this.el.clientHeight / 2 };
    const held = this.capture(a);
    this.applyZoom();
    this.release(held, a);
    this.afterMove();
  }

  zoomIn(anchor?: Anchor): void {
    this.setZoom({ mode: 'scale', scale: zoomInStep(this.scale) }, anchor);
  }
  zoomOut(anchor?: Anchor): void {
    this.setZoom({ mode: 'scale', scale: zoomOutStep(this.scale) }, anchor);
  }

  goToPage(page: number): void {
    if (!this.slots.length) return;
    const p = Math.min(this.slots.length, Math.max(1, Math.round(page)));
    this.el.scrollTop = Math.max(0, this.geo.tops[p - 1] - GAP / 2);
    this.pinned = { page: p, scrollTop: this.el.scrollTop };
    this.afterMove();
  }

  /** The top-of-viewport anchor that survives zoom changes and rebuilds. */
  position(): PdfPosition {
    if (!this.slots.length) return { page: 1, pageOffset: 0, scrollLeft: 0 };
    const top = this.el.scrollTop;
    // The gap above a page belongs to it: after goToPage(n) the anchor is page n, not n-1.
    const i = this.geo.indexAt(top + GAP / 2);
    const height = this.geo.heights[i] || 1;
    const pageOffset = Math.min(1, Math.max(-GAP / height, (top - this.geo.tops[i]) / height));
    return { page: i + 1, pageOffset, scrollLeft: this.el.scrollLeft };
  }

  setInverted(on: boolean): void {
    this.el.classList.toggle('inverted', on);
  }

  /** Forgets the document (e.g. the result file is gone). */
  clear(): void {
    this.loadSeq++;
    delete this.el.dataset.loading;
    this.replaceDocument(null, []);
    void this.finder.setDocument(null);
  }

  private replaceDocument(doc: PDFDocumentProxy | null, slots: PageSlot[], pageKeys?: readonly string[]): void {
    const before = this.pageKeys;
    slots.forEach((s, i) => {
      const old = this.slots[i];
      if (old) s.adopt(old, !!before?.[i] && before[i] === pageKeys?.[i]);
    });
    this.pageKeys = pageKeys;
    for (const s of this.slots) s.destroy();
    const old = this.doc;
    this.doc = doc;
    this.slots = slots;
    this.pinned = null;
    setChildren(this.pagesEl, ...slots.map((s) => s.el));
    void old?.destroy();
  }

  private restore(pos: PdfPosition): void {
    if (!this.slots.length) return;
    const shorter = pos.page > this.slots.length;
    const i = Math.min(this.slots.length, Math.max(1, pos.page)) - 1;
    const offset = shorter ? 0 : pos.pageOffset;
    this.el.scrollTop = this.geo.tops[i] + offset * this.geo.heights[i];
    this.el.scrollLeft = pos.scrollLeft;
    if (shorter || offset <= 0) this.pinned = { page: i + 1, scrollTop: this.el.scrollTop };
  }

  /** Resolves the zoom setting for the current container and lays every page out. */
  private applyZoom(): void {
    const content = this.fitContent();
    const available = { width: this.el.clientWidth - 2 * PAD, height: this.el.clientHeight - 2 * GAP };
    this.scale = resolveScale(this.zoomSetting, content, available);
    for (const s of this.slots) s.layout(this.scale);
    this.geo = PageGeometry.measure(this.slots.map((s) => s.el));
    this.events.zoom(this.zoom);
  }

  private fitContent(): { width: number; height: number } {
    if (!this.slots.length) return { width: 1, height: 1 };
    if (this.zoomSetting.mode === 'fit-page') {
      const s = this.slots[(this.lastPage || 1) - 1] ?? this.slots[0];
      return { width: s.baseWidth, height: s.baseHeight };
    }
    return { width: Math.max(...this.slots.map((s) => s.baseWidth)), height: this.slots[0].baseHeight };
  }

  private capture(a: Anchor): { index: number; fx: number; fy: number } | null {
    if (!this.slots.length) return null;
    const y = this.el.scrollTop + a.y;
    const index = this.geo.indexAt(y);
    const el = this.slots[index].el;
    return {
      index,
      fx: (this.el.scrollLeft + a.x - el.offsetLeft) / (el.offsetWidth || 1),
      fy: (y - this.geo.tops[index]) / (this.geo.heights[index] || 1),
    };
  }

  private release(held: { index: number; fx: number; fy: number } | null, a: Anchor): void {
    if (!held) return;
    const el = this.slots[held.index].el;
    this.el.scrollTop = this.geo.tops[held.index] + held.fy * this.geo.heights[held.index] - a.y;
    this.el.scrollLeft = el.offsetLeft + held.fx * el.offsetWidth - a.x;
  }

  private onScroll(): void {
    if (this.pinned && Math.abs(this.el.scrollTop - this.pinned.scrollTop) > 1) this.pinned = null;
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.afterMove();
    });
  }

  private onResize(): void {
    if (!this.slots.length || this.el.clientWidth === 0) return;
    if (this.zoomSetting.mode !== 'scale') {
      const pos = this.position();
      const pinned = this.pinned;
      this.applyZoom();
      this.restore(pos);
      if (pinned) this.goToPage(pinned.page);
    }
    this.afterMove();
  }

  /** Current page, visible range, rendering, and notifications after any scroll/zoom. */
  private afterMove(): void {
    if (!this.slots.length) return;
    const top = this.el.scrollTop;
    const best = this.geo.mostVisible(top, top + this.el.clientHeight);
    const current = this.pinned ? this.pinned.page : best + 1;
    this.lastPage = current;
    this.events.page(current, this.slots.length);
    this.events.position(this.position());
    this.scheduleRender(this.anyVisibleUnrendered() ? 0 : RENDER_DELAY_MS);
  }

  private visibleRange(): [number, number] {
    return this.geo.visibleRange(this.el.scrollTop, this.el.scrollTop + this.el.clientHeight);
  }

  private anyVisibleUnrendered(): boolean {
    const [first, last] = this.visibleRange();
    for (let i = first; i <= last; i++) if (!this.slots[i].rendered) return true;
    return false;
  }

  /** Renders after `delay` so a burst of wheel-zoom events re-renders once. */
  private scheduleRender(delay: number): void {
    if (this.renderTimer) clearTimeout(this.renderTimer);
    this.renderTimer = setTimeout(() => this.renderVisible(), delay);
  }

  private renderVisible(): void {
    if (!this.slots.length) return;
    const [first, last] = this.visibleRange();
    const dpr = window.devicePixelRatio || 1;
    const scale = this.scale;
    const wanted: number[] = [];
    for (let i = first; i <= last; i++) wanted.push(i);
    if (first > 0) wanted.push(first - 1);
    if (last + 1 < this.slots.length) wanted.push(last + 1);
    this.slots.forEach((s, i) => {
      if (i < first - KEEP_DISTANCE || i > last + KEEP_DISTANCE) s.release();
    });
    for (const i of wanted) {
      this.slots[i]
        .render(scale, dpr)
        .catch((e: unknown) => this.overlay.error(l10n.t('Page {0} could not be drawn: {1}', i + 1, (e as Error).message)));
    }
  }
}
