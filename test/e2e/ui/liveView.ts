// Where the live view goes and how a person gets back to it, driven like a person (issue 30,
// items 3 and 4): an example opened from the walkthrough, its live view from the walkthrough's
// button — beside the example's group, not over it; Ctrl+K V again reuses the one panel, and
// brings it out of the report's group after Ctrl+Shift+V put it there. A Preview then says what
// it is where the Live badge stood, with "Back to live", which brings the live pages back.
// Also the quota in the status bar, and the toolbar's link to the exported file opening it.
// Both run in the `e2e` stage only (web.ts says why).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { exportBuilds } from './newUser';
import { resetWorkbench } from './reset';
import type { Workbench } from './pages';
import { waitFor } from '../../helpers/waitFor';

const EXAMPLE = 'kpi-dashboard.report.json';

/** The editor groups left to right, each as the names on its tabs. */
function tabGroups(wb: Workbench): Promise<string[][]> {
  return wb.page.evaluate(() =>
    Array.from(document.querySelectorAll('.editor-group-container')).map((g) =>
      Array.from(g.querySelectorAll('.tabs-container .tab')).map((t) =>
        (t.querySelector('.label-name')?.textContent ?? t.textContent ?? '').trim(),
      ),
    ),
  );
}

/**
 * Waits until the report's result panel is one tab, in a group of its own beside the report's
 * (the neighbouring group, not the report's); the layout when it is not.
 */
async function waitBeside(wb: Workbench, name: string, what: string, timeoutMs = 15_000): Promise<string[][]> {
  let groups: string[][] = [];
  await waitFor(
    `${what}: the panel alone beside ${name}`,
    async () => {
      groups = await tabGroups(wb);
      const panels = groups.flatMap((g, i) => g.filter((t) => t === `Report: ${name}`).map(() => i));
      const reports = groups.flatMap((g, i) => (g.includes(name) ? [i] : []));
      return panels.length === 1 && reports.length === 1 && Math.abs(panels[0] - reports[0]) === 1;
    },
    timeoutMs,
    200,
  ).catch((e: Error) => {
    throw new Error(`${e.message}; groups: ${JSON.stringify(groups)}`, { cause: e });
  });
  return groups;
}

/** Clicks the report's own tab (the focus in its editor, as a person puts it there). */
async function focusReport(wb: Workbench, name: string): Promise<void> {
  const { page } = wb;
  await page.locator('.tabs-container .tab', { hasText: name }).filter({ hasNotText: 'Report:' }).first().click();
  await page
    .locator('.tabs-container .tab.active', { hasText: name })
    .filter({ hasNotText: 'Report:' })
    .first()
    .waitFor({ timeout: 10_000 });
}

export async function liveBesideCheck(wb: Workbench) {
  // From a clean workbench: an earlier check's live view of the workspace's own
  // kpi-dashboard.report.json (the web stage's) is another panel of the same name.
  await resetWorkbench(wb);
  try {
    return await liveBeside(wb);
  } finally {
    // The example is an unsaved copy: reverted and closed, with everything else.
    await focusReport(wb, EXAMPLE).catch(() => {});
    await resetWorkbench(wb);
  }
}

