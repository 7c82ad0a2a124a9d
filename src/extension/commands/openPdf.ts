// "Report Studio: Open in PDF Viewer": a PDF (from the Explorer, a link, the export's status bar
// item) in the PDF viewer; without one, the active report's exported PDF, else a file picker.
import * as vscode from 'vscode';
import type { Services } from '../services';
import type { ReportStudioCommand } from './command';
import { uriArg } from '../reportTarget';
import { COMMANDS } from './commandIds';
import { openInPdfViewer } from '../viewer/pdfEditor';

export function openPdfCommand(s: Services): ReportStudioCommand {
  return {
    id: COMMANDS.openPdf,
    run: async (_context, target?: unknown) => {
      const given = uriArg(target);
      const exported = s.exports.lastFile(vscode.window.activeTextEditor?.document.uri) ?? s.exports.lastFile();
      const file =
        given ??
        (exported?.path.endsWith('.pdf') ? exported : undefined) ??
        (
          await vscode.window.showOpenDialog({
            title: vscode.l10n.t('Open a PDF in the PDF viewer'),
            canSelectMany: false,
            filters: { [vscode.l10n.t('PDF document')]: ['pdf'] },
            openLabel: vscode.l10n.t('Open'),
          })
        )?.[0];
      if (file) await openInPdfViewer(file);
    },
  };
}
