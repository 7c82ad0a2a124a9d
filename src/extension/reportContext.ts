/**
 * Tracks which editors show reports and keeps the context keys menus and keybindings use:
 * reportStudio.isReportFile (the active editor is a report) and reportStudio.hasResult
 * (that report has a result to save or open). Also tells the quota status bar whether a
 * report is on screen at all.
 */
import * as vscode from 'vscode';
import { isReportDocument } from './reportDocument';
import { noteActiveReport } from './reportTarget';
import type { ResultPanels } from './viewer/resultPanels';

const CONTEXT_IS_REPORT = 'reportStudio.isReportFile';
const CONTEXT_HAS_RESULT = 'reportStudio.hasResult';

export class ReportContext implements vscode.Disposable {
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly visibilityChanged = new vscode.EventEmitter<boolean>();
  private last: { isReport?: boolean; hasResult?: boolean; visible?: boolean } = {};
  /** Fires when "a report is visible in some editor" turns true or false. */
  readonly onDidChangeReportVisible = this.visibilityChanged.event;

  constructor(private readonly panels: ResultPanels) {
    this.subscriptions.push(
      this.visibilityChanged,
      vscode.window.onDidChangeActiveTextEditor(() => this.update()),
      vscode.window.onDidChangeVisibleTextEditors(() => this.update()),
      // `"type": "Report"` typed into a plain JSON file makes it a report.
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document === vscode.window.activeTextEditor?.document) this.update();
      }),
      vscode.workspace.onDidCloseTextDocument(() => this.update()),
    );
    this.update();
  }

  /** True while some visible editor shows a report. */
  get reportVisible(): boolean {
    return vscode.window.visibleTextEditors.some((e) => isReportDocument(e.document));
  }

  /** Recomputes the keys (also called after a task produced a result). */
  update(): void {
    const active = vscode.window.activeTextEditor?.document;
    const isReport = !!active && isReportDocument(active);
    if (isReport) noteActiveReport(active);
    const hasResult = isReport && !!this.panels.lastResult(active.uri);
    if (isReport !== this.last.isReport) void vscode.commands.executeCommand('setContext', CONTEXT_IS_REPORT, isReport);
    if (hasResult !== this.last.hasResult) void vscode.commands.executeCommand('setContext', CONTEXT_HAS_RESULT, hasResult);
    const visible = this.reportVisible;
    const visibilityChanged = visible !== this.last.visible;
    this.last = { isReport, hasResult, visible };
    if (visibilityChanged) this.visibilityChanged.fire(visible);
  }

  dispose(): void {
    this.subscriptions.forEach((s) => s.dispose());
  }
}
