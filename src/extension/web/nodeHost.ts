/**
 * The web entry's twin of src/extension/nodeHost.ts (same exports). In the web worker extension
 * host there is no operating system to hand a file to, no git and no terminal for the CLI: the
 * commands of NODE_HOST_COMMANDS are disabled by `enablement` (WEB_HOST_CONTEXT), and reached
 * anyway (a keybinding, another extension, a command run before the key was set) they say why;
 * the task provider offers no task.
 */
import * as vscode from 'vscode';
import type { ReportStudioCommand } from '../commands/command';
import { COMMANDS, NODE_HOST_COMMANDS, type CommandId } from '../commands/commandIds';
import type { NodeHostTasks } from '../nodeHost';
import type { Services } from '../services';

export type { NodeHostTasks } from '../nodeHost';

function what(id: CommandId): string {
  return id === COMMANDS.compareWith ? vscode.l10n.t('Compare with… (git and the visual diff)') : vscode.l10n.t('Open Report Externally');
}

export function nodeHostCommands(_s: Services): ReportStudioCommand[] {
  return NODE_HOST_COMMANDS.map((id) => ({
    id,
    run: () =>
      void vscode.window.showInformationMessage(
        vscode.l10n.t(
          '{0} needs VS Code on the desktop (or a remote with a Node extension host): it is not available in VS Code for the Web.',
          what(id),
        ),
      ),
  }));
}

export function nodeHostTasks(_context: vscode.ExtensionContext, _s: Pick<Services, 'panels'>, _hooks: unknown): NodeHostTasks {
  return { tasks: { provideTasks: () => [], resolveTask: () => undefined }, disposables: [] };
}
