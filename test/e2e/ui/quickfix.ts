// UI checks of diagnostics with their quick fixes, the way a person meets them: the squiggle
// under a bad enum value and Ctrl+. (the fix rewrites the value, the squiggle goes; Ctrl+Z
// restores the fixture); what the service refuses, once; content cut from a single page.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Workbench } from './pages';
import { positionOf } from './text';

const MENU = '.action-widget';
const FIX = 'Replace "rainbow" with';

export async function quickFixCheck(wb: Workbench, text: string) {
  const { page } = wb;
  await wb.editor.open('broken/broken.report.json');
  const value = positionOf(text, ['config', 'colour_theme']);
  await wb.editor.goTo({ line: value.line, column: value.column + 3 });
  await wb.editor.squiggles.first().waitFor({ timeout: 30_000 });
  const offered = await wb.editor.quickFixMenu(FIX);
  // The shot waits for the menu's fade-in.
  await wb.shot('quick-fix.png', { of: page.locator(`${MENU} .monaco-list-row.focused`).first() });
  const replace = offered.filter((o) => o.startsWith(FIX));
  if (replace.length < 1 || replace.length > 3) throw new Error(`expected 1–3 replacements, menu shows ${JSON.stringify(offered)}`);
  const chosen = /with "([^"]+)"/.exec(replace[0])?.[1];
  const focused = (await page.locator(`${MENU} .monaco-list-row.focused`).first().innerText()).trim();
  if (!focused.startsWith(FIX)) throw new Error(`the focused row is ${JSON.stringify(focused)}, not the first fix`);
  await page.keyboard.press('Enter'); // applies the focused first fix, as a person would
  await wb.editor.line(`"colour_theme": "${chosen}"`).waitFor({ timeout: 10_000 });
  // The warning under the value is gone (the Card's missing "value" still has its own).
  await page.waitForFunction(
    () => document.querySelectorAll('.monaco-editor .squiggly-warning, .monaco-editor .squiggly-error').length === 1,
    null,
    { timeout: 15_000 },
  );
  await page.keyboard.press('Control+Z');
  await wb.editor.line('"colour_theme": "rainbow"').waitFor({ timeout: 10_000 });
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
 */
export async function serviceQuickFixCheck(wb: Workbench, text: string) {
  const { page } = wb;
  await wb.editor.open('broken/broken.report.json');
  const warnings = page.locator('.monaco-editor .squiggly-warning');
  const errors = page.locator('.monaco-editor .squiggly-error');
  await page.waitForFunction(() => document.querySelectorAll('.monaco-editor .squiggly-error').length === 2, null, { timeout: 30_000 });
  await wb.quickInput.command('Report Studio: Preview Report');
  // This report's result panel, told apart from any other webview (a walkthrough's media) by its name.
  await wb.viewer.until('broken.report.json', "the service's refusal listed", () =>
    document.body.innerText.includes('Missing required option "value" in Card options'),
  );
  await wb.viewer.until(
    'broken.report.json',
    "the theme's refusal listed",
    () => /"colour_theme" should be/.test(document.body.innerText),
    10_000,
  );
  // The extension sets its Problems before it posts the list, over the same channel: had the
  // 422 added any, they would be there by now.
  const [red, yellow] = [await errors.count(), await warnings.count()];
  if (red !== 2 || yellow !== 0)
    throw new Error(`what the service refuses is an error, once: expected 2 errors and no warning, the editor shows ${red} and ${yellow}`);
  await wb.shot('service-refused-errors.png', { docs: true });
  // Back in the report's editor (the result panel opened beside it, in group 2).
  await page.keyboard.press('Control+1');
  const key = positionOf(text, ['components', 0, 'components', 0, 'options'], 'key');
  await wb.editor.goTo({ line: key.line, column: key.column + 2 });
  const offered = await wb.editor.quickFixMenu('Add missing option "value": 0');
  await wb.shot('service-quick-fix.png', { of: page.locator(`${MENU} .monaco-list-row.focused`).first(), docs: true });
  await page.keyboard.press('Enter');
  // The value is a valid 0, a selected tab stop: the next keys replace it, and typing nothing leaves valid JSON.
  await wb.editor.line('"value": 0').waitFor({ timeout: 10_000 });
  await wb.shot('quick-fix-placeholder.png', { of: page.locator('.monaco-editor .selected-text').first() });
  // No blank line after the inserted value: the Card's next option is on the very next line
  // (the editor's lines are placed absolutely: compared by where they are drawn).
  const top = async (hasText: string) => (await wb.editor.line(hasText).boundingBox())!.y;
  const [valueTop, unitsTop, titleTop] = [await top('"value": 0'), await top('"units": "USD"'), await top('"title": "Revenue"')];
  if (unitsTop - valueTop !== valueTop - titleTop)
    throw new Error(`a gap after "value": 0: "title" at ${titleTop}, "value" at ${valueTop}, "units" at ${unitsTop}`);
  await page.keyboard.type('42');
  await wb.editor.line('"value": 42').waitFor({ timeout: 10_000 });
  // The fix's lines sit in the document's indentation: the snippet is not indented a second time.
  const indent = async (hasText: string) => /^[\s\u00a0]*/.exec(await wb.editor.line(hasText).innerText())![0].length;
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
  await wb.editor.line('"value": 0').waitFor({ timeout: 10_000 });
  await page.keyboard.press('Control+Z');
  await wb.editor.line('"value": 0').waitFor({ state: 'detached', timeout: 10_000 });
  return { offered, errors: red, warnings: yellow };
}

