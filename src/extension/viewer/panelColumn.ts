/**
 * Where a report's result panel goes: into the editor group beside the report's own, never
 * over the report — as the Markdown preview's "Open Preview to the Side" does, but beside the
 * REPORT's group rather than the active one: run from the walkthrough, the Explorer or another
 * panel, the active group is elsewhere, and `ViewColumn.Beside` put the panel over the report.
 */
import * as vscode from 'vscode';

const showsReport = (report: vscode.Uri) => (t: vscode.Tab) =>
  t.input instanceof vscode.TabInputText && t.input.uri.toString() === report.toString();

/**
 * The group the report is open in: the active editor's when that is the report, else a group
 * showing it, else one with a tab of it; undefined when it is open in none.
 */
export function reportGroupColumn(report: vscode.Uri): vscode.ViewColumn | undefined {
  const active = vscode.window.activeTextEditor;
  if (active?.document.uri.toString() === report.toString() && active.viewColumn !== undefined) return active.viewColumn;
  const visible = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === report.toString() && e.viewColumn);
  if (visible?.viewColumn !== undefined) return visible.viewColumn;
  const groups = vscode.window.tabGroups.all;
  return (groups.find((g) => g.activeTab && showsReport(report)(g.activeTab)) ?? groups.find((g) => g.tabs.some(showsReport(report))))
    ?.viewColumn;
}

/**
 * The column beside the report's group: a neighbouring group that already holds result panels
 * (`panelColumns`: results stay together), else the group to its right, a new one if there is
 * none (as "Open Preview to the Side" does). Not open anywhere: where the other panels are, or
 * beside the active group.
 */
export function besideReport(report: vscode.Uri, panelColumns: readonly vscode.ViewColumn[]): vscode.ViewColumn {
  const own = reportGroupColumn(report);
  if (own === undefined) return panelColumns[0] ?? vscode.ViewColumn.Beside;
  const groups = new Set<number>(vscode.window.tabGroups.all.map((g) => g.viewColumn));
  const right = (own + 1) as vscode.ViewColumn;
  const left = (own - 1) as vscode.ViewColumn;
  const withPanels = [right, left].find((c) => groups.has(c) && panelColumns.includes(c));
  // The column one past the last group opens a new group there.
  return withPanels ?? right;
}
