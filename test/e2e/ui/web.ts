// The `e2e-web` stage (`node scripts/e2e/run.mjs --web`): the packaged extension in code-server's
// web worker extension host — its `browser` entry, dist/web/extension.js, as VS Code for the Web
// runs it. code-server runs an extension with both entries in its Node extension host (it is a
// remote setup); the user setting `remote.extensionKind` = ["web"] for the extension moves it to
// the web worker host (docs/testing.md, _The browser build_). The mocha suite cannot follow it
// there (it runs in the Node host, and an extension's API is not reachable from another host),
// so the stage runs the UI checks of the authoring loop — the same functions as the e2e stage,
// selected by title — after one that reads from the Report Studio log which host runs it and
// that the local service it started is the in-browser one.
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { installVsix, launchBrowser, prepareRunDirs, startCodeServer } from '../../../scripts/e2e/code-server.mjs';
import { trackResourceLoads } from './driver';
import { makeWorkspace } from '../../../scripts/e2e/workspace.mjs';
import { checkRunner, uiGrepMatches, type Check, type Step, type UiResult } from './checks';
import { completionCheck, hoverCheck } from './editing';
import { newUserWalkCheck } from './newUser';
import { Workbench } from './pages';
import { quickFixCheck, renderNoteQuickFixCheck, serviceQuickFixCheck } from './quickfix';
import { buildCheck, liveSyncCheck, previewCheck } from './studio';
import { fixtureText } from './text';

/** The switch: this profile's settings run the extension in the web worker extension host. */
export const WEB_HOST_SETTINGS = { 'remote.extensionKind': { 'report-studio.report-studio': ['web'] } };

const HOST_LINE = 'Report Studio runs in the web worker extension host';

/**
 * After the checks that rendered: the Report Studio log, as a person opens it (Report Studio:
 * Show Log), says the extension runs in the web worker host, and that the local service that
 * served them is the in-browser one (no 127.0.0.1 port: nothing listens on a socket).
 */
async function webHostCheck(wb: Workbench) {
  const { page } = wb;
  await wb.quickInput.command('Report Studio: Show Log');
  // The log's filter box shows the lines that say it, however many requests were logged since.
  const filter = page.locator('.panel input[placeholder="Filter"]').first();
  const lines = page.locator('.panel .view-lines');
  // Typed while the output view is still settling, the filter can be dropped: typed again then.
  const logLine = async (words: string, timeout = 30_000): Promise<string> => {
    const line = lines.filter({ hasText: words }).first();
    for (let left = Math.ceil(timeout / 5_000); ; left--) {
      await filter.fill(words);
      try {
        await line.waitFor({ timeout: 5_000 });
        return (await line.innerText()).replace(/\s+/g, ' ');
      } catch (e) {
        if (left <= 1) throw e;
      }
    }
  };
  const started = 'Local service started on';
  let text = await logLine(started, 10_000).catch(() => undefined);
  if (!text) {
    // Run alone, no check before this one started the service.
    await wb.quickInput.command('Report Studio: Start Local Service');
    text = await logLine(started);
  }
  const origin = text.match(/Local service started on (\S+)/)?.[1] ?? '';
  if (/^https?:\/\/(127\.0\.0\.1|localhost):\d+/.test(origin)) throw new Error(`the local service listens on a port: ${origin}`);
  if (!text.includes('(data: in memory)')) throw new Error(`the local service keeps its data elsewhere: ${text}`);
  await logLine(HOST_LINE);
  await wb.shot('web-host-log.png', { of: lines.filter({ hasText: HOST_LINE }).first(), docs: true });
  // The Node host's commands are disabled here: the palette does not offer Compare with… even for
  // a report (its palette entry is for reports).
  await wb.editor.open('examples/invoice.report.json');
  await page.keyboard.press('F1');
  const box = page.locator('.quick-input-widget input').first();
  // "C" lists Check Quota (so the list has filtered), and Compare with… would be beside it.
  await box.fill('>Report Studio: C');
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Check Quota' }).first().waitFor({ timeout: 10_000 });
  const offered = await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Compare with' }).count();
  await page.keyboard.press('Escape');
  if (offered > 0) throw new Error('the command palette offers "Compare with…" in the web worker host');
  return { host: HOST_LINE, localService: origin };
}

