// Where an unsaved new report or example copy opens: beside the active group (so the
// walkthrough, or the report the user was reading, stays in view), and later ones in the group
// already showing one — never a new third column in a 1400 px window.
import * as vscode from 'vscode';

/** The drafts shown so far (URIs) that may still be open: the group showing one is where the next one goes. */
const drafts = new Set<string>();

/**
 * The drafts still open, other than `document`. A closed copy's URI is given to the next copy of
 * the same name (untitledReportUri), and that new copy may already sit in a tab of the active
 * group before it is shown (VS Code, under load, shows a just-made untitled document there):
 * neither may count as "a group showing a draft".
 */
function otherOpenDrafts(document: vscode.TextDocument): Set<string> {
  const open = new Set(vscode.workspace.textDocuments.map((d) => d.uri.toString()));
  for (const uri of drafts) if (!open.has(uri)) drafts.delete(uri);
  const others = new Set(drafts);
  others.delete(document.uri.toString());
  return others;
}

const isTextTabOf = (tab: vscode.Tab, uris: ReadonlySet<string>): boolean =>
  tab.input instanceof vscode.TabInputText && uris.has(tab.input.uri.toString());

/**
 * An empty active group takes it; else a group already showing a draft (the active one first);
 * else beside the active group when it is alone, or the existing group next to it. A tab of
 * `document` itself (see otherOpenDrafts) makes no group a draft's group, nor a group "not empty".
 */
function draftColumn(document: vscode.TextDocument): vscode.ViewColumn {
  const others = otherOpenDrafts(document);
  const self = new Set([document.uri.toString()]);
  const holdsDraft = (group: vscode.TabGroup): boolean => group.tabs.some((t) => isTextTabOf(t, others));
  const groups = vscode.window.tabGroups.all;
  const active = vscode.window.tabGroups.activeTabGroup;
  if (holdsDraft(active)) return active.viewColumn;
  // The visible editors know a draft just shown before the tab model does (it follows the
  // workbench a moment later): a second Open Example right after the first finds it there.
  const shown = vscode.window.visibleTextEditors.find((e) => others.has(e.document.uri.toString()))?.viewColumn;
  if (shown !== undefined) return shown;
  if (active.tabs.every((t) => isTextTabOf(t, self))) return active.viewColumn;
  const withDraft = groups.find(holdsDraft);
  if (withDraft) return withDraft.viewColumn;
  const rest = groups.filter((g) => g !== active);
  if (rest.length === 0) return vscode.ViewColumn.Beside;
  return (rest.find((g) => g.viewColumn > active.viewColumn) ?? rest[rest.length - 1]).viewColumn;
}

/** Tabs of `document` in groups other than `column`'s: the stray ones the workbench opened on its own. */
async function closeStrayTabs(document: vscode.TextDocument, column: vscode.ViewColumn | undefined): Promise<void> {
  if (column === undefined) return;
  const self = new Set([document.uri.toString()]);
  const stray = vscode.window.tabGroups.all
    .filter((g) => g.viewColumn !== column)
    .flatMap((g) => g.tabs.filter((t) => isTextTabOf(t, self)));
  // The document stays open in `column`: closing its other tabs loses nothing and asks nothing.
  if (stray.length > 0) await vscode.window.tabGroups.close(stray, true);
}

/** Shows a new report or example copy where drafts go, focused, in that one tab. */
export async function showDraft(document: vscode.TextDocument): Promise<vscode.TextEditor> {
  const editor = await vscode.window.showTextDocument(document, { viewColumn: draftColumn(document) });
  drafts.add(document.uri.toString());
  await closeStrayTabs(document, editor.viewColumn);
  return editor;
}
