/**
 * Wires the views, the toolbar and the persisted state together and turns extension
 * messages into what the panel shows. One instance per webview.
 */
import * as l10n from '@vscode/l10n';
import type { HostToViewerMessage, PdfPosition, ViewName, ViewerState, ZoomSetting } from '../protocol';
import { h } from './dom';
import { MessageView } from './errorsView';
import { JpegView } from './jpegView';
import { FindBar } from './findBar';
import { installKeyboard, installWheelZoom } from './keyboard';
import type { KeyTarget } from './keyboard';
import type { PdfJsLocation } from './pdfLoader';
import { PdfView } from './pdfView';
import type { Host, StateStore } from './state';
import { StatusView } from './statusView';
import { Toolbar } from './toolbar';
import type { LiveState } from './liveBadges';
import { wheelZoom } from './zoom';
import { DarkPages } from './darkMode';
import { handleHostMessage, type MessageTarget } from './hostMessages';
import type { ReportPath, TaskKind } from '../../core/api/types';

const POSITION_SAVE_MS = 150;

/** The panel's parts and state are public for hostMessages.ts, which acts on them (MessageTarget). */
export class Controller implements MessageTarget {
  readonly toolbar: Toolbar;
  readonly pdf: PdfView;
  readonly jpeg: JpegView;
  readonly status: StatusView;
  readonly message: MessageView;
  private readonly content: HTMLElement;
  private readonly findBar: FindBar;
  /** Position from a restored state, applied to the first PDF shown after a reload. */
  pendingPdfPosition: PdfPosition | null = null;
  lastKind: TaskKind | undefined;
  private positionTimer: ReturnType<typeof setTimeout> | undefined;
  private positionPatch: (() => Partial<ViewerState>) | undefined;
  /** The live badge of the PDF on screen: null unless that PDF is a live draft. */
  live: LiveState | null = null;
  /** The host showed the live view in this panel: "Back to live" whenever something else is on screen. */
  liveAvailable = false;
  readonly dark: DarkPages;

  constructor(
    root: HTMLElement,
    private readonly host: Host,
    readonly store: StateStore,
    loc: PdfJsLocation,
  ) {
    const s = store.state;
    // What both page views report to the extension: a page that would not draw, a click on a component.
    const reportsBack = {
      failed: (message: string) => host.post({ type: 'viewerError', message, url: this.store.state.result?.url }),
      select: (path: ReportPath, whole?: boolean) => host.post({ type: 'selectSource', path, ...(whole ? { whole } : {}) }),
    };
    this.toolbar = new Toolbar({
      rebuild: () => this.rebuild(),
      saveAs: () => this.withResult((url) => host.post({ type: 'saveAs', url })),
      openExternally: () => this.withResult((url) => host.post({ type: 'openExternally', url })),
      goToPage: (p) => this.pdf.goToPage(p),
      step: (w) => this.step(w),
      zoomIn: () => (this.view === 'pdf' ? this.pdf.zoomIn() : this.jpeg.zoomIn()),
      zoomOut: () => (this.view === 'pdf' ? this.pdf.zoomOut() : this.jpeg.zoomOut()),
      setZoom: (z) => this.setZoom(z),
      toggleDarkMode: () => this.dark.next(),
      find: () => this.openFind(),
      openExported: () => host.post({ type: 'openExported' }),
      backToLive: () => host.post({ type: 'backToLive' }),
    });
    this.pdf = new PdfView(
      loc,
      {
        page: (current, count) => this.toolbar.setPage(current, count),
        zoom: (z) => this.onZoom('pdf', z),
        position: (pos) => this.savePosition(() => ({ pdfPosition: pos })),
        loaded: (fileName, count) => {
          this.pendingPdfPosition = null;
          this.toolbar.setTitle(count === 1 ? l10n.t('{0} · 1 page', fileName) : l10n.t('{0} · {1} pages', fileName, count), fileName);
        },
        ...reportsBack,
        findChanged: () => this.findBar.update(),
      },
      s.pdfZoom,
    );
    this.findBar = new FindBar(
      this.pdf.finder,
      () => this.pdf.currentPage,
      () => this.pdf.el.focus({ preventScroll: true }),
    );
    this.jpeg = new JpegView(
      {
        zoom: (z) => this.onZoom('jpeg', z),
        position: (pos) => this.savePosition(() => ({ jpegPosition: pos })),
        loaded: (fileName, w, hgt) => this.toolbar.setTitle(`${fileName} · ${w}×${hgt}`, fileName),
        ...reportsBack,
      },
      s.jpegZoom,
    );
    this.status = new StatusView((taskId) => host.post({ type: 'cancelTask', taskId }));
    this.message = new MessageView({
      rebuild: () => this.rebuild(),
      showResult: () => this.showLastResult(),
      revealError: (index) => host.post({ type: 'revealError', index }),
      useLocalService: () => host.post({ type: 'useLocalService' }),
    });
    // The banner floats over the top of the result instead of pushing it down (no jump).
    this.content = h(
      'main',
      { class: 'content' },
      this.pdf.el,
      this.jpeg.el,
      this.message.el,
      this.status.el,
      this.status.banner,
      this.findBar.el,
    );
    root.replaceChildren(this.toolbar.el, this.content);

    const keys: KeyTarget = {
      view: () => this.view,
      step: (w) => this.step(w),
      zoomIn: () => this.toolbarZoom('in'),
      zoomOut: () => this.toolbarZoom('out'),
      actualSize: () => this.setZoom({ mode: 'scale', scale: 1 }),
      find: () => this.openFind(),
      findStep: (by) => this.findBar.open && this.findBar.step(by),
      wheelZoom: (dy, x, y) => {
        if (this.view === 'pdf') this.pdf.setZoom({ mode: 'scale', scale: wheelZoom(this.pdf.zoom.scale, dy) }, { x, y });
        else if (this.view === 'jpeg') this.jpeg.setZoom({ mode: 'scale', scale: wheelZoom(this.jpeg.zoom.scale, dy) });
      },
    };
    installKeyboard(document, keys);
    this.dark = new DarkPages(store, (mode, inverted) => {
      this.pdf.setInverted(inverted);
      this.jpeg.setInverted(inverted);
      this.toolbar.setDarkMode(mode, inverted);
    });
    this.dark.refresh();
    installWheelZoom(this.pdf.el, keys);
    installWheelZoom(this.jpeg.el, keys);
  }

