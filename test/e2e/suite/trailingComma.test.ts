// A trailing comma has one verdict everywhere: accepted (Report Studio sends the report without
// it), marked with a warning — not the JSON service's red error — whose quick fix removes it, in
// .report.json and .report.jsonc alike.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, describeDiagnostic as show, waitFor, waitForDiagnostics, tempFile } from './helpers';
import { run, useSettings } from './studio';
import { screenshot } from './viewerKit';

const TEXT = `{
  "type": "Report",
  "options": { "report_title": "Commas", },
  "components": [
    { "type": "Text", "options": { "text": "One comma too many." } },
  ]
}
`;

/** Waits for the problems of the document to be exactly `count` trailing-comma warnings of ours (and nothing else). */
function onlyCommaWarnings(uri: vscode.Uri, count: number): Promise<readonly vscode.Diagnostic[]> {
  return waitForDiagnostics(
    uri,
    `${count} trailing-comma warning(s) and nothing else`,
    (all) =>
      all.length === count &&
      all.every((d) => d.source === 'Report Studio' && d.code === 'trailing-comma' && d.severity === vscode.DiagnosticSeverity.Warning),
  );
}

async function fixAt(document: vscode.TextDocument, diagnostic: vscode.Diagnostic, title: RegExp): Promise<void> {
  const actions = await waitFor('the quick fix', async () => {
    const found = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      document.uri,
      diagnostic.range,
      vscode.CodeActionKind.QuickFix.value,
    );
    return found.some((a) => title.test(a.title)) ? found : undefined;
  });
  const action = actions.find((a) => title.test(a.title))!;
  assert.ok(action.edit, `${action.title} is an edit`);
  assert.ok(await vscode.workspace.applyEdit(action.edit));
}

describe('trailing commas: one verdict, a warning and a quick fix', () => {
  useSettings({ confirmBeforeBuild: false, service: 'local', livePreview: 'off' }, closeAllEditors);

  it('a .report.json with two trailing commas builds; each is one warning (no red error) that its quick fix removes', async () => {
    const document = await vscode.workspace.openTextDocument(tempFile('commas.report.json', TEXT));
    await vscode.window.showTextDocument(document);
    const warnings = await onlyCommaWarnings(document.uri, 2);
    assert.deepEqual(
      warnings.map((d) => [d.range.start.line, document.getText(d.range)]),
      [
        [2, ','],
        [4, ','],
      ],
      warnings.map(show).join('\n'),
    );
    await vscode.commands.executeCommand('workbench.actions.view.problems');
    await screenshot('trailing-comma');
    const outcome = await run('build');
    assert.equal(outcome.status, 'success', `accepted, sent without the commas: ${JSON.stringify(outcome)}`);
    await fixAt(document, warnings[0], /^Remove the trailing comma$/);
    const [last] = await onlyCommaWarnings(document.uri, 1);
    await fixAt(document, last, /^Remove the trailing comma$/);
    await onlyCommaWarnings(document.uri, 0);
    assert.equal(document.getText(), TEXT.replace('"Commas", }', '"Commas" }').replace('} },\n  ]', '} }\n  ]'));
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('a .report.jsonc gets the same single warning, and "Remove all" fixes every comma at once', async () => {
    const document = await vscode.workspace.openTextDocument(tempFile('commas.report.jsonc', TEXT));
    await vscode.window.showTextDocument(document);
    assert.equal(document.languageId, 'jsonc');
    const warnings = await onlyCommaWarnings(document.uri, 2);
    await fixAt(document, warnings[1], /^Remove all 2 trailing commas$/);
    await onlyCommaWarnings(document.uri, 0);
    assert.ok(!/,\s*[}\]]/.test(document.getText()), document.getText());
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});
