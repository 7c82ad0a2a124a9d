/**
 * What each message of the extension does to the result viewer: the switch over
 * HostToViewerMessage, acting on the controller's views and the state they share.
 */
import type { HostToViewerMessage, PdfPosition, ViewName, ViewerState } from '../protocol';
import type { TaskKind } from '../../core/api/types';
import type { DarkPages } from './darkMode';
import type { MessageView } from './errorsView';
import type { JpegView } from './jpegView';
import type { PdfView } from './pdfView';
import type { StateStore } from './state';
import type { StatusView } from './statusView';
import type { Toolbar } from './toolbar';
import type { LiveState } from './liveBadges';

/** The parts of the panel a message acts on (the Controller). */
export interface MessageTarget {
  readonly toolbar: Toolbar;
  readonly pdf: PdfView;
  readonly jpeg: JpegView;
  readonly status: StatusView;
  readonly message: MessageView;
  readonly store: StateStore;
  readonly dark: DarkPages;
  readonly view: ViewName;
  readonly pendingPdfPosition: PdfPosition | null;
  lastKind: TaskKind | undefined;
  live: LiveState | null;
  liveAvailable: boolean;
  setReport(patch: Pick<ViewerState, 'reportName'> & Partial<Pick<ViewerState, 'reportUri'>>): void;
  activate(view: ViewName): void;
  showLiveBadge(): void;
  openFind(): void;
  showMessagePage(patch: Partial<ViewerState>, view: 'failed' | 'validation' | 'error', show: (withResult: boolean) => void): void;
  finishTask(): void;
  showLastResult(): void;
  showEmpty(): void;
}

export function handleHostMessage(c: MessageTarget, m: HostToViewerMessage): void {
  switch (m.type) {
    case 'showStatus': {
      c.lastKind = m.kind;
      c.setReport({ reportName: m.reportName });
      const overResult = c.view === 'pdf' || c.view === 'jpeg';
      c.status.show(m, overResult);
      c.toolbar.setRebuildEnabled(false);
      if (m.kind === 'build') c.pdf.warmUp();
      if (!overResult) c.activate('status');
      return;
    }
    case 'showPdf': {
      c.finishTask();
      c.live = m.live ? { paused: false } : null;
      c.toolbar.badges.setApproximateSync(false);
      c.pdf.sync.setBoxes(m.boxes ?? []);
      const keep = m.resetView ? { page: 1, pageOffset: 0, scrollLeft: 0 } : c.pendingPdfPosition;
      if (c.store.state.result?.kind === 'jpeg') c.jpeg.clear();
      c.store.update({ result: { kind: 'pdf', url: m.url, fileName: m.fileName, ...(m.live ? { live: true } : {}) } });
      if (!c.pdf.loaded) c.toolbar.setPage(1, m.pageCount ?? 0);
      c.toolbar.setTitle(m.fileName);
      c.activate('pdf');
      void c.pdf.show(m.url, m.fileName, keep, m.data instanceof Uint8Array ? m.data : undefined, m.pageKeys);
      return;
    }
    case 'showJpeg':
      c.finishTask();
      c.live = null;
      c.toolbar.badges.setApproximateSync(false);
      c.pdf.sync.setBoxes([]);
      c.jpeg.setSourceMap(null);
      if (c.store.state.result?.kind === 'pdf') c.pdf.clear();
      c.store.update({ result: { kind: 'jpeg', url: m.url, fileName: m.fileName } });
      c.toolbar.setTitle(m.fileName);
      c.activate('jpeg');
      void c.jpeg.show(m.url, m.fileName, null, m.data instanceof Uint8Array ? m.data : undefined);
      return;
    case 'showFailed': {
      const { type: _t, ...failed } = m;
      c.lastKind = m.kind ?? c.lastKind;
      c.showMessagePage({ failed }, 'failed', (withResult) => c.message.showFailed(failed, withResult));
      return;
    }
    case 'showValidationErrors': {
      const { type: _t, ...validation } = m;
      c.lastKind = m.kind ?? c.lastKind;
      c.showMessagePage({ validation }, 'validation', (withResult) => c.message.showValidation(validation, withResult));
      return;
    }
    case 'showError': {
      const { type: _t, ...error } = m;
      c.showMessagePage({ error }, 'error', (withResult) => c.message.showError(error, withResult));
      return;
    }
    case 'highlight':
      c.pdf.sync.highlight(m.path, m.reveal && c.view === 'pdf');
      c.jpeg.sync.highlight(m.path, m.reveal && c.view === 'jpeg');
      return;
    case 'sourceMap': {
      // Only for the result on screen: a map that arrives after a newer result is dropped.
      const result = c.store.state.result;
      if (!result || result.url !== m.url) return;
      if (result.kind === 'pdf') c.pdf.sync.setBoxes(m.boxes, m.approximate);
      else c.jpeg.setSourceMap(m);
      c.toolbar.badges.setApproximateSync(m.approximate && m.boxes.length > 0);
      return;
    }
    case 'setRebuildLabel':
      c.toolbar.setRebuildLabel(m.label, m.title);
      // The label comes last in the extension's answer to `ready` (ResultPanel.onReady): a page
      // read once it is set shows every position that answer restores (the UI checks wait for it).
      document.body.dataset.readyAnswered = 'true';
      return;
    case 'showEmpty':
      // The error on screen no longer applies: the result behind it, if the viewer kept one.
      c.finishTask();
      c.store.update({ error: null, failed: null, validation: null });
      if (c.store.state.result) c.showLastResult();
      else c.showEmpty();
      return;
    case 'livePaused':
      // Only a live draft on screen can be paused: a service PDF, a JPEG or an error page is not live.
      // (or the live view's first drawing, before any page: the badge says why there is none).
      if (c.live || c.view === 'empty') c.live = { paused: true, problems: m.problems, first: m.first };
      c.showLiveBadge();
      return;
    case 'find':
      c.openFind();
      return;
    case 'liveAvailable':
      c.liveAvailable = true;
      c.showLiveBadge();
      return;
    case 'exported':
      c.toolbar.setExported({ fileName: m.fileName, location: m.location });
      return;
    case 'viewerSettings':
      c.dark.setSetting(m.darkMode);
      return;
    case 'setReportName':
      if (m.file) c.toolbar.setFileMode();
      c.setReport(m.reportUri === undefined ? { reportName: m.reportName } : { reportName: m.reportName, reportUri: m.reportUri });
      if (c.view === 'empty') c.showEmpty();
      return;
  }
}
