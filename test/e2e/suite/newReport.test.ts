import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { parse, type ParseError } from 'jsonc-parser';
import { describeDiagnostic as show, rangeOf, waitForDiagnostics, revertAllEditors } from './helpers';

describe('Report Studio: New Report', () => {
  after(async () => {
    // Untitled documents: revert so closing does not ask to save.
    await revertAllEditors();
  });

  it('opens an untitled new.report.json from the schema template that validates', async () => {
    const uri = await vscode.commands.executeCommand<vscode.Uri>('reportStudio.newReport');
    const editor = vscode.window.activeTextEditor;
    assert.ok(editor, 'an editor is open');
    const document = editor.document;
    assert.equal(document.uri.toString(), uri.toString());
    assert.equal(document.uri.scheme, 'untitled');
    assert.equal(path.posix.basename(document.uri.path), 'new.report.json');
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder && path.posix.dirname(document.uri.path) === folder.uri.path, `${document.uri.path} sits in the workspace folder`);
    assert.equal(document.languageId, 'json');
    assert.ok(document.isDirty, 'the template was inserted');

    const text = document.getText();
    assert.ok(!/\$\{?\d/.test(text), 'no snippet syntax left in the text');
    const errors: ParseError[] = [];
    const report = parse(text, errors, { allowTrailingComma: false, disallowComments: true });
    assert.deepEqual(errors, [], 'the template is well-formed JSON');
    assert.equal(report.type, 'Report');
    assert.ok(Array.isArray(report.components) && report.components.length > 0);

    // Prove the schema is attached: break the document, see the error, undo, see it clear.
    const typeValue = rangeOf(document, ['type']);
    assert.ok(await editor.edit((b) => b.replace(typeValue, '"Reprt"')));
    await waitForDiagnostics(document.uri, 'a schema error on "type"', (all) =>
      all.some((d) => d.range.isEqual(rangeOf(document, ['type']))),
    );
    await vscode.commands.executeCommand('undo');
    assert.equal(document.getText(), text);
    const final = await waitForDiagnostics(document.uri, 'no diagnostics on the template', (all) => all.length === 0);
    assert.deepEqual(final.map(show), []);
  });

  it('names a second new report new-2.report.json', async () => {
    const uri = await vscode.commands.executeCommand<vscode.Uri>('reportStudio.newReport');
    assert.equal(path.posix.basename(uri.path), 'new-2.report.json');
  });
});
