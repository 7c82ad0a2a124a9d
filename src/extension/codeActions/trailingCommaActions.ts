/**
 * Quick fixes for the trailing-comma warnings (diagnostics/trailingCommaDiagnostics.ts): remove
 * this comma (preferred), or every trailing comma of the report at once.
 */
import * as vscode from 'vscode';
import { trailingCommas } from '../../core/loc/trailingCommas';
import { TRAILING_COMMA_CODE, TRAILING_COMMA_SOURCE } from '../diagnostics/trailingCommaDiagnostics';
import { REPORT_DOCUMENT_SELECTOR } from '../reportDocument';

const isTrailingComma = (d: vscode.Diagnostic): boolean => d.source === TRAILING_COMMA_SOURCE && d.code === TRAILING_COMMA_CODE;

class TrailingCommaActions implements vscode.CodeActionProvider {
  static readonly metadata: vscode.CodeActionProviderMetadata = { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] };

  provideCodeActions(document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const here = context.diagnostics.filter(isTrailingComma);
    if (here.length === 0) return [];
    const actions = here.map((diagnostic) => {
      const action = new vscode.CodeAction(vscode.l10n.t('Remove the trailing comma'), vscode.CodeActionKind.QuickFix);
      action.edit = new vscode.WorkspaceEdit();
      action.edit.delete(document.uri, diagnostic.range);
      action.diagnostics = [diagnostic];
      action.isPreferred = true;
      return action;
    });
    const all = trailingCommas(document.getText());
    if (all.length > 1) {
      const every = new vscode.CodeAction(vscode.l10n.t('Remove all {0} trailing commas', all.length), vscode.CodeActionKind.QuickFix);
      every.edit = new vscode.WorkspaceEdit();
      for (const offset of all)
        every.edit.delete(document.uri, new vscode.Range(document.positionAt(offset), document.positionAt(offset + 1)));
      every.diagnostics = here;
      actions.push(every);
    }
    return actions;
  }
}

export function registerTrailingCommaActions(): vscode.Disposable {
  return vscode.languages.registerCodeActionsProvider(REPORT_DOCUMENT_SELECTOR, new TrailingCommaActions(), TrailingCommaActions.metadata);
}
