// "Report Studio: Reveal in Preview": outlines the component at the cursor in the report's live
// view and shows the panel (opening the live view first when the report has no panel).
import * as vscode from 'vscode';
import type { ReportPath } from '../../core/api/types';
import { isReportDocument } from '../reportDocument';
import type { Services } from '../services';
import type { ReportStudioCommand } from './command';
import { COMMANDS } from './commandIds';

export function revealInPreviewCommand(s: Services): ReportStudioCommand {
  return {
    id: COMMANDS.revealInPreview,
    async run(): Promise<ReportPath | undefined> {
      const editor = vscode.window.activeTextEditor;
      if (!editor || !isReportDocument(editor.document)) {
        return void vscode.window.showWarningMessage(
          vscode.l10n.t('Reveal in Preview works in a report editor: put the cursor in a component.'),
        );
      }
      if (!s.panels.hasPanel(editor.document.uri)) {
        const opened = await s.live.open(editor.document);
        if (opened.status !== 'shown') return undefined;
      }
      const path = s.sync.reveal(editor);
      if (!path) void vscode.window.showInformationMessage(vscode.l10n.t('The cursor is not inside a component (components[…]).'));
      return path;
    },
  };
}
