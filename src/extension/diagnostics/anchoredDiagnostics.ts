// What the 422 diagnostics and the render-note diagnostics share: per-file records of what the
// service said about the text that was submitted, shown as diagnostics and mapped again onto
// the current text after each edit (debounced), because VS Code never moves an extension's
// diagnostics itself. Subclasses say how their records are anchored (a core AnchorRule) and
// how one is shown.
//
// The re-anchoring is incremental: the content changes of every onDidChangeTextDocument event
// since the last anchoring are collected (in order: several per event, several events per
// debounce) and handed to Anchoring.update() (core/loc/anchoring.ts), which re-parses only
// around the edits and resolves again only the records they can have changed; the others
// move with the text. A diagnostic whose record did not move is shown as the same object.
// Anything it cannot follow (a reopened document, changes that do not add up to the text)
// is anchored afresh.
import * as vscode from 'vscode';
import { Anchoring } from '../../core/loc/anchoring';
import type { Anchored as AnchoredRecord, AnchorRule } from '../../core/loc/anchoring';
import type { TextChange } from '../../core/loc/textChanges';
import { codeOf } from './schemaDiagnostics';

interface FileState<Input, Anchored extends AnchoredRecord> {
  anchoring: Anchoring<Input, Anchored>;
  diagnostics: vscode.Diagnostic[];
  /** What Problems shows of `diagnostics` (visible()); undefined until it is set. */
  published?: vscode.Diagnostic[];
  /** The edits since `anchoring` was made, in order; undefined when they are not known (anchor afresh). */
  changes: TextChange[] | undefined;
  timer?: ReturnType<typeof setTimeout>;
}

export abstract class AnchoredDiagnostics<Input, Anchored extends AnchoredRecord> implements vscode.Disposable {
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
        if (e.contentChanges.length === 0) return;
        const state = this.files.get(e.document.uri.toString());
        if (!state) return;
        state.changes?.push(...e.contentChanges.map((c) => ({ offset: c.rangeOffset, length: c.rangeLength, text: c.text })));
        this.schedule(e.document);
      }),
      // Reopened (maybe changed on disk meanwhile): check against what is there now.
      vscode.workspace.onDidOpenTextDocument((d) => {
        const state = this.files.get(d.uri.toString());
        if (state) state.changes = undefined;
        this.schedule(d);
      }),
    );
  }

  /** How the records are mapped onto a text (which may have changed since it was submitted). */
  protected abstract readonly rule: AnchorRule<Input, Anchored>;

  protected abstract toDiagnostic(document: vscode.TextDocument, anchored: Anchored): vscode.Diagnostic;

  /** Which of the file's diagnostics Problems shows: all, unless a subclass leaves some to another source. */
  protected visible(_uri: vscode.Uri, shown: readonly { diagnostic: vscode.Diagnostic; anchored: Anchored }[]): vscode.Diagnostic[] {
    return shown.map((s) => s.diagnostic);
  }

  /** Asks visible() again (what it depends on changed) and updates Problems if its answer did. */
  protected republish(uri: vscode.Uri): void {
    const state = this.files.get(uri.toString());
    if (state) this.publish(uri, state);
  }

  /** Replaces what the file showed with `inputs` about `sentText`; returns the diagnostics now shown. */
  protected show(document: vscode.TextDocument, sentText: string, inputs: Input[]): vscode.Diagnostic[] {
    const key = document.uri.toString();
    const previous = this.files.get(key);
    if (previous?.timer) clearTimeout(previous.timer);
    const anchoring = Anchoring.anchor(document.getText(), inputs, this.rule, sentText, vscode.l10n);
    const state: FileState<Input, Anchored> = { anchoring, diagnostics: [], changes: [] };
    this.files.set(key, state);
    this.display(document, state, anchoring);
    return state.diagnostics;
  }

  /** The record behind a diagnostic shown for the file (diagnostics come back from the editor as copies: matched by what they show). */
  protected anchoredFor(uri: vscode.Uri, diagnostic: vscode.Diagnostic): Anchored | undefined {
    const state = this.files.get(uri.toString());
    if (!state) return undefined;
    const index = state.diagnostics.findIndex(
      (d) => d.range.isEqual(diagnostic.range) && d.message === diagnostic.message && codeOf(d) === codeOf(diagnostic),
    );
    return index >= 0 ? state.anchoring.shown[index] : undefined;
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
    const { anchoring, changes } = state;
    const text = document.getText();
    const next = changes
      ? anchoring.update(text, changes)
      : Anchoring.anchor(text, anchoring.inputs, this.rule, anchoring.sentText, vscode.l10n);
    state.changes = [];
    this.display(document, state, next);
  }

  /** Shows `next`, reusing the diagnostic of every record that did not move. */
  private display(document: vscode.TextDocument, state: FileState<Input, Anchored>, next: Anchoring<Input, Anchored>): void {
    const before = new Map<Anchored, vscode.Diagnostic>();
    state.anchoring.shown.forEach((a, i) => {
      const shown = state.diagnostics[i];
      if (shown) before.set(a, shown);
    });
    state.anchoring = next;
    state.diagnostics = next.shown.map((a) => before.get(a) ?? this.toDiagnostic(document, a));
    state.published = undefined;
    this.publish(document.uri, state);
  }

  private publish(uri: vscode.Uri, state: FileState<Input, Anchored>): void {
    const visible = this.visible(
      uri,
      state.diagnostics.map((diagnostic, i) => ({ diagnostic, anchored: state.anchoring.shown[i] })),
    );
    // Unchanged: not set again (setting fires onDidChangeDiagnostics, which can ask again).
    const before = state.published;
    if (before && visible.length === before.length && visible.every((d, i) => d === before[i])) return;
    state.published = visible;
    this.collection.set(uri, visible);
  }
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
