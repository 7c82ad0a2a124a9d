/**
 * "Report Studio: Set API Key": a password box (the key is never echoed), validated as
 * typed, stored in SecretStorage only. A key may also be passed as the first argument
 * (other extensions, tests); it is stored the same way and never logged.
 */
import * as vscode from 'vscode';
import { checkApiKey, resolveServiceMode } from '../../core/service/serviceChoice';
import type { Services } from '../services';
import { readSettings } from '../service/serviceConfig';
import type { ReportStudioCommand } from './command';
import { COMMANDS } from './commandIds';
import { markStepDone } from '../walkthrough/walkthroughSteps';

function validate(value: string): vscode.InputBoxValidationMessage | undefined {
  const problem = checkApiKey(value, vscode.l10n);
  return problem && { message: problem.message, severity: vscode.InputBoxValidationSeverity.Error };
}

export function setApiKeyCommand(s: Services): ReportStudioCommand {
  return {
    id: COMMANDS.setApiKey,
    async run(_context, given?: unknown): Promise<boolean> {
      const hadKey = await s.keys.has();
      const key =
        typeof given === 'string'
          ? given
          : await vscode.window.showInputBox({
              title: vscode.l10n.t('Report Studio: Set API Key'),
              prompt: hadKey
                ? vscode.l10n.t(
                    "Your report service API key. It is kept in VS Code's secret storage, never in settings. This replaces the stored key.",
                  )
                : vscode.l10n.t("Your report service API key. It is kept in VS Code's secret storage, never in settings."),
              placeHolder: vscode.l10n.t('Paste the API key'),
              password: true,
              ignoreFocusOut: true,
              validateInput: validate,
            });
      if (key === undefined) return false;
      try {
        await s.keys.set(key);
      } catch (error) {
        void vscode.window.showErrorMessage(vscode.l10n.t('The API key was not stored: {0}', s.log.clean((error as Error).message)));
        return false;
      }
      s.log.info(hadKey ? 'API key replaced in the secret storage' : 'API key stored in the secret storage');
      markStepDone('setApiKey');
      const mode = resolveServiceMode(readSettings().service, true);
      const uses =
        mode === 'local'
          ? vscode.l10n.t('The service setting is "local": the key is used once you select the hosted or a custom service.')
          : mode === 'hosted'
            ? vscode.l10n.t('Report Studio now uses the hosted service.')
            : vscode.l10n.t('Report Studio now uses the custom service.');
      void vscode.window.showInformationMessage(vscode.l10n.t("API key stored in VS Code's secret storage. {0}", uses));
      return true;
    },
  };
}
