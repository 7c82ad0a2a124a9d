// The local renderer's notes as Problems: after a Preview or Build, each note (content cut
// from a single page, an image drawn as a placeholder, a substituted font) becomes a
// diagnostic on the JSON node its path names (source "Report Studio render", code = the
// note's kind). An overflow is a warning with the "Enable multi-page reports" quick fix
// (reportCodeActions.ts); the others are a warning and information.
//
// Like the 422 diagnostics (serviceDiagnostics.ts) they are re-anchored after each edit
// (debounced): they follow their node, and go once their cause is gone (for an overflow:
// config.enable_multi_page set to true). The next successful run of the file replaces them,
// and clears them when it has no notes.
import * as vscode from 'vscode';
import type { RenderNote } from '../../core/api/types';
import { anchorNotes, recordNotes } from '../../core/loc/renderNotes';
import type { AnchoredNote, NoteSeverity, RecordedNote } from '../../core/loc/renderNotes';

export const RENDER_NOTE_SOURCE = 'Report Studio render';
export const RENDER_NOTE_COLLECTION = 'report-render-notes';

const SEVERITY: Record<NoteSeverity, vscode.DiagnosticSeverity> = {
  warning: vscode.DiagnosticSeverity.Warning,
  information: vscode.DiagnosticSeverity.Information,
};

interface FileState {
  recorded: RecordedNote[];
  sentText: string;
  anchored: AnchoredNote[];
  diagnostics: vscode.Diagnostic[];
  timer?: ReturnType<typeof setTimeout>;
}

export class RenderNoteDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection(RENDER_NOTE_COLLECTION);
  private readonly files = new Map<string, FileState>();
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(private readonly reanchorDelayMs = 250) {
    this.subscriptions.push(
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.contentChanges.length > 0) this.schedule(e.document);
      }),
      vscode.workspace.onDidOpenTextDocument((d) => this.schedule(d)),
    );
  }

  /**
   * Shows the notes of a successful run of `document`, whose text was `sentText` when it
   * was submitted; no notes clears the file. Returns the diagnostics now shown.
   */
  set(document: vscode.TextDocument, sentText: string, notes: readonly RenderNote[]): vscode.Diagnostic[] {
    if (notes.length === 0) {
      this.clear(document.uri);
      return [];
    }
    const key = document.uri.toString();
    const previous = this.files.get(key);
    if (previous?.timer) clearTimeout(previous.timer);
    const state: FileState = { recorded: recordNotes(sentText, notes), sentText, anchored: [], diagnostics: [] };
    this.files.set(key, state);
    this.reanchor(document, state);
    return state.diagnostics;
  }

  clear(uri: vscode.Uri): void {
    const key = uri.toString();
    const state = this.files.get(key);
    if (state?.timer) clearTimeout(state.timer);
    this.files.delete(key);
    this.collection.delete(uri);
  }

  /** The diagnostics currently shown for the file. */
  get(uri: vscode.Uri): readonly vscode.Diagnostic[] {
    return this.files.get(uri.toString())?.diagnostics ?? [];
  }

  /** The note behind a diagnostic shown for the file (diagnostics come back from the editor as copies). */
  noteFor(uri: vscode.Uri, diagnostic: vscode.Diagnostic): RenderNote | undefined {
    const state = this.files.get(uri.toString());
    if (!state) return undefined;
    const index = state.diagnostics.findIndex((d) => d.range.isEqual(diagnostic.range) && d.message === diagnostic.message && d.code === diagnostic.code);
    return index >= 0 ? state.anchored[index].note : undefined;
  }

  /** Re-anchors now instead of after the debounce. */
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
    }, this.reanchorDelayMs);
  }

  private reanchor(document: vscode.TextDocument, state: FileState): void {
    state.anchored = anchorNotes(document.getText(), state.recorded, { sentText: state.sentText });
    state.diagnostics = state.anchored.map((a) => toDiagnostic(document, a));
    this.collection.set(document.uri, state.diagnostics);
  }
}

function toDiagnostic(document: vscode.TextDocument, anchored: AnchoredNote): vscode.Diagnostic {
  const { diagnostic: mapped, note } = anchored;
  const range = new vscode.Range(document.positionAt(mapped.range.start), document.positionAt(mapped.range.end));
  const diagnostic = new vscode.Diagnostic(range, mapped.message, SEVERITY[anchored.severity]);
  diagnostic.source = RENDER_NOTE_SOURCE;
  diagnostic.code = note.kind;
  return diagnostic;
}

export function registerRenderNoteDiagnostics(context: vscode.ExtensionContext): RenderNoteDiagnostics {
  const diagnostics = new RenderNoteDiagnostics();
  context.subscriptions.push(diagnostics);
  return diagnostics;
}
