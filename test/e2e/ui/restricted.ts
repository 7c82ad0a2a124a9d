// Restricted Mode, as a person meets it: a second code-server with workspace trust on (the main
// one runs with --disable-workspace-trust) opens a folder nobody trusted, so VS Code shows
// "Restricted Mode". The extension still works there: the live view draws the report (its remote
// image as the labelled placeholder, and the image server is never asked), completion lists the
// Card's options, and a trailing comma gets its warning. Then the folder is trusted in the trust
// editor and, without a reload, the live view is drawn again and asks for its image. The server is a
// side server (sideServer.ts): the installed extension, its own profile and origin.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import type { CodeServer, RunDirs } from '../../../scripts/e2e/code-server.mjs';
import { startSideServer } from './sideServer';
import { Workbench } from './pages';
import { waitFor } from '../../helpers/waitFor';

const TRUST_ON = {
  'security.workspace.trust.enabled': true,
  // No modal on start: the folder opens untrusted, as after "Don't Trust".
  'security.workspace.trust.startupPrompt': 'never',
  'security.workspace.trust.banner': 'never',
};

/** A report with a Card to complete in, a remote image and a trailing comma (a warning the live view accepts). */
function reportText(imageUrl: string): string {
  return `{
  "type": "Report",
  "options": { "report_title": "A repository I have not trusted yet" },
  "components": [
    {
      "type": "Section",
      "options": { "section_title": "This week", "columns": 2 },
      "components": [
        {
          "type": "Card",
          "options": {
            "title": "Orders",

            "value": 1204
          }
        },
        { "type": "Image", "options": { "image_url": "${imageUrl}", "height": 120 } },
      ]
    }
  ]
}
`;
}

/** The untrusted folder, its image server and its code-server (sideServer.ts); stop() ends both servers. */
interface Restricted {
  server: CodeServer;
  workspace: string;
  report: string;
  text: string;
  imageRequests(): number;
  stop(): Promise<void>;
}

async function startRestricted(main: RunDirs): Promise<Restricted> {
  let hits = 0;
  const images = createServer((_req, res) => {
    hits++;
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => images.listen(0, '127.0.0.1', r));
  const closeImages = async () => {
    images.closeAllConnections();
    await new Promise((r) => images.close(r));
  };
  try {
    const text = reportText(`http://127.0.0.1:${(images.address() as AddressInfo).port}/logo.png`);
    let workspace = '';
    let report = '';
    const { server } = await startSideServer(main, 'restricted', {
      settings: TRUST_ON,
      trust: true,
      prepare: (dirs) => {
        // A folder holding only the report: nothing else to index.
        workspace = join(dirs.runDir, 'workspace');
        mkdirSync(workspace, { recursive: true });
        report = join(workspace, 'untrusted.report.json');
        writeFileSync(report, text);
        return workspace;
      },
    });
    return {
      server,
      workspace,
      report,
      text,
      imageRequests: () => hits,
      async stop() {
        await server.stop();
        await closeImages();
      },
    };
  } catch (e) {
    await closeImages();
    throw e;
  }
}

/** In a page of `context` (the UI checks' browser), on a side server of its own started here. */
export async function restrictedModeCheck(context: BrowserContext, main: RunDirs, shotDir: string) {
  const began = Date.now();
  const restricted = await startRestricted(main);
  const { server, workspace, report, text, imageRequests } = restricted;
  const page = await context.newPage().catch(async (e) => {
    await restricted.stop();
    throw e;
  });
  const wb = new Workbench(page, shotDir);
  try {
    // The report opens with the window (no Quick Open round trip).
    const payload = [['openFile', `vscode-remote://127.0.0.1:${server.port}${report}`]];
    await page.goto(`${server.url}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`);
    await wb.ready();
    const indicator = page.locator('.statusbar-item', { hasText: 'Restricted Mode' });
    await indicator.first().waitFor({ timeout: 30_000 });
    await wb.tab('untrusted.report.json', { active: true }).waitFor({ timeout: 30_000 });
    await wb.quickInput.command('Report Studio: Open Live Preview');
    await wb.viewer.until('untrusted.report.json', 'the live pages', () => {
      const badge = document.getElementById('liveBadge');
      return !!badge && !badge.hidden && badge.textContent === 'Live' && !!document.querySelector('.pdf-page[data-page="1"] canvas');
    });
    if (imageRequests() !== 0) throw new Error(`the image server was asked ${imageRequests()} time(s) in Restricted Mode`);
    // The blank line inside the Card's options.
    const line = text.split('\n').findIndex((l) => l.includes('"title": "Orders"')) + 2;
    await page.keyboard.press('Control+1');
    await wb.editor.goTo({ line, column: 13 });
    await wb.editor.suggestCardOptions('no Card options were suggested in Restricted Mode', 4);
    await page.locator('.monaco-editor .squiggly-warning').first().waitFor({ timeout: 30_000 });
    await wb.shot('restricted-mode.png', { docs: true });
    await page.keyboard.press('Escape');
    const untrustedRequests = imageRequests();
    // Trusting the folder turns everything on without a reload: the live view is drawn again by
    // a local service started in full, which now asks for the image. (A reload would drop the mark.)
    await page.evaluate(() => ((window as any).reportStudioNoReload = true));
    await wb.quickInput.command('Workspaces: Manage Workspace Trust', 'Manage Workspace Trust');
    await page
      .locator('.workspace-trust-editor .monaco-button', { hasText: /^Trust( Folder)?$/ })
      .first()
      .click({ timeout: 15_000 });
    await indicator.waitFor({ state: 'detached', timeout: 15_000 });
    await waitFor('the live view to ask for its image after trusting the folder', () => imageRequests() > 0, 30_000, 100);
    if (!(await page.evaluate(() => (window as any).reportStudioNoReload === true)))
      throw new Error('trusting the folder reloaded the window');
    return { indicator: 'Restricted Mode', untrustedRequests, trustedRequests: imageRequests(), seconds: (Date.now() - began) / 1000 };
  } catch (e) {
    await page.screenshot({ path: join(shotDir, 'failed-restricted.png') }).catch(() => {});
    throw e;
  } finally {
    await page.close().catch(() => {});
    await restricted.stop();
  }
}
