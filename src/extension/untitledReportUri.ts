// Where an unsaved new report or example copy lives: an untitled URI whose name matches the
// schema's `*.report.json` association, so the document validates before it is ever saved.
import * as vscode from 'vscode';
import { homeFolder } from './homePath';

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}

/**
 * The folder a file of `near` is in: a saved file's own folder (on disk or in a workspace
 * folder's file system, virtual ones included); for an unsaved report made by untitledReportUri,
 * the folder it will be saved to. Undefined for anything else (an output channel, a diff side).
 */
export function folderOf(near: vscode.Uri | undefined): vscode.Uri | undefined {
  if (!near) return undefined;
  if (near.scheme === 'untitled') {
    // Its path is where Save writes it; the workspace folder under it gives back its file system.
    const dir = vscode.Uri.joinPath(near, '..').path;
    const folder = vscode.workspace.workspaceFolders?.find((f) => dir === f.uri.path || dir.startsWith(`${f.uri.path}/`));
    return folder && vscode.Uri.joinPath(folder.uri, dir.slice(folder.uri.path.length));
  }
  if (near.scheme === 'file' || vscode.workspace.getWorkspaceFolder(near)) return vscode.Uri.joinPath(near, '..');
  return undefined;
}

/**
 * `<fileName>` in the folder of the active editor's file (in a multi-root workspace: that
 * report's folder, not the first one), else in the first workspace folder, else the home
 * folder; then `<stem>-2.report.json`, `-3` …: the first that names no existing file and no
 * open document. Saving writes it there.
 */
export async function untitledReportUri(fileName: string): Promise<vscode.Uri> {
  const base =
    folderOf(vscode.window.activeTextEditor?.document.uri) ??
    vscode.workspace.workspaceFolders?.[0]?.uri ??
    vscode.Uri.file(homeFolder() || '/');
  const stem = fileName.replace(/\.report\.json$/, '');
  const open = new Set(vscode.workspace.textDocuments.map((d) => d.uri.path));
  for (let n = 1; ; n++) {
    const target = vscode.Uri.joinPath(base, n === 1 ? fileName : `${stem}-${n}.report.json`);
    if (!open.has(target.path) && !(await exists(target))) return target.with({ scheme: 'untitled' });
  }
}
