// The extension in another display language: a Chromium window in German, on a side server of its
// own (sideServer.ts). code-server (1.100) takes a page's language from --locale, else from the user's
// argv.json `locale` (read as "en" while the file is missing), else from the `vscode.nls.locale`
// cookie; and serves it only when a language pack for it is installed. None can be downloaded
// here, so that server's profile gets an argv.json without a locale and an empty pack (no
// translations: VS Code's own words stay English), and the window sends the cookie; the
// extension's package.nls.de.json and l10n/bundle.l10n.de.json do the rest. Checked like a
// person: a command title in the command palette, a notification, the viewer's toolbar, and
// words made by src/core: the quota in the status bar (and what a screen reader hears of it)
// and a rejected Preview's problem in plain words in the Problems panel.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunDirs } from '../../../scripts/e2e/code-server.mjs';
import { root } from '../../../scripts/e2e/build-suite.mjs';
import { launchSideBrowser, startSideServer, stopwatch } from './sideServer';
import { Workbench } from './pages';

export const LOCALE_CHECK_TITLE =
  'UI: in German, the command palette, a notification, the viewer toolbar, the quota status bar and a Problems entry speak German';

// A report the service rejects, not named *.report.json: its "type": "Report" still makes it a
// report, so the editor's schema check marks the mistake as an error in the same plain words as
// the 422 entry, which is left to it (one mistake, one problem; reportSchemaDiagnostics.ts).
const REJECTED = 'abgelehnt.json';
const REJECTED_TEXT = `${JSON.stringify({ type: 'Report', options: { report_title: 'Abgelehnt', vertical_margin: 99 }, components: [] }, null, 2)}\n`;

/**
 * Lets the cookie choose `language` in the profile of `dirs`: an argv.json without a locale, and an
 * installed language pack with no translations (what the server's languagepacks.json lists).
 */
function allowLanguage(dirs: RunDirs, language: string): void {
  const folder = join(dirs.runDir, `language-pack-${language}`);
  mkdirSync(folder, { recursive: true });
  const translations = join(folder, 'main.i18n.json');
  writeFileSync(translations, JSON.stringify({ contents: {} }));
  // The server lists a pack by its extension (getInstalledLanguages reads extensions[0]).
  const pack = { id: `report-studio.e2e-language-pack-${language}`, version: '0.0.0' };
  const packs = {
    [language]: {
      hash: `${pack.id}-${pack.version}`,
      label: language,
      extensions: [{ extensionIdentifier: { id: pack.id }, version: pack.version }],
      translations: { vscode: translations },
    },
  };
  const files = [join(dirs.userDataDir, 'languagepacks.json'), join(dirs.userDataDir, 'User', 'argv.json')];
  writeFileSync(files[0], JSON.stringify(packs));
  writeFileSync(files[1], '{}');
}

/**
 * Opens the workbench in German, on a side server of its own (its profile allows the language)
 * and in a Chromium profile of its own (the cookie), and checks. Its folder holds a copy of the
 * KPI dashboard and the rejected report.
 */
