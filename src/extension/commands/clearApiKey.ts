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
        void vscode.window.showInformationMessage('No API key is stored.');
        return false;
      }
      s.log.info('API key removed from the secret storage');
      const mode = resolveServiceMode(readSettings().service, false);
      const next =
        mode === 'local'
          ? 'Report Studio uses the bundled local service now.'
          : `The ${mode} service needs a key: set one, or select the local service.`;
      void vscode.window.showInformationMessage(`API key removed from VS Code's secret storage. ${next}`);
      return true;
    },
  };
}
