/**
 * One timer per document for the checks of the text as it is typed: a keystroke puts the
 * check off until the typing stops (RECHECK_MS), a newer keystroke puts it off again.
 */
import type * as vscode from 'vscode';

/** Quiet time after a keystroke before a document's text is checked again. */
export const RECHECK_MS = 150;

export class DocumentTimers implements vscode.Disposable {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();

  /** Runs `run` after `delayMs`, unless the document is scheduled again or cancelled meanwhile. */
  schedule(uri: vscode.Uri, delayMs: number, run: () => void): void {
    this.cancel(uri);
    const key = uri.toString();
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        run();
      }, delayMs),
    );
  }

  cancel(uri: vscode.Uri): void {
    const key = uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
