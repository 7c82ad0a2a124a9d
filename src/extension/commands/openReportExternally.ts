// "Report Studio: Open Report Externally": the result in the system's PDF/image viewer.
import type { Services } from '../services';
import type { ReportStudioCommand } from './command';
import { uriArg } from '../reportTarget';
import { COMMANDS } from './commandIds';

export function openReportExternallyCommand(s: Services): ReportStudioCommand {
  return { id: COMMANDS.openReportExternally, run: (_context, report?: unknown) => s.panels.openExternally(uriArg(report)) };
}
