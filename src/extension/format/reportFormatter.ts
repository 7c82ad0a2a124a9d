/**
 * Format Document / Format Selection for JSON and JSONC, registered by the bootstrap so it is
 * there for any JSON file: a report gets the report-aware layout (short lists — table rows,
 * data points — on one line, core/format/reportFormat.ts); any other JSON gets exactly VS
 * Code's own JSON formatting (jsonc-parser's `format` with the options VS Code's JSON
 * extension passes: indentation, `files.insertFinalNewline`, `json.format.keepLines`).
 * It is not made the default formatter of `[json]` (a language default would override a
 * user's global `editor.defaultFormatter`, e.g. Prettier): VS Code asks once which formatter
 * to use, and picking this one is safe for every JSON file.
 *
 * The formatting itself is in dist/formatter.js, required on the first request: this module is
 * part of the bootstrap (every JSON file), which stays a few KB. The setting is read here, not
 * through serviceConfig.readSettings, for the same reason.
 */
import * as vscode from 'vscode';
import type * as FormatModule from '../../core/format/reportFormat';
import type { FormatEdit, ReportFormatOptions } from '../../core/format/reportFormat';
import { isReportDocument, REPORT_DOCUMENT_SELECTOR } from '../reportDocument';
import { loadSiblingBundle } from '../service/runtimeLoader';

function formatOptions(document: vscode.TextDocument, options: vscode.FormattingOptions): ReportFormatOptions {
  const scope = { uri: document.uri, languageId: document.languageId };
  const editor = vscode.workspace.getConfiguration('editor', scope);
  const ruler = editor.get<Array<number | { column: number }>>('rulers')?.[0];
  const column = typeof ruler === 'number' ? ruler : ruler?.column;
  return {
    tabSize: options.tabSize,
    insertSpaces: options.insertSpaces,
    eol: document.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n',
    insertFinalNewline: vscode.workspace.getConfiguration('files', scope).get<boolean>('insertFinalNewline') === true,
    keepLines: vscode.workspace.getConfiguration('json', scope).get<boolean>('format.keepLines') === true,
    compactLists:
      isReportDocument(document) && vscode.workspace.getConfiguration('reportStudio', scope).get('format.compactLists') !== false,
    printWidth: column && column > 0 ? column : undefined,
  };
}

let formatter: typeof FormatModule | undefined;

function formatting(extensionPath: string): typeof FormatModule {
  return (formatter ??= loadSiblingBundle<typeof FormatModule>(extensionPath, 'formatter.js'));
}

function toTextEdits(document: vscode.TextDocument, edits: readonly FormatEdit[]): vscode.TextEdit[] {
  return edits.map((e) =>
    vscode.TextEdit.replace(new vscode.Range(document.positionAt(e.offset), document.positionAt(e.offset + e.length)), e.content),
  );
}

export function registerReportFormatter(extensionPath: string): vscode.Disposable {
  const provider: vscode.DocumentFormattingEditProvider & vscode.DocumentRangeFormattingEditProvider = {
    provideDocumentFormattingEdits(document, options) {
      return toTextEdits(document, formatting(extensionPath).formatReportEdits(document.getText(), formatOptions(document, options)));
    },
    // A selection: VS Code's JSON formatting of that range, as its own formatter does.
    provideDocumentRangeFormattingEdits(document, range, options) {
      const start = document.offsetAt(range.start);
      const span = { offset: start, length: document.offsetAt(range.end) - start };
      return toTextEdits(document, formatting(extensionPath).formatRangeEdits(document.getText(), span, formatOptions(document, options)));
    },
  };
  return vscode.Disposable.from(
    vscode.languages.registerDocumentFormattingEditProvider(REPORT_DOCUMENT_SELECTOR, provider),
    vscode.languages.registerDocumentRangeFormattingEditProvider(REPORT_DOCUMENT_SELECTOR, provider),
  );
}
