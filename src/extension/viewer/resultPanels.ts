/**
 * The result panels: one webview panel per report file, opened beside the editor, showing
 * a task's status, its PDF/JPEG, a FAILED task's error_message, a 422's errors (each one a
 * link to its node) or any other error. The commands call this; the panels' Rebuild and
 * Cancel buttons come back as events; the messages are typed in src/webview/protocol.ts.
 *
 * This is the facade: which panel shows a report is PanelRegistry's job, which result a
 * report has is ResultStore's, and what the buttons do is PanelActions'.
 */
import * as vscode from 'vscode';
import type { ReportPath, TaskKind, TaskStatus } from '../../core/api/types';
import type { SourceBox } from '../../core/report/sourceMap';
import { formatPath } from '../../core/loc/treeWalk';
import type { SourceMapMessage, ViewerErrorKind, ViewerState, ViewerValidationError } from '../../webview/protocol';
import type { RedactingLog } from '../log';
import { PanelActions } from './panelActions';
import { PanelRegistry } from './panelRegistry';
import type { PanelContext } from './panelRegistry';
import { fileExists, fileName } from './resultFiles';
import { openExportedFile } from './pdfEditor';
import type { RememberedResult } from './resultMemory';
import type { PanelHandlers, RebuildAction } from './resultPanel';
import { registerResultSerializer } from './resultSerializer';
import { ResultStore } from './resultStore';
import type { ValidationErrorInput } from './resultStore';

export type { ValidationErrorInput } from './resultStore';

export class ResultPanels implements vscode.Disposable {
  private readonly registry: PanelRegistry;
  private readonly store: ResultStore;
  private readonly actions: PanelActions;
  private readonly rebuildEmitter = new vscode.EventEmitter<{ report: vscode.Uri; kind: RebuildAction }>();
  private readonly useLocalEmitter = new vscode.EventEmitter<{ report: vscode.Uri; kind: RebuildAction }>();
  private readonly cancelEmitter = new vscode.EventEmitter<{ report: vscode.Uri }>();
  private readonly selectEmitter = new vscode.EventEmitter<{ report: vscode.Uri; path: ReportPath; whole: boolean }>();
  private readonly subscriptions: vscode.Disposable[] = [];

  /** The rebuild button: repeat what the panel shows (`live`: redraw the live view, free). */
  readonly onDidRequestRebuild = this.rebuildEmitter.event;
  /** The error page's "Use Local Service": switch, then repeat `kind`. */
  readonly onDidRequestUseLocal = this.useLocalEmitter.event;
  readonly onDidRequestCancel = this.cancelEmitter.event;
  /** A click on a component in a panel: put the cursor on its node in the report (`whole`: a double-click, select it). */
  readonly onDidRequestSelect = this.selectEmitter.event;

  constructor(
    context: PanelContext & Pick<vscode.ExtensionContext, 'workspaceState'>,
    private readonly log: RedactingLog,
  ) {
    const handlers: PanelHandlers = {
      rebuild: (panel, kind) => this.rebuildEmitter.fire({ report: panel.report, kind }),
      useLocalService: (panel) => this.useLocalEmitter.fire({ report: panel.report, kind: panel.rebuildAction() }),
      cancel: (panel) => this.cancelEmitter.fire({ report: panel.report }),
      saveAs: (panel, url) => this.actions.saveAsFromPanel(panel, url),
      openExternally: (panel, url) => this.actions.openExternallyFromPanel(panel, url),
      revealError: (panel, index) => this.actions.revealError(panel, index),
      selectSource: (panel, path, whole) => this.selectEmitter.fire({ report: panel.report, path, whole }),
      openExported: (panel) => void (panel.exportedFile && openExportedFile(panel.exportedFile)),
      disposed: (panel) => this.registry.forget(panel),
    };
    this.registry = new PanelRegistry(context, handlers, log);
    this.store = new ResultStore(context.workspaceState, context.globalStorageUri);
    this.actions = new PanelActions(this.registry, this.store, log);
    this.subscriptions.push(
      this.rebuildEmitter,
      this.useLocalEmitter,
      this.cancelEmitter,
      this.selectEmitter,
      registerResultSerializer((panel, report, state) => this.restore(panel, report, state), log),
      vscode.workspace.onDidRenameFiles((e) => e.files.forEach((f) => this.renamed(f.oldUri, f.newUri))),
      // An unsaved report (New Report, Open Example: untitled at the path it is saved to) saved:
      // its panel follows the file, instead of staying beside a closed copy while the next
      // Preview opens a second panel for the file.
      vscode.workspace.onDidOpenTextDocument((d) => this.savedFromUntitled(d.uri)),
      vscode.workspace.onDidSaveTextDocument((d) => this.savedFromUntitled(d.uri)),
    );
  }

