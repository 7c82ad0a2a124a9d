// "Report Studio: Open Live Preview": the report drawn by the local renderer beside the editor,
// then following the text (reportStudio.livePreview). Free: no service task, no quota.
// Bound as the Markdown preview is: Ctrl+K V beside the report's group (panelColumn.ts; one
// panel per report, reused), Ctrl+Shift+V in its place
// (the keybinding passes `{ "inPlace": true }`: the view opens as a tab of the report's group).
import * as vscode from 'vscode';
import type { LiveOutcome } from '../live/livePreview';
import { findReportTarget } from '../reportTarget';
import type { Services } from '../services';
import type { ReportStudioCommand } from './command';
import { COMMANDS } from './commandIds';

const isInPlace = (arg: unknown): boolean => typeof arg === 'object' && arg !== null && (arg as { inPlace?: unknown }).inPlace === true;

export function openLivePreviewCommand(s: Services): ReportStudioCommand {
  return {
    id: COMMANDS.openLivePreview,
    async run(_context, arg?: unknown): Promise<LiveOutcome | undefined> {
      const inPlace = isInPlace(arg);
      const target = await findReportTarget(inPlace ? undefined : arg, s.panels);
      if ('problem' in target) return void vscode.window.showWarningMessage(target.problem);
      const column = inPlace ? vscode.window.activeTextEditor?.viewColumn : undefined;
      // To the side: a panel left over the report (in place before, or the report opened into
      // the panel's group) moves beside it first.
      if (!inPlace) s.panels.moveBesideReport(target.document.uri);
      const outcome = await s.live.open(target.document);
      if (column !== undefined) s.panels.showIn(target.document.uri, column);
      return outcome;
    },
  };
}
