/**
 * Where a worker-thread script of the local service is: the bundle beside the running bundle
 * in dist/, or the TypeScript source (started through tsx) when running from src/ in tests.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export interface WorkerScript {
  file: string;
  execArgv: string[];
}

/** `dir` is the caller's __dirname; undefined when neither file is there. */
export function locateWorkerScript(dir: string, bundled: string, source: string): WorkerScript | undefined {
  const bundle = join(dir, bundled);
  if (existsSync(bundle)) return { file: bundle, execArgv: [] };
  const ts = join(dir, source);
  if (existsSync(ts)) return { file: ts, execArgv: ['--require', 'tsx/cjs'] };
  return undefined;
}
