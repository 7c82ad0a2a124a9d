/**
 * The compare view: one webview panel per report, beside the editor, with its own script and
 * stylesheet (media/compare/, built from src/webview/compare/) under a CSP with a fresh nonce.
 * Messages wait until the page says it is ready; only the newest is kept meanwhile.
 */
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { l10nAttribute, makeNonce, webviewPage } from '../../webview/html';
import type { CompareFromWebview, CompareToWebview } from '../../webview/compare/compareProtocol';
import type { RedactingLog } from '../log';
import { watchWebviewStart } from '../viewer/viewerPage';

const COMPARE_VIEW_TYPE = 'reportStudio.compare';

/**
 * default-src 'none'; the script by nonce; compare.css from the extension; the page pictures
 * are data: URIs the extension sends (PNG), so no file of the user's is exposed to the webview.
 */
function compareHtml(webview: vscode.Webview, extensionUri: vscode.Uri): string {
  const nonce = makeNonce((n) => randomBytes(n));
  const media = (file: string) => webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'media', 'compare', file)).toString();
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${webview.cspSource}`,
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  return webviewPage({
    lang: vscode.env.language,
    csp,
    nonce,
    cssUri: media('compare.css'),
    script: { uri: media('compare.js'), module: false },
    title: vscode.l10n.t('Compare'),
    body: `<div id="app"${l10nAttribute(vscode.l10n.bundle)}></div>`,
  });
}

interface OpenPanel {
  panel: vscode.WebviewPanel;
  ready: boolean;
  /** Loads the page again when it never says `ready` (webviewStartWatch.ts). */
  startWatch: ReturnType<typeof watchWebviewStart>;
  pending?: CompareToWebview;
}

export class ComparePanels implements vscode.Disposable {
  private readonly open = new Map<string, OpenPanel>();

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly log: RedactingLog,
  ) {}

  /** Shows (creating or revealing) the compare view of `report` with `message`. */
  show(report: vscode.Uri, title: string, message: CompareToWebview): void {
    const key = report.toString();
    let entry = this.open.get(key);
    if (!entry) {
      const panel = vscode.window.createWebviewPanel(
        COMPARE_VIEW_TYPE,
        title,
        { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
        {
          enableScripts: true,
          enableCommandUris: false,
          enableForms: false,
          retainContextWhenHidden: false,
          localResourceRoots: [vscode.Uri.joinPath(this.extensionUri, 'media', 'compare')],
        },
      );
      const html = () => compareHtml(panel.webview, this.extensionUri);
      const startWatch = watchWebviewStart(panel, html, () => title, this.log);
      const created: OpenPanel = { panel, ready: false, startWatch };
      entry = created;
      this.open.set(key, created);
      panel.webview.onDidReceiveMessage((m: CompareFromWebview) => {
        if (m?.type !== 'ready') return;
        // A panel hidden and shown again reloads its page: send the newest message again.
        created.ready = true;
        startWatch.ready();
        if (created.pending) void panel.webview.postMessage(created.pending);
      });
      panel.onDidChangeViewState(() => {
        // A hidden page is torn down; what is posted meanwhile waits for its next `ready`.
        if (!panel.visible) created.ready = false;
        startWatch.visibilityChanged();
      });
      panel.onDidDispose(() => {
        startWatch.dispose();
        this.open.delete(key);
      });
      panel.webview.html = html();
      startWatch.loading();
    } else {
      entry.panel.title = title;
      entry.panel.reveal(undefined, true);
    }
    entry.pending = message;
    if (entry.ready) void entry.panel.webview.postMessage(message);
  }

  dispose(): void {
    for (const { panel } of this.open.values()) panel.dispose();
    this.open.clear();
  }
}
