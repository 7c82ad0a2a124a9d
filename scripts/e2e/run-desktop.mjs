// `npm run test:desktop`: the same e2e suite in desktop VS Code, for a developer machine with
// internet access (CI here cannot download VS Code, so it uses `npm run test:e2e`).
// @vscode/test-electron downloads VS Code into .vscode-test/ (cached), the packaged .vsix is
// installed into an isolated extensions dir, and the suite runs with the tiny runner
// extension as extensionDevelopmentPath, so what is tested is the installed .vsix.
//   VSCODE_VERSION=1.100.3 npm run test:desktop   (default: stable)
//   REPORT_STUDIO_E2E_GREP=<pattern>              run only matching tests
// On a Linux machine without a display, run it under `xvfb-run -a`.
import { downloadAndUnzipVSCode, resolveCliArgsFromVSCodeExecutablePath, runTests } from '@vscode/test-electron';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { buildSuite, root, runnerExtensionDir } from './build-suite.mjs';
import { prepareRunDirs } from './code-server.mjs';
import { makeWorkspace } from './workspace.mjs';
import { ensureVsix } from '../package.mjs';

async function main() {
  const suiteIndex = await buildSuite();
  const vsix = ensureVsix();
  const dirs = prepareRunDirs(join(root, '.vscode-test', 'desktop-run'));
  const workspace = makeWorkspace(join(dirs.runDir, 'workspace'));
  const profile = [`--extensions-dir=${dirs.extensionsDir}`, `--user-data-dir=${dirs.userDataDir}`];

  const vscodeExecutablePath = await downloadAndUnzipVSCode({
    version: process.env.VSCODE_VERSION ?? 'stable',
    cachePath: join(root, '.vscode-test'),
  });
  const [cli, ...cliArgs] = resolveCliArgsFromVSCodeExecutablePath(vscodeExecutablePath, { reuseMachineInstall: true });
  const install = spawnSync(cli, [...cliArgs, ...profile, '--install-extension', vsix, '--force'], {
    encoding: 'utf8',
    stdio: 'inherit',
    shell: process.platform === 'win32', // code.cmd
  });
  if (install.status !== 0) throw new Error(`installing ${vsix} failed (exit ${install.status})`);

  await runTests({
    vscodeExecutablePath,
    extensionDevelopmentPath: runnerExtensionDir,
    extensionTestsPath: suiteIndex,
    extensionTestsEnv: {
      REPORT_STUDIO_E2E_EXTENSIONS_DIR: dirs.extensionsDir,
      REPORT_STUDIO_E2E_GREP: process.env.REPORT_STUDIO_E2E_GREP ?? '',
    },
    launchArgs: [workspace, ...profile, '--disable-workspace-trust', '--skip-welcome', '--skip-release-notes'],
  });
}

main().then(
  () => console.log('test:desktop: all tests passed'),
  (err) => {
    console.error(`test:desktop: ${err instanceof Error ? err.message : err}`);
    process.exit(1);
  },
);
