/**
 * The editor's schema check, as the author types: what the report service would refuse (a
 * 422) is an Error, what it accepts but looks wrong (an unknown option or icon name, an older
 * form) a Warning — the list `report-studio validate` prints (core/schema/reportProblems.ts),
 * in the author's language, one problem per mistake (source "Report schema", code = the
 * schema keyword).
 *
 * Why not VS Code's JSON language service: it reports every schema problem as a warning, and
 * VS Code 1.100 offers no setting or schema keyword that changes that. So the schema VS Code
 * reads for report files (schemas/report.editor.schema.json, package.json `jsonValidation`)
 * holds the report schema under `if`: the JSON service still completes and explains from it,
 * but an `if` never reports problems. JSON syntax errors stay the JSON service's.
 *
 * A file the author attached the full schema to by hand (`json.schemas`, `"$schema"`) also
 * gets the JSON service's warnings: where one marks the node, this check leaves it to it.
 */
import * as vscode from 'vscode';
import { sameNode } from '../../core/loc/sameNode';
import type { ReportProblem } from '../../core/schema/reportProblems';
import type { ReportLog } from '../log';
import { isReportDocument } from '../reportDocument';
import type { SchemaProvider } from '../schema/schemaProvider';
import { DocumentTimers, RECHECK_MS } from './documentTimers';
import { isJsonSchemaDiagnostic, SCHEMA_DIAGNOSTIC_SOURCE } from './schemaDiagnostics';

interface FileState {
  /** Everything the check found in the document's current text. */
  found: vscode.Diagnostic[];
  /** What Problems shows of it; undefined until set. */
  published?: vscode.Diagnostic[];
}

export class ReportSchemaDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('report-schema');
  private readonly timers = new DocumentTimers();
  private readonly files = new Map<string, FileState>();
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly schemas: SchemaProvider,
    private readonly log: ReportLog,
  ) {
    this.subscriptions = [
      this.collection,
      this.timers,
      vscode.workspace.onDidOpenTextDocument((d) => this.schedule(d, 0)),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.contentChanges.length > 0) this.schedule(e.document, RECHECK_MS);
      }),
      vscode.workspace.onDidCloseTextDocument((d) => this.forget(d.uri)),
      // The JSON service's schema diagnostics (a hand-attached schema) come and go: what they cover is asked again.
      vscode.languages.onDidChangeDiagnostics((e) => e.uris.forEach((uri) => this.publish(uri))),
    ];
    vscode.workspace.textDocuments.forEach((d) => this.schedule(d, 0));
  }

  /** Checks the document's current text now. */
  async check(document: vscode.TextDocument): Promise<void> {
    this.timers.cancel(document.uri);
    if (document.isClosed || !isReportDocument(document)) {
      this.forget(document.uri);
      return;
    }
    const version = document.version;
    let problems: ReportProblem[];
    try {
      const index = await this.schemas.schemaIndex();
      // A newer text is checked by the call its change scheduled.
      if (document.isClosed || document.version !== version) return;
      problems = this.schemas.fixEngine().reportProblems(index, document.getText(), vscode.l10n);
    } catch (error) {
      this.log.warn(`Schema check of ${document.uri.toString()} failed: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    // Half-typed JSON: its syntax errors are the JSON service's; the schema has nothing to say until it parses.
    const found = problems.filter((p) => p.type !== 'syntax').map((p) => toDiagnostic(document, p));
    this.files.set(document.uri.toString(), { found });
    this.publish(document.uri);
  }

  dispose(): void {
    this.subscriptions.forEach((s) => s.dispose());
  }

  private schedule(document: vscode.TextDocument, delayMs: number): void {
    if (!isReportDocument(document)) {
      // No longer a report (its "type" was changed): nothing of ours stays on it.
      if (this.files.has(document.uri.toString())) this.forget(document.uri);
      return;
    }
    this.timers.schedule(document.uri, delayMs, () => void this.check(document));
  }

  private publish(uri: vscode.Uri): void {
    const state = this.files.get(uri.toString());
    if (!state) return;
    const visible = this.notMarkedByJson(uri, state.found);
    const before = state.published;
    // Unchanged: not set again (setting fires onDidChangeDiagnostics, which comes back here).
    if (before && visible.length === before.length && visible.every((d, i) => d === before[i])) return;
    state.published = visible;
    this.collection.set(uri, visible);
  }

  private notMarkedByJson(uri: vscode.Uri, found: vscode.Diagnostic[]): vscode.Diagnostic[] {
    const json = vscode.languages.getDiagnostics(uri).filter(isJsonSchemaDiagnostic);
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (json.length === 0 || !document) return found;
    const offsets = (r: vscode.Range) => ({ start: document.offsetAt(r.start), end: document.offsetAt(r.end) });
    const marked = json.map((d) => offsets(d.range));
    return found.filter((d) => !marked.some((m) => sameNode(offsets(d.range), m)));
  }

  private forget(uri: vscode.Uri): void {
    this.timers.cancel(uri);
    this.files.delete(uri.toString());
    this.collection.delete(uri);
  }
}

function toDiagnostic(document: vscode.TextDocument, problem: ReportProblem): vscode.Diagnostic {
  const range = new vscode.Range(document.positionAt(problem.range.start), document.positionAt(problem.range.end));
  const severity = problem.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning;
  const diagnostic = new vscode.Diagnostic(range, problem.message, severity);
  diagnostic.source = SCHEMA_DIAGNOSTIC_SOURCE;
  diagnostic.code = problem.type;
  if (problem.type === 'deprecated') diagnostic.tags = [vscode.DiagnosticTag.Deprecated];
  return diagnostic;
}
