// 422 → Problems → quick fix → rebuild, inside the real VS Code with the installed extension:
// "Report Studio: Build" submits to the extension's bundled local service (no key is set),
// whose REAL 422 becomes "Report service" diagnostics; the quick fixes come from the
// extension's code action provider; the next accepted build clears the diagnostics.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, describeDiagnostic as show, rangeOf, tempCopy, waitFor, waitForDiagnostics, tempFile } from './helpers';
import { run, useSettings } from './studio';
import { screenshot } from './viewerKit';

const SOURCE = 'Report service';
const fromService = (all: readonly vscode.Diagnostic[]) => all.filter((d) => d.source === SOURCE);

/** One misspelt component type. */
const CRAD = `{
  "type": "Report",
  "options": { "report_title": "Sales" },
  "components": [
    { "type": "Crad", "options": { "title": "Revenue", "value": "42" } }
  ]
}
`;

/** A report with three faults of three kinds. */
const THREE_FAULTS = `{
  "type": "Report",
  "options": { "report_title": "Operations" },
  "config": { "colour_theme": "ocean" },
  "components": [
    { "type": "Card", "options": { "title": "Deliveries" } },
    { "type": "Sektion", "options": { "section_title": "Fleet" }, "components": [] }
  ]
}
`;

/** Types `value` over the tab stop an "Add missing option" fix left selected (as a person would). */
async function typeOverPlaceholder(value: string): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  assert.ok(editor, 'the report is in the active editor');
  // A valid value of the option's type, selected (issue 30: a type name there was invalid JSON).
  assert.equal(editor.document.getText(editor.selection), '0', 'the cursor is on the placeholder, a valid 0');
  const next = editor.document.lineAt(editor.selection.end.line + 1).text;
  assert.notEqual(next.trim(), '', 'the fix left no blank line after the value');
  assert.ok(await editor.edit((b) => b.replace(editor.selection, value)));
}

async function open(file: string): Promise<vscode.TextDocument> {
  const document = await vscode.workspace.openTextDocument(file);
  await vscode.window.showTextDocument(document);
  return document;
}

