// Where an unsaved new report or example copy lives: an untitled URI whose name matches the
// schema's `*.report.json` association, so the document validates before it is ever saved.
import * as os from 'node:os';
import * as vscode from 'vscode';

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}

/**
 * `<fileName>` in the first workspace folder (else the home folder), then `<stem>-2.report.json`,
 * `-3` …: the first that names no existing file and no open document. Saving writes it there.
 */
export async function untitledReportUri(fileName: string): Promise<vscode.Uri> {
  const base = vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file(os.homedir());
  const stem = fileName.replace(/\.report\.json$/, '');
  const open = new Set(vscode.workspace.textDocuments.map((d) => d.uri.path));
  for (let n = 1; ; n++) {
    const target = vscode.Uri.joinPath(base, n === 1 ? fileName : `${stem}-${n}.report.json`);
    if (!open.has(target.path) && !(await exists(target))) return target.with({ scheme: 'untitled' });
  }
}
