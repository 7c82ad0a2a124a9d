// Entry point (dist/extension.js, a few KB): the bootstrap. It registers every contributed
// command and decides whether the window needs the rest of the extension yet; the rest — every
// provider, view and service (studio.ts) — loads from dist/studio.js when a report is open or
// becomes one, a command runs, a result panel is restored or a caller reads the API
// (studioLoader.ts). A JSON file that is not a report costs this file and nothing more.
import type * as vscode from 'vscode';
import { loadSiblingBundle } from './service/runtimeLoader';
import { StudioLoader, type ReportStudioApi, type StudioModule } from './studioLoader';

export type { ActivationState, ReportStudioApi } from './studioLoader';

let loader: StudioLoader | undefined;

export function activate(context: vscode.ExtensionContext): ReportStudioApi {
  loader = new StudioLoader(context, () => loadSiblingBundle<StudioModule>(context.extensionPath, 'studio.js'));
  context.subscriptions.push(loader);
  return loader.api;
}

/** Stops the local service (and its tasks) before the extension host goes away. */
export async function deactivate(): Promise<void> {
  await loader?.deactivate();
  loader = undefined;
}
