/**
 * Notifications about a problem, with buttons that lead to the fix: Set API Key, Select
 * Service, Check Quota, Show Problems, Show Log... Never awaited by the command that
 * raised them: a command finishes (and returns its outcome) while the toast stays up.
 */
import * as vscode from 'vscode';
import type { ErrorKind } from '../core/client/errors';
import { SECTION, type SetupAction } from './service/serviceConfig';
import { COMMANDS } from './commands/commandIds';

export type ProblemAction = SetupAction | 'checkQuota' | 'showProblems';

const LABELS: Record<ProblemAction, string> = {
  setApiKey: 'Set API Key',
  selectService: 'Select Service',
  useLocal: 'Use Local Service',
  openSettings: 'Open Settings',
  showLog: 'Show Log',
  checkQuota: 'Check Quota',
  showProblems: 'Show Problems',
};

async function perform(action: ProblemAction): Promise<void> {
  switch (action) {
    case 'setApiKey':
      return void (await vscode.commands.executeCommand(COMMANDS.setApiKey));
    case 'selectService':
      return void (await vscode.commands.executeCommand(COMMANDS.selectService));
    case 'useLocal':
      await vscode.workspace.getConfiguration(SECTION).update('service', 'local', vscode.ConfigurationTarget.Global);
      return void vscode.window.showInformationMessage('Report Studio now uses the bundled local service. Run Preview or Build again.');
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

export function notifyProblem(severity: 'error' | 'warning' | 'info', message: string, actions: readonly ProblemAction[]): void {
  const show =
    severity === 'error'
      ? vscode.window.showErrorMessage
      : severity === 'warning'
        ? vscode.window.showWarningMessage
        : vscode.window.showInformationMessage;
  const labels = actions.map((a) => LABELS[a]);
  void Promise.resolve(show(message, ...labels)).then(async (choice) => {
    const action = actions.find((a) => LABELS[a] === choice);
    if (action) await perform(action);
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
