// Drives the code-server workbench like a person (keyboard, mouse) and takes screenshots:
// completion inside a Card's "options", and the hover of a schema diagnostic. Each check
// asserts what is on screen, so a screenshot of the wrong thing fails the run.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import jsonc from 'jsonc-parser'; // UMD: no named ESM exports
const { findNodeAtLocation, parseTree } = jsonc;
import { root } from './build-suite.mjs';
import { trackResourceLoads } from './ui-driver.mjs';
import { quickFixCheck, renderNoteQuickFixCheck, serviceQuickFixCheck } from './ui-quickfix.mjs';
import { newUserWalkCheck } from './ui-newUser.mjs';
import { exportedFileCheck, liveBesideCheck } from './ui-liveView.mjs';
import { apiKeyInputCheck, buildCheck, liveSyncCheck, previewCheck, quotaTooltipCheck } from './ui-studio.mjs';
import { docShot } from './shots.mjs';
import { suggestCardOptions } from './ui-editor.mjs';
import { restrictedModeCheck, startRestricted } from './ui-restricted.mjs';
import { LOCALE_CHECK_TITLE, localeCheck } from './ui-locale.mjs';
import { MULTI_ROOT_CHECK_TITLE, multiRootCheck } from './ui-multiRoot.mjs';
import { WALKTHROUGH_CHECK_TITLE, walkthroughCheck } from './ui-walkthrough.mjs';
import { BUILD_TIME_CHECK_TITLE, buildTimeCheck } from './ui-buildTime.mjs';

export const FIXTURE = 'test/e2e/fixtures/broken.report.json';
const QUICK_INPUT = '.quick-input-widget';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Moves the mouse onto the word at `cursor` from elsewhere, as a person does, until `hover` shows. */
async function restMouseOn(page, cursor, hover, what) {
  for (let attempt = 1; ; attempt++) {
    await page.mouse.move(cursor.x + 200, cursor.y + 200);
    await page.mouse.move(cursor.x + 4, cursor.y + cursor.height / 2, { steps: 5 });
    try {
      await hover.first().waitFor({ state: 'visible', timeout: 5_000 });
      return;
    } catch (e) {
      if (attempt >= 4) throw new Error(`no hover with ${what} appeared: ${e.message}`, { cause: e });
    }
  }
}

/** 1-based line/column of a JSON node (its key with part 'key'). */
export function positionOf(text, path, part = 'value') {
  const node = findNodeAtLocation(parseTree(text), path);
  const target = part === 'key' ? node.parent.children[0] : node;
  const before = text.slice(0, target.offset).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

/**
 * Opens the quick input with `key`, types `text`, waits for a row matching `rowText`, Enter.
 * Retries: keybindings and contributions register a little after the workbench appears.
 */
export async function quickInput(page, key, text, rowText, what) {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.keyboard.press(key);
      await page.locator(QUICK_INPUT).waitFor({ state: 'visible', timeout: 2_000 });
      // Into the box itself, after its prefix (">" for commands, ":" for a line): keystrokes
      // would land in the editor if a late focus change (a custom editor replacing a tab)
      // closed the quick input half-way — a stray letter the next check then finds.
      const box = page.locator(`${QUICK_INPUT} input`).first();
      await box.fill((await box.inputValue()) + text);
      // The focused row, not any row: Enter takes the focused one, and until the list has
      // filtered what was typed, that can still be an entry of the editor history.
      if (rowText) await page.locator(`${QUICK_INPUT} .monaco-list-row.focused`, { hasText: rowText }).first().waitFor({ timeout: 3_000 });
      // Closed meanwhile by a focus change, its box would pass the Enter on to the editor (a
      // line break in the report): try again instead.
      if (!(await page.locator(QUICK_INPUT).isVisible())) throw new Error('the quick input closed before Enter');
      await box.press('Enter');
      await page.locator(QUICK_INPUT).waitFor({ state: 'hidden', timeout: 3_000 });
      return;
    } catch (e) {
      if (attempt >= 8) throw new Error(`${what}: gave up after ${attempt} tries: ${e.message}`, { cause: e });
      await page.keyboard.press('Escape');
      await sleep(1_000);
    }
  }
}

export async function openFile(page, relPath) {
  const name = relPath.split('/').pop();
  await quickInput(page, 'Control+P', relPath, name, `open ${relPath}`);
  await page.locator('.tabs-container .tab.active', { hasText: name }).waitFor({ timeout: 10_000 });
  await page.locator('.monaco-editor .view-lines').first().waitFor();
}

