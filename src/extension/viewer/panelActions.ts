/**
 * What the result panels' buttons and the Save As / Open Externally commands do: find the
 * report and result they are meant for, check that a panel's request names the result it
 * was sent, and run the action (resultActions.ts), reporting a failure once, in the log
 * and as a notification.
 */
import * as vscode from 'vscode';
import type { RedactingLog } from '../log';
import type { PanelRegistry } from './panelRegistry';
import { openResultExternally, revealInReport, saveResultAs } from './resultActions';
import type { ErrorTarget } from './resultActions';
import { fileName } from './resultFiles';
import type { RememberedResult } from './resultMemory';
import type { ResultPanel } from './resultPanel';
import type { ResultStore } from './resultStore';

export class PanelActions {
  constructor(
    private readonly registry: PanelRegistry,
    private readonly store: ResultStore,
    private readonly log: RedactingLog,
  ) {}

  /** Save As of the report's result (default: the active result panel's, else the active editor's report). */
  async saveAs(report?: vscode.Uri, target?: vscode.Uri): Promise<vscode.Uri | undefined> {
    const found = this.resolve(report);
    return found && saveResultAs(found.report, found.result, target);
  }

  async openExternally(report?: vscode.Uri): Promise<boolean> {
    const found = this.resolve(report);
    return !!found && (await openResultExternally(found.report, found.result, this.log));
  }

  /** The panel's Save As button; `url` is the result the viewer shows. */
  saveAsFromPanel(panel: ResultPanel, url: string): void {
    if (this.checkUrl(panel, url)) void this.saveAs(panel.report).catch((e: unknown) => this.failed(vscode.l10n.t('Save As'), e));
  }

  openExternallyFromPanel(panel: ResultPanel, url: string): void {
    if (this.checkUrl(panel, url)) {
      void this.openExternally(panel.report).catch((e: unknown) => this.failed(vscode.l10n.t('Open Externally'), e));
    }
  }

  /** A click on the panel's 422 entry `index`: select its node in the report. */
  revealError(panel: ResultPanel, index: number): void {
    const entry = this.store.errorsOf(panel)?.[index];
    const shown = panel.viewerState?.validation?.errors.find((e) => e.index === index);
    // After a window reload only the viewer's copy (line/column) survives.
    const target: ErrorTarget | undefined = entry?.range
      ? { range: entry.range }
      : shown && shown.line !== null && shown.col !== null
        ? { line: shown.line, col: shown.col }
        : undefined;
    void revealInReport(panel.report, target, panel.panel.viewColumn).catch((e: unknown) => this.failed(vscode.l10n.t('Go to error'), e));
  }

  /** The report + result an action without an explicit report is meant for, or a message why none. */
  private resolve(report: vscode.Uri | undefined): { report: vscode.Uri; result: RememberedResult } | undefined {
    const target = report ?? this.registry.activeReport ?? vscode.window.activeTextEditor?.document.uri ?? this.registry.lastActiveReport;
    const result = target && this.store.last(target, this.registry.get(target));
    if (!target || !result) {
      void vscode.window.showInformationMessage(
        target
          ? vscode.l10n.t('{0} has no result yet. Run Preview or Build first.', fileName(target))
          : vscode.l10n.t('No report result to use. Run Preview or Build on a report first.'),
      );
      return undefined;
    }
    return { report: target, result };
  }

  /** The viewer asks about the URL it shows; act only if that is the result we last sent. */
  private checkUrl(panel: ResultPanel, url: string): boolean {
    if (panel.result?.url === url) return true;
    this.log.warn(`result panel: ignored a request for ${url}, not the result on record for ${fileName(panel.report)}`);
    void vscode.window.showWarningMessage(vscode.l10n.t('The result on screen is out of date. Rebuild the report, then try again.'));
    return false;
  }

  private failed(what: string, e: unknown): void {
    const message = e instanceof Error ? e.message : String(e);
    this.log.error(`${what} failed: ${message}`);
    void vscode.window.showErrorMessage(vscode.l10n.t('{0} failed: {1}', what, message));
  }
}
