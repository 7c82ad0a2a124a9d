// A multi-root workspace (docs/extension.md, Settings): two folders whose `.vscode/settings.json`
// differ in the settings that belong to a folder, opened as a `.code-workspace` in a Chromium
// window of its own, on a side server of its own. The second folder is the one that matters: a default that fell back to the
// first workspace folder would be caught there. Checked like a person, the files read from disk:
// - north: preview on save on, previews exported to `previews/`;
// - south: preview on save off, builds and previews exported to `pdfs/`;
// - saving south's report previews nothing; its Build writes `south/pdfs/south.pdf`;
// - New Report with south's report active makes an unsaved `new.report.json` that Ctrl+S writes
//   into south; Save Report As… of its preview proposes `south/new.jpg`;
// - saving north's report previews it into `north/previews/north.jpg`.
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunDirs } from '../../../scripts/e2e/code-server.mjs';
import { launchSideBrowser, startSideServer, stopwatch } from './sideServer';
import { Workbench } from './pages';
import { waitFor } from '../../helpers/waitFor';

export const MULTI_ROOT_CHECK_TITLE =
  'UI: multi-root — each report uses its own folder’s settings; New Report and Save As start in the active report’s folder';

const report = (title: string) =>
  `${JSON.stringify({ type: 'Report', options: { report_title: title }, components: [{ type: 'Text', options: { text: title } }] }, null, 2)}\n`;

const FOLDERS: Record<string, Record<string, unknown>> = {
  north: { 'reportStudio.previewOnSave': 'onSave', 'reportStudio.export.preview': true, 'reportStudio.export.folder': 'previews' },
  south: {
    'reportStudio.previewOnSave': 'off',
    'reportStudio.export.preview': true,
    'reportStudio.export.build': true,
    'reportStudio.export.folder': 'pdfs',
  },
};

const WORKSPACE_FILE = 'two-folders.code-workspace';

/** The two folders and the workspace file under `dir`; returns the workspace file. */
function makeWorkspace(dir: string): string {
  rmSync(dir, { recursive: true, force: true });
  for (const [name, settings] of Object.entries(FOLDERS)) {
    mkdirSync(join(dir, name, '.vscode'), { recursive: true });
    writeFileSync(join(dir, name, '.vscode', 'settings.json'), JSON.stringify(settings, null, 2));
    writeFileSync(join(dir, name, `${name}.report.json`), report(name));
  }
  const file = join(dir, WORKSPACE_FILE);
  writeFileSync(file, JSON.stringify({ folders: [{ path: 'north' }, { path: 'south' }] }, null, 2));
  return file;
}

function fileAppears(file: string, what: string, timeoutMs = 30_000): Promise<void> {
  return waitFor(`${what}: ${file} written`, () => existsSync(file), timeoutMs, 100);
}

/** Every file under `dir`, relative, for the failure messages and the result. */
function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.name === '.vscode' ? [] : e.isDirectory() ? filesUnder(join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
  );
}

/** True once the explorer lists both folders of the workspace (false after 20 s). */
async function foldersShown(wb: Workbench): Promise<boolean> {
  const row = (name: string) => wb.page.locator('.explorer-folders-view .monaco-list-row', { hasText: name }).first();
  try {
    await row('north').waitFor({ timeout: 20_000 });
    await row('south').waitFor({ timeout: 5_000 });
    return true;
  } catch {
    return false;
  }
}

