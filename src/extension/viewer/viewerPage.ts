/**
 * The result viewer's webview setup: options (scripts on, resources limited to media/ and the
 * report's result folder) and the HTML page with a fresh CSP nonce every time it is set.
 */
import * as vscode from 'vscode';
import { makeNonce, viewerHtml } from '../../webview/html';
import type { ViewerSettingsMessage } from '../../webview/protocol';
import { SECTION, readSettings } from '../service/serviceConfig';

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
