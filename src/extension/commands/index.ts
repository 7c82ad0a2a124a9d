import type { Services } from '../services';
import { buildCommand } from './build';
import { checkQuotaCommand } from './checkQuota';
import { clearApiKeyCommand } from './clearApiKey';
import { copyAsCommand } from './copyAs';
import type { ReportStudioCommand } from './command';
import { newReportCommand } from './newReport';
import { openExampleCommand } from './openExample';
import { openLivePreviewCommand } from './openLivePreview';
import { openPdfCommand } from './openPdf';
import { findInPdfCommand } from './findInPdf';
import { revealInPreviewCommand } from './revealInPreview';
import { previewCommand } from './preview';
import { saveReportAsCommand } from './saveReportAs';
import { selectServiceCommand } from './selectService';
import { setApiKeyCommand } from './setApiKey';
import { showLogCommand } from './showLog';
import { startLocalServiceCommand } from './startLocalService';
import { stopLocalServiceCommand } from './stopLocalService';
import { nodeHostCommands } from '../nodeHost';

/** Every command the extension registers; each id matches a `contributes.commands` entry. */
export function createCommands(s: Services): ReportStudioCommand[] {
  return [
    newReportCommand(s),
    openExampleCommand,
    previewCommand(s),
    openLivePreviewCommand(s),
    revealInPreviewCommand(s),
    buildCommand(s),
    checkQuotaCommand(s),
    setApiKeyCommand(s),
    clearApiKeyCommand(s),
    selectServiceCommand(s),
    startLocalServiceCommand(s),
    stopLocalServiceCommand(s),
    saveReportAsCommand(s),
    showLogCommand(s),
    copyAsCommand(s),
    openPdfCommand(s),
    findInPdfCommand(s),
    // Open Externally and Compare with… (their web twins say why they are off there).
    ...nodeHostCommands(s),
  ];
}