  get view(): ViewName {
    return this.store.state.view;
  }

  /** Shows what a restored state describes (after a window reload). */
  restore(s: ViewerState): void {
    document.body.dataset.report = s.reportName;
    this.dark.refresh();
    this.live = s.result?.kind === 'pdf' && s.result.live ? { paused: false } : null;
    if (this.live) this.liveAvailable = true;
    if (s.result?.kind === 'pdf') {
      this.pendingPdfPosition = s.pdfPosition;
      void this.pdf.show(s.result.url, s.result.fileName, s.pdfPosition);
    } else if (s.result?.kind === 'jpeg') {
      void this.jpeg.show(s.result.url, s.result.fileName, s.jpegPosition);
    }
    if (s.result) this.toolbar.setTitle(s.result.fileName);
    if (s.view === 'failed' && s.failed) this.message.showFailed(s.failed, !!s.result);
    else if (s.view === 'validation' && s.validation) this.message.showValidation(s.validation, !!s.result);
    else if (s.view === 'error' && s.error) this.message.showError(s.error, !!s.result);
    else if (s.result) return this.activate(s.result.kind);
    else return this.showEmpty();
    this.activate(s.view);
  }

  showEmpty(): void {
    this.message.showEmpty(this.store.state.reportName);
    this.activate('empty');
  }

  /** What each message of the extension does to the panel: hostMessages.ts. */
  handle(m: HostToViewerMessage): void {
    handleHostMessage(this, m);
  }

  /** The report's name also goes on <body data-report>: the e2e driver tells panels apart by it. */
  setReport(patch: Pick<ViewerState, 'reportName'> & Partial<Pick<ViewerState, 'reportUri'>>): void {
    this.store.update(patch);
    document.body.dataset.report = patch.reportName;
  }

