/** The messages the result viewer sends the extension. Part of the contract `protocol.ts` gathers. */
import type { ReportPath, TaskKind } from '../core/api/types';
import type { ViewerState } from './protocolState';

/** The webview script runs and listens; `restored` carries the state it restored from, if any. */
interface ReadyMessage {
  type: 'ready';
  restored: ViewerState | null;
}
/** Run the last task kind again (`kind` is what the panel currently shows, if anything). */
interface RebuildMessage {
  type: 'rebuild';
  kind?: TaskKind;
}
interface SaveAsMessage {
  type: 'saveAs';
  /** The URL of the result on screen, so the extension saves exactly what the user sees. */
  url: string;
}
interface OpenExternallyMessage {
  type: 'openExternally';
  url: string;
}
/** Cancel the running task. */
interface CancelTaskMessage {
  type: 'cancelTask';
  taskId?: string;
}
/** The user clicked a 422 entry: reveal its node in the editor. */
interface RevealErrorMessage {
  type: 'revealError';
  index: number;
}
/** A click on a component in the live view: put the cursor on its node in the editor (a double-click: select the node). */
interface SelectSourceMessage {
  type: 'selectSource';
  path: ReportPath;
  /** A double-click: select the whole node instead of moving the cursor to its first line. */
  whole?: boolean;
}
/** The error page's "Use Local Service": switch to the bundled service and run the task again. */
interface UseLocalServiceMessage {
  type: 'useLocalService';
}
/** The persisted state changed (debounced); lets the extension remember it per report. */
interface StateChangedMessage {
  type: 'stateChanged';
  state: ViewerState;
}
/** The webview could not show a result (PDF unreadable, file gone); for the output channel. */
interface ViewerErrorMessage {
  type: 'viewerError';
  message: string;
  url?: string;
}

/** The toolbar's link to the exported file was clicked: open it (the PDF viewer for a PDF). */
interface OpenExportedMessage {
  type: 'openExported';
}

/** The toolbar's "Back to live": draw the live view again in place of the Preview or Build on screen. */
interface BackToLiveMessage {
  type: 'backToLive';
}

export type ViewerToHostMessage =
  | ReadyMessage
  | RebuildMessage
  | SaveAsMessage
  | OpenExternallyMessage
  | CancelTaskMessage
  | RevealErrorMessage
  | SelectSourceMessage
  | UseLocalServiceMessage
  | StateChangedMessage
  | ViewerErrorMessage
  | OpenExportedMessage
  | BackToLiveMessage;
