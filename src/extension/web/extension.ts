// Entry of dist/web/extension.js (package.json `browser`): the extension in VS Code's web worker
// extension host — VS Code for the Web, or any window that runs the extension there. The same
// bootstrap as the Node entry (studioLoader.ts), with every part in this one bundle: a web
// worker cannot require a sibling file, so the studio is imported here and the engine, fix
// engine and formatter by the twin of service/runtimeLoader.ts (scripts/web-build.mjs, SWAPS).
// What needs the Node host (the OS, git, the CLI's terminal) is left out (web/nodeHost.ts).
import * as vscode from 'vscode';
import { WEB_HOST_CONTEXT } from '../commands/commandIds';
import * as studio from '../studio';
import { StudioLoader, type ReportStudioApi } from '../studioLoader';

export type { ActivationState, ReportStudioApi } from '../studioLoader';

let loader: StudioLoader | undefined;

export function activate(context: vscode.ExtensionContext): ReportStudioApi {
  // Before the commands are registered: NODE_HOST_COMMANDS are disabled from the start.
  void vscode.commands.executeCommand('setContext', WEB_HOST_CONTEXT, true);
  loader = new StudioLoader(context, () => studio, 'web');
  context.subscriptions.push(loader);
  return loader.api;
}

export async function deactivate(): Promise<void> {
  await loader?.deactivate();
  loader = undefined;
}
