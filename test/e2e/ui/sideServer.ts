// A code-server of its own for a check that needs a window of its own (Restricted Mode, German,
// multi-root): its own profile, so its extension host starts the local service on a data dir of
// its own (the service locks it: two windows of one server cannot run side by side), and its own
// origin, so no webview service worker is shared with another window. It runs the extension the
// main server installed (the same extensions dir). checks.ts runs these checks in a lane beside
// the main window's checks.
import { join } from 'node:path';
import { prepareRunDirs, startCodeServer, type CodeServer, type RunDirs } from '../../../scripts/e2e/code-server.mjs';

export interface SideServer {
  server: CodeServer;
  dirs: RunDirs;
}

/**
 * Starts a code-server on a fresh profile in `<main run dir>/<name>` with `settings` over the
 * seeded ones; `prepare(dirs)` writes what the profile needs before the server reads it, and
 * returns the folder or workspace the server opens by default.
 */
export async function startSideServer(
  main: RunDirs,
  name: string,
  { settings = {}, trust = false, prepare }: { settings?: Record<string, unknown>; trust?: boolean; prepare: (dirs: RunDirs) => string },
): Promise<SideServer> {
  const dirs = { ...prepareRunDirs(join(main.runDir, name), settings), extensionsDir: main.extensionsDir };
  const server = await startCodeServer(dirs, prepare(dirs), { trust });
  return { server, dirs };
}
