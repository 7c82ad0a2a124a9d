// The report service's 422 answers as Problems: one diagnostic per entry on the exact JSON
// node (source "Report service", code = the pydantic error type). Preview/Build call
// setFromValidationError() after a rejected submission and clear() after an accepted one.
//
// VS Code never moves an extension's diagnostics when the text changes, so after each edit
// (debounced) the entries are mapped again onto the current text by their `loc`: a
// diagnostic follows its node when lines move, disappears once its cause is gone (the
// missing option added, the rejected value changed), and comes back if an undo restores it.
// Everything else stays until the next submission of the file replaces or clears it.
import * as vscode from 'vscode';
import type { ValidationErrorEntry } from '../../core/api/types';
import { isReportServiceError } from '../../core/client/errors';
import { anchorEntries } from '../../core/fixes/anchorEntries';
import type { AnchoredEntry } from '../../core/fixes/anchorEntries';

export const SERVICE_DIAGNOSTIC_SOURCE = 'Report service';
export const SERVICE_DIAGNOSTIC_COLLECTION = 'report-service';

interface FileState {
  entries: ValidationErrorEntry[];
  sentText: string;
  anchored: AnchoredEntry[];
  diagnostics: vscode.Diagnostic[];
  timer?: ReturnType<typeof setTimeout>;
}

export interface ServiceDiagnosticsOptions {
  /** Quiet time after the last edit before diagnostics are re-anchored (default 250 ms). */
  reanchorDelayMs?: number;
}

export class ServiceDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection(SERVICE_DIAGNOSTIC_COLLECTION);
  private readonly files = new Map<string, FileState>();
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly delayMs: number;

  constructor(options: ServiceDiagnosticsOptions = {}) {
    this.delayMs = options.reanchorDelayMs ?? 250;
    this.subscriptions.push(
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.contentChanges.length > 0) this.schedule(e.document);
      }),
      // Reopened (maybe changed on disk meanwhile): check against what is there now.
      vscode.workspace.onDidOpenTextDocument((d) => this.schedule(d)),
    );
  }

  /**
   * Shows the entries of a 422 for `document`. `sentText` is the text that was submitted
   * (the document may have changed while the request was in flight). Replaces whatever the
   * file showed before. Returns the diagnostics now shown, in the order of `details` — one
   * per entry while the document still holds `sentText`; entries that no longer apply to an
   * edited document are left out.
   */
  setFromValidationError(document: vscode.TextDocument, sentText: string, details: readonly ValidationErrorEntry[]): vscode.Diagnostic[] {
    const key = document.uri.toString();
    const previous = this.files.get(key);
    if (previous?.timer) clearTimeout(previous.timer);
    const state: FileState = { entries: [...details], sentText, anchored: [], diagnostics: [] };
    this.files.set(key, state);
    this.reanchor(document, state);
    return state.diagnostics;
  }

  /**
   * Convenience for callers holding any error: shows it when it is a 422 with details and
   * returns true; anything else leaves the file's diagnostics alone and returns false.
   */
  setFromError(document: vscode.TextDocument, sentText: string, error: unknown): boolean {
    if (!isReportServiceError(error) || error.kind !== 'validation' || error.details.length === 0) return false;
    this.setFromValidationError(document, sentText, error.details);
    return true;
  }

  /** After an accepted submission of the file (or when it should show nothing). */
  clear(uri: vscode.Uri): void {
    const key = uri.toString();
    const state = this.files.get(key);
    if (state?.timer) clearTimeout(state.timer);
    this.files.delete(key);
    this.collection.delete(uri);
  }

  clearAll(): void {
    for (const state of this.files.values()) if (state.timer) clearTimeout(state.timer);
    this.files.clear();
    this.collection.clear();
  }

  /** The diagnostics currently shown for the file. */
  get(uri: vscode.Uri): readonly vscode.Diagnostic[] {
    return this.files.get(uri.toString())?.diagnostics ?? [];
  }

  /** The 422 entry (with its fixable problem, if any) behind a diagnostic shown for the file. */
  entryFor(uri: vscode.Uri, diagnostic: vscode.Diagnostic): AnchoredEntry | undefined {
    const state = this.files.get(uri.toString());
    if (!state) return undefined;
    // Diagnostics come back from the editor as copies: match by what they show.
    const index = state.diagnostics.findIndex(
      (d) => d.range.isEqual(diagnostic.range) && d.message === diagnostic.message && codeOf(d) === codeOf(diagnostic),
    );
    return index >= 0 ? state.anchored[index] : undefined;
  }

  /** Re-anchors now instead of after the debounce (tests, and before computing code actions). */
  flush(document: vscode.TextDocument): void {
    const state = this.files.get(document.uri.toString());
    if (!state) return;
    if (state.timer) clearTimeout(state.timer);
    state.timer = undefined;
    this.reanchor(document, state);
  }

  dispose(): void {
    for (const state of this.files.values()) if (state.timer) clearTimeout(state.timer);
    this.files.clear();
    this.subscriptions.forEach((s) => s.dispose());
    this.collection.dispose();
  }

  private schedule(document: vscode.TextDocument): void {
    const state = this.files.get(document.uri.toString());
    if (!state) return;
    if (state.timer) clearTimeout(state.timer);
    state.timer = setTimeout(() => {
      state.timer = undefined;
      if (this.files.get(document.uri.toString()) === state) this.reanchor(document, state);
    }, this.delayMs);
  }

  private reanchor(document: vscode.TextDocument, state: FileState): void {
    state.anchored = anchorEntries(document.getText(), state.entries, { sentText: state.sentText });
    state.diagnostics = state.anchored.map((a) => toDiagnostic(document, a));
    this.collection.set(document.uri, state.diagnostics);
  }
}

function codeOf(d: vscode.Diagnostic): string | number | undefined {
  return typeof d.code === 'object' ? d.code.value : d.code;
}

function toDiagnostic(document: vscode.TextDocument, anchored: AnchoredEntry): vscode.Diagnostic {
  const { diagnostic: mapped, entry } = anchored;
  const range = new vscode.Range(document.positionAt(mapped.range.start), document.positionAt(mapped.range.end));
  const diagnostic = new vscode.Diagnostic(range, mapped.message, vscode.DiagnosticSeverity.Error);
  diagnostic.source = SERVICE_DIAGNOSTIC_SOURCE;
  diagnostic.code = entry.type;
  if (!mapped.exact && Array.isArray(entry.loc)) {
    // The loc could not be followed to the end (a union member, or text changed): say where the service pointed.
    diagnostic.relatedInformation = [
      new vscode.DiagnosticRelatedInformation(new vscode.Location(document.uri, range), `The service reported this at ${entry.loc.map(String).join(' → ')}`),
    ];
  }
  return diagnostic;
}

/** Creates the extension's ServiceDiagnostics and disposes it with the extension. */
export function registerServiceDiagnostics(context: vscode.ExtensionContext, options: ServiceDiagnosticsOptions = {}): ServiceDiagnostics {
  const diagnostics = new ServiceDiagnostics(options);
  context.subscriptions.push(diagnostics);
  return diagnostics;
}
