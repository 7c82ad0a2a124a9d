// UI checks of Preview, Build, the quota status bar and Set API Key, driven like a person
// (command palette, keybinding, mouse) with screenshots. Run by checks.ts (and web.ts).
import { positionOf, readExample } from './text';
import { retry, type Workbench } from './pages';
import { waitFor } from '../../helpers/waitFor';

/** Screenshots the progress notification if it is still up (a fast local render may beat it). */
async function progressShot(wb: Workbench, name: string, title: string): Promise<string | null> {
  const toast = wb.notifications.toast(title);
  try {
    await toast.waitFor({ state: 'visible', timeout: 3_000 });
    await wb.page.screenshot({ path: `${wb.shotDir}/${name}` });
    return (await toast.innerText()).replace(/\s+/g, ' ').trim();
  } catch {
    return null;
  }
}

export async function previewCheck(wb: Workbench) {
  const { page } = wb;
  await wb.editor.open('examples/kpi-dashboard.report.json');
  // Opening a report shows the quota, fetched lazily from the local service.
  const quota = await wb.statusBar.quota();
  await wb.quickInput.command('Report Studio: Preview Report');
  const progress = await progressShot(wb, 'preview-progress.png', 'Previewing kpi-dashboard.report.json');
  const image = await wb.viewer.until('kpi-dashboard.report.json', 'the preview JPEG is decoded and on screen', () => {
    const img = document.querySelector<HTMLImageElement>('img.jpeg-image');
    const box = img?.getBoundingClientRect();
    return img && img.complete && img.naturalWidth > 0 && box && box.width > 100
      ? { naturalWidth: img.naturalWidth, naturalHeight: img.naturalHeight, shownWidth: Math.round(box.width) }
      : false;
  });
  await wb.shot('preview-panel.png');
  const tab = page.locator('.tabs-container .tab', { hasText: 'kpi-dashboard.report.json' });
  if ((await tab.count()) < 2) throw new Error('expected the report tab and its result panel tab');
  return { statusBar: quota.text, progress, image };
}

export async function buildCheck(wb: Workbench) {
  const { page } = wb;
  await wb.editor.open('examples/analytics.report.json');
  const before = await wb.statusBar.quota();
  // The keybinding (Ctrl+Shift+Alt+P); open() left the focus in the report editor. On the
  // local service the Build starts at once: its development quota is free, nothing to confirm.
  const dialog = page.locator('.monaco-dialog-box');
  const building = wb.notifications.toast('Building analytics.report.json');
  await retry('Ctrl+Shift+Alt+P started no Build', 3, async () => {
    await page.keyboard.press('Control+Shift+Alt+P');
    await building.waitFor({ state: 'visible', timeout: 10_000 });
  });
  if ((await dialog.count()) > 0) throw new Error(`a local Build asked first: "${(await dialog.innerText()).replace(/\s+/g, ' ')}"`);
  const progress = (await building.innerText().catch(() => '')).replace(/\s+/g, ' ').trim();
  await page.screenshot({ path: `${wb.shotDir}/build-progress.png` });
  const viewer = await wb.viewer.until('analytics.report.json', 'the PDF viewer shows 3 pages with ink on the first', () => {
    const count = document.getElementById('pageCount')?.textContent ?? '';
    const canvas = document.querySelector<HTMLCanvasElement>('.pdf-pages canvas');
    if (!/of 3/.test(count) || !canvas || canvas.width === 0) return false;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let inked = 0;
    for (let i = 0; i < data.length; i += 4 * 11) if (data[i] < 200 || data[i + 1] < 200 || data[i + 2] < 200) inked++;
    return inked > 100 ? { pageCount: count, canvasWidth: canvas.width, inkedSamples: inked } : false;
  });
  // The build's response headers update the status bar: one multi-page report less.
  let after = before;
  await waitFor(
    `the status bar to count one multi-page report less than "${before.text}"`,
    async () => (after = await wb.statusBar.quota()).multi === before.multi - 1,
    15_000,
    200,
  ).catch(() => {});
  if (after.multi !== before.multi - 1 || after.single !== before.single)
    throw new Error(`status bar went from "${before.text}" to "${after.text}"`);
  await wb.shot('pdf-viewer.png', { docs: true });
  return { asked: false, progress, viewer, statusBar: `${before.text} → ${after.text}` };
}

export async function quotaTooltipCheck(wb: Workbench) {
  const { page } = wb;
  const { item } = await wb.statusBar.quota();
  const hover = page.locator('.monaco-hover:not(.hidden), .workbench-hover', { hasText: 'Report Studio quota' }).first();
  await retry('no quota tooltip', 4, async () => {
    const box = (await item.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y - 80);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 5 });
    await hover.waitFor({ state: 'visible', timeout: 5_000 });
  });
  await wb.shot('quota-tooltip.png', { of: hover, docs: true });
  const text = (await hover.innerText()).replace(/\s+/g, ' ');
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

export async function apiKeyInputCheck(wb: Workbench) {
  const { page } = wb;
  await wb.quickInput.command('Report Studio: Set API Key');
  const box = wb.quickInput.widget;
  await box.waitFor({ state: 'visible', timeout: 10_000 });
  const input = box.locator('input.input');
  if ((await input.getAttribute('type')) !== 'password') throw new Error('the API key box is not a password input');
  await page.keyboard.type('k3y42');
  const message = box.locator('.quick-input-message', { hasText: 'Too short' });
  await wb.shot('set-api-key.png', { of: message });
  if ((await box.innerText()).includes('k3y42')) throw new Error('the typed key is visible');
  await page.keyboard.press('Escape');
  await box.waitFor({ state: 'hidden', timeout: 5_000 });
  return 'password box with validation; nothing stored';
}

/**
 * Open Live Preview on the KPI dashboard, then the cursor into one Card: the live PDF shows
 * with its "Live" badge and that Card — only it — is outlined on the page.
 */
export async function liveSyncCheck(wb: Workbench) {
  const { page } = wb;
  const report = 'kpi-dashboard.report.json';
  await wb.editor.open(`examples/${report}`);
  await wb.quickInput.command('Report Studio: Open Live Preview');
  await wb.viewer.until(report, 'the live PDF with its Live badge', () => {
    const badge = document.getElementById('liveBadge');
    return !!badge && !badge.hidden && badge.textContent === 'Live' && !!document.querySelector('.pdf-page[data-page="1"] canvas');
  });
  // Into the title of the Sales section's second Card ("Orders").
  const title = positionOf(readExample(report), ['components', 0, 'components', 1, 'options', 'title']);
  await page.keyboard.press('Control+1');
  await wb.editor.goTo({ line: title.line, column: title.column + 2 });
  const outlined = await wb.viewer.until(report, 'the Orders card outlined on page 1', () => {
    const boxes = Array.from(document.querySelectorAll<HTMLElement>('.sync-box'));
    return boxes.length === 1 && boxes[0].closest<HTMLElement>('.pdf-page')?.dataset.page === '1' ? (boxes[0].dataset.path ?? '') : false;
  });
  if (outlined !== 'components[0].components[1]') throw new Error(`the outline is on ${outlined}, not the Orders card`);
  await wb.shot('live-sync.png', { docs: true });
  return { outlined };
}
