// "Report Studio: Copy as…": the report as code for the app, on the clipboard, for the
// selected service (here the bundled local service, then a custom service with a stored key).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { TaskKind } from '../../../src/core/api/types';
import { EXTENSION_ID, rangeOf } from './helpers';
import { openExampleCopy, run, useSettings, withSettings } from './studio';
import { ui, uiDriverUrl } from './viewerKit';

interface CopiedSnippet {
  language: string;
  kind: TaskKind;
  baseUrl: string;
  code: string;
}

describe('Copy as… (code for the app)', () => {
  useSettings({ service: 'local', confirmBeforeBuild: false });
  let baseUrl: string;
  let devKey: string;

  before(async () => {
    await run('clearApiKey');
    const started = await run<{ baseUrl: string; dataDir: string }>('startLocalService');
    baseUrl = started.baseUrl;
    devKey = JSON.parse(fs.readFileSync(path.join(started.dataDir, 'dev-key.json'), 'utf8')).key;
  });

  it('is contributed with its category and icon, in the editor title and context menus and the palette for reports only', () => {
    const manifest = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON;
    const command = manifest.contributes.commands.find((c: { command: string }) => c.command === 'reportStudio.copyAs');
    assert.equal(command?.category, 'Report Studio');
    assert.match(command?.icon ?? '', /^\$\([a-z-]+\)$/);
    for (const menu of ['editor/title', 'editor/context', 'explorer/context', 'commandPalette']) {
      const entry = manifest.contributes.menus[menu].find((m: { command: string }) => m.command === 'reportStudio.copyAs');
      assert.match(entry?.when ?? '', /\\\.report\\\.jsonc\?\$/, `${menu}: only for report files`);
    }
  });

  it('copies a cURL build of the unsaved text for the local service, with the key read from the environment', async () => {
    const { document, editor } = await openExampleCopy('invoice.report.json');
    const title = rangeOf(document, ['options', 'report_title']);
    await editor.edit((e) => e.replace(title, JSON.stringify(`Unsaved $HOME "title" \`x\``)));
    await vscode.env.clipboard.writeText('before');
    const copied = await run<CopiedSnippet>('copyAs', document.uri, { language: 'curl', kind: 'build' });
    const clipboard = await vscode.env.clipboard.readText();
    assert.equal(clipboard, copied.code);
    assert.equal(copied.baseUrl, baseUrl);
    assert.ok(clipboard.startsWith('#!/usr/bin/env bash\n'));
    assert.ok(clipboard.includes(`base='${baseUrl}'`), 'the local service URL');
    assert.ok(clipboard.includes('"report_title": "Unsaved $HOME \\"title\\" `x`"'), 'the unsaved title, escaped as JSON');
    assert.ok(clipboard.includes('$HYBISCUS_API_KEY'));
    assert.ok(!clipboard.includes(devKey), 'the development key is not in the code');
    assert.ok(document.isDirty, 'the file is not saved or changed by copying');
  });

  it('a custom service with a stored key: the code names its URL and never the key', async () => {
    const restore = await withSettings({ service: 'custom', customBaseUrl: baseUrl });
    try {
      await run('setApiKey', devKey);
      const { document } = await openExampleCopy('kpi-dashboard.report.json');
      for (const language of ['curl', 'node-fetch', 'node-sdk', 'node-sdk-api', 'python']) {
        const copied = await run<CopiedSnippet>('copyAs', document.uri, { language, kind: 'preview' });
        assert.equal(await vscode.env.clipboard.readText(), copied.code, language);
        assert.ok(copied.code.includes(baseUrl), `${language}: the custom URL`);
        assert.ok(!copied.code.includes(devKey), `${language}: the stored key is in the code`);
      }
    } finally {
      await run('clearApiKey');
      await restore();
    }
  });

  it('a report with a syntax error is not copied; the error names the line', async () => {
    const { document, editor } = await openExampleCopy('invoice.report.json');
    await editor.edit((e) => e.insert(document.positionAt(document.getText().lastIndexOf('}')), ',,'));
    await vscode.env.clipboard.writeText('untouched');
    const copied = await run<CopiedSnippet | undefined>('copyAs', document.uri, { language: 'python', kind: 'build' });
    assert.equal(copied, undefined);
    assert.equal(await vscode.env.clipboard.readText(), 'untouched');
  });

  it('is a code action on the report root, not inside a component', async () => {
    await vscode.commands.executeCommand('notifications.clearAll');
    const { document } = await openExampleCopy('invoice.report.json');
    const actionsAt = async (range: vscode.Range) =>
      (await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, range)) ?? [];
    const onRoot = (await actionsAt(rangeOf(document, ['type'], 'key'))).find((a) => a.command?.command === 'reportStudio.copyAs');
    assert.ok(onRoot, 'no Copy as… action on the "type" line');
    assert.match(onRoot.title, /^Copy as…/);
    const inComponent = await actionsAt(rangeOf(document, ['components', 0, 'type']));
    assert.ok(!inComponent.some((a) => a.command?.command === 'reportStudio.copyAs'), 'offered inside a component');
    if (uiDriverUrl) {
      // What a person sees on Ctrl+. there: the action under "More Actions...".
      const editor = await vscode.window.showTextDocument(document);
      const typeKey = rangeOf(document, ['type'], 'key');
      editor.selection = new vscode.Selection(typeKey.start, typeKey.start);
      await vscode.commands.executeCommand('editor.action.quickFix');
      await ui('screenshot', { name: 'copy-as-code-action' });
      await vscode.commands.executeCommand('hideCodeActionWidget');
    }
  });

  (uiDriverUrl ? it : it.skip)('asks for the language, and for build or preview, then says what it copied', async () => {
    await vscode.commands.executeCommand('notifications.clearAll');
    const { document } = await openExampleCopy('invoice.report.json');
    // One picker per run: the driver's typeQuickInput waits for the picker to close, and a
    // second picker opening at once would keep it open.
    const byLanguage = run<CopiedSnippet | undefined>('copyAs', document.uri, { kind: 'preview' });
    await ui('typeQuickInput', { text: 'Python', row: 'Python' });
    const copied = await byLanguage;
    assert.equal(copied?.language, 'python');
    assert.equal(copied?.kind, 'preview');
    assert.ok((await vscode.env.clipboard.readText()).includes('"/preview-report"'));
    const toast = await ui<string>('notification', { contains: 'Copied Python' });
    assert.match(toast, /HYBISCUS_API_KEY set to the development key in .*dev-key\.json/);
    assert.match(toast, /reportStudio\.localService\.port/, 'the port is a free one in these tests');
    await ui('screenshot', { name: 'copy-as-copied' });

    const byKind = run<CopiedSnippet | undefined>('copyAs', document.uri, { language: 'node-fetch' });
    await ui('typeQuickInput', { text: 'Build', row: 'Build' });
    const built = await byKind;
    assert.equal(built?.kind, 'build');
    assert.ok((await vscode.env.clipboard.readText()).includes('"/build-report"'));
  });
});
