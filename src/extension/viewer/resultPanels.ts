/**
 * The result panels: one webview panel per report file, opened beside the editor, showing
 * a task's status, its PDF/JPEG, a FAILED task's error_message, a 422's errors (each one a
 * link to its node) or any other error. The commands call this; the panels' Rebuild and
 * Cancel buttons come back as events; the messages are typed in src/webview/protocol.ts.
 */
import * as vscode from 'vscode';
import type { TaskStatus } from '../../core/api/types';
import { formatPath } from '../../core/loc/treeWalk';
import type { ResultKind, ViewerErrorKind, ViewerState, ViewerValidationError } from '../../webview/protocol';
import { openResultExternally, revealInReport, saveResultAs } from './resultActions';
import type { ErrorTarget } from './resultActions';
import { fileExists, fileName, resultFileFor, resultFolderFor } from './resultFiles';
import { ResultMemory } from './resultMemory';
import type { RememberedResult } from './resultMemory';
import { ResultPanel } from './resultPanel';
import type { PanelHandlers } from './resultPanel';
import { registerResultSerializer } from './resultSerializer';
import { RESULT_VIEW_TYPE, viewerWebviewOptions } from './viewerPage';
import type { RedactingLog } from '../log';

export interface ValidationErrorInput {
  type: string;
  msg: string;
  loc: (string | number)[];
  range?: vscode.Range;
}

export class ResultPanels implements vscode.Disposable {
  private readonly panels = new Map<string, ResultPanel>();
  /** The 422 entries each panel lists, with their ranges, for revealError. */
  private readonly errors = new WeakMap<ResultPanel, ValidationErrorInput[]>();
  private readonly memory: ResultMemory;
  private readonly rebuildEmitter = new vscode.EventEmitter<{ report: vscode.Uri; kind: ResultKind }>();
  private readonly cancelEmitter = new vscode.EventEmitter<{ report: vscode.Uri }>();
  private readonly subscriptions: vscode.Disposable[] = [];
  /** The result panel the user last had active, for saveAs()/openExternally() without a report. */
  private lastActive: ResultPanel | undefined;

