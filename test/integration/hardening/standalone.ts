/**
 * The bundled standalone service (dist/local-service.js) as a subprocess for the hardening
 * tests: start it on a free loopback port, capture every line it prints, stop it
 * gracefully or with SIGKILL — always by its own PID.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { ensureBuilt } from '../../helpers/freshBuild';

export const ROOT = join(__dirname, '../../..');
export const BUNDLE = join(ROOT, 'dist/local-service.js');

export interface ServerProcess {
  child: ChildProcess;
  stdout: string[];
  stderr: string[];
  /** http://127.0.0.1:PORT */
  url: string;
}

/** dist/ as users run it, built when stale (test/helpers/freshBuild.ts). */
export function buildOnce(): void {
  ensureBuilt();
}

/** Starts the service; resolves once it printed its listening line. */
export function startServer(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<ServerProcess> {
  const child = spawn(process.execPath, [BUNDLE, '--port', '0', ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const p: ServerProcess = { child, stdout: [], stderr: [], url: '' };
  const lines = (into: string[]) => {
    let partial = '';
    return (d: Buffer): void => {
      const parts = (partial + d.toString('utf8')).split('\n');
      partial = parts.pop() ?? '';
      into.push(...parts);
    };
  };
  child.stderr!.on('data', lines(p.stderr));
  const onStdout = lines(p.stdout);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line within 60 s; stderr: ${p.stderr.join('\n')}`)), 60_000);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the service exited (${code ?? signal}) before listening: ${p.stderr.join('\n')}`));
    });
    child.stdout!.on('data', (d: Buffer) => {
      onStdout(d);
      const m = p.stdout.map((l) => /^listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(l)).find(Boolean);
      if (m && !p.url) {
        p.url = m[1];
        clearTimeout(timer);
        child.removeAllListeners('exit');
        resolve(p);
      }
    });
  });
}

export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((r) => child.once('exit', (code) => r(code)));
}

/** kill -9 by PID, and wait until the process is gone. */
export async function kill9(p: ServerProcess): Promise<void> {
  if (p.child.exitCode === null && p.child.signalCode === null && p.child.pid) process.kill(p.child.pid, 'SIGKILL');
  await exited(p.child);
}

/** SIGTERM by PID; resolves with the exit code. */
export async function stopServer(p: ServerProcess): Promise<number | null> {
  if (p.child.exitCode === null && p.child.signalCode === null && p.child.pid) process.kill(p.child.pid, 'SIGTERM');
  return exited(p.child);
}

/** Runs a command to completion, capturing its output (for flag checks and the CLI). */
export function runToEnd(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  timeoutMs = 60_000,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    const timer = setTimeout(() => {
      if (child.pid) process.kill(child.pid, 'SIGKILL');
      reject(new Error(`${args.join(' ')} did not finish within ${timeoutMs} ms; stderr: ${stderr}`));
    }, timeoutMs);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
