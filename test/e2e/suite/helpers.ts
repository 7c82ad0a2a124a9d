// Shared helpers for the e2e suite (runs inside the VS Code extension host).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { findNodeAtLocation, parseTree, type JSONPath } from 'jsonc-parser';
import { waitForValue } from '../../helpers/waitFor';

export const EXTENSION_ID = 'report-studio.report-studio';
/** The bundle lives in <repo>/out/e2e/suite/. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

/** REPORT_STUDIO_E2E_TRACE=1: each wait and UI driver action on the console, when it ended and how long it took. */
const TRACE = process.env.REPORT_STUDIO_E2E_TRACE === '1';
/** Prints the clock time, the time since `started`, and `what` (when tracing). */
function trace(what: string, started: number): void {
  if (TRACE) console.log(`      · ${new Date().toISOString().slice(11, 23)} ${((Date.now() - started) / 1000).toFixed(2)} s ${what}`);
}

/**
 * Polls `probe` until it returns something other than undefined/false, through the one wait of the
 * test tree (test/helpers/waitFor.ts). In the extension host a probe may throw while what it reads
 * is not there yet (an editor, a panel): it is asked again, and the deadline names its last error.
 */
export async function waitFor<T>(
  what: string,
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 30_000,
): Promise<T> {
  let lastError: unknown;
  const tolerant = async (): Promise<T | undefined> => {
    try {
      const value = await probe();
      return value === false ? undefined : value;
    } catch (e) {
      lastError = e;
      return undefined;
    }
  };
  const started = Date.now();
  try {
    const value = await waitForValue(what, tolerant, timeoutMs, 100);
    trace(`waited for ${what}`, started);
    return value;
  } catch (e) {
    throw new Error(`${(e as Error).message}${lastError ? `: ${String(lastError)}` : ''}`, { cause: e });
  }
}

/**
 * Resolves with the document's diagnostics as soon as `accept` likes them, re-checking on
 * every onDidChangeDiagnostics for the document (and once up front).
 */
export function waitForDiagnostics(
  uri: vscode.Uri,
  what: string,
  accept: (d: readonly vscode.Diagnostic[]) => boolean,
  timeoutMs = 30_000,
): Promise<vscode.Diagnostic[]> {
  return new Promise((resolve, reject) => {
    const check = (): boolean => {
      const diagnostics = vscode.languages.getDiagnostics(uri);
      if (!accept(diagnostics)) return false;
      cleanup();
      resolve(diagnostics);
      return true;
    };
    const listener = vscode.languages.onDidChangeDiagnostics((e) => {
      if (e.uris.some((u) => u.toString() === uri.toString())) check();
    });
    const timer = setTimeout(() => {
      cleanup();
      const now = vscode.languages.getDiagnostics(uri).map(describeDiagnostic);
      reject(
        new Error(
          `timed out after ${timeoutMs} ms waiting for ${what} on ${uri.toString()}; diagnostics now: ${JSON.stringify(now, null, 1)}`,
        ),
      );
    }, timeoutMs);
    const cleanup = () => {
      clearTimeout(timer);
      listener.dispose();
    };
    check();
  });
}

export function describeDiagnostic(d: vscode.Diagnostic): string {
  const r = d.range;
  return `${r.start.line}:${r.start.character}-${r.end.line}:${r.end.character} ${d.message}`;
}

/** Copies a repository file into a fresh temp folder so tests never touch the original. */
/** A new file `name` holding `text` in a folder of its own under the temp folder. */
export function tempFile(name: string, text: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'report-studio-e2e-')), name);
  fs.writeFileSync(file, text);
  return file;
}

export function tempCopy(relativePath: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-studio-e2e-'));
  const target = path.join(dir, path.basename(relativePath));
  fs.copyFileSync(path.join(REPO_ROOT, relativePath), target);
  return target;
}

/** The range of the JSON node at `jsonPath` (its key when `part` is 'key'). */
export function rangeOf(document: vscode.TextDocument, jsonPath: JSONPath, part: 'value' | 'key' = 'value'): vscode.Range {
  const root = parseTree(document.getText());
  const node = root && findNodeAtLocation(root, jsonPath);
  if (!node) throw new Error(`no JSON node at ${JSON.stringify(jsonPath)} in ${document.uri.fsPath}`);
  const target = part === 'key' ? node.parent?.children?.[0] : node;
  if (!target) throw new Error(`no key for ${JSON.stringify(jsonPath)}`);
  return new vscode.Range(document.positionAt(target.offset), document.positionAt(target.offset + target.length));
}

/** The UI driver (test/e2e/ui/driver.ts) that acts on the suite's window; unset in the desktop launcher. */
export const uiDriverUrl = process.env.REPORT_STUDIO_E2E_UI_DRIVER;

/** Asks the UI driver to do `action` in the suite's window; resolves with what it returns. */
export async function ui<T>(action: string, args: Record<string, unknown> = {}): Promise<T> {
  if (!uiDriverUrl) throw new Error('no UI driver (REPORT_STUDIO_E2E_UI_DRIVER is unset)');
  const started = Date.now();
  const res = await fetch(`${uiDriverUrl}/${encodeURIComponent(action)}`, { method: 'POST', body: JSON.stringify(args) });
  const body = (await res.json()) as { value?: T; error?: string };
  trace(`UI driver ${action}`, started);
  if (!res.ok) throw new Error(`UI driver ${action} ${JSON.stringify(args)}: ${body.error}`);
  return body.value as T;
}

/**
 * Lets the window's webviews finish the resource loads they started, before a panel is closed.
 * In code-server all webviews share one service worker; a panel closed mid-load leaves it a
 * request nobody answers, and until that times out (30 s) the next new webview stays blank
 * (its page never starts; CI saw 3–4 such stalls a run, 15–30 s each). A person rarely closes a
 * panel within a second of opening it; the suite does it all the time.
 */
export async function settleWebviewLoads(): Promise<void> {
  if (uiDriverUrl) await ui('settleWebviewLoads');
}

/** Closes every editor, dropping unsaved changes (untitled copies included) without a question. */
export async function revertAllEditors(): Promise<void> {
  await settleWebviewLoads();
  while (vscode.window.activeTextEditor) await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  await closeAllEditors();
}

export async function closeAllEditors(): Promise<void> {
  await settleWebviewLoads();
  await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}
