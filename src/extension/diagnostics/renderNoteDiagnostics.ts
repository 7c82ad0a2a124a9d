// The local renderer's notes as Problems: after a Preview or Build, each note (content cut
// from a single page, an image drawn as a placeholder, a substituted font) becomes a
// diagnostic on the JSON node its path names (source "Report Studio render", code = the
// note's kind). An overflow is a warning with the "Enable multi-page reports" quick fix
// (reportCodeActions.ts); the others are a warning and information.
//
// Like the 422 diagnostics (serviceDiagnostics.ts) they are re-anchored after each edit
// (debounced, incrementally): they follow their node, and go once their cause is gone (for an overflow:
// config.enable_multi_page set to true). The next successful run of the file replaces them,
// and clears them when it has no notes.
import * as vscode from 'vscode';
import type { RenderNote } from '../../core/api/types';
import { NOTE_RULE, recordNotes } from '../../core/loc/renderNotes';
import type { AnchoredNote, NoteSeverity, RecordedNote } from '../../core/loc/renderNotes';
import { AnchoredDiagnostics, sourceDiagnostic } from './anchoredDiagnostics';

export const RENDER_NOTE_SOURCE = 'Report Studio render';
const RENDER_NOTE_COLLECTION = 'report-render-notes';

const SEVERITY: Record<NoteSeverity, vscode.DiagnosticSeverity> = {
  warning: vscode.DiagnosticSeverity.Warning,
  information: vscode.DiagnosticSeverity.Information,
};

export class RenderNoteDiagnostics extends AnchoredDiagnostics<RecordedNote, AnchoredNote> {
  protected readonly rule = NOTE_RULE;

  constructor(reanchorDelayMs = 250) {
    super(RENDER_NOTE_COLLECTION, reanchorDelayMs);
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
    return this.show(document, sentText, recordNotes(sentText, notes));
  }

  /** The note behind a diagnostic shown for the file. */
  noteFor(uri: vscode.Uri, diagnostic: vscode.Diagnostic): RenderNote | undefined {
    return this.anchoredFor(uri, diagnostic)?.note;
  }

  protected toDiagnostic(document: vscode.TextDocument, anchored: AnchoredNote): vscode.Diagnostic {
    return noteDiagnostic(document, anchored);
  }
}

function noteDiagnostic(document: vscode.TextDocument, anchored: AnchoredNote): vscode.Diagnostic {
  const { diagnostic: mapped, note } = anchored;
  return sourceDiagnostic(document, mapped, SEVERITY[anchored.severity], RENDER_NOTE_SOURCE, note.kind);
}