  showStatus(report: vscode.Uri, s: { kind: TaskKind; status: TaskStatus; taskId?: string; elapsedMs?: number }): void {
    this.registry.open(report).showStatus({ type: 'showStatus', reportName: fileName(report), ...s });
  }

  async showResult(report: vscode.Uri, r: { kind: TaskKind; file: vscode.Uri; pageCount?: number; data?: Uint8Array }): Promise<void> {
    const panel = this.registry.open(report);
    if (!(await fileExists(r.file))) {
      this.log.error(`result panel: the result file ${r.file.fsPath} does not exist`);
      const message = `The result file ${fileName(r.file)} was not found.`;
      panel.showContent({ type: 'showError', kind: 'other', message }, r.kind);
      return;
    }
    panel.showResult(r.kind, r.file, r.pageCount, r.data ? { data: r.data } : {});
    // Remembered for a window reload once it is on screen (the workspace state is the window's: a round trip).
    await this.store.remember(report, { kind: r.kind, file: r.file });
  }

  showFailed(report: vscode.Uri, f: { kind: TaskKind; taskId: string; errorMessage: string }): void {
    this.registry.open(report).showContent({ type: 'showFailed', errorMessage: f.errorMessage, taskId: f.taskId, kind: f.kind }, f.kind);
  }

  showValidationErrors(report: vscode.Uri, errors: ValidationErrorInput[], kind?: TaskKind): void {
    const panel = this.registry.open(report);
    this.store.setErrors(panel, errors);
    panel.showContent({ type: 'showValidationErrors', errors: errors.map(toViewerError), kind }, kind);
  }

  /** `task`: the kind of the task that failed (what the error page's Retry repeats). */
  showError(report: vscode.Uri, e: { kind: string; message: string; detail?: string; offerLocal?: boolean }, task?: TaskKind): void {
    const kind = (KNOWN_ERROR_KINDS as readonly string[]).includes(e.kind) ? (e.kind as ViewerErrorKind) : 'other';
    this.registry.open(report).showContent(
      {
        type: 'showError',
        kind,
        message: e.message,
        ...(e.detail ? { detail: e.detail } : {}),
        ...(e.offerLocal ? { offerLocal: true } : {}),
      },
      task,
    );
  }

  /** The service changed: error pages about the old one give way to the last result (or the empty page). */
  clearServiceErrors(): void {
    for (const panel of this.registry.all()) panel.clearServiceError();
  }

  /**
   * A live draft's PDF (LivePreview): shown in the report's panel, which is opened only with
   * `reveal`; not remembered as the report's result, which stays the service's.
   */
  async showLive(
    report: vscode.Uri,
    r: { file: vscode.Uri; pageCount: number; boxes: SourceBox[]; pageKeys?: string[]; data?: Uint8Array },
    reveal: boolean,
  ): Promise<void> {
    const panel = reveal ? this.registry.open(report) : this.registry.get(report);
    panel?.showResult('build', r.file, r.pageCount, { live: true, boxes: r.boxes, pageKeys: r.pageKeys, data: r.data });
  }

  /** Outlines the component at `path` in the report's live view; `reveal` also shows the panel. */
  highlight(report: vscode.Uri, path: ReportPath | null, reveal: boolean): boolean {
    const panel = this.registry.get(report);
    if (!panel) return false;
    if (reveal) panel.reveal();
    panel.highlight(path, reveal);
    return true;
  }

