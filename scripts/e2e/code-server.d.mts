// Types of code-server.mjs for the typed UI checks (test/e2e/ui/).
import type { BrowserContext, Page } from 'playwright-core';

export interface RunDirs {
  runDir: string;
  userDataDir: string;
  extensionsDir: string;
  xdg: string;
  tmp: string;
  config: string;
  log: string;
}
export interface CodeServer {
  port: number;
  url: string;
  stop(): Promise<void>;
}
export function prepareRunDirs(runDir: string, settings?: Record<string, unknown>): RunDirs;
export function installVsix(dirs: RunDirs, vsixPath: string): string;
export function startCodeServer(dirs: RunDirs, workspace: string, options?: { timeoutMs?: number; trust?: boolean }): Promise<CodeServer>;
export function launchBrowser(profileDir: string): Promise<BrowserContext>;
export function openWorkbenchWithTests(
  page: Page,
  server: CodeServer,
  workspace: string,
  testsIndex: string,
  options?: { openFile?: string },
): Promise<void>;
