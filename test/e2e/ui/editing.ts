// Editor checks: completion inside a Card's "options", the hover of a schema diagnostic and of
// an option, New Report's snippet. Each asserts what is on screen, so a screenshot of the wrong
// thing fails the run.
import type { Locator } from 'playwright-core';
import { retry, type Workbench } from './pages';
import { positionOf } from './text';

/** Moves the mouse onto the word at the cursor from elsewhere, as a person does, until `hover` shows. */
async function restMouseOn(wb: Workbench, hover: Locator, what: string): Promise<{ x: number; y: number }> {
  const cursor = await wb.page.locator('.monaco-editor.focused .cursors-layer .cursor').first().boundingBox();
  if (!cursor) throw new Error('no editor cursor on screen');
  await retry(`no hover with ${what} appeared`, 4, async () => {
    await wb.page.mouse.move(cursor.x + 200, cursor.y + 200);
    await wb.page.mouse.move(cursor.x + 4, cursor.y + cursor.height / 2, { steps: 5 });
    await hover.waitFor({ state: 'visible', timeout: 5_000 });
  });
  return cursor;
}

export async function completionCheck(wb: Workbench, text: string) {
  const { page } = wb;
  await wb.editor.open('broken/broken.report.json');
  // The blank line inside the second Card's options.
  const options = positionOf(text, ['components', 0, 'components', 1, 'options']);
  const lines = text.split('\n');
  let line = options.line;
  while (lines[line].trim() !== '') line++;
  await wb.editor.goTo({ line: line + 1, column: lines[line].length + 1 });
  const labels = page.locator('.suggest-widget.visible .monaco-list-row .label-name');
  await wb.editor.suggestCardOptions('the suggest widget never listed "highlighted"');
  const shown = (await labels.allInnerTexts()).map((s) => s.trim());
  await wb.shot('completion-options.png', { of: page.locator('.suggest-widget.visible'), docs: true });
  for (const want of ['units', 'icon', 'highlighted'])
    if (!shown.includes(want)) throw new Error(`suggestions ${JSON.stringify(shown)} lack "${want}"`);
  for (const foreign of ['section_title', 'rows', 'columns', 'data', 'text']) {
    if (shown.includes(foreign)) throw new Error(`suggestions ${JSON.stringify(shown)} include "${foreign}", not a Card option`);
  }
  await page.keyboard.press('Escape');
  return shown;
}

export async function hoverCheck(wb: Workbench, text: string) {
  const enumValue = positionOf(text, ['config', 'colour_theme']);
  await wb.editor.goTo({ line: enumValue.line, column: enumValue.column + 3 });
  // The squiggle under "rainbow" must be drawn before hovering it.
  await wb.editor.squiggles.first().waitFor({ timeout: 30_000 });
  const hover = wb.page.locator('.monaco-hover:not(.hidden)', { hasText: '"colour_theme" should be' }).first();
  await restMouseOn(wb, hover, 'the diagnostic');
  // The shot waits for the hover's fade-in, so the picture is not half transparent.
  await wb.shot('diagnostic-hover.png', { of: hover, docs: true });
  const hoverText = await hover.innerText();
  if (!/"default", "summer"/.test(hoverText)) throw new Error(`hover text lacks the valid values: ${hoverText}`);
  return hoverText;
}

/**
 * Hovering an option's name shows its hover text with the sentence the schema generator adds
 * from the catalogue's declared default (src/catalogue/option.ts): "Default: `…`.".
 */
export async function optionHoverCheck(wb: Workbench, text: string) {
  const key = positionOf(text, ['config', 'typography_theme'], 'key');
  await wb.editor.goTo({ line: key.line, column: key.column + 4 });
  const hover = wb.page.locator('.monaco-hover:not(.hidden)', { hasText: 'Fonts of the whole report' }).first();
  const cursor = await restMouseOn(wb, hover, "the option's text");
  await wb.shot('option-default-hover.png', { of: hover, docs: true });
  const hoverText = await hover.innerText();
  if (!/Default: "default"\./.test(hoverText)) throw new Error(`hover text lacks the generated default sentence: ${hoverText}`);
  if (/\(default\b/i.test(hoverText)) throw new Error(`hover text still states a default in prose: ${hoverText}`);
  await wb.page.mouse.move(cursor.x + 200, cursor.y + 300);
  return hoverText;
}

export async function newReportCheck(wb: Workbench) {
  const { page } = wb;
  // The palette shows contributed commands as "Category: Title".
  await wb.quickInput.command('Report Studio: New Report');
  await wb.tab('new.report.json', { active: true }).waitFor({ timeout: 10_000 });
  // Snippet mode: the first placeholder ("Report title") is selected, ready to type over.
  await page.locator('.monaco-editor .view-lines', { hasText: '"type": "Report"' }).first().waitFor({ timeout: 10_000 });
  await page.locator('.monaco-editor .selected-text').first().waitFor({ timeout: 5_000 });
  await page.keyboard.type('Weekly sales');
  await wb.shot('new-report.png', {
    of: page.locator('.monaco-editor .view-lines', { hasText: '"report_title": "Weekly sales"' }).first(),
  });
  return 'typed over the first placeholder';
}
