/**
 * The viewer's persisted state: one object, written through `vscode.setState` on every
 * change (VS Code keeps it across reloads and hands it to the WebviewPanelSerializer) and
 * announced to the extension, debounced, as `stateChanged`.
 */
import { DARK_MODES, defaultViewerState } from '../protocol';
import type { ViewerState, ViewerToHostMessage, ZoomSetting } from '../protocol';

export interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare global {
  function acquireVsCodeApi(): VsCodeApi;
}

/** Typed wrapper: the only way the viewer talks to the extension. */
export class Host {
  constructor(private readonly api: VsCodeApi) {}
  post(message: ViewerToHostMessage): void {
    this.api.postMessage(message);
  }
  readState(): unknown {
    return this.api.getState();
  }
  writeState(state: ViewerState): void {
    this.api.setState(state);
  }
}

const NOTIFY_DELAY_MS = 400;

export class StateStore {
  private current: ViewerState;
  private notifyTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly host: Host,
    restored: ViewerState | null,
  ) {
    this.current = restored ?? defaultViewerState();
  }

  get state(): Readonly<ViewerState> {
    return this.current;
  }

  update(patch: Partial<ViewerState>): void {
    this.current = { ...this.current, ...patch };
    // setState is cheap (structured clone inside the webview); do it at once so a reload
    // right after a scroll or zoom still restores it.
    this.host.writeState(this.current);
    if (this.notifyTimer) clearTimeout(this.notifyTimer);
    this.notifyTimer = setTimeout(() => this.host.post({ type: 'stateChanged', state: this.current }), NOTIFY_DELAY_MS);
  }
}

/** Accepts whatever `getState()` returned (possibly from an older viewer) and keeps only valid fields. */
export function normalizeState(raw: unknown): ViewerState | null {
  if (typeof raw !== 'object' || raw === null || (raw as { version?: unknown }).version !== 1) return null;
  const r = raw as Partial<ViewerState>;
  const d = defaultViewerState();
  const views: ViewerState['view'][] = ['empty', 'status', 'pdf', 'jpeg', 'failed', 'validation', 'error'];
  const result = r.result && typeof r.result.url === 'string' && (r.result.kind === 'pdf' || r.result.kind === 'jpeg') ? r.result : null;
  return {
    version: 1,
    view: views.includes(r.view as ViewerState['view']) ? (r.view as ViewerState['view']) : d.view,
    reportName: typeof r.reportName === 'string' ? r.reportName : '',
    reportUri: typeof r.reportUri === 'string' ? r.reportUri : '',
    result: result
      ? { kind: result.kind, url: result.url, fileName: String(result.fileName ?? ''), ...(result.live === true ? { live: true } : {}) }
      : null,
    pdfZoom: zoomOr(r.pdfZoom, d.pdfZoom),
    pdfPosition: {
      page: posInt(r.pdfPosition?.page, 1),
      pageOffset: finite(r.pdfPosition?.pageOffset, 0),
      scrollLeft: finite(r.pdfPosition?.scrollLeft, 0),
    },
    jpegZoom: zoomOr(r.jpegZoom, d.jpegZoom),
    jpegPosition: { scrollTop: finite(r.jpegPosition?.scrollTop, 0), scrollLeft: finite(r.jpegPosition?.scrollLeft, 0) },
    // Before the three modes the state had `invert: true|false`.
    darkMode: DARK_MODES.find((m) => m === r.darkMode) ?? ((raw as { invert?: unknown }).invert === true ? 'on' : null),
    failed: r.failed && typeof r.failed.errorMessage === 'string' ? r.failed : null,
    validation: r.validation && Array.isArray(r.validation.errors) ? r.validation : null,
    error: r.error && typeof r.error.message === 'string' ? r.error : null,
  };
}

function zoomOr(z: ZoomSetting | undefined, fallback: ZoomSetting): ZoomSetting {
  if (!z || !['fit-width', 'fit-page', 'scale'].includes(z.mode)) return fallback;
  return { mode: z.mode, scale: finite(z.scale, 0) > 0 ? z.scale : fallback.scale };
}

function finite(v: unknown, fallback: number): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
}

function posInt(v: unknown, fallback: number): number {
  return typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : fallback;
}
