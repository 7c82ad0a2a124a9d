/**
 * One result panel (one report). Owns the webview: options, page, and what it is sent; the
 * viewer's requests (its buttons and clicks) go to the owner's handlers (viewerRequests.ts).
 * The viewer keeps its own state through `vscode.setState`, so the panel needs no
 * retainContextWhenHidden: a hidden webview is torn down and, when shown again, restores
 * itself and says `ready`; only what changed meanwhile is sent then.
 */
import * as vscode from 'vscode';
import type { ReportPath, TaskKind } from '../../core/api/types';
import { isViewerToHostMessage } from '../../webview/protocolGuards';
import type {
  ExportedMessage,
  HighlightMessage,
  HostToViewerMessage,
  LivePausedMessage,
  ShowStatusMessage,
  SourceMapMessage,
  ViewerState,
} from '../../webview/protocol';
import { resultMessage, type ContentMessage, type ResultExtras, type ShownResultFile } from './resultContent';
import { fileName, isInside, parentOf } from './resultFiles';
import { onViewerSettingsChanged, viewerPageHtml, viewerSettingsMessage, viewerWebviewOptions, watchWebviewStart } from './viewerPage';
import { rebuildActionFor, rebuildLabels, SERVICE_ERROR_KINDS, type RebuildAction } from './rebuildAction';

export type { RebuildAction } from './rebuildAction';
import type { RedactingLog } from '../log';
import { answerViewerRequest, type ViewerRequestHandlers } from './viewerRequests';

/** What the panel asks its owner to do; the owner (ResultPanels, with PanelActions) holds the logic. */
export type PanelHandlers = ViewerRequestHandlers<ResultPanel>;

export class ResultPanel {
  private ready = false;
  /** Loads the page again when it never says `ready` (webviewStartWatch.ts). */
  private readonly startWatch: ReturnType<typeof watchWebviewStart>;
  private content: ContentMessage | null = null;
  /** What the viewer's rebuild button was last told it repeats. */
  private labelled: RebuildAction | undefined;
  /** The last PDF/JPEG message (live or not), to put back when an error over it goes stale. */
  private resultContent: ContentMessage | null = null;
  /** Bumped per content message; `delivered` is the last one a live webview received. */
  private contentSeq = 0;
  private delivered = 0;
  private status: { message: ShowStatusMessage; startedAt: number } | null = null;
  /** The live view's "paused" badge over the current content, re-sent after a reload. */
  private paused: LivePausedMessage | null = null;
  /** The live view's outlined component (source ↔ preview sync), re-sent after a reload. */
  private highlighted: HighlightMessage | null = null;
  /** The source map of the service result on screen (re-sent after a reload); cleared by new content. */
  private sourceMap: SourceMapMessage | null = null;
  /** The link to the file reportStudio.export.* last wrote for this report, re-sent after a reload. */
  private exported: ExportedMessage | null = null;
  /** That file. */
  exportedFile: vscode.Uri | undefined;
  /** The panel has shown the live view: over anything else, its toolbar offers "Back to live" (told again after a reload). */
  private liveShown = false;
  private folders: vscode.Uri[];
  private disposed = false;
  private readonly subscriptions: vscode.Disposable[] = [];
  /** The last result sent to the viewer. */
  result: ShownResultFile | undefined;
  /** The kind of the last task shown (status, failure or result), for Rebuild without a result. */
  lastKind: TaskKind | undefined;
  /** What the viewer last reported (ready / stateChanged): its page, zoom, view. */
  viewerState: ViewerState | undefined;

