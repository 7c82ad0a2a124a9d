/**
 * The quota in the status bar while a report is on screen: `$(graph) 42 single · 9 multi`
 * (quotaWords, as the CLI prints it, in the display language), a Markdown tooltip with the whole record, warning colour under 10 %, error
 * colour at 0. Fetched lazily the first time a report is shown, then every
 * reportStudio.quota.refreshIntervalMinutes (only while a report is visible); builds
 * update it from their response headers. Click → Check Quota.
 */
import * as vscode from 'vscode';
import { quotaLevel, quotaName, quotaSpokenLabel, quotaTooltipMarkdown, statusBarText } from '../../core/quota/quotaSummary';
import type { ReportContext } from '../reportContext';
import type { ClientFactory } from '../service/clientFactory';
import { readSettings, SECTION } from '../service/serviceConfig';
import type { QuotaStore } from './quotaStore';
import { COMMANDS } from '../commands/commandIds';

const TRUSTED_COMMANDS = [COMMANDS.checkQuota, COMMANDS.selectService];

export class QuotaStatusBar implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private readonly subscriptions: vscode.Disposable[] = [];
  private timer: NodeJS.Timeout | undefined;
  private target: { label: string; local: boolean } | undefined;

  constructor(
    private readonly store: QuotaStore,
    private readonly clients: ClientFactory,
    private readonly reports: ReportContext,
  ) {
    this.item = vscode.window.createStatusBarItem('reportStudio.quota', vscode.StatusBarAlignment.Right, 100);
    this.item.name = vscode.l10n.t('Report Studio Quota');
    this.item.command = COMMANDS.checkQuota;
    this.subscriptions.push(
      this.item,
      store.onDidChange(() => this.render()),
      reports.onDidChangeReportVisible(() => this.onVisibility()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(`${SECTION}.quota.refreshIntervalMinutes`)) this.schedule();
      }),
    );
    this.schedule();
    this.onVisibility();
  }

  /** The service (or key) changed: show the new one and fetch its numbers if a report is visible. */
  async targetChanged(): Promise<void> {
    await this.describeTarget();
    if (this.reports.reportVisible) this.fetchQuietly();
  }

  private onVisibility(): void {
    if (!this.reports.reportVisible) return void this.item.hide();
    void this.describeTarget().then(() => {
      this.render();
      this.item.show();
      // The first report on screen: fetch lazily (activation itself makes no request).
      if (!this.store.known && !this.store.current.refreshing) this.fetchQuietly();
    });
  }

  private fetchQuietly(): void {
    // Failures show in the tooltip (and the item's warning icon), not as a toast.
    void this.store.refresh().catch(() => undefined);
  }

  private async describeTarget(): Promise<void> {
    const t = await this.clients.target();
    this.target = { label: t.label, local: t.mode === 'local' };
  }

  private schedule(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    const minutes = readSettings().quotaRefreshMinutes;
    if (minutes <= 0) return;
    this.timer = setInterval(() => {
      if (this.reports.reportVisible) this.fetchQuietly();
    }, minutes * 60_000);
  }

  private render(): void {
    const state = this.store.current;
    // The store's label once it has numbers for a service; else the service about to be used.
    const local = state.snapshot ? state.local : (this.target?.local ?? false);
    const label = (state.snapshot ? state.serviceLabel : undefined) ?? this.target?.label ?? vscode.l10n.t('Report service');
    const progress = state.snapshot ? undefined : state.refreshing ? 'fetching' : state.lastError ? 'failed' : undefined;
    const name = quotaName(local, vscode.l10n);
    this.item.text =
      progress === 'fetching'
        ? `$(sync~spin) ${name}`
        : progress === 'failed'
          ? `$(warning) ${name}`
          : statusBarText(state.snapshot, local, vscode.l10n);
    const level = state.snapshot ? quotaLevel(state.snapshot) : 'ok';
    this.item.backgroundColor =
      level === 'error'
        ? new vscode.ThemeColor('statusBarItem.errorBackground')
        : level === 'warning'
          ? new vscode.ThemeColor('statusBarItem.warningBackground')
          : undefined;
    const tooltip = new vscode.MarkdownString(
      quotaTooltipMarkdown({
        snapshot: state.snapshot,
        serviceLabel: label,
        local,
        lastError: state.lastError,
        now: new Date(),
        l10n: vscode.l10n,
        language: vscode.env.language,
      }),
      true,
    );
    tooltip.isTrusted = { enabledCommands: TRUSTED_COMMANDS };
    this.item.tooltip = tooltip;
    this.item.accessibilityInformation = { label: quotaSpokenLabel(state.snapshot, local, progress, vscode.l10n) };
  }

  dispose(): void {
    if (this.timer) clearInterval(this.timer);
    this.subscriptions.forEach((d) => d.dispose());
  }
}
