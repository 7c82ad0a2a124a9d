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
import { wheelZoom } from './zoom';
import { DarkPages } from './darkMode';
import type { ReportPath, TaskKind } from '../../core/api/types';

const POSITION_SAVE_MS = 150;

type LiveBadge = Parameters<Toolbar['setLive']>[0];

export class Controller {
  private readonly toolbar: Toolbar;
  private readonly pdf: PdfView;
  private readonly jpeg: JpegView;
  private readonly status: StatusView;
  private readonly message: MessageView;
  private readonly content: HTMLElement;
  private readonly findBar: FindBar;
  /** Position from a restored state, applied to the first PDF shown after a reload. */
  private pendingPdfPosition: PdfPosition | null = null;
  private lastKind: TaskKind | undefined;
  private positionTimer: ReturnType<typeof setTimeout> | undefined;
  private positionPatch: (() => Partial<ViewerState>) | undefined;
  /** The live badge of the PDF on screen: null unless that PDF is a live draft. */
  private live: LiveBadge | null = null;
  /** The host showed the live view in this panel: "Back to live" whenever something else is on screen. */
  private liveAvailable = false;
  private readonly dark: DarkPages;

  constructor(
    root: HTMLElement,
    private readonly host: Host,
    private readonly store: StateStore,
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

  private get view(): ViewName {
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

  handle(m: HostToViewerMessage): void {
    switch (m.type) {
      case 'showStatus': {
        this.lastKind = m.kind;
        this.setReport({ reportName: m.reportName });
        const overResult = this.view === 'pdf' || this.view === 'jpeg';
        this.status.show(m, overResult);
        this.toolbar.setRebuildEnabled(false);
        if (m.kind === 'build') this.pdf.warmUp();
        if (!overResult) this.activate('status');
        return;
      }
      case 'showPdf': {
        this.finishTask();
        this.live = m.live ? { paused: false } : null;
        this.toolbar.setApproximateSync(false);
        this.pdf.sync.setBoxes(m.boxes ?? []);
        const keep = m.resetView ? { page: 1, pageOffset: 0, scrollLeft: 0 } : this.pendingPdfPosition;
        if (this.store.state.result?.kind === 'jpeg') this.jpeg.clear();
        this.store.update({ result: { kind: 'pdf', url: m.url, fileName: m.fileName, ...(m.live ? { live: true } : {}) } });
        if (!this.pdf.loaded) this.toolbar.setPage(1, m.pageCount ?? 0);
        this.toolbar.setTitle(m.fileName);
        this.activate('pdf');
        void this.pdf.show(m.url, m.fileName, keep, m.data instanceof Uint8Array ? m.data : undefined, m.pageKeys);
        return;
      }
      case 'showJpeg':
        this.finishTask();
        this.live = null;
        this.toolbar.setApproximateSync(false);
        this.pdf.sync.setBoxes([]);
        this.jpeg.setSourceMap(null);
        if (this.store.state.result?.kind === 'pdf') this.pdf.clear();
        this.store.update({ result: { kind: 'jpeg', url: m.url, fileName: m.fileName } });
        this.toolbar.setTitle(m.fileName);
        this.activate('jpeg');
        void this.jpeg.show(m.url, m.fileName, null, m.data instanceof Uint8Array ? m.data : undefined);
        return;
      case 'showFailed': {
        const { type: _t, ...failed } = m;
        this.lastKind = m.kind ?? this.lastKind;
        this.showMessagePage({ failed }, 'failed', (withResult) => this.message.showFailed(failed, withResult));
        return;
      }
      case 'showValidationErrors': {
        const { type: _t, ...validation } = m;
        this.lastKind = m.kind ?? this.lastKind;
        this.showMessagePage({ validation }, 'validation', (withResult) => this.message.showValidation(validation, withResult));
        return;
      }
      case 'showError': {
        const { type: _t, ...error } = m;
        this.showMessagePage({ error }, 'error', (withResult) => this.message.showError(error, withResult));
        return;
      }
      case 'highlight':
        this.pdf.sync.highlight(m.path, m.reveal && this.view === 'pdf');
        this.jpeg.sync.highlight(m.path, m.reveal && this.view === 'jpeg');
        return;
      case 'sourceMap': {
        // Only for the result on screen: a map that arrives after a newer result is dropped.
        const result = this.store.state.result;
        if (!result || result.url !== m.url) return;
        if (result.kind === 'pdf') this.pdf.sync.setBoxes(m.boxes, m.approximate);
        else this.jpeg.setSourceMap(m);
        this.toolbar.setApproximateSync(m.approximate && m.boxes.length > 0);
        return;
      }
      case 'setRebuildLabel':
        this.toolbar.setRebuildLabel(m.label, m.title);
        return;
      case 'showEmpty':
        // The error on screen no longer applies: the result behind it, if the viewer kept one.
        this.finishTask();
        this.store.update({ error: null, failed: null, validation: null });
        if (this.store.state.result) this.showLastResult();
        else this.showEmpty();
        return;
      case 'livePaused':
        // Only a live draft on screen can be paused: a service PDF, a JPEG or an error page is not live.
        // (or the live view's first drawing, before any page: the badge says why there is none).
        if (this.live || this.view === 'empty') this.live = { paused: true, problems: m.problems, first: m.first };
        this.showLiveBadge();
        return;
      case 'find':
        this.openFind();
        return;
      case 'liveAvailable':
        this.liveAvailable = true;
        this.showLiveBadge();
        return;
      case 'exported':
        this.toolbar.setExported({ fileName: m.fileName, location: m.location });
        return;
      case 'viewerSettings':
        this.dark.setSetting(m.darkMode);
        return;
      case 'setReportName':
        if (m.file) this.toolbar.setFileMode();
        this.setReport(m.reportUri === undefined ? { reportName: m.reportName } : { reportName: m.reportName, reportUri: m.reportUri });
        if (this.view === 'empty') this.showEmpty();
        return;
    }
  }

  /** The report's name also goes on <body data-report>: the e2e driver tells panels apart by it. */
  private setReport(patch: Pick<ViewerState, 'reportName'> & Partial<Pick<ViewerState, 'reportUri'>>): void {
    this.store.update(patch);
    document.body.dataset.report = patch.reportName;
  }

  private activate(view: ViewName): void {
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
  private showLiveBadge(): void {
    const liveOnScreen = this.view === 'pdf' || this.view === 'empty' ? this.live : null;
    this.toolbar.setLive(liveOnScreen);
    // Anything else in a panel that had the live view says what it is, and the way back.
    const shown = this.view === 'jpeg' ? 'preview' : this.view === 'pdf' ? 'build' : 'other';
    this.toolbar.setBackToLive(this.liveAvailable && !liveOnScreen ? shown : null);
  }

  /** Ctrl+F / the toolbar's search button: the find bar over the PDF. */
  private openFind(): void {
    if (this.view === 'pdf') this.findBar.show();
  }

  /** A page in place of the result (a FAILED task, a 422, another error), kept in the state for a reload. */
  private showMessagePage(patch: Partial<ViewerState>, view: 'failed' | 'validation' | 'error', show: (withResult: boolean) => void): void {
    this.finishTask();
    this.store.update(patch);
    show(!!this.store.state.result);
    this.activate(view);
  }

  private finishTask(): void {
    this.status.stop();
    this.toolbar.setRebuildEnabled(true);
  }

  private rebuild(): void {
    const r = this.store.state.result;
    const kind: TaskKind | undefined = r ? (r.kind === 'pdf' ? 'build' : 'preview') : this.lastKind;
    this.host.post(kind ? { type: 'rebuild', kind } : { type: 'rebuild' });
  }

  private showLastResult(): void {
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
