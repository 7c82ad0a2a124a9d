// The result viewer panel in real VS Code: the installed extension's ResultPanels (through
// its exported API) shows real results of the packaged local service; the UI driver clicks
// and reads the webview like a person (page x of y, zoom, invert, error links) and takes
// the screenshots. viewerRestore.test.ts sees a panel restored in a reloaded window.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ResultPanels } from '../../../src/extension/viewer/resultPanels';
import { closeAllEditors, waitFor } from './helpers';
import {
  LocalRenderer,
  extensionApi,
  longerReport,
  nextEvent,
  pageIndicator,
  read,
  resultTabs,
  screenshot,
  ui,
  uiDriverUrl,
  waitForElement,
  waitForViewerState,
} from './viewerKit';

const A = 'annual-review.report.json';
const K = 'kpi-dashboard.report.json';
const B = 'broken.report.json';

describe('the result viewer panel', function () {
  this.timeout(90_000);
  let panels: ResultPanels;
  let renderer: LocalRenderer;
  const folder = () => vscode.workspace.workspaceFolders![0].uri;
  const annual = () => vscode.Uri.joinPath(folder(), 'examples', 'annual-review.report.json');
  const kpi = () => vscode.Uri.joinPath(folder(), 'examples', 'kpi-dashboard.report.json');
  const broken = () => vscode.Uri.joinPath(folder(), 'broken', 'broken.report.json');
  let annualPages = 0;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'report-studio-viewer-'));

  function withUi(this: Mocha.Context): void {
    if (!uiDriverUrl) this.skip(); // desktop launcher: no driver for the webview's DOM
  }

  before(async () => {
    panels = (await extensionApi()).resultPanels;
    renderer = await LocalRenderer.start();
    await closeAllEditors();
    await vscode.window.showTextDocument(annual(), { viewColumn: vscode.ViewColumn.One });
  });

  after(async () => {
    await renderer?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('opens one panel beside the report that follows a task (status, Cancel)', async () => {
    panels.showStatus(annual(), { kind: 'build', status: 'QUEUED', taskId: 'task-e2e-1' });
    await waitForViewerState(panels, annual(), 'the status view', (s) => s.view === 'status' && s.reportUri === annual().toString());
    const tabs = resultTabs();
    assert.equal(tabs.length, 1, 'one result panel');
    assert.equal(tabs[0].label, 'Report: annual-review.report.json');
    assert.equal(tabs[0].group.viewColumn, vscode.ViewColumn.Two, 'beside the editor in column one');
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), annual().toString(), 'the editor keeps the focus');
    if (!uiDriverUrl) return;
    await waitForElement(A, 'the QUEUED badge', '#taskStatus', (e) => e.text === 'Queued');
    panels.showStatus(annual(), { kind: 'build', status: 'RUNNING', taskId: 'task-e2e-1', elapsedMs: 3_000 });
    await waitForElement(A, 'the RUNNING badge', '#taskStatus', (e) => e.text === 'Running');
    const cancelled = nextEvent(panels.onDidRequestCancel);
    await ui('click', { report: A, selector: '#cancelTask' });
    assert.equal((await cancelled).report.toString(), annual().toString());
  });

  it('shows a Build result in the PDF viewer with the page count of the file', async () => {
    const file = panels.resultFileFor(annual(), 'build');
    // One folder per report under the extension's global storage; PDF and JPEG side by side.
    assert.match(file.path, /\/globalStorage\/report-studio\.report-studio\/results\/[0-9a-f]{16}\/annual-review\.pdf$/);
    assert.equal(panels.resultFileFor(annual(), 'preview').path, file.path.replace(/\.pdf$/, '.jpg'));
    assert.notEqual(path.dirname(panels.resultFileFor(kpi(), 'build').path), path.dirname(file.path));
    const bytes = await renderer.render('build', fs.readFileSync(annual().fsPath, 'utf8'), file);
    annualPages = renderer.lib.pdfPageCount(bytes) ?? 0;
    assert.ok(annualPages >= 2, `the example renders to several pages (got ${annualPages})`);
    await panels.showResult(annual(), { kind: 'build', file, pageCount: annualPages });
    const state = await waitForViewerState(panels, annual(), 'the PDF view', (s) => s.view === 'pdf' && s.result?.kind === 'pdf');
    assert.equal(state.result?.fileName, 'annual-review.pdf');
    assert.equal(panels.lastResult(annual())?.file.toString(), file.toString());
    assert.equal(resultTabs().length, 1, 'the same panel, no second one');
    if (!uiDriverUrl) return;
    await waitForElement(A, `"of ${annualPages}"`, '#pageCount', (e) => e.text === `of ${annualPages}`);
    assert.deepEqual(await pageIndicator(A), { page: '1', of: `of ${annualPages}` });
    const drawn = await waitFor('a drawn page', async () => {
      const d = await ui<{ canvases: number; inkedSamples: number }>('pdfCanvases', { report: A });
      return d.canvases > 0 && d.inkedSamples > 0 ? d : undefined;
    });
    assert.ok(drawn.canvases >= 1);
    await screenshot('panel-pdf');
    // CSP, module scripts, the blob worker, fonts: anything refused would be logged here.
    assert.deepEqual(await ui('consoleErrors'), []);
  });

  it('navigates pages and zooms (toolbar, page box, fit modes, invert)', async function () {
    withUi.call(this);
    const report = annual();
    await ui('click', { report: A, selector: '#nextPage' });
    await waitForElement(A, 'page 2', '#pageInput', (e) => e.value === '2');
    await waitForViewerState(panels, report, 'page 2 in the state', (s) => s.pdfPosition.page === 2);
    await ui('fill', { report: A, selector: '#pageInput', text: String(annualPages), press: 'Enter' });
    await waitForElement(A, `page ${annualPages}`, '#pageInput', (e) => e.value === String(annualPages));
    assert.equal((await read(A, '#nextPage'))[0].disabled, true, 'no next page on the last one');
    await ui('click', { report: A, selector: '#firstPage' });
    await waitForElement(A, 'page 1', '#pageInput', (e) => e.value === '1');

    const scaleOf = async () => Number((await read(A, '#zoomSelect'))[0].dataset.scale);
    const fitWidth = await scaleOf();
    await ui('click', { report: A, selector: '#zoomIn' });
    const zoomed = await waitForViewerState(
      panels,
      report,
      'a larger fixed zoom',
      (s) => s.pdfZoom.mode === 'scale' && s.pdfZoom.scale > fitWidth,
    );
    assert.ok(Math.abs((await scaleOf()) - zoomed.pdfZoom.scale) < 1e-9, 'the toolbar shows the zoom the state holds');
    await ui('click', { report: A, selector: '#zoomOut' });
    await waitForViewerState(
      panels,
      report,
      'zoomed out again',
      (s) => s.pdfZoom.mode === 'scale' && s.pdfZoom.scale < zoomed.pdfZoom.scale,
    );
    await ui('click', { report: A, selector: '#fitPage' });
    const page = await waitForViewerState(panels, report, 'fit page', (s) => s.pdfZoom.mode === 'fit-page');
    assert.ok(
      page.pdfZoom.scale <= fitWidth + 1e-9,
      `a whole page (${page.pdfZoom.scale}) is no wider than the fitted width (${fitWidth})`,
    );
    await ui('click', { report: A, selector: '#fitWidth' });
    await waitForViewerState(
      panels,
      report,
      'fit width',
      (s) => s.pdfZoom.mode === 'fit-width' && Math.abs(s.pdfZoom.scale - fitWidth) < 0.005,
    );

    await ui('click', { report: A, selector: '#invert' });
    await waitForViewerState(panels, report, 'inverted', (s) => s.darkMode === 'on');
    await ui('click', { report: A, selector: '#invert' });
    await waitForViewerState(panels, report, 'following the theme', (s) => s.darkMode === 'auto');
    await ui('click', { report: A, selector: '#invert' });
    await waitForViewerState(panels, report, 'not inverted', (s) => s.darkMode === 'off');
  });

  it('keeps page and zoom across a rebuild and shows the new file', async function () {
    withUi.call(this);
    const report = annual();
    await ui('fill', { report: A, selector: '#pageInput', text: '2', press: 'Enter' });
    await ui('click', { report: A, selector: '#zoomIn' });
    const before = await waitForViewerState(
      panels,
      report,
      'page 2, zoomed in',
      (s) => s.pdfPosition.page === 2 && s.pdfZoom.mode === 'scale',
    );

    panels.showStatus(report, { kind: 'build', status: 'RUNNING', taskId: 'task-e2e-2' });
    await waitForElement(A, 'the banner over the PDF', '.status-banner', (e) => !e.hidden);
    const file = panels.resultFileFor(report, 'build');
    const bytes = await renderer.render('build', longerReport(fs.readFileSync(report.fsPath, 'utf8')), file);
    const pages = renderer.lib.pdfPageCount(bytes) ?? 0;
    assert.ok(pages > annualPages, `the longer report has more pages (${pages} > ${annualPages})`);
    await panels.showResult(report, { kind: 'build', file, pageCount: pages });
    // Same file name and URL: only a fresh read can show the new page count.
    await waitForElement(A, `"of ${pages}"`, '#pageCount', (e) => e.text === `of ${pages}`);
    assert.deepEqual(await pageIndicator(A), { page: '2', of: `of ${pages}` });
    const after = await waitForViewerState(
      panels,
      report,
      'the state after the rebuild',
      (s) => s.view === 'pdf' && s.pdfPosition.page === 2,
    );
    assert.deepEqual(after.pdfZoom, before.pdfZoom, 'the zoom is kept');
    annualPages = pages;
  });

  it('Rebuild in the toolbar runs the Build command; its PDF keeps the page, with the new page count', async () => {
    const config = vscode.workspace.getConfiguration('reportStudio');
    await config.update('confirmBeforeBuild', false, vscode.ConfigurationTarget.Workspace); // no modal under test
    try {
      const file = panels.resultFileFor(annual(), 'build');
      const before = fs.statSync(file.fsPath).mtimeMs;
      if (uiDriverUrl) {
        const rebuild = nextEvent(panels.onDidRequestRebuild);
        await ui('click', { report: A, selector: '#rebuild' });
        const e = await rebuild;
        assert.deepEqual({ report: e.report.toString(), kind: e.kind }, { report: annual().toString(), kind: 'build' });
      } else {
        await vscode.commands.executeCommand('reportStudio.build', annual());
      }
      // The command builds the report as it is on disk (shorter than the last result).
      await waitFor('the rebuilt PDF', () => fs.statSync(file.fsPath).mtimeMs > before, 60_000);
      const pages = renderer.lib.pdfPageCount(new Uint8Array(fs.readFileSync(file.fsPath))) ?? 0;
      assert.ok(pages > 0 && pages < annualPages, `${pages} pages now, ${annualPages} before`);
      annualPages = pages;
      await waitForViewerState(panels, annual(), 'the PDF view', (st) => st.view === 'pdf');
      if (!uiDriverUrl) return;
      await waitForElement(A, `"of ${annualPages}"`, '#pageCount', (e) => e.text === `of ${annualPages}`, 60_000);
      assert.deepEqual(await pageIndicator(A), { page: '2', of: `of ${annualPages}` });
    } finally {
      await config.update('confirmBeforeBuild', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });

  it('shows a preview JPEG fitted to the width, zoomable, in a panel of its own', async () => {
    const file = panels.resultFileFor(kpi(), 'preview');
    const bytes = await renderer.render('preview', fs.readFileSync(kpi().fsPath, 'utf8'), file);
    const size = renderer.lib.jpegSize(bytes);
    assert.ok(size, 'a real JPEG');
    await panels.showResult(kpi(), { kind: 'preview', file });
    await waitForViewerState(panels, kpi(), 'the JPEG view', (s) => s.view === 'jpeg' && s.result?.fileName === 'kpi-dashboard.jpg');
    assert.deepEqual(
      resultTabs()
        .map((t) => t.label)
        .sort(),
      ['Report: annual-review.report.json', 'Report: kpi-dashboard.report.json'],
    );
    if (!uiDriverUrl) return;
    const img = await waitForElement(K, 'the decoded image', 'img.jpeg-image', (e) => e.naturalWidth === size.width && !e.hidden);
    assert.equal(img.naturalHeight, size.height);
    const fitted = (await read(K, '#zoomSelect'))[0];
    assert.equal(fitted.value, 'fit-width');
    await screenshot('panel-jpeg');
    await ui('click', { report: K, selector: '#zoomIn' });
    await waitForElement(K, 'a wider image', 'img.jpeg-image', (e) => e.width > img.width + 1);
    assert.deepEqual(await ui('consoleErrors'), []);
  });

  it("shows a FAILED task's error_message, then the last result again", async () => {
    const errorMessage = 'Chart "Revenue" has 3 labels but 4 values';
    panels.showFailed(annual(), { kind: 'build', taskId: 'task-e2e-3', errorMessage });
    await waitForViewerState(panels, annual(), 'the failed view', (s) => s.view === 'failed' && s.failed?.errorMessage === errorMessage);
    if (!uiDriverUrl) return;
    await waitForElement(A, 'the error message', '#failedMessage', (e) => e.text === errorMessage);
    await ui('click', { report: A, selector: '#showLastResult' });
    await waitForViewerState(panels, annual(), 'the PDF again', (s) => s.view === 'pdf');

    panels.showError(annual(), { kind: 'quota', message: 'No multi-page reports left this period (0 of 20).' });
    await waitForElement(A, 'the quota title', '#messageTitle', (e) => e.text === 'Report quota used up' && !e.hidden);
    await waitForElement(A, 'the quota message', '#errorMessage', (e) => e.text === 'No multi-page reports left this period (0 of 20).');
    await ui('click', { report: A, selector: '#showLastResult' });
    await waitForViewerState(panels, annual(), 'the PDF again', (s) => s.view === 'pdf');
  });

  it('lists a real 422 with links that select the node in the report', async function () {
    const text = fs.readFileSync(broken().fsPath, 'utf8');
    let details: unknown[] = [];
    try {
      await renderer.render('preview', text, vscode.Uri.file(path.join(tmp, 'never.jpg')));
      assert.fail('the broken report was accepted');
    } catch (e) {
      details = (e as { details?: unknown[] }).details ?? [];
      assert.equal((e as { kind?: string }).kind, 'validation', String(e));
    }
    const mapped = renderer.lib.mapValidationErrors(text, details);
    assert.ok(mapped.length >= 2, `several errors (${mapped.length})`);
    const errors = mapped.map((d) => ({
      type: d.type,
      msg: d.message,
      loc: d.loc,
      range: new vscode.Range(d.start.line, d.start.character, d.end.line, d.end.character),
    }));
    panels.showValidationErrors(broken(), errors);
    await waitForViewerState(
      panels,
      broken(),
      'the validation view',
      (s) => s.view === 'validation' && s.validation?.errors.length === errors.length,
    );
    if (!uiDriverUrl) return;
    const links = await read(B, '#validationErrors .error-link');
    assert.equal(links.length, errors.length);
    await screenshot('panel-422');
    await ui('click', { report: B, selector: '#validationErrors .error-link', nth: 1 });
    const editor = await waitFor('the report selected at the second error', () => {
      const e = vscode.window.activeTextEditor;
      return e?.document.uri.toString() === broken().toString() &&
        e.selection.isEqual(new vscode.Selection(errors[1].range.start, errors[1].range.end))
        ? e
        : undefined;
    });
    assert.equal(editor.viewColumn, vscode.ViewColumn.One, 'opened in the editor column, not over the panel');
  });

  it('Save As copies the result; the toolbar button asks where', async function () {
    const target = vscode.Uri.file(path.join(tmp, 'copy.pdf'));
    const saved = await panels.saveAs(annual(), target);
    assert.equal(saved?.toString(), target.toString());
    assert.deepEqual(fs.readFileSync(target.fsPath), fs.readFileSync(panels.resultFileFor(annual(), 'build').fsPath));
    if (!uiDriverUrl) return;
    // The annual panel back in front, then its Save As… through VS Code's (simple) save dialog.
    await panels.showResult(annual(), { kind: 'build', file: panels.resultFileFor(annual(), 'build'), pageCount: annualPages });
    await waitForElement(A, `"of ${annualPages}"`, '#pageCount', (e) => e.text === `of ${annualPages}`);
    const viaDialog = path.join(tmp, 'via-dialog.pdf');
    await ui('click', { report: A, selector: '#saveAs' });
    const proposed = await ui<string>('quickInput', { text: viaDialog });
    assert.match(
      proposed,
      /\/examples\/annual-review\.pdf$/,
      `the dialog proposes a PDF next to the report, not ${JSON.stringify(proposed)}`,
    );
    await waitFor('the file saved through the dialog', () => fs.existsSync(viaDialog));
    assert.deepEqual(fs.readFileSync(viaDialog), fs.readFileSync(target.fsPath));
  });

  it('Open Externally in a browser window offers Save As instead of a dead file link', async function () {
    withUi.call(this);
    // code-server: the extension host is not on the user's machine, so no local app can open the file.
    assert.ok(vscode.env.uiKind === vscode.UIKind.Web || vscode.env.remoteName !== undefined, 'this check is for web/remote windows');
    await ui('click', { report: A, selector: '#openExternally' });
    const text = await ui<string>('notification', { contains: 'no application on this computer', button: 'Save As' });
    assert.match(text, /annual-review\.pdf/);
    const copy = path.join(tmp, 'from-open-externally.pdf');
    await ui('quickInput', { text: copy });
    await waitFor('the copy saved from the notification', () => fs.existsSync(copy));
    assert.deepEqual(fs.readFileSync(copy), fs.readFileSync(panels.resultFileFor(annual(), 'build').fsPath));
  });
});
