/**
 * What a result panel's viewer asks of the extension (its buttons and clicks), and who answers:
 * the panel passes each request to its owner's handlers (ResultPanels, with PanelActions),
 * which hold the logic. The panel itself keeps only the traffic about its own page (ready, state).
 */
import type { ReportPath } from '../../core/api/types';
import type { ViewerToHostMessage } from '../../webview/protocol';
import type { RedactingLog } from '../log';
import type { RebuildAction } from './rebuildAction';
import { fileName } from './resultFiles';
import type { ResultPanel } from './resultPanel';

/** What the panel asks its owner to do. */
export interface PanelHandlers {
  rebuild(panel: ResultPanel, action: RebuildAction): void;
  /** The error page's "Use Local Service" button. */
  useLocalService(panel: ResultPanel): void;
  cancel(panel: ResultPanel, taskId: string | undefined): void;
  saveAs(panel: ResultPanel, url: string): void;
  openExternally(panel: ResultPanel, url: string): void;
  revealError(panel: ResultPanel, index: number): void;
  /** A click on a component in the live view (source ↔ preview sync). */
  selectSource(panel: ResultPanel, path: ReportPath, whole: boolean): void;
  /** The toolbar's link to the exported file. */
  openExported(panel: ResultPanel): void;
  disposed(panel: ResultPanel): void;
}

/** The viewer's messages that are requests, not news about its page. */
export type ViewerRequest = Exclude<ViewerToHostMessage, { type: 'ready' } | { type: 'stateChanged' }>;

/** Passes one request from `panel`'s viewer to the handler that answers it. */
export function answerViewerRequest(m: ViewerRequest, panel: ResultPanel, handlers: PanelHandlers, log: RedactingLog): void {
  switch (m.type) {
    case 'rebuild':
      return handlers.rebuild(panel, panel.rebuildAction(m.kind));
    case 'useLocalService':
      return handlers.useLocalService(panel);
    case 'cancelTask':
      return handlers.cancel(panel, m.taskId);
    case 'saveAs':
      return handlers.saveAs(panel, m.url);
    case 'openExternally':
      return handlers.openExternally(panel, m.url);
    case 'revealError':
      return handlers.revealError(panel, m.index);
    case 'selectSource':
      return handlers.selectSource(panel, m.path, m.whole === true);
    case 'openExported':
      return handlers.openExported(panel);
    case 'viewerError':
      log.warn(`result viewer (${fileName(panel.report)}): ${m.message}`);
      return;
  }
}
