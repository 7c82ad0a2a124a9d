/**
 * Where the old side of a comparison comes from: the file as last committed (`git show
 * HEAD:./name` in the file's folder; git writes nothing), the PDF of its last Build, or another
 * file. Each failure says what was missing in plain words.
 */
import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { isPdf } from '../../core/pdfMagic';

/** The old side: report text to render, or a PDF as it is. */
export type OldSide = { label: string; text: string } | { label: string; pdf: Uint8Array };

/** Git's output is capped like a report file (the local service's default body limit). */
const MAX_BYTES = 10 * 1024 * 1024;

export function headVersion(file: vscode.Uri): Promise<OldSide> {
  if (file.scheme !== 'file')
    return Promise.reject(
      new Error(vscode.l10n.t('{0} is not a file on disk, so git has no HEAD version of it.', path.basename(file.path))),
    );
  if (!vscode.workspace.isTrusted)
    return Promise.reject(
      new Error(
        vscode.l10n.t(
          'Comparing {0} with HEAD runs git, which stays off in Restricted Mode: trust this folder first (Manage Workspace Trust).',
          path.basename(file.path),
        ),
      ),
    );
  const name = path.basename(file.fsPath);
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      ['show', `HEAD:./${name}`],
      { cwd: path.dirname(file.fsPath), maxBuffer: MAX_BYTES, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (!error) return resolve({ label: 'HEAD', text: stdout });
        const why = String(stderr);
        if ((error as NodeJS.ErrnoException).code === 'ENOENT')
          reject(new Error(vscode.l10n.t('git was not found on PATH: it is needed to compare with HEAD.')));
        else if (/not a git repository/i.test(why)) reject(new Error(vscode.l10n.t('{0} is not in a git repository.', name)));
        else if (/does not exist in|exists on disk, but not in/i.test(why))
          reject(new Error(vscode.l10n.t('{0} is not in the last commit (HEAD): a new file has no old version to compare with.', name)));
        else if (/invalid object name|bad revision|unknown revision/i.test(why))
          reject(new Error(vscode.l10n.t('The git repository of {0} has no commit yet.', name)));
        else reject(new Error(vscode.l10n.t('git could not read {0} at HEAD: {1}', name, why.trim().split('\n')[0] || error.message)));
      },
    );
  });
}

export async function lastBuild(pdf: vscode.Uri, report: vscode.Uri): Promise<OldSide> {
  try {
    return { label: vscode.l10n.t('last build'), pdf: new Uint8Array(await fs.readFile(pdf.fsPath)) };
  } catch {
    throw new Error(
      vscode.l10n.t('{0} has no build yet: run Report Studio: Build first, then compare with it.', path.basename(report.path)),
    );
  }
}

/** Another report or PDF: its open document's text (unsaved edits included), else the file. */
export async function otherFile(file: vscode.Uri): Promise<OldSide> {
  // Relative to the workspace when inside it; else just the file's name.
  const relative = vscode.workspace.asRelativePath(file, false);
  const label = relative === file.fsPath ? path.basename(file.fsPath) : relative;
  const bytes = await vscode.workspace.fs.readFile(file);
  if (isPdf(bytes)) return { label, pdf: bytes };
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === file.toString());
  return { label, text: open ? open.getText() : Buffer.from(bytes).toString('utf8') };
}
