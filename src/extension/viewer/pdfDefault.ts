/**
 * The PDF viewer as the default only where nothing else is: VS Code itself has no PDF editor,
 * so without a PDF extension a PDF opens as text (`%PDF-1.3 …`) or as "binary file". When a
 * PDF opens that way, no installed extension contributes an editor for PDFs and the user has
 * not associated `*.pdf` with an editor (`workbench.editorAssociations`), the tab is replaced
 * by the PDF viewer, once per file and window. With another PDF extension installed nothing happens: ours stays an
 * option in "Open With…" (its contribution's priority is "option").
 */
import * as vscode from 'vscode';
import type { RedactingLog } from '../log';
import { PDF_VIEW_TYPE, openInPdfViewer } from './pdfEditor';

const isPdf = (uri: vscode.Uri): boolean => /\.pdf$/i.test(uri.path);

interface CustomEditorContribution {
  viewType?: string;
  selector?: Array<{ filenamePattern?: string }>;
}

/** Another installed extension's editor for PDFs (vscode-pdf, LaTeX Workshop's hook, …), if any. */
function otherPdfEditor(): string | undefined {
  for (const ext of vscode.extensions.all) {
    const editors = (ext.packageJSON as { contributes?: { customEditors?: CustomEditorContribution[] } })?.contributes?.customEditors;
    for (const e of editors ?? []) {
      if (e.viewType === PDF_VIEW_TYPE) continue;
      if (e.selector?.some((s) => /pdf/i.test(s.filenamePattern ?? ''))) return `${ext.id} (${e.viewType})`;
    }
  }
  return undefined;
}

/** True when the user chose an editor for PDFs in `workbench.editorAssociations` (ours or another). */
function userAssociatedPdf(): boolean {
  const raw = vscode.workspace.getConfiguration('workbench').get<unknown>('editorAssociations');
  const patterns = Array.isArray(raw)
    ? raw.map((a) => String((a as { filenamePattern?: unknown }).filenamePattern ?? ''))
    : Object.keys((raw as Record<string, unknown> | undefined) ?? {});
  return patterns.some((p) => /pdf/i.test(p));
}

async function replace(tab: vscode.Tab, uri: vscode.Uri, log: RedactingLog): Promise<void> {
  log.info(`PDF viewer: ${uri.fsPath || uri.toString()} opened as text; showing it in the PDF viewer (no other PDF editor is installed)`);
  await openInPdfViewer(uri, { viewColumn: tab.group.viewColumn, preview: tab.isPreview, preserveFocus: !tab.isActive });
  // Opening a preview tab in the same group may have replaced the text tab already.
  const still = vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t === tab || sameTextTab(t, uri, tab.group.viewColumn));
  if (still) await vscode.window.tabGroups.close(still, true);
}

// By column, not by object: the tab and group objects of a changed tab are new ones.
function sameTextTab(t: vscode.Tab, uri: vscode.Uri, column: vscode.ViewColumn): boolean {
  return t.group.viewColumn === column && t.input instanceof vscode.TabInputText && t.input.uri.toString() === uri.toString();
}

export function registerPdfDefault(log: RedactingLog): vscode.Disposable {
  const handling = new Set<string>();
  // Once per file and window: after that, a PDF opened as text is one the user asked to see
  // as text ("Reopen Editor With… → Text Editor") and stays so.
  const replaced = new Set<string>();
  return vscode.window.tabGroups.onDidChangeTabs((e) => {
    for (const tab of e.opened) {
      if (!(tab.input instanceof vscode.TabInputText) || !isPdf(tab.input.uri)) continue;
      const uri = tab.input.uri;
      if (handling.has(uri.toString()) || replaced.has(uri.toString())) continue;
      const other = otherPdfEditor();
      if (other || userAssociatedPdf()) {
        if (other) log.debug(`PDF viewer: ${uri.fsPath} opened as text; left alone, ${other} handles PDFs`);
        continue;
      }
      handling.add(uri.toString());
      replaced.add(uri.toString());
      void replace(tab, uri, log)
        .catch((err: unknown) => log.warn(`PDF viewer: could not open ${uri.fsPath}: ${String(err)}`))
        .finally(() => handling.delete(uri.toString()));
    }
  });
}
