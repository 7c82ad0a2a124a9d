// Where an unsaved new report or example copy opens: beside the active group (so the
// walkthrough, or the report the user was reading, stays in view), and later ones in the group
// already showing one — never a new third column in a 1400 px window.
import * as vscode from 'vscode';

/** The drafts opened so far (URIs): the group showing one is where the next one goes. */
const drafts = new Set<string>();

const holdsDraft = (group: vscode.TabGroup): boolean =>
  group.tabs.some((t) => t.input instanceof vscode.TabInputText && drafts.has(t.input.uri.toString()));

/**
 * An empty active group takes it; else a group already showing a draft (the active one first);
 * else beside the active group when it is alone, or the existing group next to it.
 */
function draftColumn(): vscode.ViewColumn {
  const groups = vscode.window.tabGroups.all;
  const active = vscode.window.tabGroups.activeTabGroup;
  if (holdsDraft(active)) return active.viewColumn;
  // The visible editors know a draft just shown before the tab model does (it follows the
  // workbench a moment later): a second Open Example right after the first finds it there.
  const shown = vscode.window.visibleTextEditors.find((e) => drafts.has(e.document.uri.toString()))?.viewColumn;
  if (shown !== undefined) return shown;
  if (active.tabs.length === 0) return active.viewColumn;
  const withDraft = groups.find(holdsDraft);
  if (withDraft) return withDraft.viewColumn;
  const others = groups.filter((g) => g !== active);
  if (others.length === 0) return vscode.ViewColumn.Beside;
  return (others.find((g) => g.viewColumn > active.viewColumn) ?? others[others.length - 1]).viewColumn;
}

/** Shows a new report or example copy where drafts go, focused. */
export async function showDraft(document: vscode.TextDocument): Promise<vscode.TextEditor> {
  const editor = await vscode.window.showTextDocument(document, { viewColumn: draftColumn() });
  drafts.add(document.uri.toString());
  return editor;
}
