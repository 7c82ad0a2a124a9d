/**
 * PDF paths in terminals — the build task's `examples/sales.pdf  (3 pages, …)` line — become
 * links that open the file in the PDF viewer. Relative paths are tried against each workspace
 * folder (a task's terminal runs in one); only a file that exists becomes a link.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { openInPdfViewer } from '../viewer/pdfEditor';
import { fileExists } from '../viewer/resultFiles';

interface PdfLink extends vscode.TerminalLink {
  file: vscode.Uri;
}

/** A path ending in .pdf: absolute, ./relative or a bare relative path, without spaces (as the CLI prints it). */
const PDF_PATH = /(?:[A-Za-z]:)?[\w./\\~-]*\.pdf\b/gi;

async function existing(candidate: string): Promise<vscode.Uri | undefined> {
  const tries = path.isAbsolute(candidate)
    ? [candidate]
    : (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => path.join(f.uri.fsPath, candidate));
  for (const p of tries) if (await fileExists(vscode.Uri.file(p))) return vscode.Uri.file(p);
  return undefined;
}

export function registerPdfLinks(): vscode.Disposable {
  const provider: vscode.TerminalLinkProvider<PdfLink> = {
    async provideTerminalLinks(context) {
      const links: PdfLink[] = [];
      for (const m of context.line.matchAll(PDF_PATH)) {
        const file = await existing(m[0]);
        if (file) links.push({ startIndex: m.index ?? 0, length: m[0].length, tooltip: vscode.l10n.t('Open in the PDF viewer'), file });
      }
      return links;
    },
    handleTerminalLink(link) {
      return openInPdfViewer(link.file);
    },
  };
  return vscode.window.registerTerminalLinkProvider(provider as vscode.TerminalLinkProvider);
}
