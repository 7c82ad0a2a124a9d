/**
 * Keeps everything that depends on "which service" in step: a change of the service
 * settings, of the API key or of the local service's address drops the cached client and
 * the quota numbers (they belong to the old service), clears result panels' error pages
 * about the old service (unreachable, key refused) and lets the status bar fetch anew.
 * Changing the local service's port or data folder while it runs offers a restart.
 * Granting workspace trust is such a change too: the workspace's own values of the restricted
 * settings count from then on, and the local service, started fetching nothing, starts in full
 * at its next use — the open live views are drawn again, with their images.
 */
import * as vscode from 'vscode';
import type { QuotaStatusBar } from '../quota/quotaStatusBar';
import type { QuotaStore } from '../quota/quotaStore';
import type { ApiKeyStore } from './apiKeyStore';
import type { ClientFactory } from './clientFactory';
import type { LocalServiceHost } from './localServiceHost';
import type { ResultPanels } from '../viewer/resultPanels';
import type { LivePreview } from '../live/livePreview';
import { affectsService, SECTION } from './serviceConfig';

export function watchServiceChanges(parts: {
  keys: ApiKeyStore;
  local: LocalServiceHost;
  clients: ClientFactory;
  quota: QuotaStore;
  statusBar: QuotaStatusBar;
  panels: ResultPanels;
  live: Pick<LivePreview, 'redrawOpen'>;
}): vscode.Disposable {
  const { keys, local, clients, quota, statusBar, panels, live } = parts;
  const changed = (): void => {
    clients.invalidate();
    quota.reset();
    panels.clearServiceErrors();
    void statusBar.targetChanged();
  };
  return vscode.Disposable.from(
    keys.onDidChange(changed),
    vscode.workspace.onDidGrantWorkspaceTrust(async () => {
      await local.trustGranted();
      changed();
      await live.redrawOpen();
    }),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (affectsService(e)) changed();
      const localChanged =
        e.affectsConfiguration(`${SECTION}.localService.port`) || e.affectsConfiguration(`${SECTION}.localService.dataDir`);
      if (localChanged && local.running) {
        const restart = vscode.l10n.t('Restart');
        void vscode.window
          .showInformationMessage(vscode.l10n.t('Restart the local service to use its new port or data folder?'), restart)
          .then(async (choice) => {
            if (choice !== restart) return;
            await local.stop();
            await local.ensureStarted();
          });
      }
    }),
    // A restarted local service may listen on another port: the old client points nowhere.
    local.onDidChangeState((running) => {
      clients.invalidate();
      if (running) void statusBar.targetChanged();
    }),
  );
}
