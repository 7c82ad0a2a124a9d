/**
 * "Report Studio PDF Viewer": a read-only custom editor for any `*.pdf` (a built report, the
 * build task's output, an exported file) with the result panel's pdf.js viewer. It is
 * registered with priority "option" — it never takes the place of another PDF extension the
 * user has; it is offered in "Open With…", and pdfDefault.ts opens it where VS Code would show
 * the PDF as text. The file is watched: a rebuilt PDF reloads in place, page and zoom kept.
 */
import * as vscode from 'vscode';
import type { HostToViewerMessage, ViewerState } from '../../webview/protocol';
import { isViewerToHostMessage } from '../../webview/protocolGuards';
import type { RedactingLog } from '../log';
import { openResultExternally, saveResultAs } from './resultActions';
import { fileName, parentOf } from './resultFiles';
import { onViewerSettingsChanged, viewerPageHtml, viewerSettingsMessage, viewerWebviewOptions, watchWebviewStart } from './viewerPage';

export const PDF_VIEW_TYPE = 'reportStudio.pdf';

/** How long a file must be quiet before it is shown again: a writer's temporary file and rename come as a burst. */
const RELOAD_QUIET_MS = 150;

/** One open PDF editor: its webview, the file watcher, the viewer's messages. */
class PdfFileView implements vscode.Disposable {
  private ready = false;
  /** Loads the page again when it never says `ready` (webviewStartWatch.ts). */
  private readonly startWatch: ReturnType<typeof watchWebviewStart>;
  private reload: ReturnType<typeof setTimeout> | undefined;
  private readonly subscriptions: vscode.Disposable[] = [];
  /** What the viewer last reported (page, zoom); read by the tests. */
  viewerState: ViewerState | undefined;

  constructor(
    readonly file: vscode.Uri,
    private readonly panel: vscode.WebviewPanel,
    extensionUri: vscode.Uri,
    private readonly log: RedactingLog,
  ) {
    panel.webview.options = viewerWebviewOptions(extensionUri, [parentOf(file)]);
    panel.webview.html = viewerPageHtml(panel.webview, extensionUri);
    const startWatch = watchWebviewStart(
      panel,
      () => viewerPageHtml(panel.webview, extensionUri),
      () => fileName(file),
      log,
    );
    startWatch.loading();
    this.startWatch = startWatch;
    const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(parentOf(file), fileName(file)));
    const changed = (): void => this.scheduleReload();
    this.subscriptions.push(
      watcher,
      watcher.onDidChange(changed),
      watcher.onDidCreate(changed),
      panel.webview.onDidReceiveMessage((m: unknown) => this.onMessage(m)),
      panel.onDidChangeViewState(() => {
        if (!panel.visible) this.ready = false;
        startWatch.visibilityChanged();
      }),
      startWatch,
      onViewerSettingsChanged(() => this.post(viewerSettingsMessage())),
    );
  }

  /** The editor has the focus (Find in PDF goes to it). */
  get active(): boolean {
    return this.panel.active;
  }

  /** Opens the viewer's find bar. */
  find(): void {
    this.post({ type: 'find' });
  }

  private get url(): string {
    return this.panel.webview.asWebviewUri(this.file).toString();
  }

  private post(message: HostToViewerMessage): void {
    if (!this.ready) return;
    void this.panel.webview.postMessage(message).then(undefined, (e: unknown) => this.log.warn(`PDF viewer: ${String(e)}`));
  }

  /** The file as it is now; the viewer keeps its page and zoom when it already shows one. */
  private show(): void {
    this.post({ type: 'showPdf', url: this.url, fileName: fileName(this.file) });
  }

  private scheduleReload(): void {
    if (this.reload) clearTimeout(this.reload);
    this.reload = setTimeout(() => {
      this.reload = undefined;
      this.show();
    }, RELOAD_QUIET_MS);
  }

  private onMessage(m: unknown): void {
    if (!isViewerToHostMessage(m)) return;
    const result = { kind: 'build' as const, file: this.file };
    switch (m.type) {
      case 'ready':
        this.ready = true;
        this.startWatch.ready();
        if (m.restored) this.viewerState = m.restored;
        this.post(viewerSettingsMessage());
        // `file` mode: no Rebuild (a PDF on its own has no report to build from here).
        this.post({ type: 'setReportName', reportName: fileName(this.file), file: true });
        // A restored viewer shows the file already (from its saved state); a rebuilt file is newer.
        this.show();
        return;
      case 'stateChanged':
        this.viewerState = m.state;
        return;
      case 'saveAs':
        void saveResultAs(this.file, result).catch((e: unknown) => this.failed(vscode.l10n.t('Save As'), e));
        return;
      case 'openExternally':
        void openResultExternally(this.file, result, this.log).catch((e: unknown) => this.failed(vscode.l10n.t('Open Externally'), e));
        return;
      case 'viewerError':
        this.log.warn(`PDF viewer (${fileName(this.file)}): ${m.message}`);
        return;
      default:
        return;
    }
  }

  private failed(what: string, e: unknown): void {
    const message = e instanceof Error ? e.message : String(e);
    this.log.error(`${what} of ${this.file.fsPath} failed: ${message}`);
    void vscode.window.showErrorMessage(vscode.l10n.t('{0} failed: {1}', what, message));
  }

  dispose(): void {
    if (this.reload) clearTimeout(this.reload);
    this.subscriptions.forEach((s) => s.dispose());
  }
}

export class PdfEditorProvider implements vscode.CustomReadonlyEditorProvider, vscode.Disposable {
  private readonly views = new Set<PdfFileView>();

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly log: RedactingLog,
  ) {}

  openCustomDocument(uri: vscode.Uri): vscode.CustomDocument {
    return { uri, dispose: () => undefined };
  }

  resolveCustomEditor(document: vscode.CustomDocument, panel: vscode.WebviewPanel): void {
    panel.iconPath = vscode.Uri.joinPath(this.extensionUri, 'media', 'icon.png');
    const view = new PdfFileView(document.uri, panel, this.extensionUri, this.log);
    this.views.add(view);
    panel.onDidDispose(() => {
      view.dispose();
      this.views.delete(view);
    });
  }

  /** Find in PDF in the focused PDF editor; false when none is focused. */
  find(): boolean {
    const view = [...this.views].find((v) => v.active);
    view?.find();
    return !!view;
  }

  /** What the viewer of `file` last reported (its page, zoom, view); for the tests. */
  viewerState(file: vscode.Uri): ViewerState | undefined {
    return [...this.views].find((v) => v.file.toString() === file.toString())?.viewerState;
  }

  dispose(): void {
    this.views.forEach((v) => v.dispose());
    this.views.clear();
  }
}

/** Opens `file` in the PDF viewer (whatever editor is the default for PDFs). */
export async function openInPdfViewer(file: vscode.Uri, options: vscode.TextDocumentShowOptions = {}): Promise<void> {
  await vscode.commands.executeCommand('vscode.openWith', file, PDF_VIEW_TYPE, options);
}

/** A file reportStudio.export.* wrote: a PDF in the PDF viewer, a JPEG in VS Code's image preview. */
export async function openExportedFile(file: vscode.Uri): Promise<void> {
  if (/\.pdf$/i.test(file.path)) await openInPdfViewer(file);
  else await vscode.commands.executeCommand('vscode.open', file);
}
