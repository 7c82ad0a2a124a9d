// "Report Studio: Start Local Service": the bundled service by hand (it also starts by itself
// on the first Preview/Build, Check Quota or opened report that uses the local service).
import * as vscode from 'vscode';
import type { Services } from '../services';
import { ServiceSetupError } from '../service/serviceConfig';
import type { ReportStudioCommand } from './command';
import { notifyProblem } from '../problemActions';
import { COMMANDS } from './commandIds';

export function startLocalServiceCommand(s: Services): ReportStudioCommand {
  return {
    id: COMMANDS.startLocalService,
    async run(): Promise<{ baseUrl: string; port: number; dataDir: string } | undefined> {
      const wasRunning = !!s.local.running;
      try {
        const service = await s.local.ensureStarted();
        void vscode.window.showInformationMessage(
          wasRunning
            ? vscode.l10n.t(
                'The local service is already running on {0} (data: {1}).',
                service.baseUrl.replace(/\/api\/v1$/, ''),
                service.dataDir,
              )
            : vscode.l10n.t('The local service is running on {0} (data: {1}).', service.baseUrl.replace(/\/api\/v1$/, ''), service.dataDir),
        );
        return { baseUrl: service.baseUrl, port: service.port, dataDir: service.dataDir };
      } catch (error) {
        const message = s.log.clean((error as Error).message);
        s.log.error(message);
        notifyProblem('error', message, error instanceof ServiceSetupError ? error.actions : ['showLog']);
        return undefined;
      }
    },
  };
}
