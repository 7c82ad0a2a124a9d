// UI checks of Preview, Build, the quota status bar and Set API Key, driven like a person
// (command palette, keybinding, mouse) with screenshots. Plugged into runUiChecks with the
// harness's own helpers (scripts/e2e/ui-checks.mjs): each check takes (page, shotDir, { quickInput, openFile }).
import { join } from 'node:path';
import { docShot } from './shots.mjs';

const WEBVIEW = 'iframe.webview.ready';
const STATUS_ITEM = '.statusbar-item';
const QUOTA_TEXT = /(\d+) single · (\d+) multi \(local\)/;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The content frame of the visible result viewer of `report` (its <body data-report>). */
export async function viewerFrame(page, report, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const handle of await page.locator(WEBVIEW).elementHandles()) {
      if (!(await handle.isVisible())) continue;
      for (const inner of (await handle.contentFrame())?.childFrames() ?? []) {
        const name = await inner.evaluate(() => document.body?.dataset.report ?? null).catch(() => null);
        if (name === report) return inner;
      }
    }
    if (Date.now() > deadline) throw new Error(`no visible result viewer of ${report}`);
    await sleep(200);
  }
}

export async function waitInFrame(frame, what, fn, arg, timeoutMs = 60_000) {
  try {
    return await (await frame.waitForFunction(fn, arg, { timeout: timeoutMs, polling: 200 })).jsonValue();
  } catch (e) {
    throw new Error(`${what}: ${e.message}`, { cause: e });
  }
}

/** The quota status bar item: its text and the two numbers (`42 single · 9 multi (local)`). */
async function quotaItem(page, timeoutMs = 60_000) {
  const item = page.locator(STATUS_ITEM, { hasText: QUOTA_TEXT }).first();
  await item.waitFor({ state: 'visible', timeout: timeoutMs });
  const text = (await item.innerText()).trim();
  const [, single, multi] = text.match(QUOTA_TEXT);
  return { item, text, single: Number(single), multi: Number(multi) };
}

/** Screenshots the progress notification if it is still up (a fast local render may beat it). */
async function progressShot(page, shotDir, name, title) {
  const toast = page.locator('.notification-toast', { hasText: title }).first();
  try {
    await toast.waitFor({ state: 'visible', timeout: 3_000 });
    await page.screenshot({ path: join(shotDir, name) });
    return (await toast.innerText()).replace(/\s+/g, ' ').trim();
  } catch {
    return null;
  }
}

export async function previewCheck(page, shotDir, { quickInput, openFile }) {
  await openFile(page, 'examples/kpi-dashboard.report.json');
  // Opening a report shows the quota, fetched lazily from the local service.
  const quota = await quotaItem(page);
  await quickInput(page, 'F1', 'Report Studio: Preview Report', 'Report Studio: Preview Report', 'run "Report Studio: Preview Report"');
  const progress = await progressShot(page, shotDir, 'preview-progress.png', 'Previewing kpi-dashboard.report.json');
  const frame = await viewerFrame(page, 'kpi-dashboard.report.json');
  const image = await waitInFrame(frame, 'the preview JPEG is decoded and on screen', () => {
    const img = document.querySelector('img.jpeg-image');
    const box = img?.getBoundingClientRect();
    return img && img.complete && img.naturalWidth > 0 && box.width > 100
      ? { naturalWidth: img.naturalWidth, naturalHeight: img.naturalHeight, shownWidth: Math.round(box.width) }
      : false;
  });
  await sleep(300);
  await page.screenshot({ path: join(shotDir, 'preview-panel.png') });
  const tab = page.locator('.tabs-container .tab', { hasText: 'kpi-dashboard.report.json' });
  if ((await tab.count()) < 2) throw new Error('expected the report tab and its result panel tab');
  return { statusBar: quota.text, progress, image };
}

export async function buildCheck(page, shotDir, { openFile }) {
  await openFile(page, 'examples/analytics.report.json');
  const before = await quotaItem(page);
  // The keybinding (Ctrl+Shift+Alt+P); openFile left the focus in the report editor. On the
  // local service the Build starts at once: its development quota is free, nothing to confirm.
  const dialog = page.locator('.monaco-dialog-box');
  const building = page.locator('.notification-toast', { hasText: 'Building analytics.report.json' }).first();
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('Control+Shift+Alt+P');
    try {
      await building.waitFor({ state: 'visible', timeout: 10_000 });
      break;
    } catch (e) {
      if (attempt >= 3) throw new Error(`Ctrl+Shift+Alt+P started no Build: ${e.message}`, { cause: e });
    }
  }
  if ((await dialog.count()) > 0) throw new Error(`a local Build asked first: "${(await dialog.innerText()).replace(/\s+/g, ' ')}"`);
  const progress = (await building.innerText().catch(() => '')).replace(/\s+/g, ' ').trim();
  await page.screenshot({ path: join(shotDir, 'build-progress.png') });
  const frame = await viewerFrame(page, 'analytics.report.json');
  const viewer = await waitInFrame(frame, 'the PDF viewer shows 3 pages with ink on the first', () => {
    const count = document.getElementById('pageCount')?.textContent ?? '';
    const canvas = document.querySelector('.pdf-pages canvas');
    if (!/of 3/.test(count) || !canvas || canvas.width === 0) return false;
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    let inked = 0;
    for (let i = 0; i < data.length; i += 4 * 11) if (data[i] < 200 || data[i + 1] < 200 || data[i + 2] < 200) inked++;
    return inked > 100 ? { pageCount: count, canvasWidth: canvas.width, inkedSamples: inked } : false;
  });
  // The build's response headers update the status bar: one multi-page report less.
  const deadline = Date.now() + 15_000;
  let after = await quotaItem(page);
  while (after.multi !== before.multi - 1 && Date.now() < deadline) {
    await sleep(200);
    after = await quotaItem(page);
  }
  if (after.multi !== before.multi - 1 || after.single !== before.single)
    throw new Error(`status bar went from "${before.text}" to "${after.text}"`);
  await sleep(300);
  await docShot(page, shotDir, 'pdf-viewer.png');
  return { asked: false, progress, viewer, statusBar: `${before.text} → ${after.text}` };
}

