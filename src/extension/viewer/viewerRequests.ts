/**
 * What a result panel's viewer asks of the extension (its buttons and clicks), and who answers:
 * the panel passes each request to its owner's handlers (ResultPanels, with PanelActions),
 * which hold the logic. The panel itself keeps only the traffic about its own page (ready, state).
 */
import type * as vscode from 'vscode';
import type { ReportPath, TaskKind } from '../../core/api/types';
import type { ViewerToHostMessage } from '../../webview/protocol';
import type { RedactingLog } from '../log';
import type { RebuildAction } from './rebuildAction';
import { fileName } from './resultFiles';

/** What a request needs of the panel it came from (the panel is ResultPanel; named here so that this module does not import it). */
export interface RequestingPanel {
  readonly report: vscode.Uri;
  rebuildAction(asked?: TaskKind): RebuildAction;
}

/** What the panel asks its owner to do (resultPanel.ts: `PanelHandlers`, with the panel's own type). */
export interface ViewerRequestHandlers<P extends RequestingPanel> {
  rebuild(panel: P, action: RebuildAction): void;
  /** The error page's "Use Local Service" button. */
  useLocalService(panel: P): void;
  cancel(panel: P, taskId: string | undefined): void;
  saveAs(panel: P, url: string): void;
  openExternally(panel: P, url: string): void;
  revealError(panel: P, index: number): void;
  /** A click on a component in the live view (source ↔ preview sync). */
  selectSource(panel: P, path: ReportPath, whole: boolean): void;
  /** The toolbar's link to the exported file. */
  openExported(panel: P): void;
  disposed(panel: P): void;
}

/** The viewer's messages that are requests, not news about its page. */
export type ViewerRequest = Exclude<ViewerToHostMessage, { type: 'ready' } | { type: 'stateChanged' }>;

/** Passes one request from `panel`'s viewer to the handler that answers it. */
export function answerViewerRequest<P extends RequestingPanel>(
  m: ViewerRequest,
  panel: P,
  handlers: ViewerRequestHandlers<P>,
  log: RedactingLog,
): void {
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
    case 'backToLive':
      return handlers.rebuild(panel, 'live');
    case 'viewerError':
      log.warn(`result viewer (${fileName(panel.report)}): ${m.message}`);
      return;
  }
}