export async function localeCheck(main: RunDirs, shotDir: string) {
  let folder = '';
  const side = await startSideServer(main, 'locale-de', {
    prepare: (dirs) => {
      allowLanguage(dirs, 'de');
      folder = join(dirs.runDir, 'workspace');
      mkdirSync(folder, { recursive: true });
      copyFileSync(join(root, 'examples', 'kpi-dashboard.report.json'), join(folder, 'kpi-dashboard.report.json'));
      writeFileSync(join(folder, REJECTED), REJECTED_TEXT);
      return folder;
    },
  });
  const { server } = side;
  const context = await launchSideBrowser(side);
  let wb: Workbench | undefined;
  const { times, mark } = stopwatch();
  try {
    await context.addCookies([{ name: 'vscode.nls.locale', value: 'de', url: server.url }]);
    wb = new Workbench(await context.newPage(), shotDir);
    const { page } = wb;
    // The report opens at window start.
    const report = `vscode-remote://127.0.0.1:${server.port}${join(folder, 'kpi-dashboard.report.json')}`;
    const payload = encodeURIComponent(JSON.stringify([['openFile', report]]));
    await page.goto(`${server.url}/?folder=${encodeURIComponent(folder)}&payload=${payload}`);
    await wb.ready();
    mark('workbench');
    const language = await page.evaluate(() => (globalThis as any)._VSCODE_NLS_LANGUAGE);
    if (language !== 'de') throw new Error(`the workbench runs in ${language}, not de (is the language pack listed?)`);

    // A command title from package.nls.de.json, found by its German words in the palette.
    await wb.tab('kpi-dashboard.report.json', { active: true }).waitFor({ timeout: 30_000 });
    // The quota item in German: the extension is active and the editor has settled (typing into
    // the palette before that can lose the palette to the editor opening). Not the code lens:
    // once under load VS Code never asked for it on the report opened at window start (30 s).
    await wb.statusBar.item('Kontingent').waitFor({ timeout: 60_000 });
    const liveTitle = 'Report Studio: Live-Vorschau öffnen';
    mark('opened');
    await wb.quickInput.command(liveTitle);
    mark('palette');

    // The viewer: its own words from the webview bundle, the rebuild button's from the extension's.
    const toolbar = await wb.viewer.until('kpi-dashboard.report.json', 'the live PDF with a German toolbar', () => {
      // No named helper function in here: tsx names it (__name), which the page does not know.
      const [rebuild, openExternally, pageCount, live] = ['#rebuild .label', '#openExternally .label', '#pageCount', '#liveBadge'].map(
        (sel) => document.querySelector(sel)?.textContent?.trim(),
      );
      const shown = {
        lang: document.documentElement.lang,
        rebuild,
        saveAs: document.getElementById('saveAs')?.getAttribute('aria-label'),
        openExternally,
        pageCount,
        live,
      };
      return document.querySelector('.pdf-page[data-page="1"] canvas') && /^von \d+$/.test(shown.pageCount ?? '') ? shown : false;
    });
    const expected: Record<string, string> = {
      lang: 'de',
      rebuild: 'Neu zeichnen',
      saveAs: 'Das Ergebnis speichern unter…',
      openExternally: 'Extern öffnen',
      live: 'Live',
    };
    for (const [key, value] of Object.entries(expected))
      if ((toolbar as Record<string, unknown>)[key] !== value)
        throw new Error(`viewer ${key}: ${JSON.stringify((toolbar as Record<string, unknown>)[key])}, not ${JSON.stringify(value)}`);

    mark('viewer');
    // A notification from the extension's German bundle: the cursor (line 1) is in no component.
    await page.keyboard.press('Control+1');
    const revealTitle = 'Report Studio: In der Vorschau zeigen';
    await wb.quickInput.command(revealTitle);
    const toast = wb.notifications.toast('Der Cursor steht in keiner Komponente (components[…]).');
    await toast.waitFor({ state: 'visible', timeout: 30_000 });
    mark('notification');
    const notification = (await toast.innerText()).split('\n')[0];

    // src/core's words: the quota in the status bar, in words and for a screen reader …
    const quota = wb.statusBar.item(/\d+ einseitig · \d+ mehrseitig \(lokal\)/);
    await quota.waitFor({ state: 'visible', timeout: 60_000 });
    const statusBar = {
      text: (await quota.innerText()).trim(),
      spoken: await quota.evaluate((el) =>
        [el, ...Array.from(el.querySelectorAll('[aria-label]'))].map((e) => e.getAttribute('aria-label')).find(Boolean),
      ),
    };
    if (!/^Report Studio-Kontingent des lokalen Dienstes: \d+ einseitige und \d+ mehrseitige Berichte übrig$/.test(statusBar.spoken ?? ''))
      throw new Error(`the quota item's label: ${JSON.stringify(statusBar.spoken)}`);
    mark('statusBar');
    // … and a rejected Preview's entry in plain words (core/loc/plainWords.ts) in Problems.
    await wb.editor.open(REJECTED);
    const previewTitle = 'Report Studio: Berichtsvorschau anzeigen';
    await wb.quickInput.command(previewTitle);
    await wb.problems.show();
    const row = wb.problems.rows('sollte höchstens 32 sein').first();
    await row.waitFor({ state: 'visible', timeout: 60_000 });
    const problem = (await row.innerText()).split('\n')[0];
    // The result panel lists the same words.
    await wb.viewer.until(REJECTED, 'the rejected Preview’s list in the panel', () =>
      document.body.innerText.includes('sollte höchstens 32 sein'),
    );
    if (problem !== '"vertical_margin" sollte höchstens 32 sein, erhalten: 99')
      throw new Error(`the problem reads ${JSON.stringify(problem)}`);
    mark('problems');
    await wb.shot('locale-de.png', { of: row });

    return { times, statusBar, problem, commands: [liveTitle, revealTitle, previewTitle], notification, toolbar };
  } catch (e) {
    await wb?.page.screenshot({ path: join(shotDir, 'failed-locale.png') }).catch(() => {});
    throw e;
  } finally {
    // The page first, on failure too (multiRoot.ts says why).
    await wb?.page.close().catch(() => {});
    await context.close().catch(() => {});
    await server.stop();
  }
}
