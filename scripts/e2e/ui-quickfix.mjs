// UI check: a diagnostic with its quick fix, the way a person meets it — the squiggle under a
// bad enum value, Ctrl+. opens the quick-fix menu (screenshot), choosing the fix rewrites the
// value and the squiggle goes; Ctrl+Z restores the fixture. Plugged into runUiChecks with the
// harness's own helpers (scripts/e2e/ui-checks.mjs):
//   ['UI: Ctrl+. on a schema diagnostic offers and applies the quick fix', () => quickFixCheck(page, shotDir, { openFile, goTo, positionOf, text })]
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { docShot } from './shots.mjs';
import { viewerFrame } from './ui-studio.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const MENU = '.action-widget';
const FIX = 'Replace "rainbow" with';

/** Ctrl+. until the quick-fix menu offers `fix` (code actions arrive a little after the squiggle). */
async function openQuickFixMenu(page, fix) {
  const row = page.locator(`${MENU} .monaco-list-row`, { hasText: fix });
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('Control+.');
    try {
      await row.first().waitFor({ state: 'visible', timeout: 5_000 });
      return;
    } catch (e) {
      if (attempt >= 5) throw new Error(`the quick-fix menu never offered "${fix}": ${e.message}`, { cause: e });
      await page.keyboard.press('Escape');
      await sleep(1_000);
    }
  }
}

export async function quickFixCheck(page, shotDir, { openFile, goTo, positionOf, text }) {
  await openFile(page, 'broken/broken.report.json');
  const value = positionOf(text, ['config', 'colour_theme']);
  await goTo(page, { line: value.line, column: value.column + 3 });
  await page.locator('.monaco-editor .squiggly-warning, .monaco-editor .squiggly-error').first().waitFor({ timeout: 30_000 });
  await openQuickFixMenu(page, FIX);
  // Rows of the menu, its "Quick Fix" group header left out.
  const offered = (await page.locator(`${MENU} .monaco-list-row`).allInnerTexts())
    .map((s) => s.trim().replace(/\s+/g, ' '))
    .filter((s) => s !== 'Quick Fix');
  await sleep(200); // the menu fades in
  await page.screenshot({ path: join(shotDir, 'quick-fix.png') });
  const replace = offered.filter((o) => o.startsWith(FIX));
  if (replace.length < 1 || replace.length > 3) throw new Error(`expected 1–3 replacements, menu shows ${JSON.stringify(offered)}`);
  const chosen = replace[0].match(/with "([^"]+)"/)?.[1];
  const focused = (await page.locator(`${MENU} .monaco-list-row.focused`).first().innerText()).trim();
  if (!focused.startsWith(FIX)) throw new Error(`the focused row is ${JSON.stringify(focused)}, not the first fix`);
  await page.keyboard.press('Enter'); // applies the focused first fix, as a person would
  const line = page.locator('.monaco-editor .view-line', { hasText: `"colour_theme": "${chosen}"` });
  await line.first().waitFor({ timeout: 10_000 });
  // The warning under the value is gone (the Card's missing "value" still has its own).
  await page.waitForFunction(
    () => document.querySelectorAll('.monaco-editor .squiggly-warning, .monaco-editor .squiggly-error').length === 1,
    null,
    { timeout: 15_000 },
  );
  await page.keyboard.press('Control+Z');
  await page.locator('.monaco-editor .view-line', { hasText: '"colour_theme": "rainbow"' }).first().waitFor({ timeout: 10_000 });
  return { offered, applied: chosen };
}

/**
 * A Preview's 422 as a person meets it: the fixture's two mistakes (the Card without "value",
 * the bad theme) are already marked by the editor's schema check — as errors, red, since the
 * service refuses both (issue 30) — so the rejected Preview adds no second problem for either
 * (one mistake, one problem) while the result panel lists the service's errors in plain words.
 * Ctrl+. on the Card's "options" offers "Add missing option": the cursor lands on a valid value
 * of the option's type (`0`, selected; screenshot) with no blank line after it, typing 42
 * replaces it and that error goes; Ctrl+Z restores the fixture.
 *   ['UI: a Preview's 422 adds no second problem …', () => serviceQuickFixCheck(page, shotDir, { openFile, goTo, positionOf, quickInput, text })]
 */
