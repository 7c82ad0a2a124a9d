// What the 422 diagnostics and the render-note diagnostics share: per-file records of what the
// service said about the text that was submitted, shown as diagnostics and mapped again onto
// the current text after each edit (debounced), because VS Code never moves an extension's
// diagnostics itself. Subclasses say how their records are anchored and how one is shown.
import * as vscode from 'vscode';

interface FileState<Input, Anchored> {
  inputs: Input[];
  sentText: string;
  anchored: Anchored[];
  diagnostics: vscode.Diagnostic[];
  timer?: ReturnType<typeof setTimeout>;
}

export abstract class AnchoredDiagnostics<Input, Anchored> implements vscode.Disposable {
  private readonly collection: vscode.DiagnosticCollection;
  private readonly files = new Map<string, FileState<Input, Anchored>>();
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    collectionName: string,
    private readonly reanchorDelayMs: number,
  ) {
    this.collection = vscode.languages.createDiagnosticCollection(collectionName);
    this.subscriptions.push(
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.contentChanges.length > 0) this.schedule(e.document);
      }),
      // Reopened (maybe changed on disk meanwhile): check against what is there now.
      vscode.workspace.onDidOpenTextDocument((d) => this.schedule(d)),
    );
  }

  /** `inputs` mapped onto `text`, which may have changed since `sentText` was submitted. */
  protected abstract anchor(text: string, inputs: readonly Input[], sentText: string): Anchored[];

  protected abstract toDiagnostic(document: vscode.TextDocument, anchored: Anchored): vscode.Diagnostic;

  /** Replaces what the file showed with `inputs` about `sentText`; returns the diagnostics now shown. */
  protected show(document: vscode.TextDocument, sentText: string, inputs: Input[]): vscode.Diagnostic[] {
    const key = document.uri.toString();
    const previous = this.files.get(key);
    if (previous?.timer) clearTimeout(previous.timer);
    const state: FileState<Input, Anchored> = { inputs, sentText, anchored: [], diagnostics: [] };
    this.files.set(key, state);
    this.reanchor(document, state);
    return state.diagnostics;
  }

  /** The record behind a diagnostic shown for the file (diagnostics come back from the editor as copies: matched by what they show). */
  protected anchoredFor(uri: vscode.Uri, diagnostic: vscode.Diagnostic): Anchored | undefined {
    const state = this.files.get(uri.toString());
    if (!state) return undefined;
    const index = state.diagnostics.findIndex(
      (d) => d.range.isEqual(diagnostic.range) && d.message === diagnostic.message && codeOf(d) === codeOf(diagnostic),
    );
    return index >= 0 ? state.anchored[index] : undefined;
  }

  /** The diagnostics currently shown for the file. */
  get(uri: vscode.Uri): readonly vscode.Diagnostic[] {
    return this.files.get(uri.toString())?.diagnostics ?? [];
  }

  /** Shows nothing for the file (after a run that has nothing to say about it). */
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

  /** Re-anchors now instead of after the debounce (tests, and before computing code actions). */
  flush(document: vscode.TextDocument): void {
    const state = this.files.get(document.uri.toString());
    if (!state) return;
    if (state.timer) clearTimeout(state.timer);
    state.timer = undefined;
    this.reanchor(document, state);
  }

  dispose(): void {
    this.clearAll();
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
    }, this.reanchorDelayMs);
  }

  private reanchor(document: vscode.TextDocument, state: FileState<Input, Anchored>): void {
    state.anchored = this.anchor(document.getText(), state.inputs, state.sentText);
    state.diagnostics = state.anchored.map((a) => this.toDiagnostic(document, a));
    this.collection.set(document.uri, state.diagnostics);
  }
}

function codeOf(d: vscode.Diagnostic): string | number | undefined {
  return typeof d.code === 'object' ? d.code.value : d.code;
}

/** A VS Code diagnostic at a mapped range of `document`, from one of our sources. */
export function sourceDiagnostic(
  document: vscode.TextDocument,
  mapped: { range: { start: number; end: number }; message: string },
  severity: vscode.DiagnosticSeverity,
  source: string,
  code: string,
): vscode.Diagnostic {
  const range = new vscode.Range(document.positionAt(mapped.range.start), document.positionAt(mapped.range.end));
  const diagnostic = new vscode.Diagnostic(range, mapped.message, severity);
  diagnostic.source = source;
  diagnostic.code = code;
  return diagnostic;
}
