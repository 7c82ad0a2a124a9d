/**
 * Registers the extension's language-model tools at activation (the bootstrap), each a proxy
 * that loads the rest of the extension on its first call. `build` is registered only in a
 * trusted workspace (and when trust is granted): Restricted Mode does not offer it.
 */
import * as vscode from 'vscode';
import { LM_TOOLS, TRUSTED_ONLY, type LmToolKind } from './lmToolNames';

/** What the full part answers for a tool (src/extension/lmTools/languageModelTools.ts). */
export interface LmToolHandler {
  invoke(
    kind: LmToolKind,
    options: vscode.LanguageModelToolInvocationOptions<object>,
    token: vscode.CancellationToken,
  ): Promise<vscode.LanguageModelToolResult>;
  prepareInvocation(
    kind: LmToolKind,
    options: vscode.LanguageModelToolInvocationPrepareOptions<object>,
    token: vscode.CancellationToken,
  ): Promise<vscode.PreparedToolInvocation | undefined>;
}

export function registerLmTools(handler: () => LmToolHandler): vscode.Disposable {
  // An editor without the language-model API (older than 1.95) has no tools to offer.
  if (typeof vscode.lm?.registerTool !== 'function') return { dispose: () => undefined };
  const registered: vscode.Disposable[] = [];
  const register = (kind: LmToolKind): void => {
    registered.push(
      vscode.lm.registerTool<object>(LM_TOOLS[kind], {
        invoke: (options, token) => handler().invoke(kind, options, token),
        prepareInvocation: (options, token) => handler().prepareInvocation(kind, options, token),
      }),
    );
  };
  const kinds = Object.keys(LM_TOOLS) as LmToolKind[];
  for (const kind of kinds) if (!TRUSTED_ONLY.has(kind) || vscode.workspace.isTrusted) register(kind);
  if (!vscode.workspace.isTrusted) {
    registered.push(vscode.workspace.onDidGrantWorkspaceTrust(() => kinds.filter((k) => TRUSTED_ONLY.has(k)).forEach(register)));
  }
  return { dispose: () => registered.forEach((d) => d.dispose()) };
}
