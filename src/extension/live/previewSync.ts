/**
 * Source ↔ preview sync (reportStudio.previewSync): the component the editor's cursor is in is
 * outlined in the report's panel, a click on a component in the panel selects its node in the
 * editor, and "Reveal in Preview" outlines it and shows the panel. Positions come from a source
 * map (core/report/sourceMap.ts): a live draft's own, or for a service result the local
 * renderer's layout of the text sent (resultSourceMap.ts); the editor side from the JSONC text
 * (core/report/cursorComponent.ts).
 */
import * as vscode from 'vscode';
import type { ReportPath } from '../../core/api/types';
import { componentPathAt, componentRange } from '../../core/report/cursorComponent';
import { isReportDocument } from '../reportDocument';
import { readSettings } from '../service/serviceConfig';
import type { ResultPanels } from '../viewer/resultPanels';

/** Quiet time after a cursor move before the outline follows (typing moves it on every key). */
const CURSOR_DEBOUNCE_MS = 50;

const samePath = (a: ReportPath | null | undefined, b: ReportPath | null | undefined): boolean =>
  (a ?? null) === (b ?? null) || (!!a && !!b && a.length === b.length && a.every((p, i) => p === b[i]));

export class PreviewSync implements vscode.Disposable {
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly last = new Map<string, ReportPath | null>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly panels: ResultPanels) {
    this.subscriptions.push(
      vscode.window.onDidChangeTextEditorSelection((e) => this.cursorMoved(e.textEditor)),
      panels.onDidRequestSelect(({ report, path }) => void this.select(report, path)),
    );
  }

  /** "Reveal in Preview": outline the component at the cursor and show the panel. */
  reveal(editor: vscode.TextEditor): ReportPath | undefined {
    const path = componentPathAt(editor.document.getText(), editor.document.offsetAt(editor.selection.active));
    this.last.set(editor.document.uri.toString(), path ?? null);
    this.panels.highlight(editor.document.uri, path ?? null, true);
    return path;
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    for (const d of this.subscriptions) d.dispose();
  }

  private cursorMoved(editor: vscode.TextEditor): void {
    const { document } = editor;
    if (!this.panels.hasPanel(document.uri) || !readSettings().previewSync || !isReportDocument(document)) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const path = componentPathAt(document.getText(), document.offsetAt(editor.selection.active)) ?? null;
      const key = document.uri.toString();
      if (samePath(this.last.get(key), path)) return;
      this.last.set(key, path);
      this.panels.highlight(document.uri, path, true);
    }, CURSOR_DEBOUNCE_MS);
  }

  /** Selects the component's node in the report's editor (opened beside the panel if needed). */
  private async select(report: vscode.Uri, path: ReportPath): Promise<void> {
    const document = await vscode.workspace.openTextDocument(report);
    const range = componentRange(document.getText(), path);
    if (!range) return;
    const selection = new vscode.Selection(document.positionAt(range.offset), document.positionAt(range.offset + range.length));
    const visible = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === report.toString());
    const editor = await vscode.window.showTextDocument(document, {
      viewColumn: visible?.viewColumn ?? vscode.ViewColumn.One,
      selection,
      preserveFocus: false,
    });
    editor.revealRange(selection, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    // The selection is inside the component: its outline stays as it is.
    this.last.set(report.toString(), path);
    this.panels.highlight(report, path, false);
  }
}
