// The PDF viewer (custom editor for *.pdf) and reportStudio.export.* in real VS Code: a PDF
// opened as the Explorer opens it shows in the pdf.js viewer instead of as text (no other PDF
// extension is installed here), a rewritten file reloads in place, and a Build with the export
// setting on writes <name>.pdf next to the report — never over a file it did not write
// without asking — and the status bar item opens it.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { EXTENSION_ID, closeAllEditors, settleWebviewLoads, waitFor } from './helpers';
import { cleanUp, openExampleCopy, readPdfFile, run, useSettings } from './studio';
import { LocalRenderer, longerReport, read, screenshot, ui, uiDriverUrl, waitForElement } from './viewerKit';

const PDF_VIEW_TYPE = 'reportStudio.pdf';

function tabsOf(file: vscode.Uri): vscode.Tab[] {
  return vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t) => {
      const input = t.input as { uri?: vscode.Uri } | undefined;
      return input?.uri?.toString() === file.toString();
    });
}

const isPdfViewerTab = (t: vscode.Tab): boolean => t.input instanceof vscode.TabInputCustom && t.input.viewType === PDF_VIEW_TYPE;

describe('the PDF viewer and the export setting', function () {
  this.timeout(120_000);
  useSettings({ confirmBeforeBuild: false, service: 'local' });
  let renderer: LocalRenderer;
  const folder = () => vscode.workspace.workspaceFolders![0].uri;
  const annual = () => vscode.Uri.joinPath(folder(), 'examples', 'annual-review.report.json');
  const built = () => vscode.Uri.joinPath(folder(), 'pdf-e2e', 'annual-review.pdf');

  before(async () => {
    renderer = await LocalRenderer.start();
    await cleanUp();
  });

  after(async () => {
    await renderer?.stop();
    fs.rmSync(path.dirname(built().fsPath), { recursive: true, force: true });
  });

  it('contributes the viewer for *.pdf as an option, never over another PDF extension', () => {
    const editors = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON.contributes.customEditors;
    assert.deepEqual(editors, [
      { viewType: PDF_VIEW_TYPE, displayName: 'Report Studio PDF Viewer', selector: [{ filenamePattern: '*.pdf' }], priority: 'option' },
    ]);
  });

  it('shows a PDF opened from the Explorer in the pdf.js viewer, not as text', async () => {
    const text = fs.readFileSync(annual().fsPath, 'utf8');
    const bytes = await renderer.render('build', text, built());
    const pages = renderer.lib.pdfPageCount(bytes) ?? 0;
    // What a click in the Explorer runs.
    await vscode.commands.executeCommand('vscode.open', built());
    await waitFor('the PDF in the PDF viewer, and no text tab', () => {
      const tabs = tabsOf(built());
      return tabs.length === 1 && isPdfViewerTab(tabs[0]) ? tabs[0] : undefined;
    });
    assert.equal(
      vscode.window.visibleTextEditors.some((e) => e.document.uri.toString() === built().toString()),
      false,
      'no text editor shows the PDF',
    );
    if (!uiDriverUrl) return;
    await waitForElement('annual-review.pdf', `"of ${pages}"`, '#pageCount', (e) => e.text === `of ${pages}`);
    await waitFor(
      'a drawn page',
      async () => (await ui<{ inkedSamples: number }>('pdfCanvases', { report: 'annual-review.pdf' })).inkedSamples > 0,
    );
    const [rebuild] = await read('annual-review.pdf', '#rebuild');
    assert.equal(rebuild.hidden, true, 'a PDF on its own has no Rebuild');
    await screenshot('pdf-editor');
    assert.deepEqual(await ui('consoleErrors'), []);
  });

  it('reloads the PDF in place when the file is rewritten, on the same page', async function () {
    if (!uiDriverUrl) this.skip();
    const name = 'annual-review.pdf';
    await ui('click', { report: name, selector: '#nextPage' });
    await waitForElement(name, 'page 2', '#pageInput', (e) => e.value === '2');
    const longer = await renderer.render('build', longerReport(fs.readFileSync(annual().fsPath, 'utf8')), built());
    const pages = renderer.lib.pdfPageCount(longer) ?? 0;
    await waitForElement(name, `"of ${pages}" after the rewrite`, '#pageCount', (e) => e.text === `of ${pages}`);
    assert.equal((await read(name, '#pageInput'))[0].value, '2', 'still on page 2');
    assert.equal(tabsOf(built()).length, 1, 'the same tab');
    await closeAllEditors();
  });

  describe('with reportStudio.export.build on', () => {
    useSettings({ 'export.build': true });

    it('writes each Build next to the report, and the status bar item opens it in the PDF viewer', async () => {
      const { file } = await openExampleCopy('kpi-dashboard.report.json');
      const target = path.join(path.dirname(file), 'kpi-dashboard.pdf');
      const outcome = await run<{ status: string }>('build');
      assert.equal(outcome.status, 'success');
      await waitFor('the exported PDF', () => fs.existsSync(target));
      const pdf = await readPdfFile(target);
      assert.ok(pdf.pageCount >= 1 && /\S/.test(pdf.text), 'a readable PDF');
      // A second Build replaces the file this setting wrote, without asking.
      const before = fs.statSync(target).mtimeMs;
      assert.equal((await run<{ status: string }>('build')).status, 'success');
      await waitFor('the export rewritten', () => fs.statSync(target).mtimeMs !== before);
      // What the status bar item runs.
      await run('openPdf', vscode.Uri.file(target));
      const opened = await waitFor('the exported PDF in the PDF viewer', () => tabsOf(vscode.Uri.file(target)).find(isPdfViewerTab));
      if (!uiDriverUrl) return;
      await waitForElement('kpi-dashboard.pdf', 'its pages', '#pageCount', (e) => /^of \d+$/.test(e.text));
      await settleWebviewLoads();
      assert.ok(await vscode.window.tabGroups.close(opened));
      // The result panel links to the written file too.
      const link = await waitForElement('kpi-dashboard.report.json', 'the link to the export', '#openExported', (e) => !e.hidden);
      assert.equal(link.text, 'kpi-dashboard.pdf');
      await screenshot('export-status-bar');
      await ui('click', { report: 'kpi-dashboard.report.json', selector: '#openExported' });
      await waitFor('the exported PDF in the PDF viewer again', () => tabsOf(vscode.Uri.file(target)).find(isPdfViewerTab));
      await waitForElement('kpi-dashboard.pdf', 'its pages', '#pageCount', (e) => /^of \d+$/.test(e.text));
      await screenshot('export-opened');
    });

    it('never replaces a file it did not write without asking; "Keep It" keeps it', async function () {
      if (!uiDriverUrl) this.skip(); // the question is a notification toast
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-studio-export-'));
      const report = path.join(dir, 'mine.report.json');
      fs.copyFileSync(annual().fsPath, report);
      const target = path.join(dir, 'mine.pdf');
      fs.writeFileSync(target, 'a PDF of my own');
      await vscode.window.showTextDocument(vscode.Uri.file(report));
      const building = run<{ status: string }>('build');
      const toast = await ui<string>('notification', { contains: 'was not written by Report Studio', button: 'Keep It' });
      assert.match(toast, /mine\.pdf already exists in .* and was not written by Report Studio's export\. Replace it/);
      assert.equal((await building).status, 'success', 'the Build itself succeeds');
      assert.equal(fs.readFileSync(target, 'utf8'), 'a PDF of my own');
      fs.rmSync(dir, { recursive: true, force: true });
    });
  });
});
