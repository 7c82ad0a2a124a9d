// A result panel restored in a reloaded window (the serializer): same page and zoom, and a clear
// message when the result is gone meanwhile. The UI driver opens the extra windows. Runs last
// (index.ts): a closed window can stall the next webview of the shared service worker.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { ResultPanels } from '../../../src/extension/viewer/resultPanels';
import type { ViewerState } from '../../../src/webview/protocol';
import { closeAllEditors, settleWebviewLoads, waitFor } from './helpers';
import { LocalRenderer, extensionApi, resultTabs, ui, uiDriverUrl, waitForElement, waitForViewerState } from './viewerKit';

const A = 'annual-review.report.json';

describe('the result viewer after a window reload', function () {
  this.timeout(90_000);
  let panels: ResultPanels;
  let renderer: LocalRenderer;
  let annualPages = 0;
  const annual = () => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'examples', A);

  before(async function () {
    if (!uiDriverUrl) return this.skip(); // desktop launcher: no driver for the windows
    panels = (await extensionApi()).resultPanels;
    renderer = await LocalRenderer.start();
    await closeAllEditors();
    await vscode.window.showTextDocument(annual(), { viewColumn: vscode.ViewColumn.One });
    const file = panels.resultFileFor(annual(), 'build');
    const bytes = await renderer.render('build', fs.readFileSync(annual().fsPath, 'utf8'), file);
    annualPages = renderer.lib.pdfPageCount(bytes) ?? 0;
    await panels.showResult(annual(), { kind: 'build', file, pageCount: annualPages });
    await waitForElement(A, `"of ${annualPages}"`, '#pageCount', (e) => e.text === `of ${annualPages}`);
  });

  after(async () => {
    await renderer?.stop();
  });

  it('comes back on the same page and zoom in a reloaded window (serializer)', async function () {
    this.timeout(180_000); // two more windows, each starting a workbench
    // A zoom and page of the user's own, not the defaults a fresh viewer would show anyway.
    await ui('click', { report: A, selector: '#zoomIn' });
    await waitForViewerState(panels, annual(), 'a fixed zoom', (st) => st.pdfZoom.mode === 'scale');
    await ui('fill', { report: A, selector: '#pageInput', text: '2', press: 'Enter' });
    const s = await waitForViewerState(panels, annual(), 'page 2', (st) => st.view === 'pdf' && st.pdfPosition.page === 2);
    // Only the annual panel stays, so the restored window shows exactly it — without the report's
    // editor, so that nothing but the panel (onWebviewPanel) makes the extension load its full
    // part there, which registers the serializer VS Code holds the panel for.
    const editors = vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputText);
    assert.ok(await vscode.window.tabGroups.close(editors), 'closed the text editors');
    await settleWebviewLoads();
    for (const tab of resultTabs().filter((t) => t.label !== `Report: ${A}`))
      assert.ok(await vscode.window.tabGroups.close(tab), `closed ${tab.label}`);
    assert.deepEqual(
      resultTabs().map((t) => t.label),
      [`Report: ${A}`],
    );
    // A browser workbench writes its state every few seconds; restore only what is written.
    await waitFor(
      'the workbench to save the viewer state',
      async () => {
        const saved = await ui<ViewerState[]>('savedViewerStates');
        // The layout without the closed panels, and the annual viewer on page 2.
        return (
          saved.length === 1 &&
          saved[0].reportUri === annual().toString() &&
          saved[0].pdfPosition.page === 2 &&
          saved[0].pdfZoom.scale === s.pdfZoom.scale
        );
      },
      30_000,
    );
    const seen = await ui<{ page: string; of: string; scale: number; drawn: { inkedSamples: number }; consoleErrors: unknown[] }>(
      'openRestoredWindow',
      {
        report: A,
        title: `Report: ${A}`,
        screenshot: 'panel-restored',
      },
    );
    assert.equal(seen.of, `of ${annualPages}`, JSON.stringify(seen));
    assert.equal(seen.page, '2', JSON.stringify(seen));
    assert.ok(Math.abs(seen.scale - s.pdfZoom.scale) < 0.005, `zoom ${seen.scale} restored as ${s.pdfZoom.scale}`);
    assert.ok(seen.drawn.inkedSamples > 0, 'the restored viewer drew the page');
    assert.deepEqual(seen.consoleErrors, []);

    // The result gone meanwhile (cleaned up, another machine): a clear message, not a blank panel.
    const file = panels.resultFileFor(annual(), 'build');
    fs.renameSync(file.fsPath, `${file.fsPath}.away`);
    try {
      const gone = await ui<{ title: string; message: string }>('openRestoredWindow', {
        report: A,
        title: `Report: ${A}`,
        expect: 'message',
      });
      assert.equal(gone.title, 'Result not found');
      assert.match(gone.message, /annual-review\.pdf\) is no longer on disk\. Rebuild/);
    } finally {
      fs.renameSync(`${file.fsPath}.away`, file.fsPath);
    }
  });
});
