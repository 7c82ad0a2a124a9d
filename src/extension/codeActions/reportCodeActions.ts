// Quick fixes on report documents for three kinds of diagnostics: a single-page overflow noted
// by the local render ("Report Studio render": Enable multi-page reports), the report
// service's 422s ("Report service", via ServiceDiagnostics) and the schema problems — the
// extension's own ("Report schema", reportSchemaDiagnostics.ts) and, for a file attached to the
// full schema by hand, the JSON language service's (source "json", or none at all). Messages
// are localised, so they are never parsed: the text is validated with the same schema
// (src/core/schema) and a diagnostic gets the fixes of the problems at its range.
// All fix logic lives in src/core/fixes.
import * as vscode from 'vscode';
import type { FixableProblem, FormattingOptions, QuickFix } from '../../core/fixes';
import type { SchemaIndex } from '../../core/schema/schemaIndex';
import type { ValidationMode } from '../../core/schema/validator';
import { SourceText } from '../../core/loc/locToRange';
import { enableMultiPageFix } from '../../core/fixes/enableMultiPage';
import { RENDER_NOTE_SOURCE } from '../diagnostics/renderNoteDiagnostics';
import { SERVICE_DIAGNOSTIC_SOURCE } from '../diagnostics/serviceDiagnostics';
import type { ServiceDiagnostics } from '../diagnostics/serviceDiagnostics';
import { codeOf, isSchemaDiagnostic } from '../diagnostics/schemaDiagnostics';
import { isReportDocument, REPORT_DOCUMENT_SELECTOR } from '../reportDocument';
import type { FixEngine, SchemaProvider } from '../schema/schemaProvider';
import { isOnReportRoot } from '../../core/codegen';
import { COMMANDS } from '../commands/commandIds';

/** Validation results for the latest version of each document (code actions run on every cursor move). */
class ProblemCache {
  private readonly entries = new Map<string, { version: number; byMode: Map<ValidationMode, FixableProblem[]> }>();

  get(fixes: FixEngine, schema: SchemaIndex, document: vscode.TextDocument, mode: ValidationMode): FixableProblem[] {
    const key = document.uri.toString();
    let entry = this.entries.get(key);
    if (!entry || entry.version !== document.version) {
      entry = { version: document.version, byMode: new Map() };
      this.entries.set(key, entry);
      // Keep the cache small: the documents being edited right now.
      if (this.entries.size > 8) this.entries.delete(this.entries.keys().next().value as string);
    }
    let problems = entry.byMode.get(mode);
    if (!problems) {
      problems = fixes.problemsFromValidation(schema, document.getText(), mode);
      entry.byMode.set(mode, problems);
    }
    return problems;
  }

  forget(uri: vscode.Uri): void {
    this.entries.delete(uri.toString());
  }
}

function formattingFor(document: vscode.TextDocument): Partial<FormattingOptions> {
  const editor = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === document.uri.toString());
  const eol = document.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n';
  const { insertSpaces, tabSize } = editor?.options ?? {};
  // Without an editor the indentation is read from the text itself.
  if (typeof insertSpaces !== 'boolean' || typeof tabSize !== 'number') return { eol };
  return { insertSpaces, tabSize, eol };
}

class ReportCodeActionProvider implements vscode.CodeActionProvider {
  static readonly metadata: vscode.CodeActionProviderMetadata = { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] };
  private readonly cache = new ProblemCache();

  constructor(
    private readonly schemas: SchemaProvider,
    private readonly serviceDiagnostics?: ServiceDiagnostics,
  ) {}

  async provideCodeActions(
    document: vscode.TextDocument,
    _range: vscode.Range,
    context: vscode.CodeActionContext,
  ): Promise<vscode.CodeAction[]> {
    if (context.only && !vscode.CodeActionKind.QuickFix.intersects(context.only)) return [];
    if (!isReportDocument(document)) return [];
    const text = document.getText();
    const formatting = formattingFor(document);
    const actions: vscode.CodeAction[] = [];
    const overflows = context.diagnostics.filter((d) => d.source === RENDER_NOTE_SOURCE && codeOf(d) === 'overflow');
    const multiPage = overflows.length > 0 ? enableMultiPageFix(text, { formatting, l10n: vscode.l10n }) : undefined;
    if (multiPage) actions.push(toAction(document, multiPage, overflows, true));
    const relevant = context.diagnostics.filter((d) => d.source === SERVICE_DIAGNOSTIC_SOURCE || isSchemaDiagnostic(d));
    if (relevant.length === 0) return actions;
    // The fix engine (schema index, ajv) is loaded on the first request that has a diagnostic
    // to fix, not when the extension activates for any JSON file.
    const fixes = this.schemas.fixEngine();
    const schema = await this.schemas.schemaIndex();
    const byEdit = new Map<string, vscode.CodeAction>();
    for (const diagnostic of relevant) {
      let preferredTaken = false;
      for (const problem of this.problemsFor(fixes, schema, document, diagnostic)) {
        for (const fix of fixes.computeFixes(schema, text, problem, { formatting, l10n: vscode.l10n })) {
          const key = `${fix.edit.offset}:${fix.edit.length}:${fix.edit.content}`;
          const existing = byEdit.get(key);
          if (existing) {
            // The same repair for a JSON and a service diagnostic: one action fixing both.
            if (!existing.diagnostics?.includes(diagnostic)) existing.diagnostics = [...(existing.diagnostics ?? []), diagnostic];
            continue;
          }
          const action = toAction(document, fix, diagnostic, fix.preferred && !preferredTaken);
          preferredTaken ||= action.isPreferred === true;
          byEdit.set(key, action);
          actions.push(action);
        }
      }
    }
    return actions;
  }

  /** The problems behind one diagnostic, on the document's current text. */
  private problemsFor(
    fixes: FixEngine,
    schema: SchemaIndex,
    document: vscode.TextDocument,
    diagnostic: vscode.Diagnostic,
  ): FixableProblem[] {
    if (diagnostic.source === SERVICE_DIAGNOSTIC_SOURCE) {
      const anchored = this.serviceDiagnostics?.entryFor(document.uri, diagnostic);
      if (anchored) {
        const problem = fixes.problemFromEntry(schema, new SourceText(document.getText()), anchored.entry);
        return problem ? [problem] : [];
      }
      // Shown by another ServiceDiagnostics instance (or already re-anchored): use the
      // service's rules on the current text, at the diagnostic's range.
      return this.matching(fixes, schema, document, diagnostic, 'lenient');
    }
    return this.matching(fixes, schema, document, diagnostic, 'strict');
  }

  private matching(
    fixes: FixEngine,
    schema: SchemaIndex,
    document: vscode.TextDocument,
    diagnostic: vscode.Diagnostic,
    mode: ValidationMode,
  ): FixableProblem[] {
    const range = { start: document.offsetAt(diagnostic.range.start), end: document.offsetAt(diagnostic.range.end) };
    return this.cache.get(fixes, schema, document, mode).filter((p) => fixes.problemMatchesRange(p, range));
  }

  forget(uri: vscode.Uri): void {
    this.cache.forget(uri);
  }
}

