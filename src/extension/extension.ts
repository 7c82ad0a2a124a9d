// Entry point: wires commands into VS Code. Business logic lives in src/core; this stays small.
import * as vscode from 'vscode';
import { commands } from './commands';

export function activate(context: vscode.ExtensionContext): void {
  for (const command of commands) {
    context.subscriptions.push(vscode.commands.registerCommand(command.id, (...args: unknown[]) => command.run(context, ...args)));
  }
}

export function deactivate(): void {
  // Everything registered is disposed through context.subscriptions.
}
