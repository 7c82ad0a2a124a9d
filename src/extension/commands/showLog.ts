// "Report Studio: Show Log": the Report Studio output channel (requests, local service).
import type { Services } from '../services';
import type { ReportStudioCommand } from './command';
import { COMMANDS } from './commandIds';

export function showLogCommand(s: Services): ReportStudioCommand {
  return { id: COMMANDS.showLog, run: () => s.log.show() };
}