function toAction(
  document: vscode.TextDocument,
  fix: QuickFix,
  diagnostic: vscode.Diagnostic | vscode.Diagnostic[],
  preferred: boolean,
): vscode.CodeAction {
  const action = new vscode.CodeAction(fix.title, vscode.CodeActionKind.QuickFix);
  const edit = new vscode.WorkspaceEdit();
  // A snippet edit leaves the cursor on the inserted value's tab stop (typed by the schema).
  const { offset, length, content } = fix.snippet ?? fix.edit;
  const range = new vscode.Range(document.positionAt(offset), document.positionAt(offset + length));
  if (fix.snippet) {
    const snippet = new vscode.SnippetTextEdit(range, new vscode.SnippetString(content));
    // The edit is laid out in the document's indentation already: no re-indenting of its lines.
    snippet.keepWhitespace = true;
    edit.set(document.uri, [snippet]);
  } else edit.replace(document.uri, range, content);
  action.edit = edit;
  action.diagnostics = Array.isArray(diagnostic) ? diagnostic : [diagnostic];
  action.isPreferred = preferred;
  return action;
}

/** "Copy as…" on the report's root (its braces or its "type" line): a command, not an edit. */
class CopyAsCodeActionProvider implements vscode.CodeActionProvider {
  static readonly kind = vscode.CodeActionKind.Empty.append('reportStudio.copyAsCode');
  static readonly metadata: vscode.CodeActionProviderMetadata = { providedCodeActionKinds: [CopyAsCodeActionProvider.kind] };

  provideCodeActions(document: vscode.TextDocument, range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    if (context.only && !context.only.contains(CopyAsCodeActionProvider.kind)) return [];
    if (!isReportDocument(document) || !isOnReportRoot(document.getText(), document.offsetAt(range.start))) return [];
    const action = new vscode.CodeAction(vscode.l10n.t('Copy as… (cURL, Node, Python)'), CopyAsCodeActionProvider.kind);
    action.command = { command: COMMANDS.copyAs, title: vscode.l10n.t('Copy as…'), arguments: [document.uri] };
    return [action];
  }
}

/**
 * Registers the quick-fix provider for report documents. `serviceDiagnostics` lets fixes
 * for 422 diagnostics use the exact service entry; without it they are derived from the
 * service's rules at the diagnostic's range.
 */
export function registerReportCodeActions(deps: { schemas: SchemaProvider; serviceDiagnostics?: ServiceDiagnostics }): vscode.Disposable {
  const provider = new ReportCodeActionProvider(deps.schemas, deps.serviceDiagnostics);
  return vscode.Disposable.from(
    vscode.languages.registerCodeActionsProvider(REPORT_DOCUMENT_SELECTOR, provider, ReportCodeActionProvider.metadata),
    vscode.languages.registerCodeActionsProvider(
      REPORT_DOCUMENT_SELECTOR,
      new CopyAsCodeActionProvider(),
      CopyAsCodeActionProvider.metadata,
    ),
    vscode.workspace.onDidCloseTextDocument((d) => provider.forget(d.uri)),
    warmUpWhenReportOpens(deps.schemas),
  );
}

/**
 * Compiling the schema validator takes most of a second: do it once a report is on screen,
 * in the background, rather than on the first lightbulb.
 */
function warmUpWhenReportOpens(schemas: SchemaProvider): vscode.Disposable {
  let done = false;
  const check = (editor: vscode.TextEditor | undefined) => {
    if (done || !editor || !isReportDocument(editor.document)) return;
    done = true;
    setTimeout(() => {
      // A missing or broken schema file is reported by the code action that needs it.
      void schemas
        .schemaIndex()
        .then((index) => index.validator('strict'))
        .catch(() => undefined);
    }, 0);
  };
  check(vscode.window.activeTextEditor);
  return vscode.window.onDidChangeActiveTextEditor(check);
}
