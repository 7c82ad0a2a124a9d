/**
 * Notifications about a problem, with buttons that lead to the fix: Set API Key, Select
 * Service, Check Quota, Show Problems, Show Log... Never awaited by the command that
 * raised them: a command finishes (and returns its outcome) while the toast stays up.
 */
import * as vscode from 'vscode';
import type { ErrorKind } from '../core/client/errors';
import { SECTION, type SetupAction } from './service/serviceConfig';
import { COMMANDS } from './commands/commandIds';

export type ProblemAction = SetupAction | 'checkQuota' | 'showProblems' | 'retry';

/** What some actions act on: `retry` runs the failed task again (and `useLocal` then runs it on the local service). */
export interface ProblemContext {
  retry?: () => Thenable<unknown> | Promise<unknown>;
}

// A function, not a constant: the buttons are named in the display language when shown.
const labels = (): Record<ProblemAction, string> => ({
  setApiKey: vscode.l10n.t('Set API Key'),
  selectService: vscode.l10n.t('Select Service'),
  useLocal: vscode.l10n.t('Use Local Service'),
  openSettings: vscode.l10n.t('Open Settings'),
  showLog: vscode.l10n.t('Show Log'),
  checkQuota: vscode.l10n.t('Check Quota'),
  showProblems: vscode.l10n.t('Show Problems'),
  retry: vscode.l10n.t('Retry'),
});

/**
 * Switches to the bundled local service where the choice is made (a workspace's own setting
 * wins over the user's, so that is the one to change).
 */
export async function useLocalService(): Promise<void> {
  const config = vscode.workspace.getConfiguration(SECTION);
  const inspected = config.inspect('service');
  const target =
    inspected?.workspaceFolderValue !== undefined
      ? vscode.ConfigurationTarget.WorkspaceFolder
      : inspected?.workspaceValue !== undefined
        ? vscode.ConfigurationTarget.Workspace
        : vscode.ConfigurationTarget.Global;
  await config.update('service', 'local', target);
}

async function perform(action: ProblemAction, context: ProblemContext): Promise<void> {
  switch (action) {
    case 'setApiKey':
      return void (await vscode.commands.executeCommand(COMMANDS.setApiKey));
    case 'selectService':
      return void (await vscode.commands.executeCommand(COMMANDS.selectService));
    case 'useLocal':
      await useLocalService();
      if (context.retry) return void (await context.retry());
      return void vscode.window.showInformationMessage(
        vscode.l10n.t('Report Studio now uses the bundled local service. Run Preview or Build again.'),
      );
    case 'retry':
      return void (await context.retry?.());
    case 'openSettings':
      return void (await vscode.commands.executeCommand('workbench.action.openSettings', `@ext:report-studio.report-studio`));
    case 'showLog':
      return void (await vscode.commands.executeCommand(COMMANDS.showLog));
    case 'checkQuota':
      return void (await vscode.commands.executeCommand(COMMANDS.checkQuota));
    case 'showProblems':
      return void (await vscode.commands.executeCommand('workbench.actions.view.problems'));
  }
}

export function notifyProblem(
  severity: 'error' | 'warning' | 'info',
  message: string,
  actions: readonly ProblemAction[],
  context: ProblemContext = {},
): void {
  const show =
    severity === 'error'
      ? vscode.window.showErrorMessage
      : severity === 'warning'
        ? vscode.window.showWarningMessage
        : vscode.window.showInformationMessage;
  // Retry is offered only where there is something to retry.
  const offered = actions.filter((a) => a !== 'retry' || context.retry);
  const named = labels();
  void Promise.resolve(show(message, ...offered.map((a) => named[a]))).then(async (choice) => {
    const action = offered.find((a) => named[a] === choice);
    if (action) await perform(action, context);
  });
}

/** The buttons that help with each kind of service error. */
export function actionsForKind(kind: ErrorKind | string): ProblemAction[] {
  switch (kind) {
    case 'auth':
      return ['setApiKey', 'selectService', 'showLog'];
    case 'payment':
    case 'quota':
      return ['checkQuota', 'selectService'];
    case 'network':
    case 'timeout':
      return ['selectService', 'showLog'];
    case 'validation':
      return ['showProblems'];
    default:
      return ['showLog'];
  }
}
