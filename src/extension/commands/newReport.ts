// "Report Studio: New Report": an untitled report, pre-filled from the schema's root
// "New report" snippet so the user can tab through its placeholders.
import * as vscode from 'vscode';
import { findDefaultSnippet, snippetText } from '../../core/snippets/snippetText';
import type { ReportStudioCommand } from './command';
import { untitledReportUri } from './untitledReportUri';

export const NEW_REPORT_SNIPPET_LABEL = 'New report';

export const newReportCommand: ReportStudioCommand = {
  id: 'reportStudio.newReport',
  async run(): Promise<vscode.Uri> {
    // Loaded on first use, not at activation: the schema is a 700 KB object.
    const { reportSchema } = await import('../../core/schema/reportSchema');
    const template = snippetText(findDefaultSnippet(reportSchema, NEW_REPORT_SNIPPET_LABEL));
    const document = await vscode.workspace.openTextDocument(await untitledReportUri('new.report.json'));
    if (document.languageId !== 'json') await vscode.languages.setTextDocumentLanguage(document, 'json');
    const editor = await vscode.window.showTextDocument(document);
    await editor.insertSnippet(new vscode.SnippetString(template), new vscode.Position(0, 0));
    return document.uri;
  },
};