/** An example report's text as the e2e workspace holds it (a copy of examples/). */
export function readExample(name) {
  return readFileSync(join(root, 'examples', name), 'utf8');
}

export async function goTo(page, { line, column }) {
  await quickInput(page, 'Control+G', `${line}:${column}`, null, `go to ${line}:${column}`);
}

export async function completionCheck(page, shotDir, text) {
  await openFile(page, 'broken/broken.report.json');
  // The blank line inside the second Card's options.
  const options = positionOf(text, ['components', 0, 'components', 1, 'options']);
  const lines = text.split('\n');
  let line = options.line;
  while (lines[line].trim() !== '') line++;
  await goTo(page, { line: line + 1, column: lines[line].length + 1 });
  const labels = page.locator('.suggest-widget.visible .monaco-list-row .label-name');
  await suggestCardOptions(page, 'the suggest widget never listed "highlighted"');
  const shown = (await labels.allInnerTexts()).map((s) => s.trim());
  await docShot(page, shotDir, 'completion-options.png');
  for (const want of ['units', 'icon', 'highlighted'])
    if (!shown.includes(want)) throw new Error(`suggestions ${JSON.stringify(shown)} lack "${want}"`);
  for (const foreign of ['section_title', 'rows', 'columns', 'data', 'text']) {
    if (shown.includes(foreign)) throw new Error(`suggestions ${JSON.stringify(shown)} include "${foreign}", not a Card option`);
  }
  await page.keyboard.press('Escape');
  return shown;
}

export async function hoverCheck(page, shotDir, text) {
  const enumValue = positionOf(text, ['config', 'colour_theme']);
  await goTo(page, { line: enumValue.line, column: enumValue.column + 3 });
  // The squiggle under "rainbow" must be drawn before hovering it.
  await page.locator('.monaco-editor .squiggly-warning, .monaco-editor .squiggly-error').first().waitFor({ timeout: 30_000 });
  const cursor = await page.locator('.monaco-editor.focused .cursors-layer .cursor').first().boundingBox();
  if (!cursor) throw new Error('no editor cursor on screen');
  const hover = page.locator('.monaco-hover:not(.hidden)', { hasText: '"colour_theme" should be' });
  await restMouseOn(page, cursor, hover, 'the diagnostic');
  await sleep(300); // let the hover finish its fade-in so the screenshot is not half transparent
  await docShot(page, shotDir, 'diagnostic-hover.png');
  const hoverText = await hover.first().innerText();
  if (!/"default", "summer"/.test(hoverText)) throw new Error(`hover text lacks the valid values: ${hoverText}`);
  return hoverText;
}

/**
 * Hovering an option's name shows its hover text with the sentence the schema generator adds
 * from the catalogue's declared default (src/catalogue/option.ts): "Default: `…`.".
 */