/**
 * Twelve sections of a Card on a single page (the shape of test/helpers/overflowReport.ts): the
 * renderer cuts everything from the first section that does not fit.
 */
function overflowingReport(): string {
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
 */
export async function renderNoteQuickFixCheck(wb: Workbench, workspace: string) {
  const { page } = wb;
  const name = 'cut-short.report.json';
  writeFileSync(join(workspace, name), overflowingReport());
  try {
    await wb.editor.open(name);
    await wb.quickInput.command('Report Studio: Open Live Preview');
    await wb.viewer.frame(name);
    await wb.problems.show();
    const row = wb.problems.rows('did not fit on the single page').first();
    await row.waitFor({ timeout: 60_000 });
    const severity = (await row.getAttribute('aria-label')) ?? '';
    if (!/warning/i.test(severity)) throw new Error(`the cut section is not a warning in Problems: ${severity}`);
    const problem = (await row.innerText()).replace(/\s+/g, ' ').trim();
    // Its place: the first section cut, by its "type" line.
    await row.dblclick();
    await page.locator('.monaco-editor .squiggly-warning').first().waitFor({ timeout: 10_000 });
    const offered = await wb.editor.quickFixMenu('Enable multi-page reports');
    // quickFixMenu left it focused (the only fix here, and preferred): Enter applies it.
    const focused = page.locator(`${MENU} .monaco-list-row.focused`, { hasText: 'Enable multi-page reports' }).first();
    await wb.shot('render-note-quick-fix.png', { of: focused, docs: true });
    await page.keyboard.press('Enter');
    // The cause is gone: the warning goes with the edit, and the live view draws every page.
    await row.waitFor({ state: 'detached', timeout: 15_000 });
    await wb.viewer.until(name, 'page 2 drawn', () => !!document.querySelector('.pdf-page[data-page="2"]'), 30_000);
    await wb.shot('render-note-fixed.png', { docs: true });
    // Undone: the next drawing is cut again, and its note is back on the section.
    await page.keyboard.press('Control+Z');
    await row.waitFor({ timeout: 30_000 });
    return { problem, offered };
  } finally {
    await wb.quickInput.command('View: Close All Editors').catch(() => {});
    await wb.quickInput.command('View: Hide Panel').catch(() => {});
    rmSync(join(workspace, name), { force: true });
  }
}
