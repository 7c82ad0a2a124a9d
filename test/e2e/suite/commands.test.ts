// Preview and Build through the real commands, against the extension's bundled local service
// (no key is set, so the default "auto" service is local: no network).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import { parse } from 'jsonc-parser';
import { describeDiagnostic as show, EXTENSION_ID, rangeOf, tempCopy, waitFor, waitForDiagnostics } from './helpers';
import {
  countMatches,
  decodeJpegFile,
  logOfTask,
  openExampleCopy,
  readPdfFile,
  resultTabs,
  run,
  useSettings,
  withSettings,
  cleanUp,
} from './studio';
import { ui, uiDriverUrl, waitForElement } from './viewerKit';

const ISSUE_COMMANDS = [
  'preview',
  'openLivePreview',
  'revealInPreview',
  'build',
  'checkQuota',
  'setApiKey',
  'clearApiKey',
  'selectService',
  'startLocalService',
  'stopLocalService',
  'saveReportAs',
  'openReportExternally',
  'showLog',
].map((c) => `reportStudio.${c}`);

describe('Report Studio commands', () => {
  useSettings({ confirmBeforeBuild: false, service: 'local' });

  it('contributes every command with the category, an icon, and report-only palette entries', () => {
    const manifest = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON;
    const byId = new Map<string, { title: string; category: string; icon: string }>(
      manifest.contributes.commands.map((c: { command: string }) => [c.command, c]),
    );
    for (const id of ISSUE_COMMANDS) {
      const c = byId.get(id);
      assert.ok(c, `${id} is not contributed`);
      assert.equal(c.category, 'Report Studio');
      assert.match(c.icon, /^\$\([a-z-]+\)$/, `${id} has a codicon`);
    }
    const palette: Array<{ command: string; when: string }> = manifest.contributes.menus.commandPalette;
    for (const id of ['reportStudio.preview', 'reportStudio.openLivePreview', 'reportStudio.revealInPreview', 'reportStudio.build']) {
      assert.match(
        palette.find((m) => m.command === id)?.when ?? '',
        /\\\.report\\\.jsonc\?\$/,
        `${id} is limited to report files in the palette`,
      );
    }
    const title: Array<{ command: string; group: string }> = manifest.contributes.menus['editor/title'];
    assert.deepEqual(
      // The icons on the title bar; the rest (Copy as…) is in its "..." menu.
      title.filter((m) => m.command.startsWith('reportStudio.') && m.group.startsWith('navigation')).map((m) => m.command),
      ['reportStudio.openLivePreview', 'reportStudio.preview', 'reportStudio.build'],
    );
  });

  it('binds keys that clash with no VS Code default keybinding', async () => {
    const mine: Array<{ command: string; key: string; mac?: string }> =
      vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON.contributes.keybindings ?? [];
    await vscode.commands.executeCommand('workbench.action.openDefaultKeybindingsFile');
    const document = vscode.window.activeTextEditor?.document;
    assert.ok(document && /keybindings\.json$/.test(document.uri.path), 'the default keybindings opened');
    const defaults = parse(document.getText()) as Array<{ key: string; command: string; when?: string }>;
    // A default that cannot fire while a report editor has the focus is no clash: one needing
    // another language's editor (the Markdown preview's Ctrl+K V and Ctrl+Shift+V, whose habit
    // ours follow), a notebook or the terminal (their Ctrl+Shift+V pastes).
    const elsewhere = [/^editorLangId == '?(?!jsonc?'?$)[\w-]+'?$/, /^notebookEditorFocused$/, /^terminalFocus$/];
    const notInAReportEditor = (when: string | undefined): boolean =>
      !!when &&
      when.split('||').every((alternative) =>
        alternative
          .split('&&')
          .map((term) => term.trim())
          .some((term) => elsewhere.some((re) => re.test(term))),
      );
    assert.ok(defaults.length > 300, `only ${defaults.length} default keybindings listed`);
    assert.deepEqual(mine.map((k) => k.command).sort(), [
      'reportStudio.build',
      'reportStudio.findInPdf',
      'reportStudio.openLivePreview',
      'reportStudio.openLivePreview',
      'reportStudio.preview',
      'reportStudio.revealInPreview',
    ]);
    // Ctrl+F is the editor's Find on purpose, only where a viewer has the focus: a webview passes
    // its keys on to the workbench, which would also open the last text editor's find widget.
    const viewerOnly = new Map([
      ['reportStudio.findInPdf', "activeWebviewPanelId == 'reportStudio.result' || activeCustomEditorId == 'reportStudio.pdf'"],
    ]);
    const norm = (k: string): string =>
      k
        .toLowerCase()
        .split(' ')
        .map((part) => part.split('+').sort().join('+'))
        .join(' ');
    for (const { key, command, when } of mine as Array<{ key: string; command: string; when?: string }>) {
      if (viewerOnly.has(command)) {
        assert.equal(when, viewerOnly.get(command), `${command} is bound only where a viewer has the focus`);
        continue;
      }
      // A chord also clashes with a default bound to its first part.
      const clashes = defaults.filter(
        (d) =>
          !d.command.startsWith('reportStudio.') &&
          !notInAReportEditor(d.when) &&
          (norm(d.key) === norm(key) || norm(key).startsWith(`${norm(d.key)} `)),
      );
      assert.deepEqual(clashes, [], `${key} (${command}) is taken`);
      assert.ok(
        defaults.some((d) => d.command === command && norm(d.key) === norm(key)),
        `${key} → ${command} is active in this VS Code`,
      );
    }
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('Preview sends the unsaved text (comments and trailing commas stripped) and shows the JPEG in a panel', async () => {
    // A window may restore panels of same-named files from an earlier session: count new ones.
    const panelsOf = (): number => resultTabs().filter((t) => t.label.includes('kpi-dashboard.report.json')).length;
    const panelsBefore = panelsOf();
    const { file, document, editor } = await openExampleCopy('kpi-dashboard.report.json');
    const onDisk = fs.readFileSync(file, 'utf8');
    // JSONC the service would reject as JSON: a block comment, a line comment, a trailing comma.
    const title = rangeOf(document, ['options', 'report_title']);
    const footer = rangeOf(document, ['options', 'footer_text']);
    assert.ok(
      await editor.edit((b) => {
        b.insert(footer.end, ', // trailing comma and a line comment');
        b.replace(title, '"Unsaved title" /* block comment */');
      }),
    );
    assert.ok(document.isDirty);
    const first = await run('preview');
    assert.equal(first.status, 'success', JSON.stringify(first));
    assert.equal(first.kind, 'preview');
    assert.ok(first.file && fs.existsSync(first.file), 'the JPEG is written under global storage');
    const img = decodeJpegFile(first.file);
    assert.ok(img.width > 300 && img.height > 300, `a real JPEG (${img.width}×${img.height})`);
    assert.equal(fs.readFileSync(file, 'utf8'), onDisk, 'the file on disk is untouched');
    await waitFor('the result panel of kpi-dashboard.report.json', () => panelsOf() === panelsBefore + 1);
    const firstBytes = fs.readFileSync(first.file);

    // Another unsaved edit: the next preview renders it (the JPEG changes).
    assert.ok(
      await editor.edit((b) =>
        b.replace(rangeOf(document, ['options', 'report_title']), '"A much longer, different title for the second preview"'),
      ),
    );
    const second = await run('preview', document.uri);
    assert.equal(second.status, 'success', JSON.stringify(second));
    assert.notDeepEqual(fs.readFileSync(second.file as string), firstBytes, 'the second preview shows the new text');
    assert.equal(panelsOf(), panelsBefore + 1, 'one panel per report');
  });

  it('Build shows the PDF with the right page count and takes the quota from the response headers', async () => {
    const before = await run<{ remaining_multi_page_reports: number; remaining_single_page_reports: number }>('checkQuota', {
      show: false,
    });
    assert.ok(before && Number.isInteger(before.remaining_multi_page_reports), 'the local quota is known');
    const { document } = await openExampleCopy('analytics.report.json');
    const outcome = await run('build', document.uri);
    assert.equal(outcome.status, 'success', JSON.stringify(outcome));
    const pdf = await readPdfFile(outcome.file as string);
    assert.equal(pdf.pageCount, 3, 'analytics is three pages');
    assert.equal(outcome.pageCount, 3, 'the page count handed to the viewer');
    assert.match(pdf.text, /Website Analytics/);
    // enable_multi_page: one multi-page report used; the headers say so.
    assert.equal(outcome.quota?.multiPageRemaining, before.remaining_multi_page_reports - 1);
    assert.equal(outcome.quota?.singlePageRemaining, before.remaining_single_page_reports);
    const taskLog = await logOfTask(outcome.taskId as string);
    assert.match(taskLog, /POST \S+\/build-report → 200/);
    assert.equal(countMatches(taskLog, /get-remaining-quota/), 0, `no quota request during the build:\n${taskLog}`);
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri);
    const titles = lenses.map((l) => l.command?.title);
    assert.ok(titles.includes(`${before.remaining_multi_page_reports - 1} multi-page left`), `code lens follows the headers: ${titles}`);
  });

  it('a broken report gets one Problem per mistake on the exact node after Build, the panel lists them', async () => {
    const file = tempCopy('test/e2e/fixtures/broken.report.json');
    const document = await vscode.workspace.openTextDocument(file);
    await vscode.window.showTextDocument(document);
    const outcome = await run('build');
    assert.equal(outcome.status, 'invalid', JSON.stringify(outcome));
    assert.equal(outcome.diagnostics, 2);
    // One problem per mistake, whichever check reported it first: a 422 entry at a node the
    // editor's schema check marks is left to it (one mistake, one problem).
    const theme = rangeOf(document, ['config', 'colour_theme']);
    const options = rangeOf(document, ['components', 0, 'components', 0, 'options'], 'key');
    const at = (all: readonly vscode.Diagnostic[], range: vscode.Range) => all.filter((d) => d.range.isEqual(range));
    const diagnostics = await waitForDiagnostics(
      document.uri,
      'one problem at "rainbow" and one at the Card\'s options',
      (all) => all.length === 2 && at(all, theme).length === 1 && at(all, options).length === 1,
    );
    assert.match(at(diagnostics, options)[0].message, /"value"/, diagnostics.map(show).join('\n'));
    await waitFor('the result panel of broken.report.json', () => resultTabs().some((t) => t.label.includes('broken.report.json')));
  });

  it('a fixed report has no Problems left after the next successful Preview', async () => {
    const file = tempCopy('test/e2e/fixtures/broken.report.json');
    const document = await vscode.workspace.openTextDocument(file);
    const editor = await vscode.window.showTextDocument(document);
    assert.equal((await run('preview')).status, 'invalid');
    await waitForDiagnostics(document.uri, 'the problems', (all) => all.length > 0);
    assert.ok(await editor.edit((b) => b.replace(rangeOf(document, ['config', 'colour_theme']), '"forest"')));
    assert.ok(
      await editor.edit((b) => b.insert(rangeOf(document, ['components', 0, 'components', 0, 'options', 'units']).end, ', "value": 1')),
    );
    assert.equal((await run('preview')).status, 'success');
    await waitForDiagnostics(document.uri, 'no problem left', (all) => all.length === 0);
  });

  it('says which file is not a report instead of sending it', async () => {
    const file = tempCopy('package.json');
    const outcome = await run('preview', vscode.Uri.file(file));
    assert.equal(outcome, undefined, 'nothing was submitted');
  });
});

/** A service that accepts every preview; its tasks stay RUNNING forever, or end FAILED. */
async function fakeService(key: string, failWith?: string): Promise<{ baseUrl: string; polls: () => number; close: () => Promise<void> }> {
  let polls = 0;
  const server = http.createServer((req, res) => {
    const json = (status: number, body: unknown): void =>
      void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.headers['x-api-key'] !== key) return json(401, { detail: 'Invalid API key' });
    const url = new URL(req.url ?? '/', 'http://x');
    req.resume();
    if (url.pathname === '/api/v1/preview-report') return json(200, { task_id: TASK_ID, status: 'QUEUED' });
    if (url.pathname === '/api/v1/get-task-status') {
      polls++;
      return json(200, failWith && polls > 1 ? { status: 'FAILED', error_message: failWith } : { status: 'RUNNING', error_message: null });
    }
    return json(404, { detail: 'Not Found' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    polls: () => polls,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

const TASK_ID = '0f1e2d3c-4b5a-4968-8776-655443322110';

describe('a preview the service does not finish', () => {
  it("stops waiting at the panel's Cancel and says the service may still finish", async function () {
    if (!uiDriverUrl) this.skip(); // the Cancel button is clicked in the webview (code-server launcher only)
    const key = 'rs_cancel_test_0123456789';
    const service = await fakeService(key);
    const restore = await withSettings({ service: 'custom', customBaseUrl: service.baseUrl });
    try {
      await run('setApiKey', key);
      const { document } = await openExampleCopy('invoice.report.json');
      const pending = run('preview', document.uri);
      await waitFor('the task to be polled', () => service.polls() >= 2);
      await waitForElement('invoice.report.json', 'the Cancel button', '#cancelTask', (e) => !e.hidden && !e.disabled);
      await ui('click', { report: 'invoice.report.json', selector: '#cancelTask' });
      const outcome = await pending;
      assert.equal(outcome.status, 'cancelled', JSON.stringify(outcome));
      assert.equal(outcome.taskId, TASK_ID);
      assert.match(
        outcome.message ?? '',
        /Stopped waiting for the preview of invoice\.report\.json\. The service may still finish task 0f1e2d3c/,
      );
    } finally {
      await run('clearApiKey');
      await restore();
      await service.close();
      await cleanUp();
    }
  });

  it("shows a FAILED task's error_message and returns it", async () => {
    const key = 'rs_failed_test_0123456789';
    const service = await fakeService(key, 'Rendering exceeded 60 s');
    const restore = await withSettings({ service: 'custom', customBaseUrl: service.baseUrl });
    try {
      await run('setApiKey', key);
      const { document } = await openExampleCopy('invoice.report.json');
      const outcome = await run('preview', document.uri);
      assert.equal(outcome.status, 'failed', JSON.stringify(outcome));
      assert.equal(outcome.taskId, TASK_ID);
      assert.equal(outcome.message, 'Rendering exceeded 60 s');
    } finally {
      await run('clearApiKey');
      await restore();
      await service.close();
      await cleanUp();
    }
  });
});
