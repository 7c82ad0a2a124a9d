/**
 * What a result panel shows as its main content: the message types, and the message that shows
 * a result file (a service's PDF or JPEG, or a live draft's PDF).
 */
import type * as vscode from 'vscode';
import type { TaskKind } from '../../core/api/types';
import type { SourceBox } from '../../core/report/sourceMap';
import type {
  ExportedMessage,
  HighlightMessage,
  HostToViewerMessage,
  LivePausedMessage,
  ShowStatusMessage,
  ViewerSettingsMessage,
} from '../../webview/protocol';

/** What the panel shows as its main content (status is tracked apart: it floats over results). */
export type ContentMessage = Exclude<
  HostToViewerMessage,
  | ShowStatusMessage
  | LivePausedMessage
  | HighlightMessage
  | ViewerSettingsMessage
  | ExportedMessage
  | { type: 'setReportName' }
  | { type: 'setRebuildLabel' }
  | { type: 'find' }
  | { type: 'liveAvailable' }
>;

export interface ShownResultFile {
  kind: TaskKind;
  file: vscode.Uri;
  /** The webview URI the viewer was given; Save As / Open Externally requests must match it. */
  url: string;
}

/** What may come with a result besides its file. */
export interface ResultExtras {
  /** A live draft (the local renderer's PDF as the author types), not a service result. */
  live?: boolean;
  /** A live draft's source map. */
  boxes?: SourceBox[];
  /** A live draft's page keys (see ShowPdfMessage.pageKeys). */
  pageKeys?: string[];
  /** The file's bytes, when the caller holds them. */
  data?: Uint8Array;
}

/** The message that shows the result file at webview URI `url`. */
export function resultMessage(
  kind: TaskKind,
  url: string,
  name: string,
  pageCount: number | undefined,
  extras: ResultExtras,
): ContentMessage {
  // The bytes travel with the message when the caller has them: no fetch of the file through
  // the webview's resource loader (which stays the way in for a reload and Save As).
  const data = extras.data ? { data: extras.data } : {};
  const live = extras.live ? { live: true, boxes: extras.boxes ?? [], ...(extras.pageKeys ? { pageKeys: extras.pageKeys } : {}) } : {};
  return kind === 'build'
    ? { type: 'showPdf', url, fileName: name, pageCount, ...data, ...live }
    : { type: 'showJpeg', url, fileName: name, ...data };
}
