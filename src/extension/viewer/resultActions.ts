/**
 * What the panel's toolbar and error list do in VS Code: Save As (copy the result file),
 * Open Externally (the local file in the default application) and jumping to a 422's node.
 */
import * as vscode from 'vscode';
import type { TaskKind } from '../../core/api/types';
import { fileExists, fileName, resultExtension, resultStem } from './resultFiles';
import type { RedactingLog } from '../log';
import { folderOf } from '../untitledReportUri';

const filters = (kind: TaskKind): Record<string, string[]> =>
  kind === 'build' ? { [vscode.l10n.t('PDF document')]: ['pdf'] } : { [vscode.l10n.t('JPEG image')]: ['jpg', 'jpeg'] };

/** Next to the report when it is a saved file, else in the folder it will be saved to (else the first workspace folder). */
function defaultSaveUri(report: vscode.Uri, kind: TaskKind): vscode.Uri | undefined {
  const name = `${resultStem(report)}.${resultExtension(kind)}`;
  if (report.scheme !== 'untitled') return vscode.Uri.joinPath(report, '..', name);
  const folder = folderOf(report) ?? vscode.workspace.workspaceFolders?.[0]?.uri;
  return folder ? vscode.Uri.joinPath(folder, name) : undefined;
}

async function missing(file: vscode.Uri): Promise<boolean> {
  if (await fileExists(file)) return false;
  void vscode.window.showWarningMessage(
    vscode.l10n.t('The result {0} is no longer on disk. Rebuild the report to create it again.', fileName(file)),
  );
  return true;
}

/**
 * Copies the result to a place the user picks (or `target`, for callers that already know).
 * Resolves with the written file, or undefined when cancelled or impossible.
 */
export async function saveResultAs(
  report: vscode.Uri,
  result: { kind: TaskKind; file: vscode.Uri },
  target?: vscode.Uri,
): Promise<vscode.Uri | undefined> {
  if (await missing(result.file)) return undefined;
  const to =
    target ??
    (await vscode.window.showSaveDialog({
      title:
        result.kind === 'build'
          ? vscode.l10n.t('Save PDF of {0}', fileName(report))
          : vscode.l10n.t('Save preview of {0}', fileName(report)),
      defaultUri: defaultSaveUri(report, result.kind),
      filters: filters(result.kind),
      saveLabel: vscode.l10n.t('Save'),
    }));
  if (!to) return undefined;
  if (to.toString() === result.file.toString()) return to;
  // The save dialog has already asked about replacing an existing file.
  await vscode.workspace.fs.copy(result.file, to, { overwrite: true });
  void vscode.window.showInformationMessage(vscode.l10n.t('Saved {0}.', fileName(to)));
  return to;
}

/** True when a file: URI of the extension host names a file on the user's own machine. */
function hostIsUsersMachine(): boolean {
  return vscode.env.remoteName === undefined && vscode.env.uiKind === vscode.UIKind.Desktop;
}

/**
 * Opens the local result file in the system's default application. Never a service URL:
 * those can carry the API key. When the window is remote or in a browser the file is on
 * another machine, so the user is offered Save As / the path instead of a dead link.
 */
export async function openResultExternally(
  report: vscode.Uri,
  result: { kind: TaskKind; file: vscode.Uri },
  log: RedactingLog,
): Promise<boolean> {
  if (await missing(result.file)) return false;
  if (!hostIsUsersMachine()) {
    log.info(
      `open externally: the window is ${vscode.env.remoteName ? `remote (${vscode.env.remoteName})` : 'a browser'}; offering Save As instead`,
    );
    const saveAs = vscode.l10n.t('Save As…');
    const copyPath = vscode.l10n.t('Copy Path');
    const choice = await vscode.window.showInformationMessage(
      vscode.env.remoteName
        ? vscode.l10n.t(
            'The result is on the remote machine ({0}), so no application on this computer can open it directly. Save a copy or copy its path.',
            result.file.fsPath,
          )
        : vscode.l10n.t(
            'The result is on the server ({0}), so no application on this computer can open it directly. Save a copy or copy its path.',
            result.file.fsPath,
          ),
      saveAs,
      copyPath,
    );
    if (choice === saveAs) await saveResultAs(report, result);
    if (choice === copyPath) await vscode.env.clipboard.writeText(result.file.fsPath);
    return false;
  }
  const ok = await vscode.env.openExternal(result.file);
  if (!ok) void vscode.window.showWarningMessage(vscode.l10n.t('No application opened {0}.', fileName(result.file)));
  return ok;
}

/** A 422 entry's place: the mapped range, or the 1-based line/column the viewer shows. */
export type ErrorTarget = { range: vscode.Range } | { line: number; col: number };

/**
 * Opens the report beside the panel (in the column where it is already visible, if so) and
 * selects the node. A target the document no longer has (edited since) is clamped to it.
 */
export async function revealInReport(
  report: vscode.Uri,
  target: ErrorTarget | undefined,
  panelColumn: vscode.ViewColumn | undefined,
): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument(report);
  const visible = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === report.toString());
  const column = visible?.viewColumn ?? (panelColumn && panelColumn > 1 ? panelColumn - 1 : vscode.ViewColumn.Beside);
  let range: vscode.Range | undefined;
  if (target && 'range' in target) range = document.validateRange(target.range);
  else if (target) {
    const at = document.validatePosition(new vscode.Position(Math.max(0, target.line - 1), Math.max(0, target.col - 1)));
    range = new vscode.Range(at, at);
  }
  const editor = await vscode.window.showTextDocument(document, { viewColumn: column, preserveFocus: false, selection: range });
  if (range) editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  return editor;
}
