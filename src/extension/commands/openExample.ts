// "Report Studio: Open Example": a quick pick of the bundled examples/*.report.json (named by
// their report titles); the chosen one opens as an untitled copy `<name>.report.json` in the
// first workspace folder, so it can be edited, previewed and saved without touching the
// installed extension's files. Also takes the file name as an argument (walkthrough links).
// The copy opens beside the active group, later ones in that group (draftEditor.ts).
import * as vscode from 'vscode';
import { parse } from 'jsonc-parser';
import type { ReportStudioCommand } from './command';
import { untitledReportUri } from '../untitledReportUri';
import { showDraft } from '../draftEditor';
import { markStepDone } from '../walkthrough/walkthroughSteps';
import { COMMANDS } from './commandIds';

interface ExampleItem extends vscode.QuickPickItem {
  file: string;
}

const EXAMPLE_FILE = /^[\w.-]+\.report\.json$/;

async function readText(uri: vscode.Uri): Promise<string> {
  return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
}

/** The bundled examples, titled from their `options` (the file name when unreadable). */
async function listExamples(extensionUri: vscode.Uri): Promise<ExampleItem[]> {
  const dir = vscode.Uri.joinPath(extensionUri, 'examples');
  const entries = await vscode.workspace.fs.readDirectory(dir);
  const files = entries
    .filter(([name, type]) => type === vscode.FileType.File && EXAMPLE_FILE.test(name))
    .map(([name]) => name)
    .sort();
  return Promise.all(
    files.map(async (file) => {
      const report = parse(await readText(vscode.Uri.joinPath(dir, file))) as
        { options?: { report_title?: unknown; report_byline?: unknown } } | undefined;
      const title = typeof report?.options?.report_title === 'string' ? report.options.report_title : file;
      const byline = typeof report?.options?.report_byline === 'string' ? report.options.report_byline : undefined;
      return { label: title, description: file, detail: byline, file };
    }),
  );
}

export const openExampleCommand: ReportStudioCommand = {
  id: COMMANDS.openExample,
  async run(context: vscode.ExtensionContext, ...args: unknown[]): Promise<vscode.Uri | undefined> {
    const examples = await listExamples(context.extensionUri);
    if (examples.length === 0) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Report Studio: no examples found in the extension (examples/*.report.json).'));
      return undefined;
    }
    const requested = typeof args[0] === 'string' ? args[0] : undefined;
    let choice: ExampleItem | undefined;
    if (requested) {
      choice = examples.find((e) => e.file === requested || e.file === `${requested}.report.json`);
      if (!choice) {
        void vscode.window.showErrorMessage(
          vscode.l10n.t('Report Studio: no example named "{0}". Available: {1}.', requested, examples.map((e) => e.file).join(', ')),
        );
        return undefined;
      }
    } else {
      choice = await vscode.window.showQuickPick(examples, {
        title: vscode.l10n.t('Open an example report'),
        placeHolder: vscode.l10n.t('Pick an example to open as a new, unsaved copy'),
        matchOnDescription: true,
        matchOnDetail: true,
        // Run from the walkthrough, the page takes the focus back after the click: stay open.
        ignoreFocusOut: true,
      });
      if (!choice) return undefined;
    }
    const text = await readText(vscode.Uri.joinPath(context.extensionUri, 'examples', choice.file));
    let document = await vscode.workspace.openTextDocument(await untitledReportUri(choice.file));
    // Changing the language reopens the document: keep the new object.
    if (document.languageId !== 'json') document = await vscode.languages.setTextDocumentLanguage(document, 'json');
    const edit = new vscode.WorkspaceEdit();
    edit.insert(document.uri, new vscode.Position(0, 0), text);
    await vscode.workspace.applyEdit(edit);
    await showDraft(document);
    markStepDone('openExample');
    return document.uri;
  },
};
