/**
 * The result viewer's webview setup: options (scripts on, resources limited to media/ and the
 * report's result folder) and the HTML page with a fresh CSP nonce every time it is set.
 */
import * as vscode from 'vscode';
import { makeNonce, viewerHtml } from '../../webview/html';
import type { ViewerSettingsMessage } from '../../webview/protocol';
import type { RedactingLog } from '../log';
import { SECTION, readSettings } from '../service/serviceConfig';
import { WebviewStartWatch } from './webviewStartWatch';

export const RESULT_VIEW_TYPE = 'reportStudio.result';

export function viewerWebviewOptions(extensionUri: vscode.Uri, resultFolders: readonly vscode.Uri[]): vscode.WebviewOptions {
  return {
    enableScripts: true,
    // No command: links, no forms; only our viewer script talks to the extension.
    enableCommandUris: false,
    enableForms: false,
    localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'media'), ...resultFolders],
  };
}

/** The viewer page; call again (new nonce) whenever the webview's HTML is (re)set. */
export function viewerPageHtml(webview: vscode.Webview, extensionUri: vscode.Uri): string {
  const media = (...p: string[]) => webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'media', ...p)).toString();
  return viewerHtml({
    cspSource: webview.cspSource,
    nonce: makeNonce((n) => globalThis.crypto.getRandomValues(new Uint8Array(n))),
    scriptUri: media('viewer', 'viewer.js'),
    cssUri: media('viewer', 'viewer.css'),
    pdfjsUri: media('pdfjs', 'pdf.min.mjs'),
    workerUri: media('pdfjs', 'pdf.worker.min.mjs'),
    lang: vscode.env.language,
    title: vscode.l10n.t('Report result'),
    l10n: vscode.l10n.bundle,
  });
}

/** The settings the viewer follows (dark pages), sent on `ready` and when they change. */
export function viewerSettingsMessage(): ViewerSettingsMessage {
  return { type: 'viewerSettings', darkMode: readSettings().viewerDarkMode };
}

/** Calls `changed` when a setting the viewer follows changes. */
export function onViewerSettingsChanged(changed: () => void): vscode.Disposable {
  return vscode.workspace.onDidChangeConfiguration((e) => {
    if (e.affectsConfiguration(`${SECTION}.viewer`)) changed();
  });
}

/**
 * Watches a webview page until it says `ready`, and sets `html()` again when it does not
 * (webviewStartWatch.ts); `name` is what the page shows, for the log and the message.
 */
export function watchWebviewStart(
  panel: vscode.WebviewPanel,
  html: () => string,
  name: () => string,
  log: RedactingLog,
): WebviewStartWatch & vscode.Disposable {
  return new WebviewStartWatch({
    get visible() {
      return panel.visible;
    },
    reload: () => {
      panel.webview.html = html();
    },
    log: (message) => log.warn(`${panel.viewType} page of ${name()}: ${message}`),
    gaveUp: () => {
      const reload = vscode.l10n.t('Reload Window');
      void vscode.window
        .showWarningMessage(
          vscode.l10n.t(
            'The viewer of {0} stays blank: VS Code did not load its page. Close it and open it again, or reload the window.',
            name(),
          ),
          reload,
        )
        .then((picked) => picked === reload && vscode.commands.executeCommand('workbench.action.reloadWindow'));
    },
  });
}
