// `npm run test:e2e`: the packaged extension inside a real VS Code (code-server 4.100.3 =
// VS Code 1.100.3) driven by headless Chromium. Installs code-server if missing (cached),
// packages the .vsix (reused when fresh), installs it, runs the mocha suite in the Node
// extension host, then the UI checks with screenshots. Exit code = failures ? 1 : 0.
//   REPORT_STUDIO_E2E_GREP=<pattern>  run only matching suite tests
//   REPORT_STUDIO_E2E_RUN_DIR=<dir>    its own code-server profile and workspace (default
//                                      .vscode-test/run), so two runs can go side by side
//   --no-ui                            skip the UI checks
//   --web                              the `e2e-web` stage instead: the extension in the web worker
//                                      extension host, its authoring, live-view, Preview and Build
//                                      UI checks (test/e2e/ui/web.ts; REPORT_STUDIO_UI_GREP filters)
//   --ui-only                          the UI checks alone (test/e2e/ui/checks.ts), not the suite
//   REPORT_STUDIO_UI_TRACE=1           each UI check's steps (quick input, viewer waits, screenshots) with their time
//   REPORT_STUDIO_E2E_TRACE=1          each suite test's start, waits and UI driver actions with their time
//   REPORT_STUDIO_E2E_SUITE_TIMEOUT_MS the suite's deadline (default 480000)
// The UI checks are TypeScript (test/e2e/ui/, type-checked with test/): loaded through tsx.
import { appendFileSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { installCodeServer } from './install-code-server.mjs';
import { installVsix, launchBrowser, openWorkbenchWithTests, prepareRunDirs, startCodeServer } from './code-server.mjs';
import { buildSuite, root } from './build-suite.mjs';
import { ensureVsix, vsixStaleReason } from '../package.mjs';
import { makeWorkspace } from './workspace.mjs';
import { tsImport } from 'tsx/esm/api';

/** A module of the typed UI checks, compiled on the fly. */
const uiModule = (name) => tsImport(`../../test/e2e/ui/${name}.ts`, import.meta.url);

const RESULT_PREFIX = 'REPORT_STUDIO_E2E_RESULT ';
// The whole suite (~5 min in CI); REPORT_STUDIO_E2E_SUITE_TIMEOUT_MS gives a machine loaded by other work longer.
const SUITE_TIMEOUT_MS = Number(process.env.REPORT_STUDIO_E2E_SUITE_TIMEOUT_MS) || 480_000;
const WORKBENCH_NOISE =
  /^(\[(driver|Extension Host)\]|Resolv(ing|ed) connection token|Creating a socket|Ignoring fetching additional builtin|\[Service Worker\]|ChatSessionStore|Updating additional builtin)/;
const args = new Set(process.argv.slice(2));
const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
const step = (msg) => console.log(`e2e [${elapsed()}] ${msg}`);

/** Opens the workbench with the test payload; resolves with the suite's summary. */
async function runSuite(context, server, workspace, suiteIndex, workbenchLog, driver) {
  const page = await context.newPage();
  driver.attach(page); // the suite acts on this page's webviews through the UI driver
  let summary;
  let exit;
  const exitCode = new Promise((resolve) => (exit = resolve));
  await page.exposeFunction('codeAutomationExit', (code) => exit(code));
  await page.exposeFunction('codeAutomationLog', (type, message) => {
    const text = Array.isArray(message) ? message.join(' ') : String(message);
    const at = text.indexOf(RESULT_PREFIX);
    if (at >= 0) summary = JSON.parse(text.slice(at + RESULT_PREFIX.length).split('\n')[0]);
    if (/^\s*$/.test(text)) return;
    // Mocha's own "N passing/failing" would be read as the whole stage's counts by
    // scripts/test.mjs; the totals (suite + UI checks) are printed at the end instead.
    if (/^\s*\d+ (passing|failing|pending)\b/.test(text)) return;
    appendFileSync(workbenchLog, `[${type}] ${text}\n`);
    // The extension host's console (mocha's spec reporter, the suite's logs); workbench chatter
    // only goes to the log file.
    if (type === 'error' || !WORKBENCH_NOISE.test(text)) console.log(`  | ${text.replace(/\n/g, '\n  | ')}`);
  });
  await openWorkbenchWithTests(page, server, workspace, suiteIndex);
  let timer;
  const code = await Promise.race([exitCode, new Promise((r) => (timer = setTimeout(() => r('timeout'), SUITE_TIMEOUT_MS)))]);
  clearTimeout(timer);
  await page.close().catch(() => {});
  if (code === 'timeout') throw new Error(`the e2e suite did not finish within ${SUITE_TIMEOUT_MS / 1000} s`);
  if (!summary) throw new Error(`the e2e suite exited with ${code} without a result line (did it load? see the log above)`);
  if ((code === 0) !== (summary.failed === 0 && summary.passed > 0))
    throw new Error(`exit code ${code} disagrees with ${JSON.stringify(summary)}`);
  return summary;
}

/** Mocha-style totals (read by scripts/test.mjs), then the plain closing line; the exit code. */
function report(results) {
  for (const f of results.failures) console.log(`\nFAILED: ${f.title}\n${f.error}`);
  console.log(`\ne2e finished in ${elapsed()}`);
  console.log(`  ${results.passed} passing`);
  if (results.failed) console.log(`  ${results.failed} failing`);
  if (results.pending) console.log(`  ${results.pending} pending`);
  console.log(`e2e: ${results.passed} passed, ${results.failed} failed`);
  return results.failed === 0 && results.passed > 0 ? 0 : 1;
}

/**
 * The extension's log lines about a webview page it had to load again (webviewStartWatch.ts):
 * VS Code's resource service worker stalls now and then; each time is printed, so that how
 * often stays visible in CI's output.
 */
function printViewerReloads(runDir) {
  const logs = readdirSync(runDir, { recursive: true }).filter((f) => String(f).endsWith('Report Studio.log'));
  for (const file of logs) {
    for (const line of readFileSync(join(runDir, String(file)), 'utf8').split('\n')) {
      if (/did not start/.test(line)) console.log(`e2e: webview reloaded by the extension: ${line.trim()}`);
    }
  }
}

/** The .vsix: the one the unit stage packaged when still fresh, else packaged now (says which, for CI's log). */
function packaged() {
  const stale = vsixStaleReason();
  step(stale ? `packaging the .vsix (${stale})` : 'the .vsix is up to date');
  return ensureVsix({ quiet: true });
}

async function main() {
  step('code-server: checking install');
  installCodeServer();
  if (args.has('--web')) {
    const vsix = packaged();
    const base = process.env.REPORT_STUDIO_E2E_RUN_DIR || join(root, '.vscode-test', 'run');
    const { runWebStage } = await uiModule('web');
    const web = await runWebStage({ vsix, runDir: join(base, 'web'), shotDir: join(root, 'test-results', 'screenshots', 'web'), step });
    step('code-server stopped');
    printViewerReloads(join(base, 'web'));
    return report({ passed: web.passed, failed: web.failures.length, pending: 0, failures: web.failures });
  }
  step('bundling the suite');
  const suiteIndex = await buildSuite();
  const vsix = packaged();
  const dirs = prepareRunDirs(process.env.REPORT_STUDIO_E2E_RUN_DIR || join(root, '.vscode-test', 'run'));
  step(`installing ${vsix.slice(root.length + 1)} into code-server`);
  installVsix(dirs, vsix);
  const workspace = makeWorkspace(join(dirs.runDir, 'workspace'));
  // Read by the suite (the extension host inherits the server's environment).
  process.env.REPORT_STUDIO_E2E_EXTENSIONS_DIR = dirs.extensionsDir;
  const { startUiDriver } = await uiModule('driver');
  const driver = await startUiDriver(join(root, 'test-results', 'screenshots'));
  process.env.REPORT_STUDIO_E2E_UI_DRIVER = driver.url;
  const server = await startCodeServer(dirs, workspace);
  step(`code-server listening on ${server.url}`);
  let context;
  const results = { passed: 0, failed: 0, pending: 0, failures: [] };
  try {
    // UI first, on a fresh profile: no editors restored from the suite's session. In a browser
    // of its own: code-server's webview service worker, shared by the windows of one profile,
    // stalls the next window's first webview for ~20 s after a window that had webviews closes.
    if (!args.has('--no-ui') && !process.env.REPORT_STUDIO_E2E_GREP) {
      const uiContext = await launchBrowser(join(dirs.runDir, 'chromium-profile-ui'));
      try {
        const { runUiChecks } = await uiModule('checks');
        const ui = await runUiChecks(uiContext, server, workspace, join(root, 'test-results', 'screenshots'), step, dirs);
        results.passed += ui.passed;
        results.failed += ui.failures.length;
        results.failures.push(...ui.failures);
      } finally {
        await uiContext.close().catch(() => {});
      }
      // The UI checks leave an unsaved "New Report"; its backup would reopen it in the suite's
      // window, which must start with no report open (activation.test.ts: the bootstrap alone).
      rmSync(join(dirs.userDataDir, 'User', 'Backups'), { recursive: true, force: true });
    }
    context = await launchBrowser(join(dirs.runDir, 'chromium-profile'));
    // --ui-only: the screenshot checks alone (for working on them).
    const suite = args.has('--ui-only')
      ? { passed: 0, failed: 0, pending: 0, failures: [] }
      : await runSuite(context, server, workspace, suiteIndex, join(dirs.runDir, 'workbench.log'), driver);
    step(`suite: ${suite.passed} passed, ${suite.failed} failed${suite.pending ? `, ${suite.pending} pending` : ''}`);
    results.passed += suite.passed;
    results.failed += suite.failed;
    results.pending += suite.pending;
    results.failures.push(...suite.failures);
  } finally {
    await context?.close().catch(() => {});
    await server.stop();
    await driver.stop();
    step('code-server stopped');
    printViewerReloads(dirs.runDir);
  }
  return report(results);
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`e2e: ${err instanceof Error ? err.stack : err}`);
    process.exit(1);
  },
);