export async function serviceQuickFixCheck(page, shotDir, { openFile, goTo, positionOf, quickInput, text }) {
  await openFile(page, 'broken/broken.report.json');
  const warnings = page.locator('.monaco-editor .squiggly-warning');
  const errors = page.locator('.monaco-editor .squiggly-error');
  await page.waitForFunction(() => document.querySelectorAll('.monaco-editor .squiggly-error').length === 2, null, { timeout: 30_000 });
  await quickInput(page, 'F1', 'Report Studio: Preview Report', 'Report Studio: Preview Report', 'run "Report Studio: Preview Report"');
  // This report's result panel, told apart from any other webview (a walkthrough's media) by its name.
  const panel = await viewerFrame(page, 'broken.report.json');
  await panel.locator('text=Missing required option "value" in Card options').first().waitFor({ timeout: 60_000 });
  await panel.locator('text=/"colour_theme" should be/').first().waitFor({ timeout: 10_000 });
  // The extension sets its Problems before it posts the list, over the same channel: had the
  // 422 added any, they would be there by now.
  const [red, yellow] = [await errors.count(), await warnings.count()];
  if (red !== 2 || yellow !== 0)
    throw new Error(`what the service refuses is an error, once: expected 2 errors and no warning, the editor shows ${red} and ${yellow}`);
  await docShot(page, shotDir, 'service-refused-errors.png');
  // Back in the report's editor (the result panel opened beside it, in group 2).
  await page.keyboard.press('Control+1');
  const key = positionOf(text, ['components', 0, 'components', 0, 'options'], 'key');
  await goTo(page, { line: key.line, column: key.column + 2 });
  await openQuickFixMenu(page, 'Add missing option "value": 0');
  await sleep(200);
  await docShot(page, shotDir, 'service-quick-fix.png');
  const offered = (await page.locator(`${MENU} .monaco-list-row`).allInnerTexts())
    .map((s) => s.trim().replace(/\s+/g, ' '))
    .filter((s) => s !== 'Quick Fix');
  await page.keyboard.press('Enter');
  // The value is a valid 0, a selected tab stop: the next keys replace it, and typing nothing leaves valid JSON.
  await page.locator('.monaco-editor .view-line', { hasText: '"value": 0' }).first().waitFor({ timeout: 10_000 });
  await page.locator('.monaco-editor .selected-text').first().waitFor({ timeout: 10_000 });
  await sleep(200);
  await page.screenshot({ path: join(shotDir, 'quick-fix-placeholder.png') });
  // No blank line after the inserted value: the Card's next option is on the very next line
  // (the editor's lines are placed absolutely: compared by where they are drawn).
  const top = async (hasText) => (await page.locator('.monaco-editor .view-line', { hasText }).first().boundingBox()).y;
  const [valueTop, unitsTop, titleTop] = [await top('"value": 0'), await top('"units": "USD"'), await top('"title": "Revenue"')];
  if (unitsTop - valueTop !== valueTop - titleTop)
    throw new Error(`a gap after "value": 0: "title" at ${titleTop}, "value" at ${valueTop}, "units" at ${unitsTop}`);
  await page.keyboard.type('42');
  await page.locator('.monaco-editor .view-line', { hasText: '"value": 42' }).first().waitFor({ timeout: 10_000 });
  // The fix's lines sit in the document's indentation: the snippet is not indented a second time.
  const indent = async (hasText) =>
    (await page.locator('.monaco-editor .view-line', { hasText }).first().innerText()).match(/^[\s\u00a0]*/)[0].length;
  const [title, units] = [await indent('"title": "Revenue"'), await indent('"units": "USD"')];
  if (title !== units) throw new Error(`"units" is indented ${units}, "title" ${title}`);
  // The Card's error goes as soon as the option is there; the theme's stays.
  await page.waitForFunction(
    () =>
      document.querySelectorAll('.monaco-editor .squiggly-error').length === 1 &&
      !document.querySelector('.monaco-editor .squiggly-warning'),
    null,
    { timeout: 15_000 },
  );
  // Undo the typing, then the fix: the fixture as it was.
  await page.keyboard.press('Control+Z');
  await page.locator('.monaco-editor .view-line', { hasText: '"value": 0' }).first().waitFor({ timeout: 10_000 });
  await page.keyboard.press('Control+Z');
  await page.locator('.monaco-editor .view-line', { hasText: '"value": 0' }).first().waitFor({ state: 'detached', timeout: 10_000 });
  return { offered, errors: red, warnings: yellow };
}