describe('Report service diagnostics and their quick fixes (Build)', () => {
  useSettings({ confirmBeforeBuild: false, service: 'local' }, closeAllEditors);

  it('one mistake, one problem: the 422 entries about nodes the schema marks are not shown again; fixing them clears every problem', async () => {
    const document = await open(tempFile('three-faults.report.json', THREE_FAULTS));
    const schemaMarks = await waitForDiagnostics(document.uri, 'the three schema problems', (all) => all.length === 3);
    const outcome = await run('build');
    assert.equal(outcome.status, 'invalid', JSON.stringify(outcome));
    assert.equal(outcome.diagnostics, 3, 'the service refused three things (the result panel lists them)');
    await vscode.commands.executeCommand('workbench.actions.view.problems');
    await screenshot('problems-one-per-mistake');
    const shown = vscode.languages.getDiagnostics(document.uri);
    assert.equal(shown.length, 3, `one problem per mistake, got:\n${shown.map(show).join('\n')}`);
    assert.deepEqual(fromService(shown), [], 'each service entry repeats a schema problem at the same node');
    assert.deepEqual(shown.map(show).sort(), schemaMarks.map(show).sort());
    const editor = vscode.window.activeTextEditor!;
    assert.ok(await editor.edit((b) => b.replace(rangeOf(document, ['components', 1, 'type']), '"Section"')));
    assert.ok(await editor.edit((b) => b.replace(rangeOf(document, ['config', 'colour_theme']), '"forest"')));
    const cardOptions = rangeOf(document, ['components', 0, 'options']);
    assert.ok(await editor.edit((b) => b.replace(cardOptions, '{ "title": "Deliveries", "value": 12 }')));
    await waitForDiagnostics(document.uri, 'no problem left', (all) => all.length === 0);
  });

  it('a misspelt component type is one problem, and the service entry behind it says it in plain words', async () => {
    const document = await open(tempFile('crad.report.json', CRAD));
    await waitForDiagnostics(document.uri, 'the schema problem', (all) => all.length === 1);
    const outcome = await run('build');
    assert.equal(outcome.status, 'invalid', JSON.stringify(outcome));
    const [only, ...more] = vscode.languages.getDiagnostics(document.uri);
    assert.equal(more.length, 0, `one problem, got also ${more.map(show).join('; ')}`);
    assert.ok(only.range.isEqual(rangeOf(document, ['components', 0, 'type'])), show(only));
    assert.doesNotMatch(only.message, /Input tag|discriminator/);
    const editor = vscode.window.activeTextEditor!;
    assert.ok(await editor.edit((b) => b.replace(rangeOf(document, ['components', 0, 'type']), '"Card"')));
    await waitForDiagnostics(document.uri, 'no problem left', (all) => all.length === 0);
  });

  // One corpus file per kind of fix: [file, expected title of the fix applied, what the user
  // types into the fix's tab stop when it leaves one (a number is a selected 0 there)].
  const CASES: [string, RegExp, string?][] = [
    ['01-card-missing-value.report.json', /^Add missing option "value": 0$/, '42'],
    ['07-card-missing-options.report.json', /^Add missing field "options"/],
    ['13-columns-string.report.json', /^Convert "three" to the number 3$/],
    ['22-cover-components-object.report.json', /^Wrap the object in a list$/],
    ['23-width-bad.report.json', /^Replace "6\/8" with "3\/4"$/],
    ['34-unknown-component-type.report.json', /^Change type "Sektion" to "Section"$/],
    ['35-component-missing-type.report.json', /^Add "type": "Card"$/],
    ['39-margin-40.report.json', /^Set to 32 \(the maximum\)$/],
    ['46-top-level-typo.report.json', /^Rename "component" to "components"$/],
  ];

  for (const [file, title, typed] of CASES) {
    it(`quick fix repairs ${file}: apply the code action, rebuild, no diagnostics`, async () => {
      const document = await open(tempCopy(`test/fixtures/broken/${file}`));
      const first = await run('build');
      assert.equal(first.status, 'invalid', JSON.stringify(first));
      assert.equal(first.diagnostics, 1, `one 422 entry for ${file}`);
      // The schema's problems where it marks the node (it may say one mistake twice, as for a
      // misspelt key: missing here, not allowed there), else the service's one. The editor's
      // schema check can still be running: the problems are read again until fixes come.
      const actions = await waitFor('quick fixes from the extension', async () => {
        const problems = vscode.languages.getDiagnostics(document.uri);
        assert.ok(fromService(problems).length === 0 || problems.length === 1, problems.map(show).join('; '));
        const ours: vscode.CodeAction[] = [];
        for (const diagnostic of problems) {
          const found = await vscode.commands.executeCommand<vscode.CodeAction[]>(
            'vscode.executeCodeActionProvider',
            document.uri,
            diagnostic.range,
            vscode.CodeActionKind.QuickFix.value,
          );
          // (The command's results carry no `diagnostics`; every quick fix here is an edit of ours.)
          ours.push(...found.filter((a) => a.kind?.value === vscode.CodeActionKind.QuickFix.value && a.edit));
        }
        return ours.some((a) => title.test(a.title)) ? ours : undefined;
      });
      const action = actions.find((a) => a.isPreferred && title.test(a.title)) ?? actions.find((a) => a.isPreferred) ?? actions[0];
      assert.match(action.title, title, `offered: ${actions.map((a) => a.title).join(' | ')}`);
      assert.equal(action.kind?.value, vscode.CodeActionKind.QuickFix.value);
      assert.ok(action.edit, 'the fix is an edit');
      assert.ok(await vscode.workspace.applyEdit(action.edit));
      if (typed) await typeOverPlaceholder(typed);
      // The fixed cause drops the problem at once; the rebuild must then be accepted.
      await waitForDiagnostics(document.uri, 'the problem to go after the edit', (all) => all.length === 0);
      const second = await run('build');
      assert.equal(second.status, 'success', `${JSON.stringify(second)}\n${document.getText()}`);
      assert.deepEqual(fromService(vscode.languages.getDiagnostics(document.uri)), []);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    });
  }
});

