// Where the live view goes and how a person gets back to it, driven like a person (issue 30,
// items 3 and 4): an example opened from the walkthrough, its live view from the walkthrough's
// button — beside the example's group, not over it; Ctrl+K V again reuses the one panel, and
// brings it out of the report's group after Ctrl+Shift+V put it there. A Preview then says what
// it is where the Live badge stood, with "Back to live", which brings the live pages back.
// Also the web host's parity (item 5): the quota in the status bar, and the toolbar's link to
// the exported file opening it. Run in both hosts (ui-checks.mjs, ui-web.mjs).
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { docShot } from './shots.mjs';
import { exportBuilds, inViewer } from './ui-newUser.mjs';
import { openWalkthrough, walkthroughStep } from './ui-walkthrough.mjs';
import { viewerFrame, waitInFrame } from './ui-studio.mjs';

const EXAMPLE = 'kpi-dashboard.report.json';
const QUICK_INPUT = '.quick-input-widget';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The editor groups left to right, each as the names on its tabs. */
function tabGroups(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('.editor-group-container')].map((g) =>
      [...g.querySelectorAll('.tabs-container .tab')].map((t) => (t.querySelector('.label-name')?.textContent ?? t.textContent).trim()),
    ),
  );
}

/**
 * Waits until the report's result panel is one tab, in a group of its own beside the report's
 * (the neighbouring group, not the report's); the layout when it is not.
 */
async function waitBeside(page, name, what, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const groups = await tabGroups(page);
    const panels = groups.flatMap((g, i) => g.filter((t) => t === `Report: ${name}`).map(() => i));
    const reports = groups.flatMap((g, i) => (g.includes(name) ? [i] : []));
    if (panels.length === 1 && reports.length === 1 && Math.abs(panels[0] - reports[0]) === 1) return groups;
    if (Date.now() > deadline) throw new Error(`${what}: the panel is not alone beside ${name}; groups: ${JSON.stringify(groups)}`);
    await sleep(200);
  }
}

/** Clicks the report's own tab (the focus in its editor, as a person puts it there). */
async function focusReport(page, name) {
  await page.locator('.tabs-container .tab', { hasText: name }).filter({ hasNotText: 'Report:' }).first().click();
  await page
    .locator('.tabs-container .tab.active', { hasText: name })
    .filter({ hasNotText: 'Report:' })
    .first()
    .waitFor({ timeout: 10_000 });
}

export async function liveBesideCheck(page, shotDir, { quickInput, resetWorkbench }) {
  // From a clean workbench: an earlier check's live view of the workspace's own
  // kpi-dashboard.report.json (the web stage's) is another panel of the same name.
  await resetWorkbench(page);
  try {
    return await liveBeside(page, shotDir, quickInput);
  } finally {
    // The example is an unsaved copy: reverted and closed, with everything else.
    await focusReport(page, EXAMPLE).catch(() => {});
    await resetWorkbench(page);
  }
}

