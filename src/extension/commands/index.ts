import type { ReportStudioCommand } from './command';
import { newReportCommand } from './newReport';

/** Every command the extension registers, in palette order. */
export const commands: readonly ReportStudioCommand[] = [newReportCommand];
