// The UI checks of the `e2e` stage (`node scripts/e2e/run.mjs`, loaded through tsx): the
// code-server workbench driven like a person (keyboard, mouse) with screenshots. Each check
// asserts what is on screen, so a screenshot of the wrong thing fails the run.
//   REPORT_STUDIO_UI_GREP=<part>[|<part>…]  only the checks whose title contains a part
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import type { CodeServer, RunDirs } from '../../../scripts/e2e/code-server.mjs';
import { trackResourceLoads } from './driver';
import { BUILD_TIME_CHECK_TITLE, buildTimeCheck } from './buildTime';
import { completionCheck, hoverCheck, newReportCheck, optionHoverCheck } from './editing';
import { exportedFileCheck, liveBesideCheck } from './liveView';
import { LOCALE_CHECK_TITLE, localeCheck } from './locale';
import { MULTI_ROOT_CHECK_TITLE, multiRootCheck } from './multiRoot';
import { newUserWalkCheck } from './newUser';
import { Workbench } from './pages';
import { quickFixCheck, renderNoteQuickFixCheck, serviceQuickFixCheck } from './quickfix';
import { resetWorkbench } from './reset';
import { restrictedModeCheck } from './restricted';
import { apiKeyInputCheck, buildCheck, liveSyncCheck, previewCheck, quotaTooltipCheck } from './studio';
import { fixtureText } from './text';
import { WALKTHROUGH_CHECK_TITLE, walkthroughCheck } from './walkthrough';

export type Step = (message: string) => void;
export interface UiResult {
  passed: number;
  failures: { title: string; error: string }[];
}
/** A check: its title and what it does. */
export type Check = [title: string, run: () => Promise<unknown>];

/**
 * Runs a check and counts it into `result`; each prints its title, time and what it found.
 * `shotPage`: the window to screenshot when it fails (a check in a window of its own takes its own).
 */
