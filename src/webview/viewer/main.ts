/**
 * Entry point of the result viewer webview (bundled to media/viewer/viewer.js). Restores the
 * state VS Code kept across a reload, then listens for the extension's messages and says
 * `ready` so the extension knows it can send the current result.
 */
import * as l10n from '@vscode/l10n';
import { isHostToViewerMessage } from '../protocolGuards';
import { Controller } from './controller';
import { Host, StateStore, normalizeState } from './state';
import { firstStart } from '../pageStart';

function main(): void {
  const root = document.getElementById('app');
  if (!root) throw new Error('viewer: #app is missing from the page');
  const pdfjsUrl = root.dataset.pdfjs;
  const workerUrl = root.dataset.pdfjsWorker;
  if (!pdfjsUrl || !workerUrl) throw new Error('viewer: the pdf.js locations (data-pdfjs, data-pdfjs-worker) are missing');
  // VS Code's display language, before anything is drawn (html.ts puts the bundle there); none: English.
  if (root.dataset.l10n) l10n.config({ contents: root.dataset.l10n });

  const host = new Host(acquireVsCodeApi());
  const restored = normalizeState(host.readState());
  const store = new StateStore(host, restored);
  const controller = new Controller(root, host, store, { pdfjsUrl, workerUrl });
  if (restored) controller.restore(restored);
  else controller.showEmpty();

  window.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (isHostToViewerMessage(event.data)) controller.handle(event.data);
  });
  host.post({ type: 'ready', restored });
}

// A second copy of this script (asked for again after a stall, pageLoader.ts) does nothing.
if (firstStart()) main();