async function liveBeside(page, shotDir, quickInput) {
  // 1. The walkthrough's Open Example: the copy opens beside the walkthrough.
  await openWalkthrough(page);
  const example = await walkthroughStep(page, 'openExample');
  await example.locator('.monaco-button', { hasText: 'Open Example' }).click();
  const box = page.locator(`${QUICK_INPUT} input`).first();
  await box.waitFor({ state: 'visible', timeout: 10_000 });
  await box.fill(EXAMPLE);
  await page.locator(`${QUICK_INPUT} .monaco-list-row.focused`, { hasText: EXAMPLE }).first().waitFor({ timeout: 10_000 });
  await box.press('Enter');
  await page.locator('.tabs-container .tab', { hasText: EXAMPLE }).first().waitFor({ timeout: 15_000 });

  // 2. The walkthrough's Open Live Preview (the walkthrough, not the report, is the active
  // editor then): the live view beside the example's group.
  const live = await walkthroughStep(page, 'liveView');
  await live.locator('.monaco-button', { hasText: 'Open Live Preview' }).click();
  await inViewer(page, EXAMPLE, 'the live view marked Live', () => document.getElementById('liveBadge')?.textContent === 'Live');
  await sleep(300);
  await docShot(page, shotDir, 'live-beside-walkthrough.png');
  const fromWalkthrough = await waitBeside(page, EXAMPLE, 'the live view opened from the walkthrough');

  // 3. Ctrl+Shift+V puts it in place (a tab of the report's group); Ctrl+K V brings that one
  // panel out beside the report again.
  await focusReport(page, EXAMPLE);
  await page.keyboard.press('Control+Shift+V');
  await page.waitForFunction(
    (name) =>
      [...document.querySelectorAll('.editor-group-container')].some((g) => {
        const tabs = [...g.querySelectorAll('.tabs-container .tab')].map((t) => t.textContent);
        return tabs.some((t) => t.includes(`Report: ${name}`)) && tabs.some((t) => t.includes(name) && !t.includes('Report:'));
      }),
    EXAMPLE,
    { timeout: 15_000 },
  );
  await focusReport(page, EXAMPLE);
  await page.keyboard.press('Control+K');
  await page.keyboard.press('V');
  // Its render done (the panel shown again by it must stay where it was moved), in a frame found again.
  await inViewer(page, EXAMPLE, 'the live view drawn again', () => document.getElementById('liveBadge')?.textContent === 'Live');
  const reused = await waitBeside(page, EXAMPLE, 'Ctrl+K V after Ctrl+Shift+V');

  // 4. A Preview in that panel: named where the Live badge stood, with the way back.
  await focusReport(page, EXAMPLE);
  await quickInput(page, 'F1', 'Report Studio: Preview Report', 'Report Studio: Preview Report', 'run "Report Studio: Preview Report"');
  const preview = await inViewer(page, EXAMPLE, 'the Preview named, with Back to live', () => {
    const img = document.querySelector('img.jpeg-image');
    const shown = document.getElementById('shownBadge');
    const back = document.getElementById('backToLive');
    const badge = document.getElementById('liveBadge');
    if (!img?.complete || !img.naturalWidth || !shown || shown.hidden || !back || back.hidden || !badge?.hidden) return false;
    return { badge: shown.textContent, button: back.textContent.trim(), title: shown.title };
  });
  await sleep(300);
  await docShot(page, shotDir, 'preview-back-to-live.png');
  await waitBeside(page, EXAMPLE, 'the Preview in the same panel');

  // 5. Back to live: the live pages, their badge and page navigation again.
  await (await viewerFrame(page, EXAMPLE)).click('#backToLive');
  const back = await inViewer(page, EXAMPLE, 'the live view back, with its pages', () => {
    const badge = document.getElementById('liveBadge');
    const count = document.getElementById('pageCount');
    const nav = count?.closest('.tb-group');
    if (!badge || badge.hidden || badge.textContent !== 'Live' || !nav || nav.hidden || !/of \d/.test(count.textContent)) return false;
    if (!document.getElementById('backToLive').hidden || !document.querySelector('.pdf-page canvas')) return false;
    return { badge: badge.textContent, pages: count.textContent };
  });
  await sleep(300);
  await docShot(page, shotDir, 'back-to-live.png');
  return { fromWalkthrough, reused, preview, back };
}

/**
 * The web host's parity with the desktop (item 5): a report on screen shows the quota in the
 * status bar; a Build exported next to the report (reportStudio.export.build) is linked from
 * the viewer's toolbar, and the link opens the written PDF in the PDF viewer.
 */
export async function exportedFileCheck(page, shotDir, { openFile, quickInput, workspace, resetWorkbench }) {
  const restore = exportBuilds(workspace);
  const pdf = join(workspace, 'examples', 'invoice.pdf');
  try {
    await openFile(page, 'examples/invoice.report.json');
    const quota = page.locator('.statusbar-item', { hasText: /\d+ single · \d+ multi/ }).first();
    await quota.waitFor({ state: 'visible', timeout: 30_000 });
    const quotaText = (await quota.innerText()).trim();
    await quickInput(page, 'F1', 'Report Studio: Build Report', 'Report Studio: Build Report', 'run "Report Studio: Build Report"');
    const link = await inViewer(
      page,
      'invoice.report.json',
      'the built PDF with the link to the exported file',
      () => {
        const a = document.getElementById('openExported');
        return !!document.querySelector('.pdf-pages canvas') && a && !a.hidden ? a.textContent.trim() : false;
      },
      90_000,
    );
    if (!existsSync(pdf)) throw new Error(`the Build's PDF was not written to ${pdf}`);
    await (await viewerFrame(page, 'invoice.report.json')).click('#openExported');
    await page.locator('.tabs-container .tab.active', { hasText: 'invoice.pdf' }).first().waitFor({ timeout: 15_000 });
    const opened = await waitInFrame(await viewerFrame(page, 'invoice.pdf'), 'the exported PDF drawn in the PDF viewer', () => {
      const canvas = document.querySelector('.pdf-pages canvas');
      return canvas && canvas.width > 0 ? document.getElementById('pageCount')?.textContent : false;
    });
    await sleep(300);
    await docShot(page, shotDir, 'exported-file-opened.png');
    return { quota: quotaText, link, opened };
  } finally {
    restore(pdf);
    await resetWorkbench(page);
  }
}
