/**
 * The local service in the browser: `startLocalService(options)` → the LocalService of
 * src/mock/service.ts, with its state in memory and its address an origin answered in-process.
 */
import type { LocalService, LocalServiceOptions } from '../mock/service';

export async function startLocalService(options: LocalServiceOptions): Promise<LocalService> {
  if (!options.assets) throw new Error('the local service in the browser needs `assets` to read the renderer’s files');
  throw new Error('the local service in the browser is not available in this build yet');
}
