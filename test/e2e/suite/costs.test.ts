// What buttons cost, and the offline state, in real VS Code: the live view's rebuild button
// redraws the live view (no task, no quota, no question); a Build on the local service asks
// nothing; an unreachable service says so in one sentence with "Use Local Service" and
// "Retry", without first asking to spend a quota it could not read.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { QuotaRecord } from '../../../src/core/api/types';
import type { LiveOutcome } from '../../../src/extension/live/livePreview';
import { closedPort } from '../../helpers/loopback';
import { closeAllEditors } from './helpers';
import { cleanUp, run, useSettings, withSettings } from './studio';
import { extensionApi, nextEvent, screenshot, ui, uiDriverUrl, waitForElement, waitForViewerState } from './viewerKit';

const NAME = 'costs.report.json';
const TEXT = `{
  "type": "Report",
  "options": { "report_title": "What It Costs" },
  "components": [{ "type": "Text", "options": { "text": "Drawn for free." } }]
}
`;

describe('what the buttons cost, and the offline state', function () {
  this.timeout(120_000);
  // A hosted-style confirmation is on: the local service must not ask all the same.
  useSettings({ service: 'local', confirmBeforeBuild: true, livePreview: 'onType' });
  let uri: vscode.Uri;

  before(async () => {
    await closeAllEditors();
    uri = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, NAME);
    fs.writeFileSync(uri.fsPath, TEXT);
  });
  after(async () => {
    await cleanUp();
    fs.rmSync(uri.fsPath, { force: true });
  });

  it('a Build on the local service asks nothing (its quota is a free development one)', async () => {
    await vscode.window.showTextDocument(uri);
    // VS Code under test refuses modal dialogs: a question would end the build as "declined".
    const outcome = await run('build', uri);
    assert.equal(outcome.status, 'success', JSON.stringify(outcome));
  });

  it('the live view\'s rebuild button says "Redraw" and redraws the live view: no task, no quota spent', async function () {
    if (!uiDriverUrl) this.skip(); // the button is clicked in the webview (code-server launcher only)
    const api = await extensionApi();
    await vscode.window.showTextDocument(uri, { viewColumn: vscode.ViewColumn.One });
    const opened = await vscode.commands.executeCommand<LiveOutcome>('reportStudio.openLivePreview', uri);
    assert.equal(opened?.status, 'shown', JSON.stringify(opened));
    await waitForViewerState(
      api.resultPanels,
      uri,
      'the live PDF',
      (s) => s.view === 'pdf' && /\.live\.pdf$/.test(s.result?.fileName ?? ''),
    );
    await waitForElement(NAME, 'the rebuild button saying Redraw', '#rebuild', (e) => e.text.trim() === 'Redraw' && !e.disabled);
    const before = await run<QuotaRecord>('checkQuota', { show: false });
    const rendered = nextEvent(api.livePreview.onDidRender, (e) => e.report.toString() === uri.toString(), 30_000);
    const rebuilt = nextEvent(api.resultPanels.onDidRequestRebuild, () => true, 30_000);
    await ui('click', { report: NAME, selector: '#rebuild' });
    assert.equal((await rebuilt).kind, 'live');
    assert.equal((await rendered).outcome.status, 'shown');
    const after = await run<QuotaRecord>('checkQuota', { show: false });
    assert.equal(after.remaining_single_page_reports, before.remaining_single_page_reports, 'no quota spent');
    assert.equal(after.remaining_multi_page_reports, before.remaining_multi_page_reports);
    await screenshot('live-redraw');
  });

  it('an unreachable service: one sentence, Build fails fast without asking, "Use Local Service" previews on the local one', async () => {
    const port = await closedPort();
    const restore = await withSettings({ service: 'custom', customBaseUrl: `http://127.0.0.1:${port}/api/v1` });
    try {
      await run('setApiKey', 'rs_offline_test_0123456789');
      await vscode.window.showTextDocument(uri, { viewColumn: vscode.ViewColumn.One });
      const sentence = (what: string) =>
        `The ${what} of ${NAME} could not reach the custom service (127.0.0.1:${port}): nothing is listening at that address.`;
      // No question about a quota nobody could read: the build is not even sent.
      const build = await run('build', uri);
      assert.deepEqual([build.status, build.errorKind, build.message], ['error', 'network', sentence('build')]);
      const preview = await run('preview', uri);
      assert.deepEqual([preview.status, preview.errorKind, preview.message], ['error', 'network', sentence('preview')]);
      if (!uiDriverUrl) return;
      await waitForElement(NAME, 'the sentence on the error page', '#errorMessage', (e) => e.text === sentence('preview'));
      await waitForElement(NAME, 'the Retry button', '#messageRebuild', (e) => e.text.trim() === 'Retry');
      await waitForElement(NAME, 'the Use Local Service button', '#useLocalService', (e) => !e.hidden && e.width > 0);
      await screenshot('offline-preview');
      const api = await extensionApi();
      await ui('click', { report: NAME, selector: '#useLocalService' });
      await waitForViewerState(api.resultPanels, uri, 'the preview from the local service', (s) => s.view === 'jpeg', 60_000);
      assert.equal(vscode.workspace.getConfiguration('reportStudio').get('service'), 'local');
      await screenshot('offline-use-local');
    } finally {
      await run('clearApiKey');
      await restore();
    }
  });
});
