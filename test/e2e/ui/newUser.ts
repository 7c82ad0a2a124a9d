// The path a new user walks, driven like a person with a screenshot at each stop: New Report
// from the walkthrough (the quota in the status bar) → the live view (Ctrl+K V) → a misspelt
// type (one problem, the live view paused with the reason in words) and its fix → save →
// Preview (in the same panel, named, with Back to live) → Build (no question on the local
// service) → the PDF written next to the report (reportStudio.export.build) opened from the
// viewer's link to it, in the PDF viewer. Run first by checks.ts and web.ts, on a clean
// workbench; it closes what it opened.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame } from 'playwright-core';
import type { Workbench } from './pages';
import { waitFor } from '../../helpers/waitFor';

/** Turns the export of each Build on in the workspace's settings, as a user would in Settings. */
export function exportBuilds(workspace: string): (...written: string[]) => void {
  const file = join(workspace, '.vscode', 'settings.json');
  mkdirSync(join(workspace, '.vscode'), { recursive: true });
  const before = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  writeFileSync(file, JSON.stringify({ ...(before ? JSON.parse(before) : {}), 'reportStudio.export.build': true }, null, 2));
  // The suite that runs next in this workspace finds its settings and files as they were.
  return (...written) => {
    if (before === undefined) rmSync(file, { force: true });
    else writeFileSync(file, before);
    for (const f of written) rmSync(f, { force: true });
  };
}

/**
 * The live view's viewer. Twice in fresh-clone runs here (a1b8189, c7e54b1) its panel opened and
 * stayed blank for 60 s, its tab in place and no page inside, while the walkthrough's webview
 * beside it had drawn. The extension now loads a page that does not start within 15 s again
 * (webviewStartWatch.ts); should that not help either, a person closes the panel and opens the
 * live view again: so does the walk, once, leaving a screenshot and a line in the log.
 */
async function liveViewFrame(wb: Workbench, name: string): Promise<Frame> {
  const { page } = wb;
  try {
    return await wb.viewer.frame(name, 40_000);
  } catch {
    await page.screenshot({ path: join(wb.shotDir, 'walk-blank-live-view.png') }).catch(() => {});
    console.log(`e2e: the live view of ${name} stayed blank for 40 s; closing it and opening it again`);
    const tab = wb.tab(`Report: ${name}`);
    await tab.hover();
    await tab.locator('.codicon-close').click();
    await tab.waitFor({ state: 'detached', timeout: 10_000 });
    await wb.tab(name).click();
    await page.keyboard.press('Control+K');
    await page.keyboard.press('V');
    return wb.viewer.frame(name);
  }
}

/**
 * The report's live view shows `badge` (and, when paused, a reason matching `reason`). Its frame is
 * found again as it waits: saving the untitled copy moves the panel over to the saved file, whose
 * page loads anew (a CI run here held the first frame, detached).
 */
function liveState(wb: Workbench, name: string, what: string, badge: string, reason?: string) {
  return wb.viewer.until(
    name,
    what,
    ([badge, reason]: [string, string | undefined]) => {
      const b = document.getElementById('liveBadge');
      const r = document.getElementById('liveReason')!;
      if (!b || b.hidden || !(b.textContent ?? '').startsWith(badge)) return false;
      if (reason && (r.hidden || !new RegExp(reason).test(r.textContent ?? ''))) return false;
      return { badge: b.textContent, reason: r.hidden ? null : r.textContent };
    },
    60_000,
    [badge, reason] as [string, string | undefined],
  );
}

/** Until `file` is on disk. */
function written(file: string, what: string): Promise<void> {
  return waitFor(`${what}: ${file} written`, () => existsSync(file), 15_000, 100);
}

export async function newUserWalkCheck(wb: Workbench, workspace: string) {
  const restore = exportBuilds(workspace);
  const files: string[] = [];
  try {
    return await walk(wb, workspace, files);
  } finally {
    restore(...files);
  }
}

