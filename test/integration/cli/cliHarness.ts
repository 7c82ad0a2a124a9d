/** Runs the bundled CLI (dist/cli.js) as a subprocess, as a user or CI would. */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { ensureBuilt } from '../../helpers/freshBuild';

export const ROOT = join(__dirname, '..', '..', '..');
export const CLI = join(ROOT, 'dist', 'cli.js');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** dist/ as users run it, built when stale (test/helpers/freshBuild.ts). */
export async function buildOnce(): Promise<void> {
  ensureBuilt();
}

/** Env without any REPORT_STUDIO_* from the developer's shell, plus `extra`. */
export function cleanEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('REPORT_STUDIO_')) env[k] = v;
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) env[k] = v;
  return env;
}

export function runCli(args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs?: number }): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    collect(child, options.timeoutMs ?? 60_000).then(resolve, reject);
  });
}

export function collect(child: ChildProcess, timeoutMs: number): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    // Decoded as a stream: a character split between two chunks stays one character.
    child.stdout?.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr?.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`CLI did not exit within ${timeoutMs} ms\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Spawns the CLI and returns the child for tests that talk to it while it runs (serve, Ctrl-C). */
export function spawnCli(args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): ChildProcess {
  return spawn(process.execPath, [CLI, ...args], { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Resolves with the first stdout text matching `pattern`. */
export function waitForOutput(
  child: ChildProcess,
  pattern: RegExp,
  timeoutMs = 30_000,
  stream: 'stdout' | 'stderr' = 'stdout',
): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`no ${pattern} on ${stream} within ${timeoutMs} ms; got: ${seen}`)), timeoutMs);
    child[stream]?.setEncoding('utf8').on('data', (c: string) => {
      seen += c;
      const m = seen.match(pattern);
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    });
  });
}

export function describeRun(r: CliRun): string {
  return `exit ${r.code}\n--- stdout\n${r.stdout}\n--- stderr\n${r.stderr}`;
}
