/**
 * Source ↔ preview sync (reportStudio.previewSync): the component the editor's cursor is in is
 * outlined in the report's panel, a click on a component in the panel puts the cursor on its
 * node's first line and briefly highlights the node (a decoration, never a selection: a
 * keystroke meant for the preview must not replace a chart), a double-click selects the node,
 * and "Reveal in Preview" outlines it and shows the panel. The focus stays in the panel unless
 * reportStudio.clickInPreviewFocusesEditor says otherwise. Positions come from a source
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

/**
 * How long a clicked component's range stays highlighted in the editor: long enough to find it
 * after the eye comes back from the preview, like VS Code's own highlight after Go to Symbol.
 */
const FLASH_MS = 1500;

const samePath = (a: ReportPath | null | undefined, b: ReportPath | null | undefined): boolean =>
  (a ?? null) === (b ?? null) || (!!a && !!b && a.length === b.length && a.every((p, i) => p === b[i]));

export class PreviewSync implements vscode.Disposable {
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly last = new Map<string, ReportPath | null>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The component range highlighted after a click, until FLASH_MS pass or its text changes. */
  private readonly flashType = vscode.window.createTextEditorDecorationType({
    backgroundColor: new vscode.ThemeColor('editor.rangeHighlightBackground'),
    isWholeLine: true,
  });
  private flashed: { report: string; range: vscode.Range; timer: ReturnType<typeof setTimeout> } | undefined;
  private readonly flashes = new vscode.EventEmitter<{ report: vscode.Uri; range: vscode.Range }>();
  /** Fires when a click in the panel highlights a component's range in the editor (tests wait on it). */
  readonly onDidHighlightSource = this.flashes.event;

  constructor(private readonly panels: ResultPanels) {
    this.subscriptions.push(
      this.flashType,
      this.flashes,
      vscode.window.onDidChangeTextEditorSelection((e) => this.cursorMoved(e.textEditor)),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.contentChanges.length > 0 && this.flashed?.report === e.document.uri.toString()) this.unflash();
      }),
      panels.onDidRequestSelect(({ report, path, whole }) => void this.select(report, path, whole)),
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
    if (this.flashed) clearTimeout(this.flashed.timer);
    for (const d of this.subscriptions) d.dispose();
  }

  private cursorMoved(editor: vscode.TextEditor): void {
    const { document } = editor;
    if (!this.panels.hasPanel(document.uri) || !readSettings(document.uri).previewSync || !isReportDocument(document)) return;
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

  /**
   * A click: the cursor to the start of the component's node (an empty selection) and its range
   * highlighted briefly; `whole` (a double-click): the node selected. In the report's editor,
   * opened beside the panel if needed; the focus stays in the panel unless the setting moves it.
   */
  private async select(report: vscode.Uri, path: ReportPath, whole: boolean): Promise<void> {
    const document = await vscode.workspace.openTextDocument(report);
    const found = componentRange(document.getText(), path);
    if (!found) return;
    const node = new vscode.Range(document.positionAt(found.offset), document.positionAt(found.offset + found.length));
    const selection = whole ? new vscode.Selection(node.start, node.end) : new vscode.Selection(node.start, node.start);
    const visible = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === report.toString());
    // The cursor is inside the component: its outline stays as it is (set before the selection event).
    this.last.set(report.toString(), path);
    const editor = await vscode.window.showTextDocument(document, {
      viewColumn: visible?.viewColumn ?? vscode.ViewColumn.One,
      selection,
      preserveFocus: !readSettings().clickInPreviewFocusesEditor,
    });
    // Whole lines: revealing the node's own columns would scroll a long line sideways past its start.
    editor.revealRange(new vscode.Range(node.start.line, 0, node.end.line, 0), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    if (!whole) this.flash(editor, node);
    this.panels.highlight(report, path, false);
  }

  private flash(editor: vscode.TextEditor, range: vscode.Range): void {
    this.unflash();
    editor.setDecorations(this.flashType, [range]);
    const timer = setTimeout(() => this.unflash(), FLASH_MS);
    this.flashed = { report: editor.document.uri.toString(), range, timer };
    this.flashes.fire({ report: editor.document.uri, range });
  }

  private unflash(): void {
    if (!this.flashed) return;
    clearTimeout(this.flashed.timer);
    const report = this.flashed.report;
    this.flashed = undefined;
    for (const e of vscode.window.visibleTextEditors) if (e.document.uri.toString() === report) e.setDecorations(this.flashType, []);
  }
}
