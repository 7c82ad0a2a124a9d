/**
 * The extension's own files — results and live views under global storage — as the Node
 * extension host reads and writes them: a file: URI straight on disk (vscode.workspace.fs goes
 * through the window: in a remote or web workbench a round trip to the browser and back, tens of
 * milliseconds between a finished task and its result on screen), any other scheme (a virtual
 * workspace, a remote's user data) through vscode.workspace.fs. The web entry swaps this module
 * for src/extension/web/hostFiles.ts (vscode.workspace.fs only; scripts/web-build.mjs, SWAPS).
 */
import { promises as fs } from 'node:fs';
import * as vscode from 'vscode';
import { uniqueSuffix } from './uniqueSuffix';

export async function readHostFile(uri: vscode.Uri): Promise<Uint8Array> {
  return uri.scheme === 'file' ? new Uint8Array(await fs.readFile(uri.fsPath)) : vscode.workspace.fs.readFile(uri);
}

/** True when `uri` is a file. */
export async function isHostFile(uri: vscode.Uri): Promise<boolean> {
  try {
    if (uri.scheme === 'file') return (await fs.stat(uri.fsPath)).isFile();
    const stat = await vscode.workspace.fs.stat(uri);
    return (stat.type & vscode.FileType.File) !== 0;
  } catch {
    return false;
  }
}

/** Written beside, then renamed over: a viewer never reads a half-written file. */
export async function writeHostFileAtomically(uri: vscode.Uri, bytes: Uint8Array): Promise<void> {
  if (uri.scheme !== 'file') {
    const temp = uri.with({ path: `${uri.path}.${uniqueSuffix()}.tmp` });
    await vscode.workspace.fs.writeFile(temp, bytes);
    await vscode.workspace.fs.rename(temp, uri, { overwrite: true });
    return;
  }
  await fs.mkdir(vscode.Uri.joinPath(uri, '..').fsPath, { recursive: true });
  const temp = `${uri.fsPath}.${uniqueSuffix()}.tmp`;
  await fs.writeFile(temp, bytes);
  await fs.rename(temp, uri.fsPath);
}
