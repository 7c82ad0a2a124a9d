// VS Code's own record of an extension's activation, as "Developer: Startup Performance"
// (perfview.show) shows it: the extension host times loading the code, the activate() call
// and the promise it returns resolving, whatever event activated the extension. The view is
// a markdown document (perf: scheme), synced to the extension host like any other.
import * as vscode from 'vscode';

export interface ActivationStats {
  /** Activated during the startup phase ("Eager"). */
  eager: boolean;
  loadCodeMs: number;
  callActivateMs: number;
  finishActivateMs: number;
  /** The activation event, e.g. `onLanguage:jsonc`. */
  event: string;
  /** The extension whose activation caused it (itself, or one depending on it). */
  by: string;
  /**
   * The require() of the extension's own code alone, from the extension host's raw perf marks
   * (willLoadExtensionCode → didLoadExtensionCode). "Load Code" starts earlier: the extensions
   * one event activates start loading together and their requires run one after another, built-in
   * ones first, so at window start it also holds the built-in JSON extensions' code loading.
   * Absent when the marks were taken before the activation (an idle window).
   */
  ownLoadCodeMs?: number;
}

/** willLoadExtensionCode → didLoadExtensionCode of `extensionId` in the extension host's raw marks. */
function parseOwnCodeLoading(text: string, extensionId: string): number | undefined {
  const at = (event: string): number | undefined => {
    const line = text.split('\n').find((l) => l.startsWith(`code/extHost/${event}/${extensionId}\t`));
    const stamp = line && Number(line.split('\t')[1]);
    return stamp && Number.isFinite(stamp) ? stamp : undefined;
  };
  const will = at('willLoadExtensionCode');
  const did = at('didLoadExtensionCode');
  return will !== undefined && did !== undefined ? did - will : undefined;
}

/** The row of `extensionId` in the "Extension Activation Stats" table, or undefined. */
function parseActivationStats(text: string, extensionId: string): ActivationStats | undefined {
  const section = text.split(/^## /m).find((s) => s.startsWith('Extension Activation Stats'));
  if (!section) return undefined;
  const lines = section.split('\n').filter((l) => l.trim().startsWith('|'));
  const header = lines[0]?.split('|').map((c) => c.trim());
  const row = lines.map((l) => l.split('|').map((c) => c.trim())).find((cells) => cells[1] === extensionId);
  if (!header || !row) return undefined;
  const cell = (name: string): string => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`the Startup Performance table has no "${name}" column: ${header.join(' | ')}`);
    return row[i];
  };
  const ms = (name: string): number => {
    const v = Number(cell(name));
    if (!Number.isFinite(v)) throw new Error(`"${name}" of ${extensionId} is not a number: ${cell(name)}`);
    return v;
  };
  return {
    eager: cell('Eager') === 'true',
    loadCodeMs: ms('Load Code'),
    callActivateMs: ms('Call Activate'),
    finishActivateMs: ms('Finish Activate'),
    event: cell('Event'),
    by: cell('By'),
    ownLoadCodeMs: parseOwnCodeLoading(text, extensionId),
  };
}

/** Opens Developer: Startup Performance and reads the extension's activation from it. */
export async function activationStats(extensionId: string, timeoutMs = 30_000): Promise<ActivationStats> {
  await vscode.commands.executeCommand('perfview.show');
  // The view fills in once the workbench has finished starting up.
  for (const deadline = Date.now() + timeoutMs; ; await new Promise((r) => setTimeout(r, 200))) {
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'perf');
    const stats = doc && parseActivationStats(doc.getText(), extensionId);
    if (stats) {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      return stats;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `no activation of ${extensionId} in Developer: Startup Performance within ${timeoutMs} ms${doc ? `:\n${doc.getText().slice(-3000)}` : ' (no perf: document)'}`,
      );
    }
  }
}
