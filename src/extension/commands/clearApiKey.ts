// "Report Studio: Clear API Key": removes the key from SecretStorage.
import * as vscode from 'vscode';
import { resolveServiceMode } from '../../core/service/serviceChoice';
import type { Services } from '../services';
import { readSettings } from '../service/serviceConfig';
import type { ReportStudioCommand } from './command';
import { COMMANDS } from './commandIds';

export function clearApiKeyCommand(s: Services): ReportStudioCommand {
  return {
    id: COMMANDS.clearApiKey,
    async run(): Promise<boolean> {
      const removed = await s.keys.clear();
      if (!removed) {
        void vscode.window.showInformationMessage(vscode.l10n.t('No API key is stored.'));
        return false;
      }
      s.log.info('API key removed from the secret storage');
      const mode = resolveServiceMode(readSettings().service, false);
      const next =
        mode === 'local'
          ? vscode.l10n.t('Report Studio uses the bundled local service now.')
          : mode === 'hosted'
            ? vscode.l10n.t('The hosted service needs a key: set one, or select the local service.')
            : vscode.l10n.t('The custom service needs a key: set one, or select the local service.');
      void vscode.window.showInformationMessage(vscode.l10n.t("API key removed from VS Code's secret storage. {0}", next));
      return true;
    },
  };
}