/** Types a space at the end of the active editor's text and saves it (a save of a changed file). */
async function editAndSave({ page }: Workbench): Promise<void> {
  await page.locator('.monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' ');
  await page.keyboard.press('Control+S');
  await page.locator('.tabs-container .tab.active:not(.dirty)').first().waitFor({ timeout: 10_000 });
}

/** On a side server of its own (sideServer.ts), in a Chromium window of its own. */
export async function multiRootCheck(main: RunDirs, shotDir: string) {
  let root = '';
  const side = await startSideServer(main, 'multi-root', {
    prepare: (dirs) => makeWorkspace((root = join(dirs.runDir, 'workspace'))),
  });
  const { server } = side;
  const workspaceFile = join(root, WORKSPACE_FILE);
  const north = join(root, 'north');
  const south = join(root, 'south');
  const context = await launchSideBrowser(side);
  let wb: Workbench | undefined;
  const { times, mark } = stopwatch();
  try {
    wb = new Workbench(await context.newPage(), shotDir);
    const { page } = wb;
    const open = `vscode-remote://127.0.0.1:${server.port}${join(south, 'south.report.json')}`;
    const payload = encodeURIComponent(JSON.stringify([['openFile', open]]));
    await page.goto(`${server.url}/?workspace=${encodeURIComponent(workspaceFile)}&payload=${payload}`);
    await wb.ready();
    // Both folders in the explorer before anything is judged by them. Once in a run here the window
    // came up titled with the workspace but holding no folder (the explorer said "no folder
    // opened"), so nothing read a folder's settings: a reload reads the workspace file again.
    if (!(await foldersShown(wb))) {
      await page.reload();
      await wb.ready();
      if (!(await foldersShown(wb))) throw new Error('the workspace window shows no north and south folders in the explorer');
    }
    await page.locator('.tabs-container .tab.active', { hasText: 'south.report.json' }).waitFor({ timeout: 30_000 });
    // The code lens: the extension is active and the editor has settled. On a server just started
    // it comes after the extension host's start and the local service's (over 60 s at a load of 30).
    await page.locator('.monaco-editor .codelens-decoration', { hasText: 'Build' }).first().waitFor({ timeout: 90_000 });
    mark('opened');

    // South: a save previews nothing (its folder says off); its Build goes to its own export folder.
    await editAndSave(wb);
    await page.keyboard.press('Control+Shift+Alt+P');
    // The first Build waits for the local service to start (20 s once under load).
    await fileAppears(join(south, 'pdfs', 'south.pdf'), "south's Build exported to south/pdfs", 60_000);
    mark('southBuild');

    // New Report from south's report: the unsaved report belongs to south, and so does its result's Save As.
    await wb.quickInput.command('Report Studio: New Report');
    await page.locator('.tabs-container .tab.active', { hasText: 'new.report.json' }).waitFor({ timeout: 15_000 });
    await page.keyboard.press('Escape'); // leave snippet mode
    await page.keyboard.press('Control+Alt+P');
    await wb.viewer.until('new.report.json', 'the unsaved report’s preview', () => {
      const img = document.querySelector<HTMLImageElement>('img.jpeg-image');
      return !!img && img.complete && img.naturalWidth > 0;
    });
    await page.keyboard.press('Control+1');
    const saveAs = 'Report Studio: Save Report As';
    await wb.quickInput.command(saveAs);
    const box = wb.quickInput.box;
    await box.waitFor({ state: 'visible', timeout: 10_000 });
    let proposed = '';
    // The dialog fills in its default a moment after it opens.
    await waitFor('Save As to propose a .jpg', async () => (proposed = await box.inputValue()).endsWith('.jpg'), 10_000, 100).catch(
      () => {},
    );
    if (!proposed.endsWith('/south/new.jpg')) throw new Error(`Save As proposes ${JSON.stringify(proposed)}, not south/new.jpg`);
    await box.press('Enter');
    await fileAppears(join(south, 'new.jpg'), 'Save As of the unsaved report’s preview');
    // Ctrl+S writes the unsaved report where New Report named it: south, no dialog.
    await page.locator('.tabs-container .tab', { hasText: 'new.report.json' }).first().click();
    await page.keyboard.press('Control+S');
    await fileAppears(join(south, 'new.report.json'), 'Ctrl+S of the new report');
    await page.locator('.tabs-container .tab.active:not(.dirty)', { hasText: 'new.report.json' }).first().waitFor({ timeout: 15_000 });
    mark('newReport');
    // Both folders in the explorer, the new report saved in south beside its Save As copy, its preview drawn.
    await wb.shot('multi-root.png', { of: wb.tab('new.report.json', { active: true }) });

    // North: a save previews (its folder says on), exported to its own folder.
    await wb.editor.open('north.report.json');
    await editAndSave(wb);
    await fileAppears(join(north, 'previews', 'north.jpg'), "north's preview on save exported to north/previews");
    mark('northSave');

    // Each folder's files, and nothing else: south's save previewed nothing (no south.jpg),
    // north's export folder is not south's.
    const written = { north: filesUnder(north).sort(), south: filesUnder(south).sort() };
    const expected = {
      north: ['north.report.json', 'previews/north.jpg'],
      south: ['new.jpg', 'new.report.json', 'pdfs/south.pdf', 'south.report.json'],
    };
    if (JSON.stringify(written) !== JSON.stringify(expected))
      throw new Error(`the folders hold ${JSON.stringify(written)}, not ${JSON.stringify(expected)}`);
    return { times, proposed: proposed.slice(root.length), written };
  } catch (e) {
    await wb?.page.screenshot({ path: join(shotDir, 'failed-multi-root.png') }).catch(() => {});
    throw e;
  } finally {
    // The page first, on failure too: a window closed with its browser leaves its extension host
    // running for a while, holding the local service's data folder.
    await wb?.page.close().catch(() => {});
    await context.close().catch(() => {});
    await server.stop();
  }
}
