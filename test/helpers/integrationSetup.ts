/**
 * Mocha global fixture of the integration stage: runs once in the main process before the
 * parallel workers start, so a stale dist/ is rebuilt once, not by two workers at the same time.
 */
import { ensureBuilt } from './freshBuild';

export function mochaGlobalSetup(): void {
  ensureBuilt();
}
