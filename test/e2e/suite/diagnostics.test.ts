import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { closeAllEditors, describeDiagnostic as show, rangeOf, REPO_ROOT, tempCopy, tempFile, waitForDiagnostics } from './helpers';

const FIXTURE = 'test/e2e/fixtures/broken.report.json';

/** A Section whose "colums" the service ignores (it knows "columns"): suspicious, not refused. */
const UNKNOWN_OPTION = `{
  "type": "Report",
  "options": { "report_title": "Fleet" },
  "components": [
    { "type": "Section", "options": { "section_title": "Fleet", "colums": 2 }, "components": [] }
  ]
}
`;

describe('schema diagnostics on a broken report', () => {
  after(closeAllEditors);

  it('what the service refuses is an Error at its exact range, one problem per mistake', async () => {
    const original = fs.readFileSync(path.join(REPO_ROOT, FIXTURE), 'utf8');
    const file = tempCopy(FIXTURE);
    const document = await vscode.workspace.openTextDocument(file);
    await vscode.window.showTextDocument(document);
    assert.equal(document.languageId, 'json');

    const badEnum = rangeOf(document, ['config', 'colour_theme']);
    const cardOptionsKey = rangeOf(document, ['components', 0, 'components', 0, 'options'], 'key');
    const matches = (d: vscode.Diagnostic, range: vscode.Range, text: string) => d.range.isEqual(range) && d.message.includes(text);
    const diagnostics = await waitForDiagnostics(
      document.uri,
      'the two schema errors',
      (all) =>
        all.some((d) => matches(d, badEnum, '"colour_theme" should be')) &&
        all.some((d) => matches(d, cardOptionsKey, 'Missing required option "value" in Card options')),
    );

    assert.equal(diagnostics.length, 2, `expected exactly 2 diagnostics, got:\n${diagnostics.map(show).join('\n')}`);
    // Both are refused by the service with a 422: red, counted as errors (issue 30).
    assert.deepEqual(
      diagnostics.map((d) => [d.severity, d.source]),
      [
        [vscode.DiagnosticSeverity.Error, 'Report schema'],
        [vscode.DiagnosticSeverity.Error, 'Report schema'],
      ],
    );
    const enumDiag = diagnostics.find((d) => d.range.isEqual(badEnum));
    assert.match(enumDiag?.message ?? '', /"default", "summer"/, 'the message lists the valid themes');
    // The ranges, spelled out: line 8 `"rainbow"`, line 21 the Card's `"options"` key.
    assert.deepEqual([badEnum.start.line, badEnum.start.character, badEnum.end.character], [7, 20, 29]);
    assert.deepEqual([cardOptionsKey.start.line, cardOptionsKey.start.character, cardOptionsKey.end.character], [20, 10, 19]);
    assert.equal(fs.readFileSync(path.join(REPO_ROOT, FIXTURE), 'utf8'), original, 'the fixture itself is never modified');
  });

  it('what the service accepts but looks wrong (an unknown option) stays a warning', async () => {
    const document = await vscode.workspace.openTextDocument(tempFile('unknown-option.report.json', UNKNOWN_OPTION));
    await vscode.window.showTextDocument(document);
    const key = rangeOf(document, ['components', 0, 'options', 'colums'], 'key');
    const [warning, ...others] = await waitForDiagnostics(document.uri, 'the unknown option', (all) => all.length > 0);
    assert.deepEqual(others, [], `one problem: ${[warning, ...others].map(show).join('; ')}`);
    assert.equal(warning.severity, vscode.DiagnosticSeverity.Warning, show(warning));
    assert.ok(warning.range.isEqual(key), show(warning));
    assert.match(warning.message, /Unknown option "colums" in Section options/);
  });

  it('clears a diagnostic once the value is fixed', async () => {
    const file = tempCopy(FIXTURE);
    const document = await vscode.workspace.openTextDocument(file);
    const editor = await vscode.window.showTextDocument(document);
    const badEnum = rangeOf(document, ['config', 'colour_theme']);
    await waitForDiagnostics(document.uri, 'the enum error', (all) => all.some((d) => d.range.isEqual(badEnum)));
    assert.ok(await editor.edit((b) => b.replace(badEnum, '"forest"')));
    const after = await waitForDiagnostics(document.uri, 'only the Card error to remain', (all) => all.length === 1);
    assert.match(after[0].message, /Missing required option "value"/);
    assert.equal(after[0].severity, vscode.DiagnosticSeverity.Error);
  });
});
