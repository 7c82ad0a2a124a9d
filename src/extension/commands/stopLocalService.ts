// "Report Studio: Stop Local Service": stops the bundled service (tasks in flight end with it).
import * as vscode from 'vscode';
import type { Services } from '../services';
import type { ReportStudioCommand } from './command';
import { COMMANDS } from './commandIds';

export function stopLocalServiceCommand(s: Services): ReportStudioCommand {
  return {
    id: COMMANDS.stopLocalService,
    async run(): Promise<boolean> {
      const stopped = await s.local.stop();
      void vscode.window.showInformationMessage(
        stopped
          ? vscode.l10n.t('The local service stopped. It starts again on the next Preview or Build that uses it.')
          : vscode.l10n.t('The local service is not running.'),
      );
      return stopped;
    },
  };
}
