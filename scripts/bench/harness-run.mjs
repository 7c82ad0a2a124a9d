// The harness bench's launcher (run by scripts/bench/harness.ts in a process of its own):
// the packaged .vsix in code-server 4.100.3 (= VS Code 1.100.3) driven by headless Chromium,
// set up exactly as the e2e stage does (scripts/e2e/*.mjs), running the bench "suite"
// test/e2e/bench/ (bundled to out/e2e/bench/, apart from the e2e suite's out/e2e/suite/).
// Each launch is a fresh profile, server, extension host and browser, one activation sample
// each, --launches of each mode:
//   'idle'   — the profile without settings.json, an empty workspace: nothing activates the
//              extension, the bench calls ext.activate() (on demand);
//   'plain'  — the e2e profile and a workspace whose data.json (not a report) the window opens
//              at start (the workbench URL's openFile payload): onLanguage:json activates the
//              extension (the workbench may also load the user's settings.json as a JSONC model);
//   'report' — the same with a *.report.json instead.
// The last launch also measures edit → preview and keystroke → live view. Writes every
// launch's samples as JSON to --out.
//   node scripts/bench/harness-run.mjs --out file.json [--launches 3] [--samples 10] [--keep]
//   (--keep leaves the last launch's folder, logs included, in .vscode-test/bench-run/)
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CODE_SERVER_VERSION, installCodeServer, isInstalled } from '../e2e/install-code-server.mjs';
import { installVsix, launchBrowser, openWorkbenchWithTests, prepareRunDirs, startCodeServer } from '../e2e/code-server.mjs';
import { buildSuite, root } from '../e2e/build-suite.mjs';
import { ensureVsix } from '../package.mjs';
import { startBenchDriver } from './harness-driver.mjs';

const LAUNCH_TIMEOUT_MS = 180_000;
/** The report a 'report' launch opens at window start (a 1-page example). */
const REPORT = 'kpi-dashboard.report.json';
/** The JSON file a 'plain' launch opens at window start: a "type", but not a report's. */
const PLAIN = 'data.json';
const PLAIN_TEXT = `${JSON.stringify({ type: 'inventory', items: [{ sku: 'A-1', count: 3 }] }, null, 2)}\n`;
const MODES = ['idle', 'plain', 'report'];
const t0 = Date.now();
const step = (msg) => console.log(`harness [${((Date.now() - t0) / 1000).toFixed(1)} s] ${msg}`);

function option(name, fallback) {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

/** One window on the workspace running the bench; resolves with what it wrote. */
async function runBenchWindow(context, server, workspace, suiteIndex, driver, resultFile, openFile) {
  const page = await context.newPage();
  driver.attach(page);
  let exit;
  const exited = new Promise((resolve) => (exit = resolve));
  await page.exposeFunction('codeAutomationExit', (code) => exit(code));
  await page.exposeFunction('codeAutomationLog', (type, message) => {
    const text = Array.isArray(message) ? message.join(' ') : String(message);
    if (/^bench:/.test(text) || (type === 'error' && /bench/.test(text))) console.log(`  | ${text}`);
  });
  await openWorkbenchWithTests(page, server, workspace, suiteIndex, { openFile });
  let timer;
  const code = await Promise.race([exited, new Promise((r) => (timer = setTimeout(() => r('timeout'), LAUNCH_TIMEOUT_MS)))]);
  clearTimeout(timer);
  await page.close().catch(() => {});
  if (!existsSync(resultFile))
    throw new Error(
      `the bench in the extension host ${code === 'timeout' ? `did not finish within ${LAUNCH_TIMEOUT_MS / 1000} s` : `exited with ${code}`} without writing ${resultFile}`,
    );
  const result = JSON.parse(readFileSync(resultFile, 'utf8'));
  if (result.error) throw new Error(`the bench failed in the extension host: ${result.error}`);
  return result;
}

async function main() {
  const out = option('--out');
  if (!out) throw new Error('--out <file.json> is required');
  const launches = Math.max(1, Number(option('--launches', '3')));
  const samples = Math.max(1, Number(option('--samples', '10')));
  const installed = isInstalled();
  if (!installed)
    step(
      `code-server ${CODE_SERVER_VERSION} is not installed: installing it as the e2e stage does (scripts/e2e/install-code-server.mjs; ~2.5 min, cached in .vscode-test/code-server/)`,
    );
  installCodeServer();
  step('bundling the bench suite (out/e2e/bench/) and packaging the .vsix (reused when fresh)');
  const suiteIndex = await buildSuite({ srcDir: join(root, 'test', 'e2e', 'bench'), outDir: join(root, 'out', 'e2e', 'bench') });
  const vsix = ensureVsix({ quiet: true });
  const driver = await startBenchDriver();
  const results = [];
  try {
    const plan = MODES.flatMap((mode) => Array(launches).fill(mode));
    for (const [n, mode] of plan.entries()) {
      const i = n + 1;
      const last = i === plan.length;
      // Its own folder: the e2e stage's .vscode-test/run/ is left alone.
      const dirs = prepareRunDirs(join(root, '.vscode-test', 'bench-run'));
      installVsix(dirs, vsix);
      if (mode === 'idle') rmSync(join(dirs.userDataDir, 'User', 'settings.json'));
      // Empty but for the report a 'report' launch opens: nothing else of it activates the extension.
      const workspace = join(dirs.runDir, 'workspace');
      mkdirSync(workspace, { recursive: true });
      // What the window opens at start: the report, or a JSON file that is not one.
      const openFile = { report: join(workspace, REPORT), plain: join(workspace, PLAIN) }[mode];
      if (mode === 'report') copyFileSync(join(root, 'examples', REPORT), openFile);
      if (mode === 'plain') writeFileSync(openFile, PLAIN_TEXT);
      const resultFile = join(dirs.runDir, 'bench-result.json');
      // Read by the bench in the extension host (it inherits the server's environment).
      process.env.REPORT_STUDIO_BENCH_OUT = resultFile;
      process.env.REPORT_STUDIO_BENCH_DRIVER = driver.url;
      process.env.REPORT_STUDIO_BENCH_MODE = mode;
      process.env.REPORT_STUDIO_BENCH_PREVIEW_SAMPLES = last ? String(samples * 2) : '0';
      // Keystroke → live view: twice the preview samples (a p95 needs a few more).
      process.env.REPORT_STUDIO_BENCH_LIVE_SAMPLES = last ? String(samples * 2) : '0';
      const server = await startCodeServer(dirs, workspace);
      let context;
      try {
        step(`launch ${i}/${plan.length} (${mode}): code-server on ${server.url}${last ? `, then ${samples} edit → preview samples` : ''}`);
        context = await launchBrowser(join(dirs.runDir, 'chromium-profile'));
        results.push(await runBenchWindow(context, server, workspace, suiteIndex, driver, resultFile, openFile));
      } finally {
        await context?.close().catch(() => {});
        await server.stop();
      }
    }
  } finally {
    await driver.stop();
    if (!process.argv.includes('--keep')) rmSync(join(root, '.vscode-test', 'bench-run'), { recursive: true, force: true });
  }
  writeFileSync(out, JSON.stringify({ codeServer: CODE_SERVER_VERSION, installedNow: !installed, launches: results }, null, 2));
  step('done');
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(`harness: ${err instanceof Error ? err.stack : err}`);
    process.exit(1);
  },
);
