import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { closeAllEditors, EXTENSION_ID, rangeOf, tempCopy, waitFor } from './helpers';

const FIXTURE = 'test/e2e/fixtures/broken.report.json';

/** Option names of one component type, read from the schema the INSTALLED extension ships. */
function optionNames(type: string): string[] {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(ext);
  const schema = JSON.parse(fs.readFileSync(path.join(ext.extensionPath, 'schemas', 'report.schema.json'), 'utf8'));
  const props = schema.definitions?.[type]?.properties?.options?.properties;
  assert.ok(props, `the schema has no options for ${type}`);
  return Object.keys(props);
}

const labelOf = (item: vscode.CompletionItem) => (typeof item.label === 'string' ? item.label : item.label.label);

describe('completion inside a component\'s "options"', () => {
  after(closeAllEditors);

  it('offers exactly the Card options not yet present, nothing from other components', async () => {
    const document = await vscode.workspace.openTextDocument(tempCopy(FIXTURE));
    await vscode.window.showTextDocument(document);
    // The blank line inside the second Card's options (it already has title and value).
    const optionsPath = ['components', 0, 'components', 1, 'options'];
    const options = rangeOf(document, optionsPath);
    let line = options.start.line + 1;
    while (document.lineAt(line).text.trim() !== '') line++;
    assert.ok(line < options.end.line, 'the fixture has a blank line inside the Card options');
    const position = new vscode.Position(line, document.lineAt(line).text.length);

    const items = await waitFor('property completions from the JSON language server', async () => {
      const list = await vscode.commands.executeCommand<vscode.CompletionList>(
        'vscode.executeCompletionItemProvider',
        document.uri,
        position,
      );
      return list.items.length > 0 ? list.items : undefined;
    });
    const offered = items.map(labelOf).sort();

    const card = optionNames('Card');
    const expected = card.filter((o) => o !== 'title' && o !== 'value').sort();
    assert.deepEqual(offered, expected);
    for (const o of ['units', 'icon', 'highlighted', 'value_color']) assert.ok(offered.includes(o), `${o} offered`);
    const foreign = ['section_title', 'rows', 'columns', 'data', 'text', 'image_url', 'x_label', 'progress'];
    for (const o of foreign) {
      assert.ok(!card.includes(o), `${o} is not a Card option`);
      assert.ok(!offered.includes(o), `${o} (another component's option) must not be offered`);
    }
    // An accepted item inserts a property that keeps the JSON valid (comma before "value").
    const units = items.find((i) => labelOf(i) === 'units');
    const insert = units?.insertText instanceof vscode.SnippetString ? units.insertText.value : String(units?.insertText);
    assert.match(insert, /^"units": .*,$/s);
  });

  it('offers the Section options inside a Section', async () => {
    const document = await vscode.workspace.openTextDocument(tempCopy(FIXTURE));
    await vscode.window.showTextDocument(document);
    const sectionOptions = rangeOf(document, ['components', 0, 'options']);
    const position = sectionOptions.start.translate(0, 1); // just after the opening brace
    const items = await waitFor('Section completions', async () => {
      const list = await vscode.commands.executeCommand<vscode.CompletionList>(
        'vscode.executeCompletionItemProvider',
        document.uri,
        position,
      );
      return list.items.length > 0 ? list.items : undefined;
    });
    const offered = items.map(labelOf).sort();
    const expected = optionNames('Section')
      .filter((o) => o !== 'section_title' && o !== 'columns')
      .sort();
    assert.deepEqual(offered, expected);
    assert.ok(!offered.includes('units') && !offered.includes('rows'));
  });
});
