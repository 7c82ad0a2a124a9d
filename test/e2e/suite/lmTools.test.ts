// The language-model tools inside the real VS Code (code-server 1.100.3, no chat extension):
// listed in vscode.lm.tools, and called through vscode.lm.invokeTool without a model on a
// report with unsaved edits: validate sees the edit, render draws the unsaved text with the
// live view's renderer (this VS Code takes no images in tool results: the PNGs are written and
// named), component_docs reads the catalogue, a wrong argument fails in plain words. The build
// tool's confirmation would open a modal without a chat's invocation token, so its
// prepareInvocation is called directly: it names the report and the quota the build spends.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { ReportStudioApi } from '../../../src/extension/extension';
import { closeAllEditors, EXTENSION_ID, REPO_ROOT, tempFile } from './helpers';
import { useSettings } from './studio';

const TOOLS = [
  'reportStudio_validate',
  'reportStudio_render',
  'reportStudio_componentDocs',
  'reportStudio_preview',
  'reportStudio_build',
  'reportStudio_quota',
];

/** The text of a tool result's parts (invokeTool's result is not the public class: read `.content`). */
function textOf(result: { content: unknown[] }): string {
  return result.content.map((p) => (p && typeof p === 'object' && 'value' in p ? String((p as { value: unknown }).value) : '')).join('\n');
}

const invoke = async (name: string, input: object): Promise<{ content: unknown[] }> =>
  (await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token)) as {
    content: unknown[];
  };

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = fs.readFileSync(file);
  assert.equal(bytes.subarray(1, 4).toString('latin1'), 'PNG', `${file} is a PNG`);
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('Language-model tools: invoked without a model on unsaved text', () => {
  useSettings({ service: 'local', previewOnSave: 'off' }, closeAllEditors);
  let document: vscode.TextDocument;

  before(async () => {
    const text = fs.readFileSync(`${REPO_ROOT}/examples/kpi-dashboard.report.json`, 'utf8');
    document = await vscode.workspace.openTextDocument(tempFile('agent.report.json', text));
    const editor = await vscode.window.showTextDocument(document);
    // Unsaved: the report title becomes a number, which the service rejects.
    const title = /"report_title": ("[^"]*")/.exec(text)!;
    const start = document.positionAt(title.index + title[0].length - title[1].length);
    await editor.edit((e) => e.replace(new vscode.Range(start, start.translate(0, title[1].length)), '2026'));
    assert.ok(document.isDirty);
  });

  it('lists every contributed tool in vscode.lm.tools', () => {
    const names = vscode.lm.tools.map((t) => t.name);
    for (const tool of TOOLS) assert.ok(names.includes(tool), `${tool} in ${names.join(', ')}`);
  });

  it('validate reads the unsaved text: the edited title is an error with its quick fix', async () => {
    const result = await invoke('reportStudio_validate', { path: document.uri.fsPath });
    const text = textOf(result);
    assert.match(text, /1 problem \(1 error\)/, text);
    assert.match(text, /options\.report_title\): error \[service\]/, text);
    const data = JSON.parse(String((result.content.at(-1) as { value: string }).value)) as {
      problems: Array<{ fixes: unknown[]; start: { line: number } }>;
    };
    assert.equal(data.problems[0].start.line, document.positionAt(document.getText().indexOf('2026')).line + 1);
    assert.ok(data.problems[0].fixes.length > 0, 'a quick fix as an edit');
  });

  it('render draws the unsaved text with the live renderer, once valid again; the PNG is written and named', async () => {
    const editor = vscode.window.activeTextEditor!;
    const at = document.getText().indexOf('2026');
    await editor.edit((e) => e.replace(new vscode.Range(document.positionAt(at), document.positionAt(at + 4)), '"Drafted by an agent"'));
    assert.ok(document.isDirty);
    const result = await invoke('reportStudio_render', { path: document.uri.fsPath, dpi: 72 });
    const text = textOf(result);
    assert.match(text, /1 page; drawn: 1 at 72 dpi/, text);
    const file = /page 1 of 1: (.+\.png)/.exec(text)?.[1];
    assert.ok(file, `a PNG path in: ${text}`);
    assert.deepEqual(pngSize(file), { width: Math.floor(595.28), height: Math.floor(841.89) });
  });

  it('component_docs reads the catalogue; a wrong argument fails in plain words', async () => {
    assert.match(textOf(await invoke('reportStudio_componentDocs', { type: 'Card' })), /^Card: A KPI card/);
    await assert.rejects(invoke('reportStudio_render', { path: document.uri.fsPath, zoom: 2 }), /unknown argument "zoom"/);
    await assert.rejects(
      invoke('reportStudio_validate', { path: 'nowhere/missing.report.json' }),
      /cannot read "nowhere\/missing\.report\.json": no such file/,
    );
    await assert.rejects(
      invoke('reportStudio_validate', { path: '/etc/hostname' }),
      /neither an open report nor a file in a workspace folder/,
    );
  });

  it("build's confirmation names the report and the quota it spends (prepareInvocation, called directly)", async () => {
    const api = vscode.extensions.getExtension<ReportStudioApi>(EXTENSION_ID)!.exports;
    const prepared = await api.lmTools!.prepareInvocation(
      'build',
      { input: { path: document.uri.fsPath } },
      new vscode.CancellationTokenSource().token,
    );
    const confirmation = prepared?.confirmationMessages;
    assert.ok(confirmation, 'build asks first');
    assert.match(String(confirmation.title), /agent\.report\.json/);
    const message = typeof confirmation.message === 'string' ? confirmation.message : confirmation.message.value;
    assert.match(message, /This build spends 1 single-page report (of \d+ left|\(remaining quota unknown\)) of the quota\./);
    const validate = await api.lmTools!.prepareInvocation(
      'validate',
      { input: { path: document.uri.fsPath } },
      new vscode.CancellationTokenSource().token,
    );
    assert.equal(validate?.confirmationMessages, undefined, 'validate asks nothing');
  });
});
