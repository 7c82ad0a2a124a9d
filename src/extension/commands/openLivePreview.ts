// "Report Studio: Open Live Preview": the report drawn by the local renderer beside the editor,
// then following the text (reportStudio.livePreview). Free: no service task, no quota.
import * as vscode from 'vscode';
import type { LiveOutcome } from '../live/livePreview';
import { findReportTarget } from '../reportTarget';
import type { Services } from '../services';
import type { ReportStudioCommand } from './command';
import { COMMANDS } from './commandIds';

export function openLivePreviewCommand(s: Services): ReportStudioCommand {
  return {
    id: COMMANDS.openLivePreview,
    async run(_context, arg?: unknown): Promise<LiveOutcome | undefined> {
      const target = await findReportTarget(arg, s.panels);
      if ('problem' in target) return void vscode.window.showWarningMessage(target.problem);
      return s.live.open(target.document);
    },
  };
}
