/**
 * The web entry's twin of src/extension/hostFiles.ts (same exports): the web worker extension
 * host has no disk, so every file — global storage included — goes through vscode.workspace.fs.
 */
import * as vscode from 'vscode';
import { uniqueSuffix } from '../uniqueSuffix';

export function readHostFile(uri: vscode.Uri): Promise<Uint8Array> {
  return Promise.resolve(vscode.workspace.fs.readFile(uri));
}

export async function isHostFile(uri: vscode.Uri): Promise<boolean> {
  try {
    return ((await vscode.workspace.fs.stat(uri)).type & vscode.FileType.File) !== 0;
  } catch {
    return false;
  }
}

/** Written beside, then renamed over (writeFile creates the missing folders). */
export async function writeHostFileAtomically(uri: vscode.Uri, bytes: Uint8Array): Promise<void> {
  const temp = uri.with({ path: `${uri.path}.${uniqueSuffix()}.tmp` });
  await vscode.workspace.fs.writeFile(temp, bytes);
  await vscode.workspace.fs.rename(temp, uri, { overwrite: true });
}
