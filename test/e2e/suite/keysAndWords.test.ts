// Keys and words a new user looks for: the Markdown preview's keys open the live view (Ctrl+K V
// beside, Ctrl+Shift+V in place) and Ctrl+K Ctrl+V reveals the cursor's component, pressed in
// the workbench; the status bar's quota reads in words; the `{}` language status of a report
// names the service in use and how the schema is attached.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { settleWebviewLoads, waitFor } from './helpers';
import { cleanUp, openExampleCopy, resultTabs, useSettings } from './studio';
import { screenshot, ui, uiDriverUrl } from './viewerKit';

async function press(document: vscode.TextDocument, keys: string[]): Promise<void> {
  await vscode.window.showTextDocument(document, vscode.ViewColumn.One);
  await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
  await ui('press', { keys });
}

async function closeResults(): Promise<void> {
  await settleWebviewLoads();
  await vscode.window.tabGroups.close(resultTabs());
}

const liveTabOf = (name: string): Promise<vscode.Tab> =>
  waitFor(`the live view of ${name}`, () => resultTabs().find((t) => t.label.includes(name)));

describe('Report Studio: keys and words', function () {
  this.timeout(120_000);
  useSettings({ service: 'local', confirmBeforeBuild: false });
  before(function () {
    if (!uiDriverUrl) this.skip();
  });

  it('Ctrl+K V opens the live view beside the report, Ctrl+Shift+V in its place, Ctrl+K Ctrl+V reveals in it', async () => {
    await cleanUp();
    const { document } = await openExampleCopy('kpi-dashboard.report.json');
    const name = path.basename(document.uri.fsPath);

    await press(document, ['Control+K', 'V']);
    assert.equal((await liveTabOf(name)).group.viewColumn, 2, 'beside the report');
    await closeResults();

    await press(document, ['Control+Shift+V']);
    const inPlace = await waitFor('the live view in the report group', async () => {
      const tab = await liveTabOf(name);
      return tab.group.viewColumn === 1 && tab;
    });
    assert.ok(inPlace.isActive, 'shown in place of the report');
    await closeResults();

    await press(document, ['Control+K', 'Control+V']);
    await liveTabOf(name); // Reveal in Preview opens the live view when the report has none
    await closeResults();
  });

  it('the status bar reads "N single · N multi (local)"; the language status names the service and the schema', async () => {
    await cleanUp();
    await openExampleCopy('invoice.report.json');
    const statusTexts = async (): Promise<string[]> =>
      (await ui<Array<{ text: string }>>('workbenchRead', { selector: '.statusbar-item' })).map((i) => i.text);
    const quota = await waitFor('the quota in words', async () =>
      (await statusTexts()).find((t) => /\d+ single · \d+ multi \(local\)/.test(t)),
    );
    assert.match(quota, /^\S*\s*\d+ single · \d+ multi \(local\)$/);

    const hover = await waitFor('the language status hover', async () => {
      const text = await ui<string>('workbenchHover', { selector: '[id="status.languageStatus"]' });
      return /Report schema/.test(text) && /Local service/.test(text) ? text : undefined;
    });
    assert.match(hover, /by the file name \*\.report\.json/);
    assert.match(hover, /Local service\s*–?\s*Preview and Build · 127\.0\.0\.1:\d+/);
    assert.match(hover, /Select Service/);
    assert.match(hover, /Open Schema/);
    await screenshot('language-status');
  });
});
