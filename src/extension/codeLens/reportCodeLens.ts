/**
 * The line above a report: "$(eye) Preview · $(file-pdf) Build · 42 single-page left".
 * The quota part counts what a Build of this file would use (multi-page when
 * it may take more than one page: buildCostKind) and follows the quota store; click → Check Quota.
 */
import * as vscode from 'vscode';
import { buildCostKind, remainingLensText } from '../../core/quota/quotaSummary';
import type { QuotaStore } from '../quota/quotaStore';
import { isReportDocument, REPORT_DOCUMENT_SELECTOR } from '../reportDocument';
import { COMMANDS } from '../commands/commandIds';

class ReportCodeLensProvider implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly subscription: vscode.Disposable;
  readonly onDidChangeCodeLenses = this.changed.event;

  constructor(private readonly quota: QuotaStore) {
    this.subscription = quota.onDidChange(() => this.changed.fire());
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    if (!isReportDocument(document)) return [];
    const top = new vscode.Range(0, 0, 0, 0);
    const lenses = [
      new vscode.CodeLens(top, {
        title: `$(eye) ${vscode.l10n.t('Preview')}`,
        tooltip: vscode.l10n.t('Render a free, watermarked JPEG beside the editor'),
        command: COMMANDS.preview,
        arguments: [document.uri],
      }),
      new vscode.CodeLens(top, {
        title: `$(file-pdf) ${vscode.l10n.t('Build')}`,
        tooltip: vscode.l10n.t('Build the PDF (counts against the quota)'),
        command: COMMANDS.build,
        arguments: [document.uri],
      }),
    ];
    const kind = buildCostKind(document.getText());
    const state = this.quota.current;
    const left = remainingLensText(kind, state.snapshot, vscode.l10n);
    const pages = kind === 'single' ? vscode.l10n.t('single-page') : vscode.l10n.t('multi-page');
    lenses.push(
      new vscode.CodeLens(top, {
        title: left ?? (state.refreshing ? `$(sync~spin) ${vscode.l10n.t('quota')}` : `$(graph) ${vscode.l10n.t('Check quota')}`),
        tooltip: state.serviceLabel
          ? vscode.l10n.t(
              'What a Build of this file uses: one {0} report on the {1}. Click for the quota details.',
              pages,
              state.serviceLabel,
            )
          : vscode.l10n.t('What a Build of this file uses: one {0} report. Click for the quota details.', pages),
        command: COMMANDS.checkQuota,
      }),
    );
    return lenses;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}

export function registerReportCodeLens(quota: QuotaStore): vscode.Disposable {
  const provider = new ReportCodeLensProvider(quota);
  return vscode.Disposable.from(provider, vscode.languages.registerCodeLensProvider(REPORT_DOCUMENT_SELECTOR, provider));
}