/**
 * Twelve sections of a Card on a single page (the shape of test/helpers/overflowReport.ts,
 * which the plain-Node UI checks cannot import): the renderer cuts everything from the first
 * section that does not fit.
 */
function overflowingReport() {
  const components = Array.from({ length: 12 }, (_, i) => ({
    type: 'Section',
    options: { section_title: `Part ${i + 1}` },
    components: [{ type: 'Card', options: { title: `Revenue in region ${i + 1}`, value: `$${(i + 1) * 120}k` } }],
  }));
  return `${JSON.stringify({ type: 'Report', options: { report_title: 'Cut short' }, components }, null, 2)}\n`;
}

/**
 * Content cut from a single page as a person meets it (issue 30): the live view's render note is
 * a warning in Problems on the section that did not fit; clicking it goes there, Ctrl+. offers
 * "Enable multi-page reports" (screenshot), and applying it clears the warning; Ctrl+Z restores.
 *   ['UI: content cut from a single page …', () => renderNoteQuickFixCheck(page, shotDir, { openFile, quickInput, workspace })]
 */
export async function renderNoteQuickFixCheck(page, shotDir, { openFile, quickInput, workspace }) {
  const name = 'cut-short.report.json';
  writeFileSync(join(workspace, name), overflowingReport());
  try {
    await openFile(page, name);
    await quickInput(page, 'F1', 'Report Studio: Open Live Preview', 'Report Studio: Open Live Preview', 'run "Open Live Preview"');
    await viewerFrame(page, name);
    await page.keyboard.press('Control+Shift+M');
    const row = page.locator('.markers-panel .monaco-list-row', { hasText: 'did not fit on the single page' }).first();
    await row.waitFor({ timeout: 60_000 });
    const severity = (await row.getAttribute('aria-label')) ?? '';
    if (!/warning/i.test(severity)) throw new Error(`the cut section is not a warning in Problems: ${severity}`);
    const problem = (await row.innerText()).replace(/\s+/g, ' ').trim();
    // Its place: the first section cut, by its "type" line.
    await row.dblclick();
    await page.locator('.monaco-editor .squiggly-warning').first().waitFor({ timeout: 10_000 });
    await openQuickFixMenu(page, 'Enable multi-page reports');
    await sleep(200);
    await docShot(page, shotDir, 'render-note-quick-fix.png');
    const offered = (await page.locator(`${MENU} .monaco-list-row`).allInnerTexts())
      .map((s) => s.trim().replace(/\s+/g, ' '))
      .filter((s) => s !== 'Quick Fix');
    // openQuickFixMenu left it focused (the only fix here, and preferred): Enter applies it.
    await page.locator(`${MENU} .monaco-list-row.focused`, { hasText: 'Enable multi-page reports' }).first().waitFor({ timeout: 5_000 });
    await page.keyboard.press('Enter');
    // The cause is gone: the warning goes with the edit, and the live view draws every page.
    await row.waitFor({ state: 'detached', timeout: 15_000 });
    const frame = await viewerFrame(page, name);
    await frame.locator('.pdf-page[data-page="2"]').first().waitFor({ state: 'attached', timeout: 30_000 });
    await sleep(300);
    await docShot(page, shotDir, 'render-note-fixed.png');
    // Undone: the next drawing is cut again, and its note is back on the section.
    await page.keyboard.press('Control+Z');
    await row.waitFor({ timeout: 30_000 });
    return { problem, offered };
  } finally {
    await quickInput(page, 'F1', 'View: Close All Editors', 'View: Close All Editors', 'close all editors').catch(() => {});
    await quickInput(page, 'F1', 'View: Hide Panel', 'View: Hide Panel', 'hide the Problems panel').catch(() => {});
    rmSync(join(workspace, name), { force: true });
  }
}