export async function quotaTooltipCheck(page, shotDir) {
  const { item } = await quotaItem(page);
  const hover = page.locator('.monaco-hover:not(.hidden), .workbench-hover', { hasText: 'Report Studio quota' });
  for (let attempt = 1; ; attempt++) {
    const box = await item.boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y - 80);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 5 });
    try {
      await hover.first().waitFor({ state: 'visible', timeout: 5_000 });
      break;
    } catch (e) {
      if (attempt >= 4) throw new Error(`no quota tooltip: ${e.message}`, { cause: e });
    }
  }
  await sleep(400);
  await docShot(page, shotDir, 'quota-tooltip.png');
  const text = (await hover.first().innerText()).replace(/\s+/g, ' ');
  for (const want of [
    'Single-page reports',
    'Multi-page reports',
    'AI JSON completions',
    'Max pages per report',
    'Subscription: active',
    'local service',
  ]) {
    if (!text.includes(want)) throw new Error(`the tooltip lacks "${want}": ${text}`);
  }
  if (!/Period ends in \d+ days \(\d{4}-\d\d-\d\d \d\d:\d\d UTC\)/.test(text)) throw new Error(`no relative period end in: ${text}`);
  await page.mouse.move(5, 5);
  return text.slice(0, 300);
}

export async function apiKeyInputCheck(page, shotDir, { quickInput }) {
  await quickInput(page, 'F1', 'Report Studio: Set API Key', 'Report Studio: Set API Key', 'run "Report Studio: Set API Key"');
  const box = page.locator('.quick-input-widget');
  await box.waitFor({ state: 'visible', timeout: 10_000 });
  const input = box.locator('input.input');
  if ((await input.getAttribute('type')) !== 'password') throw new Error('the API key box is not a password input');
  await page.keyboard.type('k3y42');
  await box.locator('.quick-input-message', { hasText: 'Too short' }).waitFor({ timeout: 5_000 });
  await sleep(200);
  await page.screenshot({ path: join(shotDir, 'set-api-key.png') });
  if ((await box.innerText()).includes('k3y42')) throw new Error('the typed key is visible');
  await page.keyboard.press('Escape');
  await box.waitFor({ state: 'hidden', timeout: 5_000 });
  return 'password box with validation; nothing stored';
}

/**
 * Open Live Preview on the KPI dashboard, then the cursor into one Card: the live PDF shows
 * with its "Live" badge and that Card — only it — is outlined on the page.
 */
export async function liveSyncCheck(page, shotDir, { quickInput, openFile, goTo, positionOf, readExample }) {
  await openFile(page, 'examples/kpi-dashboard.report.json');
  await quickInput(
    page,
    'F1',
    'Report Studio: Open Live Preview',
    'Report Studio: Open Live Preview',
    'run "Report Studio: Open Live Preview"',
  );
  const frame = await viewerFrame(page, 'kpi-dashboard.report.json');
  await waitInFrame(frame, 'the live PDF with its Live badge', () => {
    const badge = document.getElementById('liveBadge');
    return !!badge && !badge.hidden && badge.textContent === 'Live' && !!document.querySelector('.pdf-page[data-page="1"] canvas');
  });
  // Into the title of the Sales section's second Card ("Orders").
  const title = positionOf(readExample('kpi-dashboard.report.json'), ['components', 0, 'components', 1, 'options', 'title']);
  await page.keyboard.press('Control+1');
  await goTo(page, { line: title.line, column: title.column + 2 });
  const outlined = await waitInFrame(frame, 'the Orders card outlined on page 1', () => {
    const boxes = [...document.querySelectorAll('.sync-box')];
    return boxes.length === 1 && boxes[0].closest('.pdf-page')?.dataset.page === '1' ? boxes[0].dataset.path : false;
  });
  if (outlined !== 'components[0].components[1]') throw new Error(`the outline is on ${outlined}, not the Orders card`);
  await sleep(300);
  await docShot(page, shotDir, 'live-sync.png');
  return { outlined };
}
