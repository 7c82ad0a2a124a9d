/**
 * The messages the extension sends the result viewer (and the error and setting types they
 * carry). Part of the contract `protocol.ts` gathers.
 */
import type { ReportPath, TaskKind, TaskStatus } from '../core/api/types';
import type { SourceBox } from '../core/report/sourceMap';
import type { PreviewLayout } from '../core/report/previewLayout';
import type { ErrorKind } from '../core/client/errors';

/**
 * Error kinds the panel shows besides FAILED tasks and 422s: the core client's kinds
 * (pass `ReportServiceError.kind` straight through) plus `other` for anything else.
 */
export type ViewerErrorKind = ErrorKind | 'other';

/** One 422 entry, already mapped to the user's document by the extension. */
export interface ViewerValidationError {
  /** Position in the list the extension holds; echoed back in `revealError`. */
  index: number;
  /** pydantic error type (`missing`, `string_type`, …). */
  type: string;
  msg: string;
  /** Human path of the node, e.g. `components[0].options.section_title`. */
  locText: string;
  /** 1-based line/column of the node in the document; null when the loc could not be mapped. */
  line: number | null;
  col: number | null;
}

/** A task is on its way. `elapsedMs` is the time since submit; the webview keeps counting locally. */
export interface ShowStatusMessage {
  type: 'showStatus';
  reportName: string;
  kind: TaskKind;
  status: TaskStatus;
  taskId?: string;
  elapsedMs?: number;
}

/** A built PDF. `url` is a webview URI (asWebviewUri) of the file inside localResourceRoots. */
interface ShowPdfMessage {
  type: 'showPdf';
  url: string;
  fileName: string;
  /** Known page count, shown before pdf.js has parsed the file. */
  pageCount?: number;
  /** Start at page 1 with the default zoom instead of keeping the previous position. */
  resetView?: boolean;
  /** A live view's draft, drawn by the local renderer as the author types (not a service build). */
  live?: boolean;
  /** The live draft's source map: where each component is drawn (source ↔ preview sync). */
  boxes?: SourceBox[];
  /**
   * One fingerprint per page (live drafts): a page whose key equals the one shown before is
   * drawn identically, so the viewer keeps its canvas instead of drawing it again.
   */
  pageKeys?: string[];
  /**
   * The PDF's bytes, sent along (a live draft) so the viewer need not fetch `url` (which stays
   * the file's, for a reload and Save As).
   */
  data?: Uint8Array;
}

/**
 * Where each component of the service result on screen (`url`) is drawn, for source ↔ preview
 * sync: the local renderer's layout of the text that was sent. `approximate` when another
 * service drew the result (its layout may differ from the local renderer's). A live draft
 * brings its own map with `showPdf` instead.
 */
export interface SourceMapMessage {
  type: 'sourceMap';
  url: string;
  boxes: SourceBox[];
  /** The pages' size in PDF points. */
  pageSize: { width: number; height: number };
  pageCount: number;
  approximate: boolean;
  /** How a preview JPEG stacks its pages (where the pages are inside the image). */
  layout: PreviewLayout;
}

/** Outline the component at `path` (the editor's cursor is in it); null clears the outline. */
export interface HighlightMessage {
  type: 'highlight';
  path: ReportPath | null;
  /** Scroll its first box into view if it is not. */
  reveal: boolean;
}

/**
 * The live view's text cannot be drawn now (half-typed JSON, a value the service would refuse):
 * the last good pages stay on screen under a quiet badge. The next `showPdf` clears it.
 */
export interface LivePausedMessage {
  type: 'livePaused';
  /** How many problems the text has (the 422's entries, or 1 for JSON that does not parse). */
  problems: number;
  /** The first problem, worded for a tooltip. */
  first?: string;
}

/** A preview JPEG. */
interface ShowJpegMessage {
  type: 'showJpeg';
  url: string;
  fileName: string;
  /** The JPEG's bytes, sent along so the viewer need not fetch `url` (kept for a reload and Save As). */
  data?: Uint8Array;
}

/** The task ended FAILED; `errorMessage` is the service's `error_message`. */
export interface ShowFailedMessage {
  type: 'showFailed';
  errorMessage: string;
  taskId: string;
  kind?: TaskKind;
}

/** A 422: the list is also in Problems; each entry links back to its node. */
export interface ShowValidationErrorsMessage {
  type: 'showValidationErrors';
  errors: ViewerValidationError[];
  kind?: TaskKind;
}

/** Any other error (auth, quota, network, …), already worded for the user; never contains the API key. */
export interface ShowErrorMessage {
  type: 'showError';
  kind: ViewerErrorKind;
  message: string;
  /** Optional detail (status code, response text), shown smaller. */
  detail?: string;
  /** The service could not be reached: offer "Use Local Service" beside Retry. */
  offerLocal?: boolean;
}

/** What the toolbar's rebuild button repeats and costs, in words (the host decides: see ResultPanel). */
interface SetRebuildLabelMessage {
  type: 'setRebuildLabel';
  label: string;
  title: string;
}

/** The content on screen no longer applies (an error of a service no longer in use): back to the empty page. */
interface ShowEmptyMessage {
  type: 'showEmpty';
}

/** Report name shown in the toolbar (e.g. after a rename), and the report's URI, kept in the
 * state so the WebviewPanelSerializer knows which report a restored panel belongs to. */
interface SetReportNameMessage {
  type: 'setReportName';
  reportName: string;
  reportUri?: string;
  /** The viewer shows a PDF file on its own (the PDF viewer), not a report's result: no Rebuild. */
  file?: boolean;
}

/** Dark pages: inverted never, always, or while VS Code's theme is dark (`reportStudio.viewer.darkMode`). */
export type DarkMode = 'off' | 'on' | 'auto';
export const DARK_MODES: readonly DarkMode[] = ['off', 'on', 'auto'];

/** The settings the viewer follows; sent when it is ready and whenever they change. */
export interface ViewerSettingsMessage {
  type: 'viewerSettings';
  darkMode: DarkMode;
}

/** `reportStudio.export.*` wrote the report's result to a file of the user's: the toolbar links to it. */
export interface ExportedMessage {
  type: 'exported';
  /** The written file's name (the link's text) and where it is (its tooltip). */
  fileName: string;
  location: string;
}

/** Open the find bar (the viewer's Ctrl+F, which VS Code also sees: its keybinding runs Find in PDF). */
interface FindMessage {
  type: 'find';
}

/**
 * The panel has shown the report's live view: while it shows something else (a Preview's JPEG,
 * a Build's PDF, an error page), the toolbar says what that is and offers "Back to live".
 */
interface LiveAvailableMessage {
  type: 'liveAvailable';
}

export type HostToViewerMessage =
  | ShowStatusMessage
  | ShowPdfMessage
  | ShowJpegMessage
  | ShowFailedMessage
  | ShowValidationErrorsMessage
  | ShowErrorMessage
  | SetReportNameMessage
  | LivePausedMessage
  | HighlightMessage
  | SourceMapMessage
  | SetRebuildLabelMessage
  | ShowEmptyMessage
  | ViewerSettingsMessage
  | ExportedMessage
  | FindMessage
  | LiveAvailableMessage;
