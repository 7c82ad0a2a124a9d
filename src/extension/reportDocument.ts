// Which open documents are reports: *.report.json(c), or JSON(C) whose top level says
// "type": "Report" or points "$schema" at report.schema.json. Shared by every provider and
// command that should act on reports only.
import * as vscode from 'vscode';
import { isReportText } from '../core/report/reportDocument';

const REPORT_LANGUAGES: readonly string[] = ['json', 'jsonc'];

/** Where report providers register; each provider still checks isReportDocument(). */
export const REPORT_DOCUMENT_SELECTOR: vscode.DocumentSelector = REPORT_LANGUAGES.map((language) => ({ language }));

// The answer only changes with the text: cache it per document version.
const cache = new WeakMap<vscode.TextDocument, { version: number; languageId: string; result: boolean }>();

export function isReportDocument(document: vscode.TextDocument): boolean {
  if (!REPORT_LANGUAGES.includes(document.languageId)) return false;
  const hit = cache.get(document);
  if (hit && hit.version === document.version && hit.languageId === document.languageId) return hit.result;
  const result = isReportText(document.uri.path, document.getText());
  cache.set(document, { version: document.version, languageId: document.languageId, result });
  return result;
}
