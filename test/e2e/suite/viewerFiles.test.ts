// More of the result viewer panel in real VS Code, independent of viewer.test.ts' sequence
// (that file's last test restores its panels in a second window; these run after it):
// standard-font PDFs and the pdf.js runtime under the CSP, and panels following a rename.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ResultPanels } from '../../../src/extension/viewer/resultPanels';
import { settleWebviewLoads, waitFor } from './helpers';
import { extensionApi, resultTabs, standardFontPdf, ui, uiDriverUrl, waitForElement, waitForViewerState } from './viewerKit';

const P = 'product-metrics.report.json';

describe('the result viewer panel with other files', function () {
  this.timeout(90_000);
  let panels: ResultPanels;
  const folder = () => vscode.workspace.workspaceFolders![0].uri;
  const kpi = () => vscode.Uri.joinPath(folder(), 'examples', 'kpi-dashboard.report.json');

  function withUi(this: Mocha.Context): void {
    if (!uiDriverUrl) this.skip(); // desktop launcher: no driver for the webview's DOM
  }

  before(async () => {
    panels = (await extensionApi()).resultPanels;
  });

  it('draws unembedded standard fonts; pdf.js, its worker and font data load from the resource origin', async function () {
    withUi.call(this);
    const report = vscode.Uri.joinPath(folder(), 'examples', 'product-metrics.report.json');
    const file = panels.resultFileFor(report, 'build');
    fs.mkdirSync(path.dirname(file.fsPath), { recursive: true });
    fs.writeFileSync(file.fsPath, standardFontPdf('Standard font: Helvetica 0123'));
    await ui('pdfjsLoads'); // only what this new panel loads counts
    await panels.showResult(report, { kind: 'build', file, pageCount: 1 });
    await waitForElement(P, '"of 1"', '#pageCount', (e) => e.text === 'of 1');
    await waitFor('the text drawn', async () => (await ui<{ inkedSamples: number }>('pdfCanvases', { report: P })).inkedSamples > 0);
    const loads = await ui<Array<{ path: string; status: number }>>('pdfjsLoads');
    // The module (dynamic import under the nonce) and the worker source (started as a blob worker).
    for (const want of ['pdf.min.mjs', 'pdf.worker.min.mjs'])
      assert.ok(
        loads.some((l) => l.path === want && l.status === 200),
        `${want}: ${JSON.stringify(loads)}`,
      );
    assert.ok(
      loads.every((l) => l.status === 200),
      JSON.stringify(loads),
    );
    // Helvetica may come from a local face; ZapfDingbats' data is fetched from standard_fonts/.
    assert.ok(
      loads.some((l) => l.path.startsWith('standard_fonts/') && l.status === 200),
      `standard font data: ${JSON.stringify(loads)}`,
    );
    assert.deepEqual(await ui('consoleErrors'), []);
    const tab = resultTabs().find((t) => t.label === `Report: ${P}`);
    await settleWebviewLoads();
    assert.ok(tab && (await vscode.window.tabGroups.close(tab)));
  });

  it('follows its report when the file is renamed', async () => {
    const from = vscode.Uri.joinPath(folder(), 'examples', 'rename-me.report.json');
    const to = vscode.Uri.joinPath(folder(), 'examples', 'renamed.report.json');
    fs.copyFileSync(kpi().fsPath, from.fsPath);
    panels.showStatus(from, { kind: 'preview', status: 'QUEUED', taskId: 'task-e2e-4' });
    await waitFor('the panel of rename-me', () => resultTabs().some((t) => t.label === 'Report: rename-me.report.json'));
    const edit = new vscode.WorkspaceEdit();
    edit.renameFile(from, to);
    assert.ok(await vscode.workspace.applyEdit(edit));
    await waitFor('the panel renamed', () => resultTabs().some((t) => t.label === 'Report: renamed.report.json'));
    assert.ok(panels.hasPanel(to) && !panels.hasPanel(from));
    await waitForViewerState(
      panels,
      to,
      'the viewer told the new URI',
      (st) => st.reportUri === to.toString() && st.reportName === 'renamed.report.json',
    );
    const tab = resultTabs().find((t) => t.label === 'Report: renamed.report.json');
    await settleWebviewLoads();
    assert.ok(tab && (await vscode.window.tabGroups.close(tab)));
    assert.ok(!panels.hasPanel(to));
  });
});
