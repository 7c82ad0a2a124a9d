/**
 * "Report Studio: Check Quota" (also the status bar's click): fetches the quota and lists
 * every field in a quick pick, with Refresh (updates the list in place), Select Service
 * and Set API Key. Returns the record, so other commands and tests can use it.
 */
import * as vscode from 'vscode';
import type { QuotaRecord } from '../../core/api/types';
import { quotaDetailRows } from '../../core/quota/quotaSummary';
import type { Services } from '../services';
import type { ReportStudioCommand } from './command';
import { actionsForKind, notifyProblem } from '../problemActions';
import { ServiceSetupError } from '../service/serviceConfig';
import { asServiceError } from '../service/serviceError';
import { COMMANDS } from './commandIds';

type Item = vscode.QuickPickItem & { action?: 'refresh' | 'selectService' | 'setApiKey' };

function items(s: Services): Item[] {
  const state = s.quota.current;
  const rows: Item[] = state.snapshot
    ? quotaDetailRows(state.snapshot, new Date(), vscode.l10n, vscode.env.language).map((r) => ({ label: r.label, description: r.value }))
    : [{ label: `$(warning) ${vscode.l10n.t('Quota not known')}`, detail: state.lastError ?? vscode.l10n.t('Not fetched yet') }];
  if (state.snapshot && state.lastError)
    rows.push({ label: `$(warning) ${vscode.l10n.t('Last refresh failed')}`, detail: state.lastError });
  return [
    ...rows,
    { label: '', kind: vscode.QuickPickItemKind.Separator },
    { label: `$(refresh) ${vscode.l10n.t('Refresh')}`, action: 'refresh' },
    { label: `$(server-process) ${vscode.l10n.t('Select Service…')}`, action: 'selectService' },
    { label: `$(key) ${vscode.l10n.t('Set API Key…')}`, action: 'setApiKey' },
  ];
}

function title(s: Services): string {
  const label = s.quota.current.serviceLabel;
  return label ? vscode.l10n.t('Report Studio quota · {0}', label) : vscode.l10n.t('Report Studio quota');
}

function showDetails(s: Services, refresh: () => Promise<unknown>): void {
  const pick = vscode.window.createQuickPick<Item>();
  pick.title = title(s);
  pick.placeholder = vscode.l10n.t('Remaining quota of the current period');
  pick.matchOnDescription = true;
  const render = (): void => {
    pick.title = title(s);
    pick.items = items(s);
    pick.busy = s.quota.current.refreshing;
  };
  render();
  const subscription = s.quota.onDidChange(render);
  pick.onDidAccept(() => {
    const action = pick.selectedItems[0]?.action;
    if (action === 'refresh') return void refresh().catch(() => undefined);
    pick.hide();
    if (action) void vscode.commands.executeCommand(`reportStudio.${action}`);
  });
  pick.onDidHide(() => {
    subscription.dispose();
    pick.dispose();
  });
  pick.show();
}

export function checkQuotaCommand(s: Services): ReportStudioCommand {
  return {
    id: COMMANDS.checkQuota,
    async run(_context, options?: { show?: boolean }): Promise<QuotaRecord | undefined> {
      const refresh = (): Promise<QuotaRecord> => s.quota.refresh();
      let record: QuotaRecord | undefined;
      try {
        record = await refresh();
      } catch (error) {
        const message = s.log.clean((error as Error).message);
        s.log.warn(`Quota: ${message}`);
        const actions = error instanceof ServiceSetupError ? error.actions : actionsForKind(asServiceError(error)?.kind ?? 'other');
        notifyProblem('error', vscode.l10n.t('Could not fetch the quota: {0}', message), actions);
      }
      if (options?.show !== false) showDetails(s, refresh);
      return record;
    },
  };
}
