// "Report Studio: Find in PDF" (Ctrl+F / ⌘F in a result panel or the PDF viewer): the viewer's
// find bar. The viewer opens it on the key itself; VS Code sees the key too (a webview passes
// keys on to the workbench), and without this binding it would open the find widget of the
// last text editor as well.
import type { Services } from '../services';
import type { ReportStudioCommand } from './command';
import { COMMANDS } from './commandIds';

export function findInPdfCommand(s: Services): ReportStudioCommand {
  return { id: COMMANDS.findInPdf, run: () => s.panels.find() || s.pdfEditor.find() };
}
