/**
 * The CLI's npm package as a user gets it: packed by scripts/pack-cli.mjs into a temporary
 * folder, installed with `npm install -g --prefix <tmp> --offline` (no network: the package has
 * no dependencies), and run from the installed `bin`. Shared by the package test and the CI
 * recipe test, which install one tarball packed once (sharedTarball).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { waitFor } from '../../helpers/waitFor';
import { collect, ROOT } from '../cli/cliHarness';
import type { CliRun } from '../cli/cliHarness';

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs a program to its end (stdin closed), with a time limit. */
export function runProgram(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<CliRun> {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  return collect(child, options.timeoutMs ?? 60_000);
}

/** `node scripts/pack-cli.mjs --out <dir>`: the tarball's path. */
async function packTarball(outDir: string): Promise<string> {
  const r = await runProgram(process.execPath, [join(ROOT, 'scripts', 'pack-cli.mjs'), '--out', outDir, '--quiet'], { cwd: ROOT });
  if (r.code !== 0) throw new Error(`pack-cli failed (exit ${r.code})\n${r.stdout}${r.stderr}`);
  return r.stdout.trim().split('\n').pop() as string;
}

/** The files under `path` (itself when a file), relative to the root, sorted. */
function filesOf(path: string): string[] {
  if (!statSync(join(ROOT, path)).isDirectory()) return [path];
  return readdirSync(join(ROOT, path))
    .sort()
    .flatMap((name) => filesOf(`${path}/${name}`));
}

/** A hash of every input of the package (scripts/pack-cli.mjs's PACKAGE_INPUTS): names and contents. */
async function packageKey(): Promise<string> {
  const url = pathToFileURL(join(ROOT, 'scripts', 'pack-cli.mjs')).href;
  // A real import() (tsx would make it a require, which cannot load an ES module with top-level await).
  const { PACKAGE_INPUTS } = (await new Function('u', 'return import(u)')(url)) as { PACKAGE_INPUTS: string[] };
  const hash = createHash('sha256');
  for (const file of PACKAGE_INPUTS.flatMap(filesOf))
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(ROOT, file)))
      .update('\0');
  return hash.digest('hex').slice(0, 20);
}

const CACHE_PREFIX = 'rs-cli-package-';

/** The tarball in a finished cache folder, if there is one. */
function tarballIn(dir: string): string | undefined {
  const name = existsSync(dir) ? readdirSync(dir).find((f) => f.endsWith('.tgz')) : undefined;
  return name && join(dir, name);
}

/** Whether the process that took `lock` has ended without removing it (killed mid-pack). */
function abandoned(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
  } catch {
    return false; // just made, its pid not written yet (or already removed)
  }
  try {
    process.kill(pid, 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * The CLI's tarball of the current dist/ and package inputs, packed once (~5 CPU-s) for every
 * test file that installs it, across mocha's worker processes: it lives in the temp dir in a
 * folder named by packageKey(). The first process to need it packs under a lock (a folder made
 * atomically) and renames its finished folder into place; the others wait for that folder. The
 * tests only read the tarball (each installs it into a prefix of its own).
 */
export async function sharedTarball(): Promise<string> {
  const key = await packageKey();
  const dir = join(tmpdir(), `${CACHE_PREFIX}${key}`);
  const lock = `${dir}.lock`;
  for (;;) {
    const found = tarballIn(dir);
    if (found) {
      utimesSync(dir, new Date(), new Date()); // in use: not removed as old (removeOldCaches)
      return found;
    }
    try {
      mkdirSync(lock);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      if (abandoned(lock)) rmSync(lock, { recursive: true, force: true });
      else await waitFor(`the CLI package another test process packs (${lock})`, () => existsSync(dir) || !existsSync(lock), 300_000, 200);
      continue;
    }
    try {
      writeFileSync(join(lock, 'pid'), String(process.pid));
      removeOldCaches(dir);
      const staging = `${dir}.${process.pid}.tmp`;
      rmSync(staging, { recursive: true, force: true });
      const tarball = await packTarball(staging);
      rmSync(join(staging, 'package'), { recursive: true, force: true }); // the unpacked copy: only the tarball is used
      // dist/ rebuilt while packing (the release test's production build): this tarball is not
      // the one of `key`; used once, never shared (removed as old later).
      if ((await packageKey()) !== key) return tarball;
      renameSync(staging, dir);
      return join(dir, basename(tarball));
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** Tarballs of other inputs, untouched for a day (other checkouts' runs may still use newer ones). */
function removeOldCaches(keep: string): void {
  const dayAgo = Date.now() - 86_400_000;
  for (const name of readdirSync(tmpdir())) {
    const path = join(tmpdir(), name);
    if (!name.startsWith(CACHE_PREFIX) || path === keep || name.endsWith('.lock')) continue;
    try {
      if (statSync(path).mtimeMs < dayAgo) rmSync(path, { recursive: true, force: true });
    } catch {
      /* removed by another process meanwhile */
    }
  }
}

/** A PATH whose `node` is the one running the tests, then the installed bin, then the rest. */
export function pathWith(binDir: string): string {
  return [dirname(process.execPath), binDir, process.env.PATH ?? ''].join(delimiter);
}

/** Where `npm install -g --prefix <prefix>` puts the command. */
export function binDir(prefix: string): string {
  return process.platform === 'win32' ? prefix : join(prefix, 'bin');
}

/** `npm install -g --prefix <prefix> --offline <tarball>` with its own empty cache. */
export async function installTarball(tarball: string, prefix: string, cache: string): Promise<void> {
  const args = ['install', '-g', '--prefix', prefix, '--cache', cache, '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball];
  const r = await runProgram(NPM, args, { cwd: dirname(tarball), env: userEnv({}) });
  if (r.code !== 0) throw new Error(`npm ${args.join(' ')} failed (exit ${r.code})\n${r.stdout}${r.stderr}`);
}

/** The environment a fresh shell would give: no REPORT_STUDIO_* or npm_* from the test runner. */
export function userEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^(REPORT_STUDIO_|npm_|GITHUB_)/i.test(k)) env[k] = v;
  return { ...env, ...extra };
}
