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
  try {
    return await waitForValue(what, tolerant, timeoutMs, 100);
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

/** Closes every editor, dropping unsaved changes (untitled copies included) without a question. */
export async function revertAllEditors(): Promise<void> {
  while (vscode.window.activeTextEditor) await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  await closeAllEditors();
}

export async function closeAllEditors(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}
