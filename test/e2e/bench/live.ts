// Keystroke → live view updated: a copy of a 1-page example is open with its live view; each
// sample changes its title with one WorkspaceEdit (as a keystroke does) and ends when page 1 of
// the viewer's PDF shows its new canvas (the next animation frame after it is put in the page),
// the text layer laid on after it proving that drawing holds the new title. The viewer frame
// records that moment itself (bench driver `armText`, same clock). One warm-up
// first (local service start, render worker, pdf.js). Nothing else: no command, no save.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ReportStudioApi } from '../../../src/extension/extension';
import type { LiveOutcome } from '../../../src/extension/live/livePreview';
import { driver, REPORT, REPO_ROOT, setTitle, waitFor } from './preview';

export async function measureLive(api: ReportStudioApi, samples: number): Promise<{ liveMs: number[]; liveRenderMs: number[] }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-studio-bench-live-'));
  const file = path.join(dir, REPORT);
  fs.copyFileSync(path.join(REPO_ROOT, 'examples', REPORT), file);
  const document = await vscode.workspace.openTextDocument(file);
  await vscode.window.showTextDocument(document);
  const warm = await vscode.commands.executeCommand<LiveOutcome>('reportStudio.openLivePreview', document.uri);
  if (warm?.status !== 'shown') throw new Error(`the live view did not open: ${JSON.stringify(warm)}`);
  // A panel created just after another one closed can stay blank a while in code-server (its
  // shared webview service worker): wait for the viewer to report the PDF view.
  await waitFor(
    'the live view in the panel',
    () => (api.resultPanels.viewerState(document.uri)?.view === 'pdf' ? true : undefined),
    60_000,
  );
  await new Promise((r) => setTimeout(r, 1_500)); // the first page's canvas and text layer

  const liveMs: number[] = [];
  const liveRenderMs: number[] = [];
  const renders = api.livePreview.onDidRender(({ outcome }) => {
    if (outcome.status === 'shown') liveRenderMs.push(outcome.renderMs);
  });
  try {
    for (let i = 1; i <= samples; i++) {
      await new Promise((r) => setTimeout(r, 300)); // a pause between edits, as between words
      const title = `Live edit ${i}`;
      const armed = await driver<number>('armText', { report: REPORT, text: title.replace(/\s+/g, '') });
      if (armed < 1) throw new Error(`no PDF viewer of ${REPORT} to watch`);
      const t0 = Date.now();
      await setTitle(document, title);
      const shownAt = await driver<number>('shown', { report: REPORT, kind: 'pdf', timeoutMs: 30_000 });
      liveMs.push(shownAt - t0);
      console.log(`bench: keystroke → live view updated #${i}: ${shownAt - t0} ms`);
    }
  } finally {
    renders.dispose();
  }
  await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  fs.rmSync(dir, { recursive: true, force: true });
  return { liveMs, liveRenderMs };
}
