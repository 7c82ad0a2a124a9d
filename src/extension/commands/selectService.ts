/**
 * "Report Studio: Select Service": auto / local / hosted / custom URL (validated as typed).
 * Writes the user settings (the custom URL setting is machine-scoped, so a workspace can
 * never redirect the key elsewhere). Arguments (mode, url) select without the UI.
 */
import * as vscode from 'vscode';
import { DEFAULT_HOSTED_BASE_URL } from '../../core/api/types';
import { checkCustomBaseUrl, normaliseCustomBaseUrl, parseServiceSetting, type ServiceSetting } from '../../core/service/serviceChoice';
import type { Services } from '../services';
import { readSettings, SECTION } from '../service/serviceConfig';
import type { ReportStudioCommand } from './command';
import { COMMANDS } from './commandIds';

type Item = vscode.QuickPickItem & { value: ServiceSetting };

async function askUrl(current: string): Promise<string | undefined> {
  const url = await vscode.window.showInputBox({
    title: vscode.l10n.t('Report Studio: Custom Service URL'),
    prompt: vscode.l10n.t('Base URL of a service that speaks the report API (it ends with /api/v1)'),
    value: current || 'http://127.0.0.1:8787/api/v1',
    ignoreFocusOut: true,
    validateInput: (value) => {
      const problem = checkCustomBaseUrl(value, vscode.l10n);
      if (!problem) return undefined;
      const severity = problem.severity === 'error' ? vscode.InputBoxValidationSeverity.Error : vscode.InputBoxValidationSeverity.Warning;
      return { message: problem.message, severity };
    },
  });
  return url === undefined ? undefined : normaliseCustomBaseUrl(url);
}

export function selectServiceCommand(s: Services): ReportStudioCommand {
  return {
    id: COMMANDS.selectService,
    async run(_context, mode?: unknown, url?: unknown): Promise<ServiceSetting | undefined> {
      const settings = readSettings();
      const hasKey = await s.keys.has();
      let choice: ServiceSetting | undefined = typeof mode === 'string' ? parseServiceSetting(mode) : undefined;
      if (!choice) {
        const items: Item[] = [
          {
            value: 'auto',
            label: `$(sparkle) ${vscode.l10n.t('Automatic')}`,
            description: hasKey ? vscode.l10n.t('hosted (an API key is set)') : vscode.l10n.t('local (no API key set)'),
            detail: vscode.l10n.t('The hosted service once an API key is set, the bundled local service before'),
          },
          {
            value: 'local',
            label: `$(server-process) ${vscode.l10n.t('Local service')}`,
            detail: vscode.l10n.t('Bundled, offline: runs on 127.0.0.1 inside VS Code with a development quota'),
          },
          {
            value: 'hosted',
            label: `$(cloud) ${vscode.l10n.t('Hosted service')}`,
            description: new URL(DEFAULT_HOSTED_BASE_URL).host,
            detail: hasKey ? vscode.l10n.t('Uses the stored API key') : vscode.l10n.t('Needs an API key (you will be asked for it)'),
          },
          {
            value: 'custom',
            label: `$(link) ${vscode.l10n.t('Custom URL…')}`,
            description: settings.customBaseUrl || undefined,
            detail: vscode.l10n.t('Any service speaking the same API, e.g. `report-studio serve` on another port'),
          },
        ];
        for (const item of items) if (item.value === settings.service) item.label += '  $(check)';
        const picked = await vscode.window.showQuickPick(items, {
          title: vscode.l10n.t('Report Studio: Select Service'),
          placeHolder: vscode.l10n.t('Now: {0}', settings.service),
        });
        choice = picked?.value;
      }
      if (!choice) return undefined;
      const config = vscode.workspace.getConfiguration(SECTION);
      if (choice === 'custom') {
        const target = typeof url === 'string' ? normaliseCustomBaseUrl(url) : await askUrl(settings.customBaseUrl);
        if (target === undefined) return undefined;
        const problem = checkCustomBaseUrl(target, vscode.l10n);
        if (problem?.severity === 'error') {
          void vscode.window.showErrorMessage(vscode.l10n.t('Not a usable service URL: {0}', problem.message));
          return undefined;
        }
        await config.update('customBaseUrl', target, vscode.ConfigurationTarget.Global);
      }
      await config.update('service', choice, vscode.ConfigurationTarget.Global);
      s.log.info(`Service set to ${choice}${choice === 'custom' ? ` (${readSettings().customBaseUrl})` : ''}`);
      if ((choice === 'hosted' || choice === 'custom') && !hasKey && typeof mode !== 'string') {
        const set = await vscode.window.showInformationMessage(
          choice === 'hosted'
            ? vscode.l10n.t('The hosted service needs an API key.')
            : vscode.l10n.t('The custom service needs an API key.'),
          vscode.l10n.t('Set API Key'),
        );
        if (set) await vscode.commands.executeCommand(COMMANDS.setApiKey);
      }
      return choice;
    },
  };
}
