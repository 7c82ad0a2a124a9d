// Installs code-server (= VS Code 1.100.3 server + web workbench) from npm into
// .vscode-test/code-server/, cached: a second run is a no-op while the version matches.
// A plain `npm install code-server` fails here four ways (root, kerberos headers, ripgrep
// and node-pty downloads); each step below says which one it works around (the Debian
// packages it needs are listed in docs/testing.md and installed by .ci/run).
//   node scripts/e2e/install-code-server.mjs [--force]
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync, lstatSync, unlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CODE_SERVER_VERSION = '4.100.3';
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const installDir = join(root, '.vscode-test', 'code-server');
export const codeServerDir = join(installDir, 'node_modules', 'code-server');
export const entryJs = join(codeServerDir, 'out', 'node', 'entry.js');
// Written last, so an interrupted install is redone rather than trusted.
const marker = join(installDir, '.installed');

/** True when a complete install of the pinned version is cached. */
export function isInstalled() {
  if (!existsSync(entryJs) || !existsSync(marker)) return false;
  try {
    const pkg = JSON.parse(readFileSync(join(codeServerDir, 'package.json'), 'utf8'));
    return pkg.version === CODE_SERVER_VERSION && readFileSync(marker, 'utf8').trim() === CODE_SERVER_VERSION;
  } catch {
    return false;
  }
}

/**
 * The native modules VS Code's server loads on Linux, built from source here. Left out:
 * @vscode/windows-process-tree and @vscode/windows-registry (Windows only) and @vscode/deviceid
 * (its addon is Windows-only; elsewhere it keeps the id in a file), and @vscode/ripgrep's
 * postinstall (a GitHub download; the binary is copied from /usr/bin/rg instead).
 */
const NATIVE_MODULES = ['node-pty', '@vscode/spdlog', 'native-watchdog', 'kerberos', '@parcel/watcher'];

function run(cmd, args, cwd) {
  const started = Date.now();
  const r = spawnSync(cmd, args, {
    cwd,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      npm_config_unsafe_perm: 'true', // root: otherwise install scripts are refused
      npm_config_yes: 'true', // node-pty's postinstall runs `npx node-gyp`
      npm_config_fund: 'false',
      npm_config_audit: 'false',
      npm_config_update_notifier: 'false',
      JOBS: 'max',
    },
  });
  if (r.status !== 0) {
    throw new Error(`install-code-server: \`${cmd} ${args.join(' ')}\` in ${cwd} failed (exit ${r.status ?? r.signal})`);
  }
  console.log(`install-code-server: ${cmd} ${args.join(' ')} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

function link(target, path) {
  try {
    if (lstatSync(path)) unlinkSync(path);
  } catch {
    /* absent */
  }
  symlinkSync(target, path);
}

function checkPrerequisites() {
  const missing = [];
  if (!existsSync('/usr/bin/rg')) missing.push('ripgrep (/usr/bin/rg)');
  if (!existsSync('/usr/include/gssapi/gssapi.h')) missing.push('libkrb5-dev (gssapi/gssapi.h)');
  if (missing.length) {
    throw new Error(
      `install-code-server: missing system packages: ${missing.join(', ')}. Run .ci/run or apt-get install them (see docs/testing.md).`,
    );
  }
}

export function installCodeServer({ force = false } = {}) {
  if (!force && isInstalled()) return false;
  checkPrerequisites();
  const started = Date.now();
  rmSync(installDir, { recursive: true, force: true });
  mkdirSync(installDir, { recursive: true });
  // Its own package.json keeps npm from walking up and installing into the repo.
  writeFileSync(join(installDir, 'package.json'), JSON.stringify({ name: 'report-studio-code-server', private: true }, null, 2));
  run('npm', ['install', `code-server@${CODE_SERVER_VERSION}`, '--ignore-scripts', '--no-save'], installDir);
  const vscodeDir = join(codeServerDir, 'lib', 'vscode');
  run('npm', ['install', '--omit=dev', '--ignore-scripts'], vscodeDir);
  // @vscode/ripgrep's postinstall downloads from GitHub unless the binary is already there.
  const rgDir = join(vscodeDir, 'node_modules', '@vscode', 'ripgrep', 'bin');
  mkdirSync(rgDir, { recursive: true });
  copyFileSync('/usr/bin/rg', join(rgDir, 'rg'));
  run('npm', ['rebuild', ...NATIVE_MODULES, '--foreground-scripts'], vscodeDir);
  link('node_modules', join(vscodeDir, 'node_modules.asar'));
  link('code-linux.sh', join(vscodeDir, 'bin', 'remote-cli', 'code-server'));
  link('browser-linux.sh', join(vscodeDir, 'bin', 'helpers', 'browser.sh'));
  run('npm', ['install', '--omit=dev'], join(vscodeDir, 'extensions'));
  // argon2's prebuilt download fails; it then compiles from source.
  run('npm', ['rebuild', 'argon2', '--foreground-scripts'], installDir);
  if (!existsSync(entryJs)) throw new Error(`install-code-server: ${entryJs} missing after install`);
  writeFileSync(marker, CODE_SERVER_VERSION + '\n');
  console.log(`install-code-server: code-server ${CODE_SERVER_VERSION} installed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    const did = installCodeServer({ force: process.argv.includes('--force') });
    if (!did) console.log(`install-code-server: code-server ${CODE_SERVER_VERSION} already installed (${installDir})`);
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  }
}
