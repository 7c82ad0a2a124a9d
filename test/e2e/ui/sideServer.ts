// A code-server of its own for a check that needs a window of its own (Restricted Mode, German,
// multi-root): its own profile, so its extension host starts the local service on a data dir of
// its own (the service locks it: two windows of one server cannot run side by side), and its own
// origin, so no webview service worker is shared with another window. It runs the extension the
// main server installed (the same extensions dir). checks.ts runs these checks one at a time,
// after the main window's checks.
import { join } from 'node:path';
import { launchBrowser, prepareRunDirs, startCodeServer, type CodeServer, type RunDirs } from '../../../scripts/e2e/code-server.mjs';

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

/** A Chromium on the side server's own profile; if it cannot start, the server is stopped. */
export async function launchSideBrowser({ server, dirs }: SideServer) {
  return launchBrowser(join(dirs.runDir, 'chromium-profile')).catch(async (e: unknown) => {
    await server.stop();
    throw e;
  });
}

/** When each step of a check was reached, in ms from now (printed with the check's result). */
export function stopwatch() {
  const t0 = Date.now();
  const times: Record<string, number> = {};
  return { times, mark: (name: string) => (times[name] = Date.now() - t0) };
}
