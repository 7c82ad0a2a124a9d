// The report service's 422 answers as Problems: one diagnostic per entry on the exact JSON
// node (source "Report service", code = the pydantic error type). Preview/Build call
// setFromValidationError() after a rejected submission and clear() after an accepted one.
//
// VS Code never moves an extension's diagnostics when the text changes, so after each edit
// (debounced) the entries are mapped again onto the current text by their `loc`: a
// diagnostic follows its node when lines move, disappears once its cause is gone (the
// missing option added, the rejected value changed), and comes back if an undo restores it.
// Only the entries an edit can have changed are resolved again (anchoredDiagnostics.ts).
// Everything else stays until the next submission of the file replaces or clears it.
import * as vscode from 'vscode';
import type { ValidationErrorEntry } from '../../core/api/types';
import { asServiceError } from '../service/serviceError';
import { ENTRY_RULE } from '../../core/loc/anchorEntries';
import type { AnchoredEntry } from '../../core/loc/anchorEntries';
import { rawEntryText } from '../../core/loc/plainWords';
import { enclosingObjectStart, sameNode } from '../../core/loc/sameNode';
import { AnchoredDiagnostics, sourceDiagnostic } from './anchoredDiagnostics';
import { isSchemaDiagnostic } from './schemaDiagnostics';

export const SERVICE_DIAGNOSTIC_SOURCE = 'Report service';
const SERVICE_DIAGNOSTIC_COLLECTION = 'report-service';

export interface ServiceDiagnosticsOptions {
  /** Quiet time after the last edit before diagnostics are re-anchored (default 250 ms). */
  reanchorDelayMs?: number;
}

export class ServiceDiagnostics extends AnchoredDiagnostics<ValidationErrorEntry, AnchoredEntry> {
  protected readonly rule = ENTRY_RULE;

  constructor(options: ServiceDiagnosticsOptions = {}) {
    super(SERVICE_DIAGNOSTIC_COLLECTION, options.reanchorDelayMs ?? 250);
    // The schema's diagnostics come and go as the author types: what they cover is asked again.
    this.schemaWatch = vscode.languages.onDidChangeDiagnostics((e) => e.uris.forEach((uri) => this.republish(uri)));
  }

  private readonly schemaWatch: vscode.Disposable;

  override dispose(): void {
    this.schemaWatch.dispose();
    super.dispose();
  }

  /**
   * One mistake, one problem: an entry about a node the editor's schema validation already
   * marks is left to it (it was there before the submission and goes as the text is fixed);
   * the result panel's list still has every entry.
   */
  protected override visible(
    uri: vscode.Uri,
    shown: readonly { diagnostic: vscode.Diagnostic; anchored: AnchoredEntry }[],
  ): vscode.Diagnostic[] {
    const schema = vscode.languages.getDiagnostics(uri).filter(isSchemaDiagnostic);
    if (schema.length === 0) return shown.map((s) => s.diagnostic);
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (!document) return shown.map((s) => s.diagnostic);
    const marked = schema.map((d) => ({ start: document.offsetAt(d.range.start), end: document.offsetAt(d.range.end) }));
    const text = document.getText();
    const covered = ({ entry, diagnostic }: AnchoredEntry): boolean => {
      const owner = entry.type === 'missing' ? enclosingObjectStart(text, diagnostic.range.start) : undefined;
      return marked.some((m) => sameNode(diagnostic.range, m) || m.start === owner);
    };
    return shown.filter(({ anchored }) => !covered(anchored)).map((s) => s.diagnostic);
  }

  /**
   * Shows the entries of a 422 for `document`. `sentText` is the text that was submitted
   * (the document may have changed while the request was in flight). Replaces whatever the
   * file showed before. Returns the diagnostics now shown, in the order of `details` — one
   * per entry while the document still holds `sentText`; entries that no longer apply to an
   * edited document are left out.
   */
  setFromValidationError(document: vscode.TextDocument, sentText: string, details: readonly ValidationErrorEntry[]): vscode.Diagnostic[] {
    return this.show(document, sentText, [...details]);
  }

  /**
   * Convenience for callers holding any error: shows it when it is a 422 with details and
   * returns true; anything else leaves the file's diagnostics alone and returns false.
   */
  setFromError(document: vscode.TextDocument, sentText: string, error: unknown): boolean {
    const failure = asServiceError(error);
    if (!failure || failure.kind !== 'validation' || failure.details.length === 0) return false;
    this.setFromValidationError(document, sentText, failure.details);
    return true;
  }

  /** The 422 entry (with its fixable problem, if any) behind a diagnostic shown for the file. */
  entryFor(uri: vscode.Uri, diagnostic: vscode.Diagnostic): AnchoredEntry | undefined {
    return this.anchoredFor(uri, diagnostic);
  }

  protected toDiagnostic(document: vscode.TextDocument, anchored: AnchoredEntry): vscode.Diagnostic {
    return entryDiagnostic(document, anchored);
  }
}

function entryDiagnostic(document: vscode.TextDocument, anchored: AnchoredEntry): vscode.Diagnostic {
  const { diagnostic: mapped, entry } = anchored;
  const diagnostic = sourceDiagnostic(document, mapped, vscode.DiagnosticSeverity.Error, SERVICE_DIAGNOSTIC_SOURCE, entry.type);
  const here = new vscode.Location(document.uri, diagnostic.range);
  // The message is in plain words (core/loc/plainWords.ts); the service's own entry stays at hand.
  diagnostic.relatedInformation = [new vscode.DiagnosticRelatedInformation(here, rawEntryText(entry, vscode.l10n))];
  if (!mapped.exact && Array.isArray(entry.loc)) {
    // The loc could not be followed to the end (a union member, or text changed): say where the service pointed.
    diagnostic.relatedInformation.push(
      new vscode.DiagnosticRelatedInformation(here, vscode.l10n.t('The service reported this at {0}', entry.loc.map(String).join(' → '))),
    );
  }
  return diagnostic;
}
