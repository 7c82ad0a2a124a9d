// "Report Studio: New Report": an untitled report, pre-filled from the schema's root
// "New report" snippet so the user can tab through its placeholders. It opens in the active
// group, or — asked for from a page that is no text editor, such as the walkthrough — where
// example copies go (draftEditor.ts), beside it, so the page stays in view.
import * as vscode from 'vscode';
import { findDefaultSnippet, snippetText } from '../../core/snippets/snippetText';
import { NEW_REPORT_SNIPPET_LABEL } from '../../core/schema/catalogue';
import type { Services } from '../services';
import type { ReportStudioCommand } from './command';
import { untitledReportUri } from '../untitledReportUri';
import { showDraft } from '../draftEditor';
import { markStepDone } from '../walkthrough/walkthroughSteps';
import { COMMANDS } from './commandIds';

export const newReportCommand = (s: Pick<Services, 'schemas'>): ReportStudioCommand => ({
  id: COMMANDS.newReport,
  async run(): Promise<vscode.Uri> {
    // Read on first use, not at activation: the schema is a 700 KB file.
    const template = snippetText(findDefaultSnippet(await s.schemas.schema(), NEW_REPORT_SNIPPET_LABEL));
    const document = await vscode.workspace.openTextDocument(await untitledReportUri('new.report.json'));
    if (document.languageId !== 'json') await vscode.languages.setTextDocumentLanguage(document, 'json');
    const activeTab = vscode.window.tabGroups.activeTabGroup.activeTab;
    const fromPage = activeTab !== undefined && !(activeTab.input instanceof vscode.TabInputText);
    const editor = fromPage ? await showDraft(document) : await vscode.window.showTextDocument(document);
    await editor.insertSnippet(new vscode.SnippetString(template), new vscode.Position(0, 0));
    markStepDone('newReport');
    return document.uri;
  },
});
