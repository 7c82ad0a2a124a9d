// Restricted Mode, as a person meets it: a second code-server with workspace trust on (the main
// one runs with --disable-workspace-trust) opens a folder nobody trusted, so VS Code shows
// "Restricted Mode". The extension still works there: the live view draws the report (its remote
// image as the labelled placeholder, and the image server is never asked), completion lists the
// Card's options, and a trailing comma gets its warning. Then the folder is trusted in the trust
// editor and, without a reload, the live view is drawn again and asks for its image. Reuses the
// installed extension; the server has its own profile and origin, so no webview service worker is shared.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { prepareRunDirs, startCodeServer } from './code-server.mjs';
import { viewerFrame, waitInFrame } from './ui-studio.mjs';
import { docShot } from './shots.mjs';
import { suggestCardOptions } from './ui-editor.mjs';

const TRUST_ON = {
  'security.workspace.trust.enabled': true,
  // No modal on start: the folder opens untrusted, as after "Don't Trust".
  'security.workspace.trust.startupPrompt': 'never',
  'security.workspace.trust.banner': 'never',
};

/** A report with a Card to complete in, a remote image and a trailing comma (a warning the live view accepts). */
function reportText(imageUrl) {
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

/**
 * The untrusted folder, its image server and its code-server. runUiChecks starts this before its
 * first check, so the server's start overlaps the other checks; stop() ends both servers.
 */
export async function startRestricted(runDir, extensionsDir) {
  let hits = 0;
  const images = createServer((_req, res) => {
    hits++;
    res.writeHead(404).end();
  });
  await new Promise((r) => images.listen(0, '127.0.0.1', r));
  const closeImages = async () => {
    images.closeAllConnections();
    await new Promise((r) => images.close(r));
  };
  try {
    const dirs = { ...prepareRunDirs(join(runDir, 'restricted'), TRUST_ON), extensionsDir };
    // A folder holding only the report: nothing else to index.
    const workspace = join(dirs.runDir, 'workspace');
    mkdirSync(workspace, { recursive: true });
    const text = reportText(`http://127.0.0.1:${images.address().port}/logo.png`);
    const report = join(workspace, 'untrusted.report.json');
    writeFileSync(report, text);
    const server = await startCodeServer(dirs, workspace, { trust: true });
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

export async function restrictedModeCheck(context, setup, shotDir, { quickInput, goTo }) {
  const began = Date.now();
  const { server, workspace, report, text, imageRequests } = await setup;
  const page = await context.newPage();
  try {
    // The report opens with the window (no Quick Open round trip).
    const payload = [['openFile', `vscode-remote://127.0.0.1:${server.port}${report}`]];
    await page.goto(`${server.url}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`);
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    const indicator = page.locator('.statusbar-item', { hasText: 'Restricted Mode' });
    await indicator.first().waitFor({ timeout: 30_000 });
    await page.locator('.tabs-container .tab.active', { hasText: 'untrusted.report.json' }).waitFor({ timeout: 30_000 });
    await quickInput(page, 'F1', 'Report Studio: Open Live Preview', 'Report Studio: Open Live Preview', 'run "Open Live Preview"');
    const frame = await viewerFrame(page, 'untrusted.report.json');
    await waitInFrame(frame, 'the live pages', () => {
      const badge = document.getElementById('liveBadge');
      return !!badge && !badge.hidden && badge.textContent === 'Live' && !!document.querySelector('.pdf-page[data-page="1"] canvas');
    });
    if (imageRequests() !== 0) throw new Error(`the image server was asked ${imageRequests()} time(s) in Restricted Mode`);
    // The blank line inside the Card's options.
    const line = text.split('\n').findIndex((l) => l.includes('"title": "Orders"')) + 2;
    await page.keyboard.press('Control+1');
    await goTo(page, { line, column: 13 });
    await suggestCardOptions(page, 'no Card options were suggested in Restricted Mode', 4);
    await page.locator('.monaco-editor .squiggly-warning').first().waitFor({ timeout: 30_000 });
    await docShot(page, shotDir, 'restricted-mode.png');
    await page.keyboard.press('Escape');
    const untrustedRequests = imageRequests();
    // Trusting the folder turns everything on without a reload: the live view is drawn again by
    // a local service started in full, which now asks for the image. (A reload would drop the mark.)
    await page.evaluate(() => (window.reportStudioNoReload = true));
    await quickInput(page, 'F1', 'Workspaces: Manage Workspace Trust', 'Manage Workspace Trust', 'run "Manage Workspace Trust"');
    await page
      .locator('.workspace-trust-editor .monaco-button', { hasText: /^Trust( Folder)?$/ })
      .first()
      .click({ timeout: 15_000 });
    await indicator.waitFor({ state: 'detached', timeout: 15_000 });
    const deadline = Date.now() + 30_000;
    while (imageRequests() === 0) {
      if (Date.now() > deadline) throw new Error('after trusting the folder, the live view never asked for its image');
      await new Promise((r) => setTimeout(r, 100));
    }
    if (!(await page.evaluate(() => window.reportStudioNoReload === true))) throw new Error('trusting the folder reloaded the window');
    return { indicator: 'Restricted Mode', untrustedRequests, trustedRequests: imageRequests(), seconds: (Date.now() - began) / 1000 };
  } finally {
    await page.close().catch(() => {});
  }
}