async function liveBeside(wb: Workbench) {
  const { page } = wb;
  // 1. The walkthrough's Open Example: the copy opens beside the walkthrough.
  await wb.walkthrough.open();
  const example = await wb.walkthrough.step('openExample');
  await example.locator('.monaco-button', { hasText: 'Open Example' }).click();
  const box = wb.quickInput.box;
  // Run alone, this click is the extension's first command: the list comes once it has loaded
  // (over 10 s under load).
  await box.waitFor({ state: 'visible', timeout: 60_000 });
  await box.fill(EXAMPLE);
  await page.locator('.quick-input-widget .monaco-list-row.focused', { hasText: EXAMPLE }).first().waitFor({ timeout: 10_000 });
  await box.press('Enter');
  await wb.tab(EXAMPLE).waitFor({ timeout: 15_000 });

  // 2. The walkthrough's Open Live Preview (the walkthrough, not the report, is the active
  // editor then): the live view beside the example's group.
  const live = await wb.walkthrough.step('liveView');
  await live.locator('.monaco-button', { hasText: 'Open Live Preview' }).click();
  // Run alone, the first live view of the window: the local service starts first.
  await wb.viewer.until(EXAMPLE, 'the live view marked Live', () => document.getElementById('liveBadge')?.textContent === 'Live', 90_000);
  await wb.shot('live-beside-walkthrough.png', { docs: true });
  const fromWalkthrough = await waitBeside(wb, EXAMPLE, 'the live view opened from the walkthrough');

  // 3. Ctrl+Shift+V puts it in place (a tab of the report's group); Ctrl+K V brings that one
  // panel out beside the report again.
  await focusReport(wb, EXAMPLE);
  await page.keyboard.press('Control+Shift+V');
  await page.waitForFunction(
    (name) =>
      Array.from(document.querySelectorAll('.editor-group-container')).some((g) => {
        const tabs = Array.from(g.querySelectorAll('.tabs-container .tab')).map((t) => t.textContent ?? '');
        return tabs.some((t) => t.includes(`Report: ${name}`)) && tabs.some((t) => t.includes(name) && !t.includes('Report:'));
      }),
    EXAMPLE,
    { timeout: 15_000 },
  );
  await focusReport(wb, EXAMPLE);
  await page.keyboard.press('Control+K');
  await page.keyboard.press('V');
  // Its render done (the panel shown again by it must stay where it was moved), in a frame found again.
  await wb.viewer.until(EXAMPLE, 'the live view drawn again', () => document.getElementById('liveBadge')?.textContent === 'Live');
  const reused = await waitBeside(wb, EXAMPLE, 'Ctrl+K V after Ctrl+Shift+V');

  // 4. A Preview in that panel: named where the Live badge stood, with the way back.
  await focusReport(wb, EXAMPLE);
  await wb.quickInput.command('Report Studio: Preview Report');
  const preview = await wb.viewer.until(EXAMPLE, 'the Preview named, with Back to live', () => {
    const img = document.querySelector<HTMLImageElement>('img.jpeg-image');
    const shown = document.getElementById('shownBadge');
    const back = document.getElementById('backToLive');
    const badge = document.getElementById('liveBadge');
    if (!img?.complete || !img.naturalWidth || !shown || shown.hidden || !back || back.hidden || !badge?.hidden) return false;
    return { badge: shown.textContent, button: (back.textContent ?? '').trim(), title: shown.title };
  });
  await wb.shot('preview-back-to-live.png', { docs: true });
  await waitBeside(wb, EXAMPLE, 'the Preview in the same panel');

  // 5. Back to live: the live pages, their badge and page navigation again.
  await wb.viewer.click(EXAMPLE, '#backToLive');
  const back = await wb.viewer.until(EXAMPLE, 'the live view back, with its pages', () => {
    const badge = document.getElementById('liveBadge');
    const count = document.getElementById('pageCount');
    const nav = count?.closest<HTMLElement>('.tb-group');
    if (!badge || badge.hidden || badge.textContent !== 'Live' || !nav || nav.hidden || !/of \d/.test(count?.textContent ?? ''))
      return false;
    if (!document.getElementById('backToLive')!.hidden || !document.querySelector('.pdf-page canvas')) return false;
    return { badge: badge.textContent, pages: count!.textContent };
  });
  await wb.shot('back-to-live.png', { docs: true });
  return { fromWalkthrough, reused, preview, back };
}

/**
 * The web host's parity with the desktop (item 5): a report on screen shows the quota in the
 * status bar; a Build exported next to the report (reportStudio.export.build) is linked from
 * the viewer's toolbar, and the link opens the written PDF in the PDF viewer.
 */
export async function exportedFileCheck(wb: Workbench, workspace: string) {
  const restore = exportBuilds(workspace);
  const pdf = join(workspace, 'examples', 'invoice.pdf');
  try {
    await wb.editor.open('examples/invoice.report.json');
    const quota = wb.statusBar.item(/\d+ single · \d+ multi/);
    await quota.waitFor({ state: 'visible', timeout: 30_000 });
    const quotaText = (await quota.innerText()).trim();
    await wb.quickInput.command('Report Studio: Build Report');
    const link = await wb.viewer.until(
      'invoice.report.json',
      'the built PDF with the link to the exported file',
      () => {
        const a = document.getElementById('openExported');
        return !!document.querySelector('.pdf-pages canvas') && a && !a.hidden ? (a.textContent ?? '').trim() : false;
      },
      90_000,
    );
    if (!existsSync(pdf)) throw new Error(`the Build's PDF was not written to ${pdf}`);
    await wb.viewer.click('invoice.report.json', '#openExported');
    await wb.tab('invoice.pdf', { active: true }).waitFor({ timeout: 15_000 });
    const opened = await wb.viewer.until('invoice.pdf', 'the exported PDF drawn in the PDF viewer', () => {
      const canvas = document.querySelector<HTMLCanvasElement>('.pdf-pages canvas');
      return canvas && canvas.width > 0 ? (document.getElementById('pageCount')?.textContent ?? '') : false;
    });
    await wb.shot('exported-file-opened.png', { docs: true });
    return { quota: quotaText, link, opened };
  } finally {
    restore(pdf);
    await resetWorkbench(wb);
  }
}