async function walk(wb: Workbench, workspace: string, files: string[]) {
  const { page } = wb;
  const editorAt = () =>
    page
      .locator('.monaco-editor')
      .first()
      .click({ position: { x: 200, y: 40 } });
  // 1. The walkthrough's "Start your own report" → New Report.
  await wb.walkthrough.open();
  const step = await wb.walkthrough.step('newReport');
  await step.locator('.monaco-button', { hasText: 'New Report' }).click();
  // An earlier check may have left a new.report.json open: the name is the active tab's.
  const tab = wb.tab(/new(-\d+)?\.report\.json/, { active: true });
  await tab.waitFor({ timeout: 15_000 });
  const name = /new(-\d+)?\.report\.json/.exec((await tab.getAttribute('aria-label')) ?? '')![0];
  await page.locator('.monaco-editor .selected-text').first().waitFor({ timeout: 10_000 });
  await page.keyboard.type('Weekly sales');
  await page.keyboard.press('Escape');
  await wb.shot('walk-1-new-report.png', { of: wb.editor.line('Weekly sales'), docs: true });
  // A report on screen: its quota in the status bar (in both extension hosts).
  const quota = wb.statusBar.item(/\d+ single · \d+ multi/);
  await quota.waitFor({ state: 'visible', timeout: 30_000 });
  const quotaText = (await quota.innerText()).trim();

  // 2. The live view, the Markdown preview's key.
  await page.keyboard.press('Control+K');
  await page.keyboard.press('V');
  await liveViewFrame(wb, name);
  await liveState(wb, name, 'the live view marked Live', 'Live');
  await wb.viewer.until(name, 'the title drawn', () =>
    /Weekly sales/.test(document.querySelector('.pdf-page .textLayer')?.textContent ?? ''),
  );
  await wb.shot('walk-2-live-view.png', { docs: true });

  // 3. A mistake: the first Card misspelt. Find selects the word; typing replaces the selection.
  await editorAt();
  await page.keyboard.press('Control+F');
  const find = page.locator('.monaco-editor .find-widget.visible');
  await find.waitFor({ timeout: 10_000 });
  await page.keyboard.type('Card');
  // Escape closes the find widget (once its input has taken the keys: pressed again until it is gone).
  await waitFor(
    'the find widget closed',
    async () => {
      await page.keyboard.press('Escape');
      return find.waitFor({ state: 'detached', timeout: 1_000 }).then(
        () => true,
        () => false,
      );
    },
    10_000,
  );
  await page.keyboard.type('Crad');
  await page.keyboard.press('Escape'); // the suggestion of "Card" stays a suggestion
  const paused = await liveState(wb, name, 'the live view paused, the reason in words', 'Paused', 'Crad');
  await page.waitForFunction(() => /[1-9]/.test(document.querySelector('[id="status.problems"]')?.textContent ?? ''), null, {
    timeout: 15_000,
  });
  await wb.problems.show();
  // The editor's schema check names the typo and the valid types, as an error (the service refuses it).
  const rows = wb.problems.rows('Unknown component type "Crad"');
  const row = rows.first();
  await row.waitFor({ timeout: 15_000 });
  const shownProblems = await rows.count();
  // Red: an error, as what the service refuses is (issue 30); the selected row shows its lightbulb, not its icon.
  const severity = (await row.getAttribute('aria-label')) ?? '';
  if (!/error/i.test(severity)) throw new Error(`the misspelt type is not an error in Problems: ${severity}`);
  await wb.shot('walk-3-mistake.png', { of: row, docs: true });
  if (shownProblems !== 1) throw new Error(`one mistake, one problem: Problems lists ${shownProblems} rows about the type`);

  // ... and its fix: undo; the live view resumes, the problem goes.
  await editorAt();
  await page.keyboard.press('Control+Z');
  await liveState(wb, name, 'the live view Live again after the fix', 'Live');
  await row.waitFor({ state: 'detached', timeout: 15_000 });
  const problemsAfter = (await wb.problems.counter.innerText()).replace(/\s+/g, ' ').trim();

  // 4. Save: New Report's copy already names its file in the workspace folder, no dialog.
  await editorAt();
  await page.keyboard.press('Control+S');
  const saved = join(workspace, name);
  files.push(saved);
  await written(saved, 'Ctrl+S');
  // VS Code then swaps the untitled editor for the saved file's: a quick input opened during the
  // swap closes at once. The saved file's tab, not dirty, is the end of it.
  await page.locator('.tabs-container .tab.active:not(.dirty)', { hasText: name }).first().waitFor({ timeout: 15_000 });
  // ... and its editor has the focus: the swap's focus change is over, so it cannot close the
  // command palette opened next (its Enter then went into the report: CI run 26).
  await page.locator('.editor-group-container.active .monaco-editor.focused').first().waitFor({ timeout: 15_000 });
  // Saving the untitled copy must not pause the live view on the emptied copy.
  await liveState(wb, name, 'the live view still Live after the save', 'Live');
  const stem = name.replace(/\.report\.json$/, '');

  // 5. Preview (free): the JPEG in the panel.
  await wb.quickInput.command('Report Studio: Preview Report');
  // In the live view's panel (the saved file's: the one panel of the report), named where the
  // Live badge stood, with the way back to the live view beside it.
  // 90 s, as the Build's: the panel's page may load again (the saved file's folder joins its
  // resource roots), and a page that stalls is loaded again after 15 s (webviewStartWatch.ts).
  const preview = await wb.viewer.until(
    name,
    'the preview JPEG, named, with Back to live',
    () => {
      const img = document.querySelector<HTMLImageElement>('img.jpeg-image');
      const shown = document.getElementById('shownBadge');
      const back = document.getElementById('backToLive');
      return !!img && img.complete && img.naturalWidth > 0 && shown && !shown.hidden && back && !back.hidden ? shown.textContent : false;
    },
    90_000,
  );
  const panels = await page.locator('.tabs-container .tab', { hasText: `Report: ${name}` }).count();
  if (panels !== 1) throw new Error(`one panel per report: ${panels} tabs "Report: ${name}" after the save and the Preview`);
  await wb.shot('walk-4-preview.png', { docs: true });

  // 6. Build: no question on the local service, the PDF in the viewer, the file written.
  await page.keyboard.press('Control+1');
  await page.keyboard.press('Control+Shift+Alt+P');
  await wb.viewer.until(
    name,
    'the built PDF',
    () => !!document.querySelector('.pdf-pages canvas') && /of \d/.test(document.getElementById('pageCount')?.textContent ?? ''),
    90_000,
  );
  if (await page.locator('.monaco-dialog-box').isVisible()) throw new Error('a local Build asked a question');
  const pdf = join(workspace, `${stem}.pdf`);
  files.push(pdf);
  await written(pdf, "the Build's PDF");
  const builtMessage = wb.statusBar.item(`${stem}.pdf`);
  await builtMessage.waitFor({ timeout: 15_000 });
  await wb.shot('walk-5-build.png', { of: builtMessage, docs: true });

  // 7. The written PDF, opened from the viewer's link to it: the PDF viewer, not text.
  await wb.viewer.click(name, '#openExported');
  await wb.tab(`${stem}.pdf`, { active: true }).waitFor({ timeout: 15_000 });
  const opened = await wb.viewer.until(`${stem}.pdf`, 'the written PDF drawn in the viewer', () => {
    const canvas = document.querySelector<HTMLCanvasElement>('.pdf-pages canvas');
    return canvas && canvas.width > 0 ? (document.getElementById('pageCount')?.textContent ?? '') : false;
  });
  // The text (binary) tab VS Code opened first gave way to the viewer: one tab for the file.
  await page.waitForFunction(
    (n) => Array.from(document.querySelectorAll('.tabs-container .tab')).filter((t) => (t.textContent ?? '').trim() === n).length === 1,
    `${stem}.pdf`,
    { timeout: 10_000 },
  );
  await wb.shot('walk-6-written-pdf.png', { docs: true });
  // Everything the walk opened is saved: close it and the panel, so the checks after it start clean.
  await page.keyboard.press('Escape');
  await wb.quickInput.command('View: Hide Panel');
  // From the palette, not Ctrl+K Ctrl+W: with the focus left in the PDF viewer's webview, the
  // chord's second key can be lost, and the walkthrough's tab (a webview too) stays open.
  await wb.quickInput.command('View: Close All Editors');
  await page.locator('.tabs-container .tab').first().waitFor({ state: 'detached', timeout: 10_000 });
  await page.locator('iframe.webview').first().waitFor({ state: 'detached', timeout: 10_000 });
  return { name, quota: quotaText, paused, problemsAfter, preview, opened };
}
