// The viewer's toolbar, outline, badges, dark pages and find in real VS Code, on the live view
// of a three-section report: the toolbar stays at the top after sync scrolls to the last page,
// the outline stands off a title's glyphs, the Paused reason is in words with line and column,
// "auto" dark pages follow a dark theme, Ctrl+F finds and highlights, and a Preview's JPEG or
// an error page carries no Live/Paused badge. Each step takes the screenshot a person would look at.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { LiveOutcome } from '../../../src/extension/live/livePreview';
import type { ReportStudioApi } from '../../../src/extension/extension';
import { closeAllEditors, waitFor } from './helpers';
import { withSettings } from './studio';
import { extensionApi, longerReport, nextEvent, read, screenshot, ui, uiDriverUrl, waitForElement, waitForViewerState } from './viewerKit';

const NAME = 'polish.report.json';

describe('the viewer: toolbar, outline, badges, dark pages and find', function () {
  this.timeout(90_000);
  let api: ReportStudioApi;
  let uri: vscode.Uri;
  let editor: vscode.TextEditor;
  let restore: (() => Promise<void>) | undefined;

  before(async function () {
    if (!uiDriverUrl) this.skip(); // everything here is what the webview shows
    api = await extensionApi();
    await closeAllEditors();
    const folder = vscode.workspace.workspaceFolders![0].uri;
    const annual = fs.readFileSync(vscode.Uri.joinPath(folder, 'examples', 'annual-review.report.json').fsPath, 'utf8');
    uri = vscode.Uri.joinPath(folder, NAME);
    fs.writeFileSync(uri.fsPath, longerReport(annual));
    editor = await vscode.window.showTextDocument(uri, { viewColumn: vscode.ViewColumn.One });
    restore = await withSettings({ service: 'local' });
    const outcome = await vscode.commands.executeCommand<LiveOutcome>('reportStudio.openLivePreview', uri);
    assert.equal(outcome?.status, 'shown', JSON.stringify(outcome));
    await waitForElement(NAME, 'the Live badge', '#liveBadge', (e) => !e.hidden && e.text === 'Live');
  });

  after(async () => {
    await restore?.();
    await closeAllEditors();
    if (uri) fs.rmSync(uri.fsPath, { force: true });
  });

  /** Puts the cursor on the `n`-th occurrence of `needle` and outlines its component in the view. */
  async function reveal(needle: string, n = 0): Promise<void> {
    const text = editor.document.getText();
    let at = -1;
    for (let i = 0; i <= n; i++) at = text.indexOf(needle, at + 1);
    assert.ok(at >= 0, `"${needle}" is in the text`);
    const p = editor.document.positionAt(at + 1);
    editor.selection = new vscode.Selection(p, p);
    await vscode.commands.executeCommand('reportStudio.revealInPreview');
  }

  const toolbarTop = async (): Promise<number> => (await read(NAME, '.toolbar'))[0].top;

  it('keeps the toolbar at the top after sync scrolls to a component on the last page', async () => {
    const { pdfPosition } = await waitForViewerState(api.resultPanels, uri, 'the live PDF', (s) => s.view === 'pdf');
    assert.equal(pdfPosition.page, 1);
    // The last component (copied from the second) is on the last page. Revealed again until the
    // view has its source map (the first reveal can come before the live draft is shown).
    const last = editor.document.getText().split('"type"').length - 2;
    let probes = 0;
    await waitFor('scrolled to a later page', async () => {
      if ((api.resultPanels.viewerState(uri)?.pdfPosition.page ?? 1) > 1) return true;
      if (probes++ % 10 === 0) await reveal('"type"', last);
      return false;
    });
    await waitForElement(NAME, 'an outline', '.sync-box', () => true);
    assert.equal(await toolbarTop(), 0, 'the toolbar is where it was');
    const [rebuild] = await read(NAME, '#rebuild');
    const [pageInput] = await read(NAME, '#pageInput');
    assert.ok(rebuild.top >= 0 && pageInput.top >= 0, 'Rebuild and the page box are on screen');
    await screenshot('toolbar-after-sync');
  });

  it('draws the outline around a title without touching its first glyph', async () => {
    // The cover's title ("Annual Review 2024", a Text) on page 1.
    await reveal('"type": "Text"');
    const box = await waitForElement(NAME, 'the cover title outlined', '.sync-box', (e) => e.dataset.path === 'cover_page.components[2]');
    assert.equal(box.dataset.page, '1');
    const [style] = await ui<Array<Record<string, string>>>('styles', {
      report: NAME,
      selector: '.sync-box',
      properties: ['outline-offset', 'border-left-width'],
    });
    assert.deepEqual(style, { 'outline-offset': '3px', 'border-left-width': '0px' });
    assert.ok(box.width > 0);
    await screenshot('sync-outline-title');
  });

  it('says why the live view is paused, in words with line and column', async () => {
    const text = editor.document.getText();
    const at = text.indexOf('",', text.indexOf('"report_title"'));
    const rendered = nextEvent(
      api.livePreview.onDidRender,
      (e) => e.report.toString() === uri.toString() && e.outcome.status !== 'superseded',
      30_000,
    );
    // Drop the comma after the title: the JSON no longer reads.
    assert.ok(await editor.edit((b) => b.delete(new vscode.Range(editor.document.positionAt(at + 1), editor.document.positionAt(at + 2)))));
    assert.equal((await rendered).outcome.status, 'paused');
    const line = editor.document.positionAt(at).line + 2;
    const reason = await waitForElement(
      NAME,
      'the paused reason',
      '#liveReason',
      (e) => !e.hidden && /^Line \d+, column \d+: /.test(e.text),
    );
    assert.match(reason.text, new RegExp(`^Line ${line}, column \\d+: the JSON stops here — a "," is missing between two items$`));
    assert.equal((await read(NAME, '#liveBadge'))[0].text, 'Paused: 1 problem');
    await screenshot('live-paused-reason');
    const back = nextEvent(
      api.livePreview.onDidRender,
      (e) => e.report.toString() === uri.toString() && e.outcome.status === 'shown',
      30_000,
    );
    assert.ok(await editor.edit((b) => b.insert(editor.document.positionAt(at + 1), ',')));
    await back;
    await waitForElement(NAME, 'the reason gone', '#liveReason', (e) => e.hidden);
  });

  it('dark pages "auto" follow a dark theme and come back in a light one', async () => {
    const undo = await withSettings({ 'viewer.darkMode': 'auto' });
    const workbench = vscode.workspace.getConfiguration('workbench');
    const theme = workbench.inspect('colorTheme')?.globalValue;
    try {
      await workbench.update('colorTheme', 'Default Dark Modern', vscode.ConfigurationTarget.Global);
      await waitFor('the pages inverted', async () => (await read(NAME, '.pdf-view.inverted')).length === 1);
      assert.equal((await read(NAME, '#invert'))[0].dataset.mode, 'auto');
      await screenshot('dark-auto');
      await workbench.update('colorTheme', 'Default Light Modern', vscode.ConfigurationTarget.Global);
      await waitFor('the pages as printed', async () => (await read(NAME, '.pdf-view.inverted')).length === 0);
    } finally {
      await workbench.update('colorTheme', theme, vscode.ConfigurationTarget.Global);
      await undo();
    }
  });

  it('finds in the PDF with Ctrl+F: a count over every page and the matches highlighted', async () => {
    // From the first page: a search starts at the page on screen.
    await ui('pressIn', { report: NAME, selector: '.pdf-view', key: 'Home' });
    await waitForElement(NAME, 'page 1', '#pageInput', (e) => e.value === '1');
    await ui('pressIn', { report: NAME, selector: '.pdf-view', key: 'Control+f' });
    await waitForElement(NAME, 'the find bar', '.find-bar', (e) => !e.hidden);
    await ui('fill', { report: NAME, selector: '#findInput', text: 'Annual Review' });
    const count = await waitForElement(NAME, 'a match count', '#findCount', (e) => /^1 of \d+$/.test(e.text));
    const total = Number(count.text.split(' of ')[1]);
    assert.ok(total >= 2, `the copied sections repeat the title: ${count.text}`);
    assert.ok((await read(NAME, '.find-hit')).length >= 1, 'highlighted in the text layer');
    await screenshot('find');
    await ui('pressIn', { report: NAME, selector: '#findInput', key: 'Enter' });
    await waitForElement(NAME, 'the next match', '#findCount', (e) => e.text === `2 of ${total}`);
    assert.equal(await toolbarTop(), 0);
    await ui('pressIn', { report: NAME, selector: '#findInput', key: 'Escape' });
    await waitForElement(NAME, 'the find bar closed', '.find-bar', (e) => e.hidden);
    // The key binding VS Code runs for the same Ctrl+F (instead of the text editor's find widget).
    assert.equal(await vscode.commands.executeCommand('reportStudio.findInPdf'), true, 'the focused panel took it');
    await waitForElement(NAME, 'the find bar again', '.find-bar', (e) => !e.hidden);
    await ui('pressIn', { report: NAME, selector: '#findInput', key: 'Escape' });
  });

  it('a Preview JPEG and an error page carry no Live/Paused badge', async () => {
    await vscode.commands.executeCommand('reportStudio.preview', uri);
    await waitForViewerState(api.resultPanels, uri, 'the JPEG', (s) => s.view === 'jpeg');
    await waitForElement(NAME, 'no badge over the JPEG', '#liveBadge', (e) => e.hidden);
    await screenshot('jpeg-no-badge');
    api.resultPanels.showError(uri, { kind: 'network', message: 'Cannot reach the service at http://127.0.0.1:9 (ECONNREFUSED).' });
    await waitForViewerState(api.resultPanels, uri, 'the error page', (s) => s.view === 'error');
    await waitForElement(NAME, 'no badge over the error page', '#liveBadge', (e) => e.hidden);
    await screenshot('error-no-badge');
  });
});
