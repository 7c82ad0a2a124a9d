// The walkthrough as a new user reads it: every step's description without a literal backtick
// (VS Code renders a step description's own Markdown only partly), and the JSON sample of
// "Open an example report" whole in the media column — its code block no wider than the column
// at the window widths people use — with a screenshot of each step at each width.
import type { Workbench } from './pages';

export const WALKTHROUGH_CHECK_TITLE =
  'UI: the walkthrough shows no literal backtick in a step, and its JSON sample fits the media column at 1024, 1280 and 1600 px';
const STEPS = ['openExample', 'newReport', 'liveView', 'preview', 'build', 'setApiKey'];
/** Window widths people use (a laptop, the default of the UI checks, a desktop), the height of the checks'. */
const WIDTHS = [1024, 1280, 1600];
const HEIGHT = 800;
/** The headings of the two steps' Markdown pages. */
const NEW_REPORT_PAGE = 'Start your own report';
const OPEN_EXAMPLE_PAGE = 'Open an example report';

/** Selects a step; the text of its description as shown (the rendered text, not the source). */
async function selectStep(wb: Workbench, id: string): Promise<string> {
  const step = await wb.walkthrough.step(id);
  const description = step.locator('.step-description-container');
  await description.waitFor({ state: 'visible', timeout: 10_000 });
  return (await description.innerText()).trim();
}

interface BlockWidths {
  scrollWidth: number;
  clientWidth: number;
  bodyScrollWidth: number;
  bodyClientWidth: number;
}

/**
 * The JSON sample's code blocks, each with the widths that say whether it is cut off on the right,
 * scrolled into view: in a window too narrow for two columns the page sits below the steps.
 */
async function sampleWidths(wb: Workbench, heading: string): Promise<BlockWidths[]> {
  const { page } = wb;
  const { element, frame } = await wb.walkthrough.media(heading);
  const blocks = (await frame
    .waitForFunction(
      (heading) => {
        if (document.querySelector('h1')?.textContent !== heading) return false;
        const blocks = Array.from(document.querySelectorAll('pre'));
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
    .then((h) => h.jsonValue())) as (BlockWidths & { top: number })[];
  const box = (await element.boundingBox())!;
  const below = box.y + blocks[0].top - 150;
  if (below > 0) {
    // The wheel over the walkthrough's title scrolls its slide (over the webview it would not).
    await page.locator('.gettingStartedSlideDetails h2.category-title').first().hover();
    await page.mouse.wheel(0, below);
    // What the slide cannot scroll further, the page in the webview does.
    await frame.evaluate(() => document.querySelector('pre')!.scrollIntoView({ block: 'start' }));
  }
  return blocks.map(({ top: _top, ...widths }) => widths);
}

export async function walkthroughCheck(wb: Workbench) {
  const { page } = wb;
  await wb.walkthrough.open();
  const descriptions: Record<string, string> = {};
  const backticks: string[] = [];
  for (const id of STEPS) {
    descriptions[id] = await selectStep(wb, id);
    if (descriptions[id].includes('`')) backticks.push(`${id}: ${descriptions[id]}`);
  }
  const widths: Record<number, BlockWidths[]> = {};
  const clipped: string[] = [];
  try {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHT });
      // Another step's page first, so that the example's is laid out anew at this width. Its page
      // on screen before the next click: VS Code renders a step's Markdown page asynchronously, and
      // a render still under way when the next step is selected can land after that one's (seen
      // when the walkthrough ran first: the example's step selected, New Report's page shown).
      await selectStep(wb, 'newReport');
      await wb.walkthrough.media(NEW_REPORT_PAGE);
      await selectStep(wb, 'openExample');
      const blocks = await sampleWidths(wb, OPEN_EXAMPLE_PAGE);
      widths[width] = blocks;
      // The shot waits for the step's slide-in, so the picture is not half drawn.
      await wb.shot(`walkthrough-open-example-${width}.png`, { docs: true });
      for (const b of blocks) {
        if (b.scrollWidth > b.clientWidth || b.bodyScrollWidth > b.bodyClientWidth)
          clipped.push(
            `at ${width} px: a code block ${b.scrollWidth} px wide in ${b.clientWidth} px (page ${b.bodyScrollWidth} in ${b.bodyClientWidth})`,
          );
      }
    }
    await selectStep(wb, 'newReport');
    await wb.walkthrough.media(NEW_REPORT_PAGE);
    await wb.shot('walkthrough-new-report.png', { docs: true });
  } finally {
    await page.setViewportSize({ width: 1280, height: HEIGHT });
  }
  // The checks after it start from a workbench without the walkthrough's tab.
  await wb.quickInput.command('View: Close All Editors');
  await page.locator('.tabs-container .tab').first().waitFor({ state: 'detached', timeout: 10_000 });
  const problems = [
    ...backticks.map((b) => `a step shows a literal backtick: ${b}`),
    ...clipped.map((c) => `the JSON sample is cut off on the right ${c}`),
  ];
  if (problems.length) throw new Error(problems.join('\n'));
  return { widths, newReport: descriptions.newReport };
}