  activate(view: ViewName): void {
    const active = view === 'pdf' ? this.pdf.el : view === 'jpeg' ? this.jpeg.el : view === 'status' ? this.status.el : this.message.el;
    for (const el of [this.pdf.el, this.jpeg.el, this.status.el, this.message.el]) {
      el.classList.toggle('inactive', el !== active);
      el.setAttribute('aria-hidden', String(el !== active));
    }
    document.body.dataset.view = view;
    if (view !== 'pdf') this.findBar.close(false);
    this.toolbar.setMode(view === 'pdf' ? 'pdf' : view === 'jpeg' ? 'jpeg' : 'none');
    this.store.update({ view });
    this.showLiveBadge();
    this.toolbar.setResultAvailable(this.store.state.result !== null);
    if (view === 'pdf') this.toolbar.setZoom(this.pdf.zoom);
    if (view === 'jpeg') this.toolbar.setZoom(this.jpeg.zoom);
    // The running-task banner only makes sense over a result.
    if (this.status.running) this.status.banner.hidden = view !== 'pdf' && view !== 'jpeg';
    // Keys (PageDown, +, …) go to the result; never grab focus while the user is in the editor.
    if ((view === 'pdf' || view === 'jpeg') && document.hasFocus() && !active.contains(document.activeElement))
      active.focus({ preventScroll: true });
  }

  /** The Live/Paused badge belongs to the live draft's pages: not over an error page, a status or a JPEG. */
  showLiveBadge(): void {
    const liveOnScreen = this.view === 'pdf' || this.view === 'empty' ? this.live : null;
    this.toolbar.badges.setLive(liveOnScreen);
    // Anything else in a panel that had the live view says what it is, and the way back.
    const shown = this.view === 'jpeg' ? 'preview' : this.view === 'pdf' ? 'build' : 'other';
    this.toolbar.badges.setBackToLive(this.liveAvailable && !liveOnScreen ? shown : null);
  }

  /** Ctrl+F / the toolbar's search button: the find bar over the PDF. */
  openFind(): void {
    if (this.view === 'pdf') this.findBar.show();
  }

  /** A page in place of the result (a FAILED task, a 422, another error), kept in the state for a reload. */
  showMessagePage(patch: Partial<ViewerState>, view: 'failed' | 'validation' | 'error', show: (withResult: boolean) => void): void {
    this.finishTask();
    this.store.update(patch);
    show(!!this.store.state.result);
    this.activate(view);
  }

  finishTask(): void {
    this.status.stop();
    this.toolbar.setRebuildEnabled(true);
  }

  private rebuild(): void {
    const r = this.store.state.result;
    const kind: TaskKind | undefined = r ? (r.kind === 'pdf' ? 'build' : 'preview') : this.lastKind;
    this.host.post(kind ? { type: 'rebuild', kind } : { type: 'rebuild' });
  }

  showLastResult(): void {
    const r = this.store.state.result;
    if (r) this.activate(r.kind);
  }

  private withResult(send: (url: string) => void): void {
    const r = this.store.state.result;
    if (r) send(r.url);
  }

  private step(where: 'first' | 'prev' | 'next' | 'last'): void {
    if (this.view !== 'pdf') return;
    const cur = this.pdf.currentPage;
    const target = where === 'first' ? 1 : where === 'last' ? this.pdf.pageCount : where === 'prev' ? cur - 1 : cur + 1;
    this.pdf.goToPage(target);
  }

  private toolbarZoom(dir: 'in' | 'out'): void {
    const target = this.view === 'pdf' ? this.pdf : this.view === 'jpeg' ? this.jpeg : undefined;
    if (dir === 'in') target?.zoomIn();
    else target?.zoomOut();
  }

  private setZoom(z: ZoomSetting): void {
    if (this.view === 'pdf') this.pdf.setZoom(z);
    else if (this.view === 'jpeg') this.jpeg.setZoom(z);
  }

  private onZoom(which: 'pdf' | 'jpeg', z: ZoomSetting): void {
    if (this.view === which) this.toolbar.setZoom(z);
    this.store.update(which === 'pdf' ? { pdfZoom: z } : { jpegZoom: z });
  }

  /** Scroll positions change every frame while scrolling: persist at most every 150 ms. */
  private savePosition(patch: () => Partial<ViewerState>): void {
    this.positionPatch = patch;
    this.positionTimer ??= setTimeout(() => {
      this.positionTimer = undefined;
      if (this.positionPatch) this.store.update(this.positionPatch());
    }, POSITION_SAVE_MS);
  }
}
