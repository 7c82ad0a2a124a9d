// The "Get started with Report Studio" walkthrough as a new user meets it: each step's button is
// clicked in the workbench, acts on the report the user just opened (though the walkthrough is
// the active editor), and the step is ticked only once its action succeeded.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { EXTENSION_ID, waitFor, revertAllEditors } from './helpers';
import { resultTabs, run, useSettings } from './studio';
import { screenshot, ui, uiDriverUrl } from './viewerKit';

const WALKTHROUGH = `${EXTENSION_ID}#reportStudio.gettingStarted`;
const step = (id: string): string => `[data-step-id="${WALKTHROUGH}#${id}"]`;

async function ticked(id: string): Promise<boolean> {
  const [el] = await ui<Array<{ attributes: Record<string, string | null> }>>('workbenchRead', {
    selector: step(id),
    attributes: ['aria-checked'],
  });
  assert.ok(el, `the walkthrough shows the step ${id}`);
  return el.attributes['aria-checked'] === 'true';
}

/** Expands the step (a click on its title) and clicks its button. */
async function clickButton(id: string, label: string): Promise<void> {
  await ui('workbenchClick', { selector: `${step(id)} .step-title` });
  await ui('workbenchClick', { selector: `${step(id)} .monaco-button`, text: label });
}

const waitForTick = (id: string): Promise<true> =>
  waitFor(`the tick of step ${id}`, async () => (await ticked(id)) || undefined).catch(async (error: unknown) => {
    await screenshot(`walkthrough-failed-${id}`);
    throw error;
  });

/** The column of the visible editor showing `untitled:<name>` (the walkthrough keeps the focus after a click). */
const columnOf = (name: string): Promise<vscode.ViewColumn> =>
  waitFor(`an editor showing ${name}`, () => {
    const editor = vscode.window.visibleTextEditors.find(
      (e) => e.document.uri.scheme === 'untitled' && path.posix.basename(e.document.uri.path) === name,
    );
    return editor?.viewColumn;
  });

describe('Report Studio: the walkthrough, step by step', function () {
  this.timeout(240_000);
  useSettings({ confirmBeforeBuild: false, service: 'local' }, async () => {
    await vscode.commands.executeCommand('notifications.clearAll');
    await revertAllEditors();
  });
  before(function () {
    if (!uiDriverUrl) this.skip();
  });

  it('each button acts on the report just opened, and its step is ticked only when that worked', async () => {
    await revertAllEditors();
    // Right after startup the walkthrough may not be registered yet: VS Code then opens its own.
    await waitFor(
      'the walkthrough page',
      async () => {
        await vscode.commands.executeCommand('workbench.action.openWalkthrough', WALKTHROUGH, false);
        return ticked('openExample').then(() => true);
      },
      60_000,
    );

    // Nothing open yet: Preview says so, and its step stays unticked.
    await clickButton('preview', 'Preview Report');
    await ui('notification', { contains: 'Open a report file' });
    assert.equal(await ticked('preview'), false, 'a failed Preview ticks nothing');

    await clickButton('openExample', 'Open Example');
    await ui('typeQuickInput', { text: 'kpi-dashboard', row: 'kpi-dashboard.report.json' });
    await waitForTick('openExample');
    assert.equal(await columnOf('kpi-dashboard.report.json'), 2, 'beside the walkthrough');

    await vscode.commands.executeCommand('workbench.action.focusFirstEditorGroup');
    await clickButton('newReport', 'New Report');
    await waitForTick('newReport');
    assert.equal(await columnOf('new.report.json'), 2, 'beside the walkthrough, in the same group');
    const report = vscode.window.visibleTextEditors.find((e) => e.viewColumn === 2)!.document.uri;

    // From here the walkthrough has the focus again: the buttons act on new.report.json.
    await vscode.commands.executeCommand('workbench.action.focusFirstEditorGroup');
    await clickButton('liveView', 'Open Live Preview');
    await waitForTick('liveView');
    const live = await waitFor('the live view beside the report', () => resultTabs()[0]);
    assert.match(live.label, /new\.report\.json/, 'the live view of the report just created');
    // Beside the report's group (2), not over it: the walkthrough (1) was the active group.
    assert.equal(live.group.viewColumn, 3, "beside the report's group, not a tab over the report");

    await vscode.commands.executeCommand('workbench.action.focusFirstEditorGroup');
    await clickButton('preview', 'Preview Report');
    await waitForTick('preview');

    await vscode.commands.executeCommand('workbench.action.focusFirstEditorGroup');
    await clickButton('build', 'Build Report');
    await waitForTick('build');
    assert.ok(vscode.workspace.textDocuments.some((d) => d.uri.toString() === report.toString() && !d.isClosed));

    await vscode.commands.executeCommand('workbench.action.focusFirstEditorGroup');
    await clickButton('setApiKey', 'Set API Key');
    await ui('typeQuickInput', { text: 'rs-walkthrough-0123456789abcdef' });
    await waitForTick('setApiKey');
    // Gone again while the service setting still says "local": the suites after this one must
    // not find a key that would send their builds to the hosted service.
    assert.equal(await run<boolean>('clearApiKey'), true);

    await vscode.commands.executeCommand('workbench.action.focusFirstEditorGroup');
    await ui('workbenchClick', { selector: `${step('openExample')} .step-title` }); // back to the top: every tick in view
    await screenshot('walkthrough');
  });
});
