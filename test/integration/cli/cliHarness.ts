/**
 * Runs the bundled CLI as a subprocess (dist/cli.js), as a user or CI would, or in this process
 * (`runCli` of dist/engine.js, as the extension's tasks run it) where a test is about what a
 * command does, not about the process: a spawn costs 1–4 s of CPU to load the bundle, the
 * schema's validators and, for diff and export, the renderer, which an in-process run loads
 * once per mocha worker.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { LocalService, LocalServiceOptions } from '../../../src/service/service';
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

type EngineCli = typeof import('../../../src/cli/engine');
type EngineIo = import('../../../src/cli/engine').CliIo;

/** The bundled engine (dist/engine.js), loaded once per process. */
function bundledEngine(): EngineCli {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the built bundle, loaded once per process
  return require(join(ROOT, 'dist', 'engine.js')) as EngineCli;
}

/**
 * The same command run by `runCli` of the bundled engine (dist/engine.js) in this process, with
 * its own stdout, stderr, env and cwd; resolves with the exit code runCli returns (what
 * dist/cli.js sets as the process's exit code). Past `timeoutMs` the command is aborted as a
 * Ctrl-C aborts it, and the promise rejects. With `localService`, --offline uses that running
 * service instead of starting one (CliIo.localService, as the extension's build tasks run).
 */
export async function runCliInProcess(
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs?: number; localService?: EngineIo['localService'] },
): Promise<CliRun> {
  const engine = bundledEngine();
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
  stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
  const controller = new AbortController();
  const timeoutMs = options.timeoutMs ?? 60_000;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort(new Error('interrupted'));
      reject(new Error(`CLI ${args.join(' ')} did not finish within ${timeoutMs} ms\nstdout: ${out}\nstderr: ${err}`));
    }, timeoutMs);
  });
  try {
    const code = await Promise.race([
      engine.runCli(args, { stdout, stderr, env: options.env, cwd: options.cwd, localService: options.localService }, controller.signal),
      timedOut,
    ]);
    // Everything written is read before the result is: as when a child's pipes close.
    await Promise.all([finished(stdout.end()), finished(stderr.end())]);
    return { code, stdout: out, stderr: err };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The bundled engine's local service (dist/engine.js, the real renderer in its workers) in this
 * process, for in-process --offline runs to share (`localService`): each --offline run that
 * starts its own service starts render workers that each load the renderer and compile PDFium.
 * `localService` hands out the first key.
 */
export async function startBundledService(
  options: Omit<LocalServiceOptions, 'port'>,
): Promise<{ service: LocalService; localService: NonNullable<EngineIo['localService']> }> {
  const service = await bundledEngine().startLocalService({ ...options, port: 0 });
  return { service, localService: () => Promise.resolve({ baseUrl: service.baseUrl, apiKey: service.apiKeys[0] }) };
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
