/**
 * Which report a command acts on: the file the command was invoked for (editor title,
 * explorer, code lens pass its URI), else the active editor, else the report of the
 * focused result panel, else a visible report editor, else the report last active in an
 * editor while it is still open (a walkthrough button acts on the report the user just
 * opened, though the walkthrough is the active editor). The document is taken from VS Code,
 * so its CURRENT text, unsaved edits included, is what gets sent.
 */
import * as vscode from 'vscode';
import { isReportDocument } from './reportDocument';
import type { ResultPanels } from './viewer/resultPanels';

export type TargetResult = { document: vscode.TextDocument } | { problem: string };

/** A URI passed to a command: by a menu (Uri), a code lens or another extension (Uri or string). */
export function uriArg(arg: unknown): vscode.Uri | undefined {
  if (arg instanceof vscode.Uri) return arg;
  if (typeof arg === 'string' && arg) return vscode.Uri.parse(arg);
  return undefined;
}

let lastActiveReport: string | undefined;

/** Remembers the report in the active editor (ReportContext calls it on each change). */
export function noteActiveReport(document: vscode.TextDocument): void {
  lastActiveReport = document.uri.toString();
}

/** That report while a tab still shows it (VS Code keeps documents of closed tabs for a while). */
function lastReportStillOpen(): vscode.TextDocument | undefined {
  const inTab = vscode.window.tabGroups.all.some((g) =>
    g.tabs.some((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === lastActiveReport),
  );
  return inTab ? vscode.workspace.textDocuments.find((d) => d.uri.toString() === lastActiveReport) : undefined;
}

export async function findReportTarget(arg: unknown, panels: ResultPanels | undefined): Promise<TargetResult> {
  const explicit = uriArg(arg);
  const candidates: Array<vscode.Uri | vscode.TextDocument | undefined> = explicit
    ? [explicit]
    : [
        vscode.window.activeTextEditor?.document,
        panels?.activeReport,
        ...vscode.window.visibleTextEditors.map((e) => e.document),
        lastReportStillOpen(),
      ];
  for (const candidate of candidates) {
    if (!candidate) continue;
    let document: vscode.TextDocument;
    try {
      document = candidate instanceof vscode.Uri ? await vscode.workspace.openTextDocument(candidate) : candidate;
    } catch (error) {
      return { problem: vscode.l10n.t('Cannot open {0}: {1}', candidate.toString(), (error as Error).message) };
    }
    if (isReportDocument(document)) return { document };
    if (explicit)
      return {
        problem: vscode.l10n.t(
          '{0} is not a report file: a report is a *.report.json file or JSON with "type": "Report" at the top.',
          baseName(document.uri),
        ),
      };
  }
  return { problem: vscode.l10n.t('Open a report file (*.report.json) first: Preview and Build work on the report in the active editor.') };
}

export function baseName(uri: vscode.Uri): string {
  return uri.path.split('/').pop() ?? uri.path;
}
