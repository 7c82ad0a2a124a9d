// Format Document in real VS Code: a report's 5×3 table keeps one row per line (the table's
// options in at most 10 lines) and other JSON is formatted as VS Code's own JSON formatter does,
// once the user has picked Report Studio as the JSON formatter (VS Code asks the first time;
// the extension does not make itself the default: that would override a global Prettier).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { parse } from 'jsonc-parser';
import { closeAllEditors, waitFor } from './helpers';
import { cleanUp } from './studio';
import { screenshot, uiDriverUrl } from './viewerKit';

const ROWS = [
  ['North', 120, 135],
  ['South', 80, 95],
  ['East', 45, 60],
  ['West', 99, 101],
  ['Online', 300, 320],
];
const REPORT = JSON.stringify(
  {
    type: 'Report',
    options: { report_title: 'Sales by region' },
    components: [{ type: 'Table', options: { headings: ['Region', 'Q1', 'Q2'], rows: ROWS } }],
  },
  null,
  4,
);

/** Lines from the table's `"options"` to its closing brace. */
function tableLines(text: string): number {
  const start = text.indexOf('"options"', text.indexOf('"Table"'));
  const indent = start - text.lastIndexOf('\n', start) - 1;
  return text.slice(start, text.indexOf(`\n${' '.repeat(indent)}}`, start)).split('\n').length + 1;
}

async function formatted(file: string, before: string): Promise<string> {
  const document = await vscode.workspace.openTextDocument(file);
  const editor = await vscode.window.showTextDocument(document);
  editor.options = { tabSize: 2, insertSpaces: true };
  await vscode.commands.executeCommand('editor.action.formatDocument');
  return waitFor('the formatted text', () => document.getText() !== before && document.getText());
}

describe('Format Document', function () {
  this.timeout(60_000);
  const folder = vscode.workspace.workspaceFolders![0].uri.fsPath;
  const report = `${folder}/format-table.report.json`;
  const plain = `${folder}/format-plain.json`;

  const formatterSetting = () => vscode.workspace.getConfiguration('editor', { languageId: 'json' });
  before(async () => {
    await closeAllEditors();
    // What VS Code's "Configure Default Formatter…" writes when the user picks Report Studio.
    await formatterSetting().update('defaultFormatter', 'report-studio.report-studio', vscode.ConfigurationTarget.Global, true);
    fs.writeFileSync(report, REPORT);
    fs.writeFileSync(plain, JSON.stringify({ rows: [[1, 2]] }));
  });
  after(async () => {
    await formatterSetting().update('defaultFormatter', undefined, vscode.ConfigurationTarget.Global, true);
    await cleanUp();
    fs.rmSync(report, { force: true });
    fs.rmSync(plain, { force: true });
  });

  it('on a report keeps a 5×3 table to one line per row (≤ 10 lines), the value unchanged', async () => {
    assert.ok(tableLines(REPORT) >= 25, `${tableLines(REPORT)} lines before`);
    const text = await formatted(report, REPORT);
    assert.ok(tableLines(text) <= 10, `${tableLines(text)} lines:\n${text}`);
    assert.ok(text.includes('\n          ["North", 120, 135],\n'), text);
    assert.ok(text.includes('"headings": ["Region", "Q1", "Q2"],'));
    assert.deepEqual(parse(text), parse(REPORT));
    if (uiDriverUrl) await screenshot('format-table');
  });

  it('on other JSON formats as VS Code does (lists spread)', async () => {
    const before = fs.readFileSync(plain, 'utf8');
    const text = await formatted(plain, before);
    assert.equal(text, '{\n  "rows": [\n    [\n      1,\n      2\n    ]\n  ]\n}');
  });
});