  constructor(
    readonly panel: vscode.WebviewPanel,
    private reportUri: vscode.Uri,
    private readonly extensionUri: vscode.Uri,
    resultFolder: vscode.Uri,
    private readonly handlers: PanelHandlers,
    private readonly log: RedactingLog,
  ) {
    this.folders = [resultFolder];
    this.panel.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'icon.png');
    this.updateTitle();
    this.startWatch = watchWebviewStart(
      panel,
      () => viewerPageHtml(panel.webview, extensionUri),
      () => fileName(this.reportUri),
      log,
    );
    this.subscriptions.push(
      panel.webview.onDidReceiveMessage((m: unknown) => this.onMessage(m)),
      panel.onDidChangeViewState(() => {
        // A hidden webview is destroyed: nothing can be delivered until it says `ready` again.
        if (!panel.visible) this.ready = false;
        this.startWatch.visibilityChanged();
      }),
      this.startWatch,
      panel.onDidDispose(() => this.dispose()),
      onViewerSettingsChanged(() => this.post(viewerSettingsMessage())),
    );
    // The options come with the panel (createWebviewPanel, or set before restoring): setting
    // them again here could reload a page that is still loading its first HTML.
    panel.webview.html = viewerPageHtml(panel.webview, extensionUri);
    this.startWatch.loading();
  }

  get report(): vscode.Uri {
    return this.reportUri;
  }

  get isDisposed(): boolean {
    return this.disposed;
  }

  /** The report was renamed or moved: same panel, new key and title. */
  rename(to: vscode.Uri): void {
    this.reportUri = to;
    this.updateTitle();
    this.post({ type: 'setReportName', reportName: fileName(to), reportUri: to.toString() });
    if (this.status) {
      this.status.message = { ...this.status.message, reportName: fileName(to) };
      this.post(this.statusNow(this.status));
    }
  }

  showStatus(message: ShowStatusMessage): void {
    this.lastKind = message.kind;
    this.status = { message, startedAt: Date.now() - (message.elapsedMs ?? 0) };
    this.post(message);
  }

  /** Sets the main content (result, failure, errors); ends any running status. */
  showContent(message: ContentMessage, kind?: TaskKind): void {
    if (kind) this.lastKind = kind;
    this.status = null;
    this.paused = null;
    this.sourceMap = null;
    this.content = message;
    this.contentSeq++;
    if (this.post(message)) this.delivered = this.contentSeq;
    this.postRebuildLabel();
  }

  /** What the rebuild button repeats now (see rebuildAction.ts). */
  rebuildAction(asked?: TaskKind): RebuildAction {
    return rebuildActionFor(this.content, this.lastKind, asked);
  }

  /** Sends the rebuild button's words when they change (a reloaded page is sent them again). */
  private postRebuildLabel(): void {
    const action = this.rebuildAction();
    if (action === this.labelled) return;
    if (this.post({ type: 'setRebuildLabel', ...rebuildLabels()[action] })) this.labelled = action;
  }

  /** Shows a result file; widens the resource roots first if the file is outside them. */
  showResult(kind: TaskKind, file: vscode.Uri, pageCount?: number, extras: ResultExtras = {}): void {
    this.allowFolderOf(file);
    if (extras.live && !this.liveShown) {
      this.liveShown = true;
      this.post({ type: 'liveAvailable' });
    }
    const url = this.panel.webview.asWebviewUri(file).toString();
    this.result = { kind, file, url };
    const message = resultMessage(kind, url, fileName(file), pageCount, extras);
    // A live draft is not a task of either kind: an error page's rebuild keeps meaning the last task's kind.
    this.showContent(message, extras.live ? undefined : kind);
    this.resultContent = message;
  }

  /**
   * The service changed: an error page about the old one (unreachable, key refused, …) no
   * longer applies. The last result comes back, or the empty page; true when something changed.
   */
  clearServiceError(): boolean {
    const c = this.content;
    if (c?.type !== 'showError' || !SERVICE_ERROR_KINDS.has(c.kind)) return false;
    const back = this.resultContent;
    this.showContent(back ?? { type: 'showEmpty' });
    if (back) this.resultContent = back;
    return true;
  }

  /** Outlines the component at `path` in the live view (null: none); re-sent after a reload. */
  highlight(path: ReportPath | null, reveal: boolean): void {
    this.highlighted = { type: 'highlight', path, reveal: false };
    this.post({ type: 'highlight', path, reveal });
  }

  /**
   * Where the components of the service result on screen are drawn (source ↔ preview sync);
   * false when no service result is on screen to attach it to.
   */
  showSourceMap(map: Omit<SourceMapMessage, 'type' | 'url'>): boolean {
    const shown = this.content;
    const serviceResult = shown?.type === 'showJpeg' || (shown?.type === 'showPdf' && !shown.live);
    if (!this.result || !serviceResult) return false;
    this.sourceMap = { type: 'sourceMap', url: this.result.url, ...map };
    this.post(this.sourceMap);
    return true;
  }

  /** Opens the viewer's find bar (Find in PDF). */
  find(): void {
    this.post({ type: 'find' });
  }

  /** reportStudio.export.* wrote the result to `file`: the toolbar links to it. */
  showExported(file: vscode.Uri): void {
    this.exportedFile = file;
    this.exported = { type: 'exported', fileName: fileName(file), location: file.fsPath };
    this.post(this.exported);
  }

  /** The live text cannot be drawn: a quiet badge; the content on screen stays. */
  showLivePaused(problems: number, first?: string): void {
    this.paused = { type: 'livePaused', problems, ...(first ? { first } : {}) };
    this.post(this.paused);
  }

  /**
   * After a window reload (serializer): the viewer restores its own view from `state`; the
   * result is re-sent only when its URL changed (e.g. another server port) or the file is gone.
   */
  restoreFrom(state: ViewerState, result: { kind: TaskKind; file: vscode.Uri } | undefined): void {
    this.viewerState = state;
    if (result) {
      this.allowFolderOf(result.file);
      this.result = { ...result, url: this.panel.webview.asWebviewUri(result.file).toString() };
      this.lastKind = result.kind;
      const onScreen = state.view === 'pdf' || state.view === 'jpeg';
      if (onScreen && state.result?.url !== this.result.url) this.showResult(result.kind, result.file);
    } else if (state.result) {
      this.showContent({
        type: 'showError',
        kind: 'not_found',
        message: vscode.l10n.t('The last result ({0}) is no longer on disk. Rebuild to see the report again.', state.result.fileName),
      });
    }
  }

  /** Results are normally in the report's own folder; a file elsewhere adds its folder to the roots. */
  private allowFolderOf(file: vscode.Uri): void {
    if (this.folders.some((f) => isInside(file, f))) return;
    this.folders = [...this.folders, parentOf(file)];
    // New options reload the page; the viewer comes back from its state and says `ready`.
    this.ready = false;
    this.panel.webview.options = viewerWebviewOptions(this.extensionUri, this.folders);
    this.startWatch.loading();
  }

  /**
   * Shows the panel where it is. No column: `panel.viewColumn` lags a move (it follows the view
   * state event), and revealing in it put a panel just moved beside the report back over it.
   */
  reveal(): void {
    if (!this.panel.visible) this.panel.reveal(undefined, true);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.ready = false;
    for (const s of this.subscriptions) s.dispose();
    this.panel.dispose();
    this.handlers.disposed(this);
  }

  /** Sends at once when a live webview listens; otherwise it goes out with the next `ready`. */
  private post(message: HostToViewerMessage): boolean {
    if (this.disposed || !this.ready) return false;
    void this.panel.webview.postMessage(message).then(
      (ok) => ok || this.log.debug(`result panel: ${message.type} not delivered (webview hidden)`),
      (e: unknown) => this.log.warn(`result panel: posting ${message.type} failed: ${String(e)}`),
    );
    return true;
  }

  private onReady(restored: ViewerState | null): void {
    this.ready = true;
    this.startWatch.ready();
    this.labelled = undefined;
    if (restored) this.viewerState = restored;
    this.post(viewerSettingsMessage());
    this.post({ type: 'setReportName', reportName: fileName(this.reportUri), reportUri: this.reportUri.toString() });
    if (this.liveShown) this.post({ type: 'liveAvailable' });
    // A webview that restored its state already shows the last content it received.
    const restoredCurrent = restored !== null && this.delivered === this.contentSeq;
    if (this.content && !restoredCurrent && this.post(this.content)) this.delivered = this.contentSeq;
    if (this.paused) this.post(this.paused);
    if (this.sourceMap) this.post(this.sourceMap);
    if (this.exported) this.post(this.exported);
    if (this.highlighted?.path) this.post(this.highlighted);
    if (this.status) this.post(this.statusNow(this.status));
    this.postRebuildLabel();
  }

  /** The running task's status with the time elapsed until now. */
  private statusNow(status: { message: ShowStatusMessage; startedAt: number }): ShowStatusMessage {
    return { ...status.message, reportName: fileName(this.reportUri), elapsedMs: Date.now() - status.startedAt };
  }

  private onMessage(m: unknown): void {
    if (this.disposed) return;
    if (!isViewerToHostMessage(m)) {
      this.log.debug(
        `result panel: ignored a message that is not one the viewer sends (type ${JSON.stringify((m as { type?: unknown } | null)?.type)})`,
      );
      return;
    }
    switch (m.type) {
      case 'ready':
        return this.onReady(m.restored);
      case 'stateChanged':
        this.viewerState = m.state;
        return;
      default:
        return answerViewerRequest(m, this, this.handlers, this.log);
    }
  }

  private updateTitle(): void {
    this.panel.title = vscode.l10n.t('Report: {0}', fileName(this.reportUri));
  }
}
