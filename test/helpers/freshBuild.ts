/**
 * dist/ as the integration tests run it: built once when stale (scripts/freshness.mjs compares
 * the bundles with their sources), never rebuilt when `npm test`'s build stage has just made it.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
let checked = false;

export function ensureBuilt(): void {
  if (checked) return;
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'freshness.mjs'), '--build'], { cwd: ROOT, stdio: 'inherit' });
  checked = true;
}
