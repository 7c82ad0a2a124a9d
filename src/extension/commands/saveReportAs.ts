// "Report Studio: Save Report As": saves the result on screen (PDF or JPEG) where the user
// picks; the result panels know which result that is. Args: (report?, target?) URIs.
import type { Services } from '../services';
import type { ReportStudioCommand } from './command';
import { uriArg } from '../reportTarget';
import { COMMANDS } from './commandIds';

export function saveReportAsCommand(s: Services): ReportStudioCommand {
  return {
    id: COMMANDS.saveReportAs,
    run: (_context, report?: unknown, target?: unknown) => s.panels.saveAs(uriArg(report), uriArg(target)),
  };
}
