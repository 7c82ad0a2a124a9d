// Outline, breadcrumbs and Go to Symbol for report documents: the component tree
// (Report "Title" → Cover page → Section "KPIs" → Card "Views" …) from src/core/outline.
// VS Code's JSON extension also outlines the raw keys; the Outline view shows both, each
// under its provider's name.
import * as vscode from 'vscode';
import { reportOutline } from '../../core/outline/reportOutline';
import type { OutlineKind, OutlineSymbol } from '../../core/outline/reportOutline';
import { isReportDocument, REPORT_DOCUMENT_SELECTOR } from '../reportDocument';

const KINDS: Record<OutlineKind, vscode.SymbolKind> = {
  report: vscode.SymbolKind.File,
  options: vscode.SymbolKind.Property,
  config: vscode.SymbolKind.Property,
  cover: vscode.SymbolKind.Module,
  container: vscode.SymbolKind.Namespace,
  card: vscode.SymbolKind.Constant,
  text: vscode.SymbolKind.String,
  table: vscode.SymbolKind.Array,
  image: vscode.SymbolKind.File,
  chart: vscode.SymbolKind.Event,
  progress: vscode.SymbolKind.Number,
  spacer: vscode.SymbolKind.Null,
  unknown: vscode.SymbolKind.Object,
};

function toSymbol(document: vscode.TextDocument, symbol: OutlineSymbol): vscode.DocumentSymbol {
  const range = (r: { start: number; end: number }) => new vscode.Range(document.positionAt(r.start), document.positionAt(r.end));
  const result = new vscode.DocumentSymbol(
    symbol.name,
    symbol.detail,
    KINDS[symbol.kind],
    range(symbol.range),
    range(symbol.selectionRange),
  );
  result.children = symbol.children.map((c) => toSymbol(document, c));
  return result;
}

class ReportSymbolProvider implements vscode.DocumentSymbolProvider {
  provideDocumentSymbols(document: vscode.TextDocument): vscode.DocumentSymbol[] {
    if (!isReportDocument(document)) return [];
    return reportOutline(document.getText(), vscode.l10n).map((s) => toSymbol(document, s));
  }
}

export function registerReportSymbols(): vscode.Disposable {
  return vscode.languages.registerDocumentSymbolProvider(REPORT_DOCUMENT_SELECTOR, new ReportSymbolProvider(), {
    label: vscode.l10n.t('Report components'),
  });
}