  readonly onDidRequestRebuild = this.rebuildEmitter.event;
  readonly onDidRequestCancel = this.cancelEmitter.event;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly log: RedactingLog,
  ) {
    this.memory = new ResultMemory(context.workspaceState);
    this.subscriptions.push(
      this.rebuildEmitter,
      this.cancelEmitter,
      registerResultSerializer((panel, report, state) => this.restore(panel, report, state), log),
      vscode.workspace.onDidRenameFiles((e) => e.files.forEach((f) => this.renamed(f.oldUri, f.newUri))),
    );
  }

  showStatus(report: vscode.Uri, s: { kind: ResultKind; status: TaskStatus; taskId?: string; elapsedMs?: number }): void {
    this.panelFor(report, true).showStatus({ type: 'showStatus', reportName: fileName(report), ...s });
  }

  async showResult(report: vscode.Uri, r: { kind: ResultKind; file: vscode.Uri; pageCount?: number }): Promise<void> {
    const panel = this.panelFor(report, true);
    if (!(await fileExists(r.file))) {
      this.log.error(`result panel: the result file ${r.file.fsPath} does not exist`);
      panel.showContent({ type: 'showError', kind: 'other', message: `The result file ${fileName(r.file)} was not found.` }, r.kind);
      return;
    }
    await this.memory.set(report, { kind: r.kind, file: r.file });
    panel.showResult(r.kind, r.file, r.pageCount);
  }

  showFailed(report: vscode.Uri, f: { kind: ResultKind; taskId: string; errorMessage: string }): void {
    this.panelFor(report, true).showContent({ type: 'showFailed', errorMessage: f.errorMessage, taskId: f.taskId, kind: f.kind }, f.kind);
  }

  showValidationErrors(report: vscode.Uri, errors: ValidationErrorInput[], kind?: ResultKind): void {
    const panel = this.panelFor(report, true);
    this.errors.set(panel, errors);
    panel.showContent({ type: 'showValidationErrors', errors: errors.map(toViewerError), kind }, kind);
  }

  showError(report: vscode.Uri, e: { kind: string; message: string; detail?: string }): void {
    const kind = (KNOWN_ERROR_KINDS as readonly string[]).includes(e.kind) ? (e.kind as ViewerErrorKind) : 'other';
    this.panelFor(report, true).showContent({ type: 'showError', kind, message: e.message, ...(e.detail ? { detail: e.detail } : {}) });
  }

  /** Where a task's result for `report` is to be written (see resultFiles.ts). */
  resultFileFor(report: vscode.Uri, kind: ResultKind): vscode.Uri {
    return resultFileFor(this.context.globalStorageUri, report, kind);
  }

  lastResult(report: vscode.Uri): RememberedResult | undefined {
    const shown = this.panels.get(report.toString())?.result;
    return shown ? { kind: shown.kind, file: shown.file } : this.memory.get(report);
  }

  /** Save As of the report's result (default: the active result panel's, else the active editor's report). */
  async saveAs(report?: vscode.Uri, target?: vscode.Uri): Promise<vscode.Uri | undefined> {
    const found = this.resolve(report);
    return found && saveResultAs(found.report, found.result, target);
  }

  async openExternally(report?: vscode.Uri): Promise<boolean> {
    const found = this.resolve(report);
    return !!found && (await openResultExternally(found.report, found.result, this.log));
  }

  /** The report of the focused result panel, if one is focused. */
  get activeReport(): vscode.Uri | undefined {
    return [...this.panels.values()].find((p) => p.panel.active)?.report;
  }

  /** What the report's viewer last reported (page, zoom, view); for tests and diagnostics. */
  viewerState(report: vscode.Uri): ViewerState | undefined {
    return this.panels.get(report.toString())?.viewerState;
  }

  hasPanel(report: vscode.Uri): boolean {
    return this.panels.has(report.toString());
  }

  dispose(): void {
    for (const p of [...this.panels.values()]) p.dispose();
    for (const d of this.subscriptions) d.dispose();
  }

  private panelFor(report: vscode.Uri, reveal: boolean): ResultPanel {
    const existing = this.panels.get(report.toString());
    if (existing) {
      if (reveal) existing.reveal(existing.panel.viewColumn);
      return existing;
    }
    const column = this.columnForNewPanel(report);
    const folder = resultFolderFor(this.context.globalStorageUri, report);
    const panel = vscode.window.createWebviewPanel(
      RESULT_VIEW_TYPE,
      `Report: ${fileName(report)}`,
      { viewColumn: column, preserveFocus: true },
      {
        ...viewerWebviewOptions(this.context.extensionUri, [folder]),
        enableFindWidget: false,
        retainContextWhenHidden: false,
      },
    );
    return this.adopt(panel, report, folder);
  }

  /**
   * `active` setting: the active group. Otherwise the column other result panels already use
   * (results stay together, even when the focus is in one of them), unless that is where the
   * report itself is open; failing that, beside the active editor.
   */
  private columnForNewPanel(report: vscode.Uri): vscode.ViewColumn {
    if (vscode.workspace.getConfiguration('reportStudio').get<string>('resultViewColumn') === 'active') return vscode.ViewColumn.Active;
    const reportColumns = new Set(
      vscode.window.visibleTextEditors.filter((e) => e.document.uri.toString() === report.toString()).map((e) => e.viewColumn),
    );
    const candidates = [this.lastActive, ...this.panels.values()].filter((p): p is ResultPanel => !!p && !p.isDisposed);
    const column = candidates.map((p) => p.panel.viewColumn).find((c) => c !== undefined && !reportColumns.has(c));
    return column ?? vscode.ViewColumn.Beside;
  }

  private adopt(panel: vscode.WebviewPanel, report: vscode.Uri, folder: vscode.Uri): ResultPanel {
    const p = new ResultPanel(panel, report, this.context.extensionUri, folder, this.handlers, this.log);
    this.panels.set(report.toString(), p);
    panel.onDidChangeViewState((e) => {
      if (e.webviewPanel.active) this.lastActive = p;
    });
    if (panel.active) this.lastActive = p;
    return p;
  }

  private async restore(panel: vscode.WebviewPanel, report: vscode.Uri, state: ViewerState): Promise<void> {
    if (this.panels.has(report.toString())) return void panel.dispose();
    const folder = resultFolderFor(this.context.globalStorageUri, report);
    // What this version of the viewer needs, whatever the saved panel had.
    panel.webview.options = viewerWebviewOptions(this.context.extensionUri, [folder]);
    const p = this.adopt(panel, report, folder);
    const remembered = this.memory.get(report);
    const result = remembered && (await fileExists(remembered.file)) ? remembered : undefined;
    if (remembered && !result) this.log.info(`result panel: the last result of ${fileName(report)} (${remembered.file.fsPath}) is gone`);
    p.restoreFrom(state, result);
  }

  private renamed(from: vscode.Uri, to: vscode.Uri): void {
    const p = this.panels.get(from.toString());
    void this.memory.move(from, to);
    if (!p || this.panels.has(to.toString())) return;
    this.panels.delete(from.toString());
    this.panels.set(to.toString(), p);
    p.rename(to);
  }

  /** The report + result an action without an explicit report is meant for, or a message why none. */
  private resolve(report: vscode.Uri | undefined): { report: vscode.Uri; result: RememberedResult } | undefined {
    const target =
      report ??
      this.activeReport ??
      vscode.window.activeTextEditor?.document.uri ??
      (this.lastActive?.isDisposed ? undefined : this.lastActive?.report);
    const result = target && this.lastResult(target);
    if (!target || !result) {
      void vscode.window.showInformationMessage(
        target
          ? `${fileName(target)} has no result yet. Run Preview or Build first.`
          : 'No report result to use. Run Preview or Build on a report first.',
      );
      return undefined;
    }
    return { report: target, result };
  }

  private readonly handlers: PanelHandlers = {
    rebuild: (panel, kind) => this.rebuildEmitter.fire({ report: panel.report, kind: kind ?? 'build' }),
    cancel: (panel) => this.cancelEmitter.fire({ report: panel.report }),
    saveAs: (panel, url) => {
      if (this.checkUrl(panel, url)) void this.saveAs(panel.report).catch((e: unknown) => this.failed('Save As', e));
    },
    openExternally: (panel, url) => {
      if (this.checkUrl(panel, url)) void this.openExternally(panel.report).catch((e: unknown) => this.failed('Open Externally', e));
    },
    revealError: (panel, index) => void this.revealError(panel, index).catch((e: unknown) => this.failed('Go to error', e)),
    disposed: (panel) => {
      if (this.panels.get(panel.report.toString()) === panel) this.panels.delete(panel.report.toString());
      if (this.lastActive === panel) this.lastActive = undefined;
    },
  };

  /** The viewer asks about the URL it shows; act only if that is the result we last sent. */
  private checkUrl(panel: ResultPanel, url: string): boolean {
    if (panel.result?.url === url) return true;
    this.log.warn(`result panel: ignored a request for ${url}, not the result on record for ${fileName(panel.report)}`);
    void vscode.window.showWarningMessage('The result on screen is out of date. Rebuild the report, then try again.');
    return false;
  }

  private async revealError(panel: ResultPanel, index: number): Promise<void> {
    const entry = this.errors.get(panel)?.[index];
    const shown = panel.viewerState?.validation?.errors.find((e) => e.index === index);
    // After a window reload only the viewer's copy (line/column) survives.
    const target: ErrorTarget | undefined = entry?.range
      ? { range: entry.range }
      : shown && shown.line !== null && shown.col !== null
        ? { line: shown.line, col: shown.col }
        : undefined;
    await revealInReport(panel.report, target, panel.panel.viewColumn);
  }

  private failed(what: string, e: unknown): void {
    const message = e instanceof Error ? e.message : String(e);
    this.log.error(`${what} failed: ${message}`);
    void vscode.window.showErrorMessage(`${what} failed: ${message}`);
  }
}

const KNOWN_ERROR_KINDS = [
  'auth',
  'payment',
  'not_found',
  'validation',
  'quota',
  'rate_limited',
  'server',
  'network',
  'timeout',
  'bad_response',
  'cancelled',
  'task_failed',
  'other',
] as const satisfies readonly ViewerErrorKind[];

function toViewerError(e: ValidationErrorInput, index: number): ViewerValidationError {
  // FastAPI prefixes body errors with "body"; the user's document starts below it.
  const loc = e.loc[0] === 'body' ? e.loc.slice(1) : e.loc;
  return {
    index,
    type: e.type,
    msg: e.msg,
    locText: formatPath(loc),
    line: e.range ? e.range.start.line + 1 : null,
    col: e.range ? e.range.start.character + 1 : null,
  };
}
