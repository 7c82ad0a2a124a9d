// The walkthrough as a new user reads it: every step's description without a literal backtick
// (VS Code renders a step description's own Markdown only partly), and the JSON sample of
// "Open an example report" whole in the media column — its code block no wider than the column
// at the window widths people use — with a screenshot of each step at each width.
import { join } from 'node:path';
import { docShot } from './shots.mjs';

export const WALKTHROUGH_ID = 'report-studio.report-studio#reportStudio.gettingStarted';
export const WALKTHROUGH_CHECK_TITLE =
  'UI: the walkthrough shows no literal backtick in a step, and its JSON sample fits the media column at 1024, 1280 and 1600 px';
const QUICK_INPUT = '.quick-input-widget';
const STEPS = ['openExample', 'newReport', 'liveView', 'preview', 'build', 'setApiKey'];
/** Window widths people use (a laptop, the default of the UI checks, a desktop), the height of the checks'. */
const WIDTHS = [1024, 1280, 1600];
const HEIGHT = 800;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * "Welcome: Open Walkthrough..." → Report Studio. Right after startup the extension's walkthrough
 * may not be listed yet: ask again.
 */
export async function openWalkthrough(page) {
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('F1');
    await page.locator(QUICK_INPUT).waitFor({ state: 'visible', timeout: 10_000 });
    await page.keyboard.type('Welcome: Open Walkthrough');
    await page.locator(`${QUICK_INPUT} .monaco-list-row.focused`, { hasText: 'Open Walkthrough' }).first().waitFor({ timeout: 10_000 });
    await page.keyboard.press('Enter');
    const row = page.locator(`${QUICK_INPUT} .monaco-list-row`, { hasText: 'Report Studio' }).first();
    try {
      await row.waitFor({ timeout: 5_000 });
      await row.click();
      return;
    } catch (e) {
      if (attempt >= 12) throw new Error(`the walkthrough is not listed: ${e.message}`, { cause: e });
      await page.keyboard.press('Escape');
      await sleep(1_000);
    }
  }
}

/** A step of the walkthrough, opened (its title clicked) so that its button shows. */
export async function walkthroughStep(page, id) {
  const step = page.locator(`[data-step-id="${WALKTHROUGH_ID}#${id}"]`);
  await step.locator('.step-title').click();
  return step;
}

/** The step's Markdown page: the visible webview (its element and its inner frame) whose page has a heading. */
async function mediaFrame(page, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const element of await page.locator('iframe.webview').elementHandles()) {
      if (!(await element.isVisible())) continue;
      for (const frame of (await element.contentFrame())?.childFrames() ?? []) {
        if (await frame.evaluate(() => !!document.querySelector('h1')).catch(() => false)) return { element, frame };
      }
    }
    if (Date.now() > deadline) throw new Error('no visible walkthrough media (a webview page with a heading)');
    await sleep(200);
  }
}

/** Selects a step; the text of its description as shown (the rendered text, not the source). */
async function selectStep(page, id) {
  const step = await walkthroughStep(page, id);
  const description = step.locator('.step-description-container');
  await description.waitFor({ state: 'visible', timeout: 10_000 });
  return (await description.innerText()).trim();
}

/**
 * The JSON sample's code blocks, each with the widths that say whether it is cut off on the right,
 * scrolled into view: in a window too narrow for two columns the page sits below the steps.
 */
async function sampleWidths(page, heading) {
  const { element, frame } = await mediaFrame(page);
  const blocks = await frame
    .waitForFunction(
      (heading) => {
        if (document.querySelector('h1')?.textContent !== heading) return false;
        const blocks = [...document.querySelectorAll('pre')];
        if (blocks.length === 0) return false;
        return blocks.map((pre) => ({
          top: pre.getBoundingClientRect().top,
          scrollWidth: pre.scrollWidth,
          clientWidth: pre.clientWidth,
          bodyScrollWidth: document.documentElement.scrollWidth,
          bodyClientWidth: document.documentElement.clientWidth,
        }));
      },
      heading,
      { timeout: 30_000, polling: 200 },
    )
    .then((h) => h.jsonValue());
  const box = await element.boundingBox();
  const below = box.y + blocks[0].top - 150;
  if (below > 0) {
    // The wheel over the walkthrough's title scrolls its slide (over the webview it would not).
    await page.locator('.gettingStartedSlideDetails h2.category-title').first().hover();
    await page.mouse.wheel(0, below);
    // What the slide cannot scroll further, the page in the webview does.
    await frame.evaluate(() => document.querySelector('pre').scrollIntoView({ block: 'start' }));
  }
  return blocks.map(({ top: _top, ...widths }) => widths);
}

export async function walkthroughCheck(page, shotDir, { quickInput }) {
  await openWalkthrough(page);
  const descriptions = {};
  const backticks = [];
  for (const id of STEPS) {
    descriptions[id] = await selectStep(page, id);
    if (descriptions[id].includes('`')) backticks.push(`${id}: ${descriptions[id]}`);
  }
  const widths = {};
  const clipped = [];
  try {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHT });
      await selectStep(page, 'newReport');
      await selectStep(page, 'openExample');
      const blocks = await sampleWidths(page, 'Open an example report');
      widths[width] = blocks;
      await sleep(300); // the step's slide-in, so the picture is not half drawn
      await docShot(page, shotDir, `walkthrough-open-example-${width}.png`);
      for (const b of blocks) {
        if (b.scrollWidth > b.clientWidth || b.bodyScrollWidth > b.bodyClientWidth)
          clipped.push(
            `at ${width} px: a code block ${b.scrollWidth} px wide in ${b.clientWidth} px (page ${b.bodyScrollWidth} in ${b.bodyClientWidth})`,
          );
      }
    }
    await selectStep(page, 'newReport');
    await sleep(300);
    await docShot(page, shotDir, 'walkthrough-new-report.png');
  } finally {
    await page.setViewportSize({ width: 1280, height: HEIGHT });
  }
  // The checks after it start from a workbench without the walkthrough's tab.
  await quickInput(page, 'F1', 'View: Close All Editors', 'View: Close All Editors', 'close all editors');
  await page.locator('.tabs-container .tab').first().waitFor({ state: 'detached', timeout: 10_000 });
  const problems = [
    ...backticks.map((b) => `a step shows a literal backtick: ${b}`),
    ...clipped.map((c) => `the JSON sample is cut off on the right ${c}`),
  ];
  if (problems.length) throw new Error(problems.join('\n'));
  return { widths, newReport: descriptions.newReport };
}