describe("quick fixes for the editor's own schema diagnostics", () => {
  after(closeAllEditors);

  /** Waits for the JSON language service's diagnostic at `range`, applies the chosen fix, waits for it to go. */
  async function fixAt(file: string, range: (d: vscode.TextDocument) => vscode.Range, title: RegExp): Promise<vscode.TextDocument> {
    const document = await vscode.workspace.openTextDocument(tempCopy(`test/fixtures/broken/${file}`));
    await vscode.window.showTextDocument(document);
    const target = range(document);
    const all = await waitForDiagnostics(document.uri, `the schema diagnostic at ${JSON.stringify(target)}`, (ds) =>
      ds.some((d) => d.range.isEqual(target)),
    );
    const diagnostic = all.find((d) => d.range.isEqual(target))!;
    assert.notEqual(diagnostic.source, SOURCE);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      document.uri,
      target,
      vscode.CodeActionKind.QuickFix.value,
    );
    const action = actions.find((a) => title.test(a.title));
    assert.ok(action?.edit, `no "${title.source}" among ${actions.map((a) => a.title).join(' | ')}`);
    assert.ok(await vscode.workspace.applyEdit(action.edit));
    await waitForDiagnostics(document.uri, 'the schema diagnostic to go', (ds) => !ds.some((d) => d.message === diagnostic.message));
    return document;
  }

  it('removes an unknown option ("Property subtitle is not allowed")', async () => {
    const document = await fixAt(
      '44-unknown-option.report.json',
      (d) => rangeOf(d, ['components', 0, 'options', 'subtitle'], 'key'),
      /^Remove unknown option "subtitle"$/,
    );
    assert.ok(!document.getText().includes('"subtitle"'));
    await waitForDiagnostics(document.uri, 'no diagnostics at all', (ds) => ds.length === 0);
  });

  it('renames an unknown key to the known one it was meant to be (preferred)', async () => {
    const document = await fixAt(
      '48-cover-page-unknown-key.report.json',
      (d) => rangeOf(d, ['cover_page', 'background'], 'key'),
      /^Rename "background" to "bg_color"$/,
    );
    assert.ok(document.getText().includes('"bg_color"'));
  });

  it('replaces a bad enum value and adds a missing option (the e2e fixture)', async () => {
    const fixture = 'test/e2e/fixtures/broken.report.json';
    const document = await vscode.workspace.openTextDocument(tempCopy(fixture));
    await vscode.window.showTextDocument(document);
    await waitForDiagnostics(document.uri, 'the two schema errors', (ds) => ds.length === 2);
    for (const [range, title] of [
      [rangeOf(document, ['config', 'colour_theme']), /^Replace "rainbow" with "/],
      [rangeOf(document, ['components', 0, 'components', 0, 'options'], 'key'), /^Add missing option "value": 0$/],
    ] as const) {
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
        'vscode.executeCodeActionProvider',
        document.uri,
        range,
        vscode.CodeActionKind.QuickFix.value,
      );
      const action = actions.find((a) => title.test(a.title));
      assert.ok(action?.edit, `no ${title.source} among ${actions.map((a) => a.title).join(' | ')}`);
      assert.ok(await vscode.workspace.applyEdit(action.edit));
      if (title.source.startsWith('^Add missing')) await typeOverPlaceholder('7');
    }

    await waitForDiagnostics(document.uri, 'no diagnostics left', (ds) => ds.length === 0);
  });
});
