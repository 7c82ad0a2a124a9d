/**
 * Which result panel belongs to which report: one panel per report, created beside the
 * report's editor group on first use (panelColumn.ts), re-keyed when the report is renamed,
 * forgotten when closed. Also tracks the panel the user last had active, which Save As /
 * Open Externally act on without an explicit report.
 */
import * as vscode from 'vscode';
import type { RedactingLog } from '../log';
import { readSetting } from '../service/serviceConfig';
import { besideReport, reportGroupColumn } from './panelColumn';
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
      existing.reveal();
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

  /**
   * "Open Live Preview" (to the side): the report's panel is moved out of the report's own
   * group, where it would cover the report, to the group beside it. True when it moved.
   */
  moveBesideReport(report: vscode.Uri): boolean {
    const p = this.get(report);
    const column = p?.panel.viewColumn;
    if (!p || column === undefined || this.placement() === 'active' || reportGroupColumn(report) !== column) return false;
    p.panel.reveal(this.columnForNewPanel(report, p), true);
    return true;
  }

  /** Every open panel. */
  all(): ResultPanel[] {
    return [...this.panels.values()];
  }

  /** The report of the focused result panel, if one is focused. */
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

  private placement(): 'beside' | 'active' {
    return readSetting('resultViewColumn');
  }

  /**
   * `active` setting: the active group. Otherwise the group beside the report's own (never
   * over it), the one other result panels already use when it is beside it (results stay
   * together); see panelColumn.ts. `moving`: the panel being moved, not counted as another.
   */
  private columnForNewPanel(report: vscode.Uri, moving?: ResultPanel): vscode.ViewColumn {
    if (this.placement() === 'active') return vscode.ViewColumn.Active;
    const others = [this.lastActive, ...this.panels.values()].filter((p): p is ResultPanel => !!p && !p.isDisposed && p !== moving);
    return besideReport(
      report,
      others.map((p) => p.panel.viewColumn).filter((c): c is vscode.ViewColumn => c !== undefined),
    );
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
