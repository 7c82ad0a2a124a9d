// reportStudio.previewOnSave: off → saving previews nothing; onSave → one preview per save.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { rangeOf } from './helpers';
import { countMatches, openExampleCopy, reportLogText, run, waitForLog, withSettings, cleanUp } from './studio';

const PREVIEW_POST = /POST \S+\/preview-report → 200/;
const PREVIEW_FILE = /GET \S+\/get-report\?task_id=\S+ → 200/;

async function editAndSave(editor: vscode.TextEditor, title: string): Promise<void> {
  assert.ok(await editor.edit((b) => b.replace(rangeOf(editor.document, ['options', 'report_title']), JSON.stringify(title))));
  assert.ok(await editor.document.save(), 'saved');
}

describe('preview on save', () => {
  let restore: () => Promise<void>;
  before(async () => {
    restore = await withSettings({ service: 'local', previewOnSave: 'off' });
  });
  after(async () => {
    await restore();
    await cleanUp();
  });

  it('is off by default: a save sends nothing', async () => {
    const { editor } = await openExampleCopy('product-metrics.report.json');
    const before = countMatches(reportLogText(), PREVIEW_POST);
    await editAndSave(editor, 'Saved without a preview');
    // An explicit preview after the save: exactly one more preview request in all.
    const outcome = await run<{ status: string }>('preview');
    assert.equal(outcome.status, 'success');
    await waitForLog('the explicit preview', PREVIEW_POST, before + 1);
    assert.equal(countMatches(reportLogText(), PREVIEW_POST), before + 1);
  });

  it('onSave: each save previews the saved text once', async () => {
    await vscode.workspace.getConfiguration('reportStudio').update('previewOnSave', 'onSave', vscode.ConfigurationTarget.Global);
    const { editor } = await openExampleCopy('product-metrics.report.json');
    const posts = countMatches(reportLogText(), PREVIEW_POST);
    const files = countMatches(reportLogText(), PREVIEW_FILE);
    for (let i = 1; i <= 3; i++) {
      await editAndSave(editor, `Saved title number ${i}`);
      await waitForLog(`the preview of save ${i}`, PREVIEW_FILE, files + i);
      assert.equal(countMatches(reportLogText(), PREVIEW_POST), posts + i, `save ${i}: one preview request`);
    }
    // Editing without saving previews nothing.
    assert.ok(await editor.edit((b) => b.insert(new vscode.Position(0, 0), ' ')));
    const outcome = await run<{ status: string }>('preview');
    assert.equal(outcome.status, 'success');
    await waitForLog('the explicit preview', PREVIEW_POST, posts + 4);
    assert.equal(countMatches(reportLogText(), PREVIEW_POST), posts + 4);
  });
});
