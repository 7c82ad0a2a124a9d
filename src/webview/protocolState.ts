/**
 * What a result viewer keeps through `vscode.setState` to show the panel again after a window
 * reload. Part of the contract `protocol.ts` gathers.
 */
import type { DarkMode, ShowErrorMessage, ShowFailedMessage, ShowValidationErrorsMessage } from './protocolToViewer';

/** `scale` is 1 at actual size (1 PDF point = 4/3 CSS px, as in every PDF viewer). */
type ZoomMode = 'fit-width' | 'fit-page' | 'scale';
export interface ZoomSetting {
  mode: ZoomMode;
  /** The effective scale; for fit modes it is the last computed one. */
  scale: number;
}

export interface PdfPosition {
  /** 1-based page at the top of the viewport. */
  page: number;
  /** How far into that page the viewport top is, 0..1 of the page height. */
  pageOffset: number;
  scrollLeft: number;
}

export interface ImagePosition {
  scrollTop: number;
  scrollLeft: number;
}

export type ViewName = 'empty' | 'status' | 'pdf' | 'jpeg' | 'failed' | 'validation' | 'error';

interface ShownResult {
  kind: 'pdf' | 'jpeg';
  url: string;
  fileName: string;
  /** A live draft's PDF (its Live/Paused badge comes back after the webview is restored). */
  live?: boolean;
}

/** Everything needed to show the panel again after a window reload (WebviewPanelSerializer). */
export interface ViewerState {
  version: 1;
  view: ViewName;
  reportName: string;
  /** The report document's URI (string); '' until the extension has said. */
  reportUri: string;
  /** The last result shown (still displayable behind an error or status). */
  result: ShownResult | null;
  pdfZoom: ZoomSetting;
  pdfPosition: PdfPosition;
  jpegZoom: ZoomSetting;
  jpegPosition: ImagePosition;
  /** Dark pages chosen in this panel's toolbar; null follows the setting (ViewerSettingsMessage). */
  darkMode: DarkMode | null;
  /** The message behind the failed/validation/error views. */
  failed: Omit<ShowFailedMessage, 'type'> | null;
  validation: Omit<ShowValidationErrorsMessage, 'type'> | null;
  error: Omit<ShowErrorMessage, 'type'> | null;
}

export function defaultViewerState(): ViewerState {
  return {
    version: 1,
    view: 'empty',
    reportName: '',
    reportUri: '',
    result: null,
    pdfZoom: { mode: 'fit-width', scale: 1 },
    pdfPosition: { page: 1, pageOffset: 0, scrollLeft: 0 },
    jpegZoom: { mode: 'fit-width', scale: 1 },
    jpegPosition: { scrollTop: 0, scrollLeft: 0 },
    darkMode: null,
    failed: null,
    validation: null,
    error: null,
  };
}