async function optionHoverCheck(page, shotDir, text) {
  const key = positionOf(text, ['config', 'typography_theme'], 'key');
  await goTo(page, { line: key.line, column: key.column + 4 });
  const cursor = await page.locator('.monaco-editor.focused .cursors-layer .cursor').first().boundingBox();
  if (!cursor) throw new Error('no editor cursor on screen');
  const hover = page.locator('.monaco-hover:not(.hidden)', { hasText: 'Fonts of the whole report' });
  await restMouseOn(page, cursor, hover, "the option's text");
  await sleep(300); // the hover's fade-in
  await docShot(page, shotDir, 'option-default-hover.png');
  const hoverText = await hover.first().innerText();
  if (!/Default: "default"\./.test(hoverText)) throw new Error(`hover text lacks the generated default sentence: ${hoverText}`);
  if (/\(default\b/i.test(hoverText)) throw new Error(`hover text still states a default in prose: ${hoverText}`);
  await page.mouse.move(cursor.x + 200, cursor.y + 300);
  return hoverText;
}

async function newReportCheck(page, shotDir) {
  // The palette shows contributed commands as "Category: Title".
  await quickInput(page, 'F1', 'Report Studio: New Report', 'Report Studio: New Report', 'run "Report Studio: New Report"');
  await page.locator('.tabs-container .tab.active', { hasText: 'new.report.json' }).waitFor({ timeout: 10_000 });
  // Snippet mode: the first placeholder ("Report title") is selected, ready to type over.
  await page.locator('.monaco-editor .view-lines', { hasText: '"type": "Report"' }).first().waitFor({ timeout: 10_000 });
  await page.locator('.monaco-editor .selected-text').first().waitFor({ timeout: 5_000 });
  await page.keyboard.type('Weekly sales');
  await page.locator('.monaco-editor .view-lines', { hasText: '"report_title": "Weekly sales"' }).first().waitFor({ timeout: 5_000 });
  await page.screenshot({ path: join(shotDir, 'new-report.png') });
  return 'typed over the first placeholder';
}

/** Closes every editor without saving (undo history is all a failed check leaves) and the panel. */
export async function resetWorkbench(page) {
  for (let i = 0; i < 3; i++) await page.keyboard.press('Escape');
  await quickInput(page, 'F1', 'View: Revert and Close Editor', 'Revert and Close Editor', 'revert the active editor').catch(() => {});
  await quickInput(page, 'F1', 'View: Close All Editors', 'View: Close All Editors', 'close all editors');
  const dontSave = page.locator('.monaco-dialog-box .monaco-button', { hasText: "Don't Save" });
  for (let i = 0; i < 5 && (await dontSave.isVisible().catch(() => false)); i++) await dontSave.click();
  await page.locator('.tabs-container .tab').first().waitFor({ state: 'detached', timeout: 10_000 });
  await quickInput(page, 'F1', 'View: Hide Panel', 'View: Hide Panel', 'hide the panel').catch(() => {});
}

/**
 * Runs one check at a time and counts it into `result`; each prints its title, time and what it
 * found. `shotPage`: the window to screenshot when it fails (an own-window check takes its own).
 */
export function checkRunner(result, shotDir, step) {
  return async (title, check, shotPage) => {
    const started = Date.now();
    try {
      const detail = await check();
      result.passed++;
      step(`  ✔ ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)\n      ${JSON.stringify(detail).slice(0, 600)}`);
    } catch (e) {
      await shotPage?.screenshot({ path: join(shotDir, `failed-${result.failures.length + 1}.png`) }).catch(() => {});
      // The notifications on screen often say why (a failed Preview, a stalled viewer).
      const toasts = await shotPage
        ?.locator('.notification-toast')
        .allInnerTexts()
        .catch(() => []);
      const shown = toasts?.length ? `\n      notifications: ${JSON.stringify(toasts.map((t) => t.replace(/\s+/g, ' ').trim()))}` : '';
      result.failures.push({ title, error: (e instanceof Error ? e.stack : String(e)) + shown });
      step(`  ✖ ${title}`);
      // What the failed check left open (an unsaved copy, a panel, a dialog) must not fail the next.
      if (shotPage) await resetWorkbench(shotPage).catch((r) => step(`  (the workbench could not be reset: ${r?.message ?? r})`));
    }
  };
}

/** REPORT_STUDIO_UI_GREP: a part of a check's title, or several separated by `|` (unset: every check). */
export function uiGrepMatches(title, grep) {
  return !grep || grep.split('|').some((part) => title.includes(part));
}

export async function runUiChecks(context, server, workspace, shotDir, step, dirs) {
  mkdirSync(shotDir, { recursive: true });
  const text = readFileSync(join(root, FIXTURE), 'utf8');
  const page = await context.newPage();
  const inflight = trackResourceLoads(page);
  const result = { passed: 0, failures: [] };
  const runCheck = checkRunner(result, shotDir, step);
  const ownWindow = [];
  // REPORT_STUDIO_UI_GREP: only the checks whose title contains it, or one of its `|`-separated parts.
  const only = process.env.REPORT_STUDIO_UI_GREP;
  const chosenTitle = (title) => uiGrepMatches(title, only);
  const restrictedTitle =
    'UI: Restricted Mode — in a folder not trusted, the live view (its remote image not fetched), completion and validation work; trusting it fetches the image, no reload';
  // Its own code-server starts after the first check, while the checks before it run: not
  // beside this workbench's own start and first webview (a blank first panel, once, under load).
  let restricted;
  const startRestrictedOnce = () => {
    if (!restricted && chosenTitle(restrictedTitle)) {
      restricted = startRestricted(dirs.runDir, dirs.extensionsDir);
      restricted.catch(() => {}); // awaited (and reported) by its check
    }
    return restricted;
  };
  try {
    await page.goto(`${server.url}/?folder=${encodeURIComponent(workspace)}`);
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    const checks = [
      // First: a new user starts from a clean workbench (it closes what it opened).
      [
        "UI: a new user's path — New Report from the walkthrough, live view, a mistake and its fix, Preview, Build, the written PDF opened",
        () => newUserWalkCheck(page, shotDir, { quickInput, workspace }),
      ],
      [WALKTHROUGH_CHECK_TITLE, () => walkthroughCheck(page, shotDir, { quickInput })],
      [
        'UI: the live view opens beside its report (from the walkthrough, after Ctrl+Shift+V), one panel; a Preview in it offers Back to live',
        () => liveBesideCheck(page, shotDir, { quickInput, resetWorkbench }),
      ],
      [
        "UI: the quota in the status bar; the viewer's link to the exported file opens it",
        () => exportedFileCheck(page, shotDir, { openFile, quickInput, workspace, resetWorkbench }),
      ],
      ['UI: completion inside a Card\'s "options" lists Card options only', () => completionCheck(page, shotDir, text)],
      ['UI: hovering the squiggle under a bad enum shows the schema diagnostic', () => hoverCheck(page, shotDir, text)],
      ['UI: hovering an option shows its default, generated from the catalogue', () => optionHoverCheck(page, shotDir, text)],
      [
        'UI: Ctrl+. on a schema diagnostic offers and applies the closest-enum quick fix',
        () => quickFixCheck(page, shotDir, { openFile, goTo, positionOf, text }),
      ],
      ['UI: "Report Studio: New Report" from the command palette opens the template in snippet mode', () => newReportCheck(page, shotDir)],
      [
        'UI: "Report Studio: Preview Report" from the command palette shows the JPEG beside the report',
        () => previewCheck(page, shotDir, { quickInput, openFile }),
      ],
      [
        'UI: Ctrl+Shift+Alt+P builds on the local service without asking, then shows the PDF viewer and a decremented status bar',
        () => buildCheck(page, shotDir, { quickInput, openFile }),
      ],
      ['UI: the quota status bar tooltip lists the whole quota record', () => quotaTooltipCheck(page, shotDir)],
      [BUILD_TIME_CHECK_TITLE, () => buildTimeCheck(page, shotDir, { openFile, resetWorkbench })],
      [
        'UI: Open Live Preview on the KPI dashboard outlines the Card the cursor is in',
        () => liveSyncCheck(page, shotDir, { quickInput, openFile, goTo, positionOf, readExample }),
      ],
      [
        'UI: what the service refuses is a red error, once — a Preview\'s 422 adds no second problem; "Add missing option" leaves a selected valid 0',
        () => serviceQuickFixCheck(page, shotDir, { openFile, goTo, positionOf, quickInput, text }),
      ],
      [
        'UI: content cut from a single page is a warning on its section from the live view; Ctrl+. offers "Enable multi-page reports"',
        () => renderNoteQuickFixCheck(page, shotDir, { openFile, quickInput, workspace }),
      ],
      [
        'UI: "Report Studio: Set API Key" asks in a password box with validation',
        () => apiKeyInputCheck(page, shotDir, { quickInput, openFile }),
      ],
      [restrictedTitle, () => restrictedModeCheck(context, startRestrictedOnce(), shotDir, { quickInput, goTo })],
      // Last, each in a Chromium window of its own once this one is closed (ui-locale.mjs,
      // ui-multiRoot.mjs): their extension hosts start the local service on this window's data dir.
      [LOCALE_CHECK_TITLE, () => localeCheck(server, workspace, dirs, shotDir, { quickInput, openFile }), { ownWindow: true }],
      [MULTI_ROOT_CHECK_TITLE, () => multiRootCheck(server, dirs, shotDir, { quickInput, openFile }), { ownWindow: true }],
    ];
    const chosen = checks.filter(([title]) => chosenTitle(title));
    for (const [title, check] of chosen.filter(([, , o]) => !o?.ownWindow)) {
      await runCheck(title, check, page);
      startRestrictedOnce();
    }
    ownWindow.push(...chosen.filter(([, , o]) => o?.ownWindow));
  } finally {
    // Closed mid-load, the page would hold code-server's webview worker for 30 s (see
    // trackResourceLoads): the suite's first panel would stay blank that long.
    const t = Date.now();
    await inflight.settle();
    step(`UI checks: webview loads settled in ${Date.now() - t} ms`);
    await page.close().catch(() => {});
    await (await restricted?.catch(() => undefined))?.stop();
  }
  for (const [title, check] of ownWindow) await runCheck(title, check);
  return result;
}