/**
 * A service that allows no calls from the page (no CORS headers: the browser refuses its
 * answers), as the custom service with a key: Preview fails with the client's sentence naming
 * it, and Use Local Service previews on the in-browser service instead.
 */
async function blockedServiceCheck(wb: Workbench) {
  const { page } = wb;
  let asked = 0;
  const service = createServer((req, res) => {
    asked++;
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((r) => service.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
  try {
    await wb.editor.open('examples/invoice.report.json');
    // As a person chooses it: Select Service → Custom URL… → the address, then Set API Key. Each
    // command's box opens in place of the palette, so each step waits for the box's own title.
    const widget = page.locator('.quick-input-widget');
    const box = widget.locator('input').first();
    const choose = async (text: string, row: string, nextTitle: string) => {
      await box.fill(text);
      await widget.locator('.monaco-list-row.focused', { hasText: row }).waitFor({ timeout: 10_000 });
      await box.press('Enter');
      await widget.locator('.quick-input-title', { hasText: nextTitle }).waitFor({ timeout: 10_000 });
    };
    await page.keyboard.press('F1');
    await choose('>Report Studio: Select Service', 'Select Service', 'Select Service');
    await choose('Custom URL', 'Custom URL', 'Custom Service URL');
    await box.fill(`${origin}/api/v1`);
    await box.press('Enter');
    await widget.waitFor({ state: 'hidden', timeout: 5_000 });
    // The extension reads the new setting a moment later in this host: it logs the custom URL once it does.
    const filter = page.locator('.panel input[placeholder="Filter"]').first();
    const chosen = `Service set to custom (${origin}/api/v1)`;
    await wb.quickInput.command('Report Studio: Show Log');
    await filter.fill(chosen);
    await page.locator('.panel .view-lines', { hasText: chosen }).first().waitFor({ timeout: 15_000 });
    // Then the key (before the custom service is chosen, a key would select the hosted service,
    // which a test must never call).
    await page.keyboard.press('F1');
    await choose('>Report Studio: Set API Key', 'Set API Key', 'Set API Key');
    await box.fill('web-stage-key-0123456789');
    await box.press('Enter');
    await widget.waitFor({ state: 'hidden', timeout: 5_000 });
    const blocked = wb.notifications.toast(`The browser blocked the request to ${origin}`);
    await wb.quickInput.command('Report Studio: Preview Report');
    await blocked.waitFor({ timeout: 30_000 });
    const sentence = (await blocked.innerText()).replace(/\s+/g, ' ').trim();
    await wb.shot('web-blocked-service.png', { of: blocked });
    await blocked.locator('.monaco-button', { hasText: 'Use Local Service' }).click();
    await wb.viewer.until('invoice.report.json', 'the preview on the local service', () => {
      const img = document.querySelector<HTMLImageElement>('img.jpeg-image');
      return !!img && img.complete && img.naturalWidth > 0;
    });
    return { sentence: sentence.slice(0, 300), requestsSeen: asked };
  } finally {
    service.closeAllConnections();
    await new Promise((r) => service.close(r));
  }
}

/**
 * The outline as a person reaches it: Go to Symbol in Editor (Ctrl+Shift+O) on the fixture lists
 * the report and its components by the labels the extension's symbol provider gives them.
 */
async function outlineCheck(wb: Workbench) {
  const { page } = wb;
  await wb.editor.open('broken/broken.report.json');
  await page.locator('.monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+Shift+O');
  const rows = page.locator('.quick-input-widget .monaco-list-row');
  await rows.filter({ hasText: 'Quarterly KPIs' }).first().waitFor({ timeout: 15_000 });
  await rows.filter({ hasText: 'Key metrics' }).first().waitFor({ timeout: 5_000 });
  const labels = (await rows.allInnerTexts()).map((t) => t.split('\n')[0]);
  await wb.shot('outline.png', { of: rows.filter({ hasText: 'Key metrics' }).first() });
  await page.keyboard.press('Escape');
  return labels.slice(0, 6);
}

/**
 * The checks of the web stage: title → run. Each runs the same function as its twin in the
 * `e2e` stage, and only where the web worker host changes what it checks: the local service in
 * the browser, the viewer's messages, file writes through the workspace file system. What the
 * host does not change (the walkthrough's text, the option hover, the palette's password box,
 * trust, locale, multi-root folders, where a panel opens) runs in the `e2e` stage alone.
 */
function webChecks(wb: Workbench, workspace: string): Check[] {
  const text = fixtureText();
  return [
    // First: a new user starts from a clean workbench (it closes what it opened).
    [
      "web: a new user's path — New Report from the walkthrough, live view, a mistake and its fix, Preview, Build, the written PDF opened",
      () => newUserWalkCheck(wb, workspace),
    ],
    ['web: completion inside a Card\'s "options" lists Card options only', () => completionCheck(wb, text)],
    ['web: the squiggle under a bad enum shows the schema diagnostic', () => hoverCheck(wb, text)],
    ['web: Ctrl+. on a schema diagnostic offers and applies the closest-enum quick fix', () => quickFixCheck(wb, text)],
    ['web: Go to Symbol lists the report and its components (the outline)', () => outlineCheck(wb)],
    ['web: Preview Report shows the JPEG of the in-browser local service', () => previewCheck(wb)],
    ['web: Build shows the PDF of the in-browser local service and the quota it spent', () => buildCheck(wb)],
    ['web: Open Live Preview draws the report and outlines the Card the cursor is in', () => liveSyncCheck(wb)],
    // Not here, though once run in both hosts (~80 s and ~44 s each in CI): where the live view
    // opens (liveBesideCheck) is decided by the same extension code through the same editor
    // API in either host, and what differs in this one — the live pages, a Preview named in the
    // panel with Back to live, drawn by the in-browser service — the new user's path above
    // checks here; so it does the quota in the status bar and the exported PDF opened from the
    // viewer's link (exportedFileCheck), written through this host's file system.
    [
      'web: what the in-browser local service refuses is a red error, once — its 422 adds no second problem; "Add missing option" leaves a selected valid 0',
      () => serviceQuickFixCheck(wb, text),
    ],
    [
      'web: content cut from a single page is a warning on its section from the live view; Ctrl+. offers "Enable multi-page reports"',
      () => renderNoteQuickFixCheck(wb, workspace),
    ],
    // Last: it reads what the checks before it logged.
    ['web: the extension runs in the web worker extension host, with the in-browser local service', () => webHostCheck(wb)],
    [
      'web: a service the browser blocks (no CORS) fails with one sentence naming it, and Use Local Service previews instead',
      () => blockedServiceCheck(wb),
    ],
  ];
}

/** Runs the web stage on its own code-server and profile; returns { passed, failures }. */
export async function runWebStage({
  vsix,
  runDir,
  shotDir,
  step,
}: {
  vsix: string;
  runDir: string;
  shotDir: string;
  step: Step;
}): Promise<UiResult> {
  mkdirSync(shotDir, { recursive: true });
  const dirs = prepareRunDirs(runDir, WEB_HOST_SETTINGS);
  installVsix(dirs, vsix);
  const workspace = makeWorkspace(join(dirs.runDir, 'workspace'));
  const server = await startCodeServer(dirs, workspace);
  step(`code-server (web worker extension host) listening on ${server.url}`);
  const context = await launchBrowser(join(dirs.runDir, 'chromium-profile'));
  const page = await context.newPage();
  const wb = new Workbench(page, shotDir);
  const inflight = trackResourceLoads(page);
  const result: UiResult = { passed: 0, failures: [] };
  try {
    await page.goto(`${server.url}/?folder=${encodeURIComponent(workspace)}`);
    await wb.ready();
    const runCheck = checkRunner(result, shotDir, step);
    for (const [title, check] of webChecks(wb, workspace).filter(([t]) => uiGrepMatches(t, process.env.REPORT_STUDIO_UI_GREP))) {
      await runCheck(title, check, page);
    }
  } finally {
    await inflight.settle();
    await context.close().catch(() => {});
    await server.stop();
  }
  return result;
}
