// "Report Studio: New Report": an untitled report, pre-filled from the schema's root
// "New report" snippet so the user can tab through its placeholders.
import * as os from 'node:os';
import * as vscode from 'vscode';
import { findDefaultSnippet, snippetText } from '../../core/snippets/snippetText';
import type { ReportStudioCommand } from './command';

export const NEW_REPORT_SNIPPET_LABEL = 'New report';

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}

/**
 * An untitled URI named `new.report.json` (then new-2…): the name matches the schema's
 * `*.report.json` association, so the document validates before it is ever saved. The path
 * sits in the first workspace folder (else the home folder) and names no existing file or
 * open document; saving writes it there.
 */
async function untitledReportUri(): Promise<vscode.Uri> {
  const base = vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file(os.homedir());
  const open = new Set(vscode.workspace.textDocuments.map((d) => d.uri.path));
  for (let n = 1; ; n++) {
    const target = vscode.Uri.joinPath(base, n === 1 ? 'new.report.json' : `new-${n}.report.json`);
    if (!open.has(target.path) && !(await exists(target))) return target.with({ scheme: 'untitled' });
  }
}

export const newReportCommand: ReportStudioCommand = {
  id: 'reportStudio.newReport',
  async run(): Promise<vscode.Uri> {
    // Loaded on first use, not at activation: the schema is a 700 KB object.
    const { reportSchema } = await import('../../core/schema/reportSchema');
    const template = snippetText(findDefaultSnippet(reportSchema, NEW_REPORT_SNIPPET_LABEL));
    const document = await vscode.workspace.openTextDocument(await untitledReportUri());
    if (document.languageId !== 'json') await vscode.languages.setTextDocumentLanguage(document, 'json');
    const editor = await vscode.window.showTextDocument(document);
    await editor.insertSnippet(new vscode.SnippetString(template), new vscode.Position(0, 0));
    return document.uri;
  },
};
