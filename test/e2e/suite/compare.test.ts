// "Report Studio: Compare with…" in real VS Code: the compare view of a report against another
// file, against HEAD (the editor's unsaved text, in a temporary git repository) and against its
// last build; the UI driver reads the view like a person (changed page, framed regions,
// collapsed unchanged pages, the overlay toggle) and takes the screenshots.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ReportDiff } from '../../../src/core/diff/diffTypes';
import { flowText, retitled } from '../../helpers/diffFixture';
import { closeAllEditors, waitFor } from './helpers';
import { extensionApi, LocalRenderer, read, screenshot, ui, uiDriverUrl, waitForElement } from './viewerKit';

const statuses = (diff: ReportDiff | undefined) => diff?.pages.map((p) => `${p.page}:${p.status}`).join(' ');
const compareTabs = () =>
  vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t) => t.input instanceof vscode.TabInputWebview && t.label.startsWith('Compare: '));

describe('Compare with… (the compare view)', function () {
  this.timeout(180_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-studio-compare-'));
  const file = (name: string) => vscode.Uri.file(path.join(dir, name));
  const compare = (report: vscode.Uri | Pick<vscode.SourceControlResourceState, 'resourceUri'>, against: unknown) =>
    vscode.commands.executeCommand<ReportDiff | undefined>('reportStudio.compareWith', report, against);

  before(async () => {
    fs.writeFileSync(path.join(dir, 'old.report.json'), flowText());
    fs.writeFileSync(path.join(dir, 'retitled.report.json'), flowText(retitled()));
    await closeAllEditors();
  });
  after(async () => {
    await closeAllEditors();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('against another file: exactly the changed page, side by side and overlaid, unchanged pages collapsed', async () => {
    await vscode.window.showTextDocument(file('retitled.report.json'), { viewColumn: vscode.ViewColumn.One });
    const diff = await compare(file('retitled.report.json'), file('old.report.json'));
    assert.equal(statuses(diff), '1:unchanged 2:changed 3:unchanged');
    // The panel's tab reaches the tab model a moment after the command resolves.
    const tabs = await waitFor('one compare view', () => (compareTabs().length === 1 ? compareTabs() : undefined));
    assert.equal(tabs[0].label, 'Compare: retitled.report.json ↔ old.report.json');
    assert.equal(tabs[0].group.viewColumn, vscode.ViewColumn.Two, 'beside the report');
    if (!uiDriverUrl) return;
    const view = 'compare:retitled.report.json';
    await waitForElement(view, 'the changed page', 'section.page.changed', (e) => e.dataset.page === '2');
    assert.deepEqual(
      (await read(view, 'section.page')).map((e) => `${e.dataset.page}:${e.dataset.status}`),
      ['2:changed'],
      'only the changed page is open',
    );
    assert.deepEqual(
      (await read(view, 'details.unchanged-run > summary')).map((e) => e.text),
      ['Page 1 unchanged', 'Page 3 unchanged'],
    );
    const pictures = await read(view, 'section.page.changed .picture img');
    assert.equal(pictures.length, 2, 'old and new page');
    assert.ok(
      pictures.every((p) => (p.naturalWidth ?? 0) > 500 && p.width > 100),
      JSON.stringify(pictures),
    );
    const regions = await read(view, 'section.page.changed .picture.new .region');
    assert.ok(regions.length >= 1, 'the change is framed on the new page');
    assert.ok((await read(view, 'section.page.changed .picture.old .region')).length >= 1, 'and where it was on the old page');
    assert.equal((await read(view, '.summary'))[0].text, 'page 2 changed · 3 pages');
    await screenshot('compare-view');
    await ui('click', { report: view, selector: '#mode-overlay' });
    await waitForElement(view, 'the overlay', 'section.page.changed .overlay input.fade', (e) => !e.hidden);
    assert.equal((await read(view, '#mode-overlay'))[0].text, 'Overlay');
    await screenshot('compare-overlay');
    await ui('click', { report: view, selector: '#mode-sideBySide' });
    await waitForElement(view, 'side by side again', 'section.page.changed .pair', () => true);
  });

  it("against HEAD, from the Source Control view: the editor's unsaved text, without touching the file", async () => {
    const repo = fs.mkdtempSync(path.join(dir, 'repo-'));
    const git = (...args: string[]) =>
      execFileSync('git', args, {
        cwd: repo,
        env: {
          ...process.env,
          GIT_AUTHOR_NAME: 't',
          GIT_AUTHOR_EMAIL: 't@example.com',
          GIT_COMMITTER_NAME: 't',
          GIT_COMMITTER_EMAIL: 't@example.com',
        },
      });
    git('init', '-q');
    const report = vscode.Uri.file(path.join(repo, 'q3.report.json'));
    fs.writeFileSync(report.fsPath, flowText());
    git('add', '.');
    git('commit', '-q', '-m', 'q3');
    const editor = await vscode.window.showTextDocument(report, { viewColumn: vscode.ViewColumn.One });
    const at = editor.document.getText().indexOf('"Section 10"');
    await editor.edit((e) =>
      e.replace(new vscode.Range(editor.document.positionAt(at + 1), editor.document.positionAt(at + 8)), 'Chapter'),
    );
    assert.ok(editor.document.isDirty);
    // As the Source Control view passes a changed file: its resource state.
    const diff = await compare({ resourceUri: report }, 'head');
    assert.equal(diff?.oldLabel, 'HEAD');
    assert.equal(diff?.newLabel, 'editor (unsaved)');
    assert.equal(statuses(diff), '1:unchanged 2:changed 3:unchanged');
    assert.equal(fs.readFileSync(report.fsPath, 'utf8'), flowText(), 'the file on disk is not modified');
    assert.ok(editor.document.isDirty, 'the edit stays unsaved');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('against the last build; and says what is missing when there is none', async () => {
    const report = file('retitled.report.json');
    const panels = (await extensionApi()).resultPanels;
    const pdf = panels.resultFileFor(report, 'build');
    fs.rmSync(pdf.fsPath, { force: true });
    await vscode.window.showTextDocument(report, { viewColumn: vscode.ViewColumn.One });
    assert.equal(await compare(report, 'lastBuild'), undefined, 'no build yet: nothing to compare with');
    const renderer = await LocalRenderer.start();
    try {
      await renderer.render('build', flowText(), pdf);
    } finally {
      await renderer.stop();
    }
    const diff = await compare(report, 'lastBuild');
    assert.equal(diff?.oldLabel, 'last build');
    // A PDF has no page keys: every page is compared by its pixels, and only page 2 differs.
    assert.equal(statuses(diff), '1:unchanged 2:changed 3:unchanged');
    await waitFor(
      'one compare view per report',
      () => compareTabs().filter((t) => t.label.startsWith('Compare: retitled')).length === 1 || undefined,
    );
  });
});
