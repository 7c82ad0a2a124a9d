/**
 * The CLI's npm package as a user gets it: packed by scripts/pack-cli.mjs into a temporary
 * folder, installed with `npm install -g --prefix <tmp> --offline` (no network: the package has
 * no dependencies), and run from the installed `bin`. Shared by the package test and the CI
 * recipe test; each packs its own tarball (~5 CPU-s), which keeps them independent of each other.
 */
import { spawn } from 'node:child_process';
import { dirname, delimiter, join } from 'node:path';
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
export async function packTarball(outDir: string): Promise<string> {
  const r = await runProgram(process.execPath, [join(ROOT, 'scripts', 'pack-cli.mjs'), '--out', outDir, '--quiet'], { cwd: ROOT });
  if (r.code !== 0) throw new Error(`pack-cli failed (exit ${r.code})\n${r.stdout}${r.stderr}`);
  return r.stdout.trim().split('\n').pop() as string;
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
