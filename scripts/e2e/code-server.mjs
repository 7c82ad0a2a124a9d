// Starts and stops a code-server (VS Code 1.100.3 server) for tests, fully isolated under
// .vscode-test/run/: its own user data, extensions, XDG dirs and TMPDIR, so nothing lands in
// the home folder and no marketplace is contacted. Bound to 127.0.0.1 on a free port.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { runnerExtensionDir } from './build-suite.mjs';
import { entryJs } from './install-code-server.mjs';

/** Settings seeded into the fresh user-data dir: quiet, deterministic workbench. */
const SEEDED_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'security.workspace.trust.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'update.mode': 'none',
  'files.autoSave': 'off',
  'window.commandCenter': false,
  'chat.commandCenter.enabled': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  // The test workspace sits inside the repository: no "open the parent repository?" toast.
  'git.openRepositoryInParentFolders': 'never',
  // A blinking cursor repaints the window twice a second: ~4% of a core in headless Chromium for
  // the whole run (measured with a report and its live view open: renderer 8.6% → 4.9%).
  'editor.cursorBlinking': 'solid',
};

/** Per-run folders (wiped first, so each run starts like a fresh profile); `settings` over the seeded ones. */
export function prepareRunDirs(runDir, settings = {}) {
  rmSync(runDir, { recursive: true, force: true });
  const dirs = {
    runDir,
    userDataDir: join(runDir, 'user-data'),
    extensionsDir: join(runDir, 'extensions'),
    xdg: join(runDir, 'xdg'),
    tmp: join(runDir, 'tmp'),
    config: join(runDir, 'config.yaml'),
    log: join(runDir, 'code-server.log'),
  };
  for (const d of [dirs.userDataDir, dirs.extensionsDir, dirs.tmp, join(dirs.userDataDir, 'User')]) mkdirSync(d, { recursive: true });
  for (const x of ['config', 'data', 'cache']) mkdirSync(join(dirs.xdg, x), { recursive: true });
  writeFileSync(dirs.config, 'auth: none\ncert: false\n');
  writeFileSync(join(dirs.userDataDir, 'User', 'settings.json'), JSON.stringify({ ...SEEDED_SETTINGS, ...settings }, null, 2));
  return dirs;
}

function serverEnv(dirs) {
  // Inherited VSCODE_* variables (tests started from a VS Code terminal) would make
  // code-server hand its work to the parent instance instead.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VSCODE_')));
  return {
    ...inherited,
    EXTENSIONS_GALLERY: '{}',
    XDG_CONFIG_HOME: join(dirs.xdg, 'config'),
    XDG_DATA_HOME: join(dirs.xdg, 'data'),
    XDG_CACHE_HOME: join(dirs.xdg, 'cache'),
    TMPDIR: dirs.tmp,
  };
}

function commonArgs(dirs) {
  return ['--config', dirs.config, '--user-data-dir', dirs.userDataDir, '--extensions-dir', dirs.extensionsDir];
}

/** Installs a packaged .vsix into the run's extensions dir (what a user's "Install from VSIX" does). */
export function installVsix(dirs, vsixPath) {
  const r = spawnSync(process.execPath, [entryJs, ...commonArgs(dirs), '--install-extension', vsixPath, '--force'], {
    env: serverEnv(dirs),
    encoding: 'utf8',
    timeout: 120_000,
  });
  const out = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  if (r.status !== 0 || !/successfully installed/i.test(out)) {
    throw new Error(`code-server --install-extension ${vsixPath} failed (exit ${r.status ?? r.signal}):\n${out}`);
  }
  return out.trim();
}

/**
 * Starts the server in its own process group (detached = setsid) and resolves once it logs
 * its port. stop() kills the whole group: file watchers and the extension host go with it.
 * `trust`: workspace trust stays on (the Restricted Mode check); otherwise every folder is trusted.
 */
export async function startCodeServer(dirs, workspace, { timeoutMs = 60_000, trust = false } = {}) {
  const log = createWriteStream(dirs.log);
  const child = spawn(
    process.execPath,
    [
      entryJs,
      ...commonArgs(dirs),
      '--disable-telemetry',
      '--disable-update-check',
      ...(trust ? [] : ['--disable-workspace-trust']),
      '--disable-getting-started-override',
      '--bind-addr',
      '127.0.0.1:0',
      workspace,
    ],
    { env: serverEnv(dirs), detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const killGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      /* already gone */
    }
  };
  // A crashing or interrupted test runner must not leave a server behind: the server has
  // its own process group, so Ctrl-C in the terminal does not reach it.
  const onExit = () => killGroup('SIGKILL');
  const onSignal = (signal) => {
    killGroup('SIGKILL');
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.on('exit', onExit);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  let output = '';
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => fail(new Error(`code-server did not report its port within ${timeoutMs} ms; log: ${dirs.log}\n${output.slice(-2000)}`)),
      timeoutMs,
    );
    const fail = (err) => {
      clearTimeout(timer);
      killGroup('SIGKILL');
      reject(err);
    };
    const onData = (chunk) => {
      log.write(chunk);
      output += chunk.toString();
      const m = /HTTP server listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code, signal) =>
      fail(new Error(`code-server exited early (${code ?? signal}); log: ${dirs.log}\n${output.slice(-2000)}`)),
    );
    child.once('error', fail);
  });

  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    /** Kills the process group: SIGTERM, then SIGKILL after 5 s. */
    async stop() {
      process.off('exit', onExit);
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      if (child.exitCode !== null || child.signalCode !== null) return;
      killGroup('SIGTERM');
      const t = setTimeout(() => killGroup('SIGKILL'), 5_000);
      await exited;
      clearTimeout(t);
      killGroup('SIGKILL'); // stragglers in the group (watchers, extension host)
      log.end();
    },
  };
}

/** Headless Debian Chromium on a fresh profile, sized like a laptop window. */
export function launchBrowser(profileDir) {
  return chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/**
 * Opens the workbench on `workspace` with the test payload: the empty runner extension as
 * extensionDevelopmentPath, `testsIndex` (a bundled run() entry) as extensionTestsPath, and
 * `openFile` (an absolute path) in an editor at window start when given.
 * Expose window.codeAutomationExit/Log on `page` first: the workbench reports through them.
 */
export async function openWorkbenchWithTests(page, server, workspace, testsIndex, { openFile } = {}) {
  const remote = (p) => `vscode-remote://127.0.0.1:${server.port}${p}`;
  const payload = [
    ['extensionDevelopmentPath', remote(runnerExtensionDir)],
    ['extensionTestsPath', remote(testsIndex)],
    ...(openFile ? [['openFile', remote(openFile)]] : []),
  ];
  await page.goto(`${server.url}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`);
}