  /**
   * Where the components of the report's service result are drawn (the local renderer's layout
   * of the text that was sent), for source ↔ preview sync on it; false when its panel shows no
   * service result now.
   */
  showSourceMap(report: vscode.Uri, map: Omit<SourceMapMessage, 'type' | 'url'>): boolean {
    return this.registry.get(report)?.showSourceMap(map) ?? false;
  }

  /** Find in PDF in the focused result panel; false when no result panel is focused. */
  find(): boolean {
    const report = this.registry.activeReport;
    const panel = report && this.registry.get(report);
    panel?.find();
    return !!panel;
  }

  /** reportStudio.export.* wrote the report's result to `file`: its panel's toolbar links to it. */
  showExported(report: vscode.Uri, file: vscode.Uri): void {
    this.registry.get(report)?.showExported(file);
  }

  /** The live text cannot be drawn now: the badge says so, the last good pages stay. */
  showLivePaused(report: vscode.Uri, p: { problems: number; first?: string }, reveal: boolean): void {
    const panel = reveal ? this.registry.open(report) : this.registry.get(report);
    panel?.showLivePaused(p.problems, p.first);
  }

  /** Where a task's result for `report` is to be written (see resultFiles.ts). */
  resultFileFor(report: vscode.Uri, kind: TaskKind): vscode.Uri {
    return this.store.fileFor(report, kind);
  }

  lastResult(report: vscode.Uri): RememberedResult | undefined {
    return this.store.last(report, this.registry.get(report));
  }

  /** Save As of the report's result (default: the active result panel's, else the active editor's report). */
  saveAs(report?: vscode.Uri, target?: vscode.Uri): Promise<vscode.Uri | undefined> {
    return this.actions.saveAs(report, target);
  }

  openExternally(report?: vscode.Uri): Promise<boolean> {
    return this.actions.openExternally(report);
  }

  /** The report of the focused result panel, if one is focused. */
  get activeReport(): vscode.Uri | undefined {
    return this.registry.activeReport;
  }

  /** What the report's viewer last reported (page, zoom, view); for tests and diagnostics. */
  viewerState(report: vscode.Uri): ViewerState | undefined {
    return this.registry.get(report)?.viewerState;
  }

  /** "Open Live Preview" to the side: a panel of the report in the report's own group moves beside it. */
  moveBesideReport(report: vscode.Uri): boolean {
    return this.registry.moveBesideReport(report);
  }

  /** Moves the report's panel into `column` and shows it (the live view in place, Ctrl+Shift+V). */
  showIn(report: vscode.Uri, column: vscode.ViewColumn): void {
    this.registry.get(report)?.panel.reveal(column);
  }

  /** The reports whose panel shows the live view (its rebuild button redraws it). */
  liveReports(): vscode.Uri[] {
    return this.registry
      .all()
      .filter((p) => p.rebuildAction() === 'live')
      .map((p) => p.report);
  }

  hasPanel(report: vscode.Uri): boolean {
    return this.registry.get(report) !== undefined;
  }

  dispose(): void {
    this.registry.dispose();
    for (const d of this.subscriptions) d.dispose();
  }

  private async restore(panel: vscode.WebviewPanel, report: vscode.Uri, state: ViewerState): Promise<void> {
    const p = this.registry.restore(panel, report);
    if (!p) return;
    const { result, gone } = await this.store.restorable(report, state.result?.fileName);
    if (gone) this.log.info(`result panel: the last result of ${fileName(report)} (${gone.file.fsPath}) is gone`);
    p.restoreFrom(state, result);
  }

  private savedFromUntitled(file: vscode.Uri): void {
    if (file.scheme === 'untitled') return;
    const untitled = file.with({ scheme: 'untitled' });
    if (this.registry.get(untitled) && !this.registry.get(file)) this.renamed(untitled, file);
  }

  private renamed(from: vscode.Uri, to: vscode.Uri): void {
    void this.store.moved(from, to);
    this.registry.rename(from, to);
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
