// Helpers for the Report Studio command suites: settings, the extension's log file, result
// files read back (JPEG decoded, PDF parsed with pdf.js), result panel tabs.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as vscode from 'vscode';
import * as jpeg from 'jpeg-js';
import { closeAllEditors, EXTENSION_ID, REPO_ROOT, tempCopy, waitFor } from './helpers';
import type { TaskKind } from '../../../src/core/api/types';

/** The run's user-data dir (a sibling of the extensions dir the launcher passes). */
function userDataDir(): string {
  const extensionsDir = process.env.REPORT_STUDIO_E2E_EXTENSIONS_DIR;
  if (!extensionsDir) throw new Error('REPORT_STUDIO_E2E_EXTENSIONS_DIR is not set');
  return path.join(path.dirname(extensionsDir), 'user-data');
}

export function userSettingsText(): string {
  const file = path.join(userDataDir(), 'User', 'settings.json');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
}

function walk(dir: string, out: string[] = []): string[] {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else out.push(full);
  }
  return out;
}

/** Every log file VS Code wrote in this run (all windows, the extension host, our channel). */
export function allLogFiles(): string[] {
  return walk(path.join(userDataDir(), 'logs'));
}

/** The "Report Studio" LogOutputChannel's files (VS Code writes each log channel to a file). */
export function reportLogText(): string {
  return allLogFiles()
    .filter((f) => f.includes(EXTENSION_ID) && path.basename(f) === 'Report Studio.log')
    .map((f) => fs.readFileSync(f, 'utf8'))
    .join('\n');
}

export function countMatches(text: string, pattern: RegExp): number {
  return text.match(new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`))?.length ?? 0;
}

/** Waits until the log shows `pattern` at least `count` times; returns the log. */
export function waitForLog(what: string, pattern: RegExp, count = 1, timeoutMs = 30_000): Promise<string> {
  return waitFor(
    `${what} in the Report Studio log`,
    () => {
      const text = reportLogText();
      return countMatches(text, pattern) >= count ? text : undefined;
    },
    timeoutMs,
  );
}

/**
 * The log from the build's submit to its download (the lines of one task), once the download
 * line is in the file. VS Code writes the channel's file asynchronously, so counts taken
 * before a known later line has arrived could miss lines.
 */
export async function logOfTask(taskId: string): Promise<string> {
  const done = new RegExp(`get-report\\?task_id=${taskId} → 200`);
  const text = await waitForLog(`the download of task ${taskId}`, done);
  const end = text.search(done);
  // The task's submit is the last build/preview request before its download.
  const submit = Math.max(text.lastIndexOf('/build-report →', end), text.lastIndexOf('/preview-report →', end));
  return text.slice(text.lastIndexOf('\n', submit) + 1, end);
}

const config = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('reportStudio');

/** Sets user settings and returns a function that restores the previous values. */
export async function withSettings(values: Record<string, unknown>): Promise<() => Promise<void>> {
  const before: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    before[key] = config().inspect(key)?.globalValue;
    await config().update(key, value, vscode.ConfigurationTarget.Global);
  }
  return async () => {
    for (const [key, value] of Object.entries(before)) await config().update(key, value, vscode.ConfigurationTarget.Global);
  };
}

/**
 * Mocha hooks for a suite: `values` set before it, restored after it, then `cleanup`
 * (by default: editors closed, toasts dismissed).
 */
export function useSettings(values: Record<string, unknown>, cleanup: () => Promise<void> = cleanUp): void {
  let restore: (() => Promise<void>) | undefined;
  before(async () => {
    restore = await withSettings(values);
  });
  after(async () => {
    await restore?.();
    await cleanup();
  });
}

/** A copy of a bundled example in a temp folder, opened in an editor. */
export async function openExampleCopy(name: string): Promise<{ file: string; document: vscode.TextDocument; editor: vscode.TextEditor }> {
  const file = tempCopy(`examples/${name}`);
  const document = await vscode.workspace.openTextDocument(file);
  const editor = await vscode.window.showTextDocument(document);
  return { file, document, editor };
}

export function decodeJpegFile(file: string): { width: number; height: number; data: Uint8Array } {
  const img = jpeg.decode(fs.readFileSync(file), { useTArray: true, formatAsRGBA: true, maxMemoryUsageInMB: 512 });
  return { width: img.width, height: img.height, data: img.data };
}

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | undefined;

/** Page count and text of a PDF, read with pdf.js from the repository's node_modules. */
export async function readPdfFile(file: string): Promise<{ pageCount: number; text: string }> {
  const url = pathToFileURL(path.join(REPO_ROOT, 'node_modules/pdfjs-dist/legacy/build/pdf.mjs')).href;
  pdfjs ??= new Function('u', 'return import(u)')(url) as Promise<PdfJs>;
  const lib = await pdfjs;
  const doc = await lib.getDocument({ data: new Uint8Array(fs.readFileSync(file)), isEvalSupported: false, verbosity: 0 }).promise;
  try {
    let text = '';
    for (let i = 1; i <= doc.numPages; i++) {
      const content = await (await doc.getPage(i)).getTextContent();
      for (const item of content.items) if ('str' in item) text += `${item.str} `;
    }
    return { pageCount: doc.numPages, text: text.replace(/\s+/g, ' ') };
  } finally {
    await doc.destroy();
  }
}

/** Closes the editors and dismisses the toasts a suite left (they would cover later clicks). */
export async function cleanUp(): Promise<void> {
  await vscode.commands.executeCommand('notifications.clearAll');
  await closeAllEditors();
}

/** Tabs of Report Studio result panels. */
export function resultTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith('reportStudio.result'));
}

/** What reportStudio.preview / reportStudio.build return (src/extension/submit/types.ts). */
export interface SubmitOutcome {
  status: 'success' | 'failed' | 'invalid' | 'error' | 'cancelled' | 'superseded' | 'declined';
  kind: TaskKind;
  report: string;
  taskId?: string;
  file?: string;
  pageCount?: number;
  quota?: { singlePageRemaining: number | null; multiPageRemaining: number | null };
  errorKind?: string;
  message?: string;
  diagnostics?: number;
}

export function run<T = SubmitOutcome>(command: string, ...args: unknown[]): Promise<T> {
  return Promise.resolve(vscode.commands.executeCommand<T>(`reportStudio.${command}`, ...args));
}
