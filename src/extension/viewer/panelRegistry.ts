/**
 * Which result panel belongs to which report: one panel per report, created beside the
 * editor on first use, re-keyed when the report is renamed, forgotten when closed. Also
 * tracks the panel the user last had active, which decides where new panels go and what
 * Save As / Open Externally act on without an explicit report.
 */
import * as vscode from 'vscode';
import type { RedactingLog } from '../log';
import { fileName, resultFolderFor } from './resultFiles';
import { ResultPanel } from './resultPanel';
import type { PanelHandlers } from './resultPanel';
import { RESULT_VIEW_TYPE, viewerWebviewOptions } from './viewerPage';

/** The parts of the extension context the panels need. */
export type PanelContext = Pick<vscode.ExtensionContext, 'extensionUri' | 'globalStorageUri'>;

export class PanelRegistry implements vscode.Disposable {
  private readonly panels = new Map<string, ResultPanel>();
  private lastActive: ResultPanel | undefined;

  constructor(
    private readonly context: PanelContext,
    private readonly handlers: PanelHandlers,
    private readonly log: RedactingLog,
  ) {}

  get(report: vscode.Uri): ResultPanel | undefined {
    return this.panels.get(report.toString());
  }

  /** The report's panel, revealed if hidden; a new one when the report has none. */
  open(report: vscode.Uri): ResultPanel {
    const existing = this.get(report);
    if (existing) {
      existing.reveal(existing.panel.viewColumn);
      return existing;
    }
    const folder = resultFolderFor(this.context.globalStorageUri, report);
    const panel = vscode.window.createWebviewPanel(
      RESULT_VIEW_TYPE,
      vscode.l10n.t('Report: {0}', fileName(report)),
      { viewColumn: this.columnForNewPanel(report), preserveFocus: true },
      {
        ...viewerWebviewOptions(this.context.extensionUri, [folder]),
        enableFindWidget: false,
        retainContextWhenHidden: false,
      },
    );
    return this.adopt(panel, report);
  }

  /**
   * Takes over a panel VS Code restored after a window reload; undefined (and the panel
   * closed) when the report already has a panel.
   */
  restore(panel: vscode.WebviewPanel, report: vscode.Uri): ResultPanel | undefined {
    if (this.panels.has(report.toString())) {
      panel.dispose();
      return undefined;
    }
    // What this version of the viewer needs, whatever the saved panel had.
    panel.webview.options = viewerWebviewOptions(this.context.extensionUri, [resultFolderFor(this.context.globalStorageUri, report)]);
    return this.adopt(panel, report);
  }

  /** The report of the focused result panel, if one is focused. */
  /** Every open panel. */
  all(): ResultPanel[] {
    return [...this.panels.values()];
  }

  get activeReport(): vscode.Uri | undefined {
    return [...this.panels.values()].find((p) => p.panel.active)?.report;
  }

  /** The report of the panel the user last had active, while that panel is open. */
  get lastActiveReport(): vscode.Uri | undefined {
    return this.lastActive && !this.lastActive.isDisposed ? this.lastActive.report : undefined;
  }

  /** The report moved: its panel (if any, and if the new name has none) follows it. */
  rename(from: vscode.Uri, to: vscode.Uri): void {
    const p = this.get(from);
    if (!p || this.panels.has(to.toString())) return;
    this.panels.delete(from.toString());
    this.panels.set(to.toString(), p);
    p.rename(to);
  }

  /** A panel was closed (ResultPanel calls its handlers' `disposed`). */
  forget(panel: ResultPanel): void {
    if (this.panels.get(panel.report.toString()) === panel) this.panels.delete(panel.report.toString());
    if (this.lastActive === panel) this.lastActive = undefined;
  }

  dispose(): void {
    for (const p of [...this.panels.values()]) p.dispose();
  }

  /**
   * `active` setting: the active group. Otherwise the column other result panels already use
   * (results stay together, even when the focus is in one of them), unless that is where the
   * report itself is open; failing that, beside the active editor.
   */
  private columnForNewPanel(report: vscode.Uri): vscode.ViewColumn {
    if (vscode.workspace.getConfiguration('reportStudio').get<string>('resultViewColumn') === 'active') {
      return vscode.ViewColumn.Active;
    }
    const reportColumns = new Set(
      vscode.window.visibleTextEditors.filter((e) => e.document.uri.toString() === report.toString()).map((e) => e.viewColumn),
    );
    const candidates = [this.lastActive, ...this.panels.values()].filter((p): p is ResultPanel => !!p && !p.isDisposed);
    const column = candidates.map((p) => p.panel.viewColumn).find((c) => c !== undefined && !reportColumns.has(c));
    return column ?? vscode.ViewColumn.Beside;
  }

  private adopt(panel: vscode.WebviewPanel, report: vscode.Uri): ResultPanel {
    const folder = resultFolderFor(this.context.globalStorageUri, report);
    const p = new ResultPanel(panel, report, this.context.extensionUri, folder, this.handlers, this.log);
    this.panels.set(report.toString(), p);
    // The panel's own subscriptions end with it; this one goes with the webview panel.
    panel.onDidChangeViewState((e) => {
      if (e.webviewPanel.active) this.lastActive = p;
    });
    if (panel.active) this.lastActive = p;
    return p;
  }
}