export function checkRunner(result: UiResult, shotDir: string, step: Step) {
  return async (title: string, check: () => Promise<unknown>, shotPage?: Page): Promise<void> => {
    const started = Date.now();
    try {
      const detail = await check();
      result.passed++;
      step(`  ✔ ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)\n      ${JSON.stringify(detail).slice(0, 600)}`);
    } catch (e) {
      const wb = shotPage && new Workbench(shotPage, shotDir);
      await shotPage?.screenshot({ path: join(shotDir, `failed-${result.failures.length + 1}.png`) }).catch(() => {});
      // The notifications on screen often say why (a failed Preview, a stalled viewer).
      const toasts = (await wb?.notifications.shown()) ?? [];
      const shown = toasts.length ? `\n      notifications: ${JSON.stringify(toasts)}` : '';
      result.failures.push({ title, error: (e instanceof Error ? e.stack : String(e)) + shown });
      step(`  ✖ ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      // What the failed check left open (an unsaved copy, a panel, a dialog) must not fail the next.
      if (wb) await resetWorkbench(wb).catch((r) => step(`  (the workbench could not be reset: ${r?.message ?? r})`));
    }
  };
}

/** REPORT_STUDIO_UI_GREP: a part of a check's title, or several separated by `|` (unset: every check). */
export function uiGrepMatches(title: string, grep: string | undefined): boolean {
  return !grep || grep.split('|').some((part) => title.includes(part));
}

export async function runUiChecks(
  context: BrowserContext,
  server: CodeServer,
  workspace: string,
  shotDir: string,
  step: Step,
  dirs: RunDirs,
): Promise<UiResult> {
  mkdirSync(shotDir, { recursive: true });
  const text = fixtureText();
  const page = await context.newPage();
  const wb = new Workbench(page, shotDir);
  const inflight = trackResourceLoads(page);
  const result: UiResult = { passed: 0, failures: [] };
  const runCheck = checkRunner(result, shotDir, step);
  const chosen = (checks: Check[]) => checks.filter(([title]) => uiGrepMatches(title, process.env.REPORT_STUDIO_UI_GREP));
  // The checks that need a window of their own, each on a side server of its own (sideServer.ts):
  // one at a time, after this window's checks. Run beside them, on 2 cores with the integration
  // stage beside the e2e stage, they took the CPU a hover in this window waited for (CI, 20 s).
  const side = chosen([
    [
      'UI: Restricted Mode — in a folder not trusted, the live view (its remote image not fetched), completion and validation work; trusting it fetches the image, no reload',
      () => restrictedModeCheck(context, dirs, shotDir),
    ],
    [LOCALE_CHECK_TITLE, () => localeCheck(dirs, shotDir)],
    [MULTI_ROOT_CHECK_TITLE, () => multiRootCheck(dirs, shotDir)],
  ]);
  let lane: Promise<void> | undefined;
  const startLane = () =>
    (lane ??= (async () => {
      for (const [title, check] of side) await runCheck(title, check);
    })());
  try {
    await page.goto(`${server.url}/?folder=${encodeURIComponent(workspace)}`);
    await wb.ready();
    // The web stage (web.ts) runs the checks of the authoring loop again in the web worker host;
    // the ones here without a web twin check what that host does not change (the editor's own
    // language features, the walkthrough, the palette's boxes, trust, locale, folders).
    const checks: Check[] = [
      // First: a new user starts from a clean workbench (it closes what it opened).
      [
        "UI: a new user's path — New Report from the walkthrough, live view, a mistake and its fix, Preview, Build, the written PDF opened",
        () => newUserWalkCheck(wb, workspace),
      ],
      [WALKTHROUGH_CHECK_TITLE, () => walkthroughCheck(wb)],
      [
        'UI: the live view opens beside its report (from the walkthrough, after Ctrl+Shift+V), one panel; a Preview in it offers Back to live',
        () => liveBesideCheck(wb),
      ],
      ["UI: the quota in the status bar; the viewer's link to the exported file opens it", () => exportedFileCheck(wb, workspace)],
      ['UI: completion inside a Card\'s "options" lists Card options only', () => completionCheck(wb, text)],
      ['UI: hovering the squiggle under a bad enum shows the schema diagnostic', () => hoverCheck(wb, text)],
      ['UI: hovering an option shows its default, generated from the catalogue', () => optionHoverCheck(wb, text)],
      ['UI: Ctrl+. on a schema diagnostic offers and applies the closest-enum quick fix', () => quickFixCheck(wb, text)],
      ['UI: "Report Studio: New Report" from the command palette opens the template in snippet mode', () => newReportCheck(wb)],
      ['UI: "Report Studio: Preview Report" from the command palette shows the JPEG beside the report', () => previewCheck(wb)],
      [
        'UI: Ctrl+Shift+Alt+P builds on the local service without asking, then shows the PDF viewer and a decremented status bar',
        () => buildCheck(wb),
      ],
      ['UI: the quota status bar tooltip lists the whole quota record', () => quotaTooltipCheck(wb)],
      [BUILD_TIME_CHECK_TITLE, () => buildTimeCheck(wb)],
      ['UI: Open Live Preview on the KPI dashboard outlines the Card the cursor is in', () => liveSyncCheck(wb)],
      [
        'UI: what the service refuses is a red error, once — a Preview\'s 422 adds no second problem; "Add missing option" leaves a selected valid 0',
        () => serviceQuickFixCheck(wb, text),
      ],
      [
        'UI: content cut from a single page is a warning on its section from the live view; Ctrl+. offers "Enable multi-page reports"',
        () => renderNoteQuickFixCheck(wb, workspace),
      ],
      ['UI: "Report Studio: Set API Key" asks in a password box with validation', () => apiKeyInputCheck(wb)],
    ];
    for (const [title, check] of chosen(checks)) await runCheck(title, check, page);
  } finally {
    startLane();
    // Closed mid-load, the page would hold code-server's webview worker for 30 s (see
    // trackResourceLoads): the suite's first panel would stay blank that long.
    const t = Date.now();
    await inflight.settle();
    step(`UI checks: webview loads settled in ${Date.now() - t} ms`);
    await page.close().catch(() => {});
    await lane;
  }
  return result;
}
