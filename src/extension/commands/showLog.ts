// "Report Studio: Show Log": the Report Studio output channel (requests, local service).
import type { Services } from '../services';
import type { ReportStudioCommand } from './command';

export function showLogCommand(s: Services): ReportStudioCommand {
  return { id: 'reportStudio.showLog', run: () => s.log.show() };
}
