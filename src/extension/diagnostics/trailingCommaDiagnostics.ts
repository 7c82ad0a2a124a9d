/**
 * A warning on each trailing comma of an open report (core/loc/trailingCommas.ts), with the quick
 * fix that removes it (codeActions/trailingCommaActions.ts). Report Studio accepts trailing
 * commas everywhere — live view, Preview, Build, the CLI — and sends the report without them;
 * the schema tells VS Code's JSON service to allow them (`allowTrailingCommas`), so this warning
 * replaces its red "Trailing comma" error in `.report.json` files and its warning in `.report.jsonc`.
 */
import * as vscode from 'vscode';
import { trailingCommas } from '../../core/loc/trailingCommas';
import { isReportDocument } from '../reportDocument';
import { DocumentTimers, RECHECK_MS } from './documentTimers';

export const TRAILING_COMMA_SOURCE = 'Report Studio';
export const TRAILING_COMMA_CODE = 'trailing-comma';

export class TrailingCommaDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('report-trailing-commas');
  private readonly timers = new DocumentTimers();
  private readonly subscriptions: vscode.Disposable[];

  constructor() {
    this.subscriptions = [
      this.collection,
      this.timers,
      vscode.workspace.onDidOpenTextDocument((d) => this.check(d)),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.contentChanges.length > 0) this.schedule(e.document);
      }),
      vscode.workspace.onDidCloseTextDocument((d) => this.forget(d.uri)),
    ];
    vscode.workspace.textDocuments.forEach((d) => this.check(d));
  }

  /** Looks for the document's trailing commas now (tests; on open). */
  check(document: vscode.TextDocument): void {
    this.timers.cancel(document.uri);
    if (!isReportDocument(document)) {
      this.collection.delete(document.uri);
      return;
    }
    const diagnostics = trailingCommas(document.getText()).map((offset) => {
      const at = document.positionAt(offset);
      const d = new vscode.Diagnostic(
        new vscode.Range(at, at.translate(0, 1)),
        vscode.l10n.t('Trailing comma: Report Studio removes it before sending the report, but strict JSON does not allow it'),
        vscode.DiagnosticSeverity.Warning,
      );
      d.source = TRAILING_COMMA_SOURCE;
      d.code = TRAILING_COMMA_CODE;
      return d;
    });
    this.collection.set(document.uri, diagnostics);
  }

  dispose(): void {
    this.subscriptions.forEach((s) => s.dispose());
  }

  private schedule(document: vscode.TextDocument): void {
    this.timers.schedule(document.uri, RECHECK_MS, () => this.check(document));
  }

  private forget(uri: vscode.Uri): void {
    this.timers.cancel(uri);
    this.collection.delete(uri);
  }
}
