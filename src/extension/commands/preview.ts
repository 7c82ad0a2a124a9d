// "Report Studio: Preview Report": the free, watermarked JPEG of the report's current text.
import * as vscode from 'vscode';
import type { Services } from '../services';
import type { ReportStudioCommand } from './command';
import { findReportTarget } from '../reportTarget';
import type { SubmitOutcome } from '../submit/types';
import { COMMANDS } from './commandIds';

export function previewCommand(s: Services): ReportStudioCommand {
  return {
    id: COMMANDS.preview,
    async run(_context, arg?: unknown): Promise<SubmitOutcome | undefined> {
      const target = await findReportTarget(arg, s.panels);
      if ('problem' in target) return void vscode.window.showWarningMessage(target.problem);
      return s.submissions.submit(target.document, 'preview', 'command');
    },
  };
}
