/**
 * The bundled local service, run inside the extension host: started on first use (its
 * bundle with the renderer is loaded only then), bound to 127.0.0.1 on the configured
 * port (0 = a free one), data in the configured folder or the extension's global storage,
 * one development key, stopped on deactivate. Its log lines go to the Report Studio log.
 * In the web worker extension host the same call starts the in-browser service (src/web/engine.ts):
 * no socket, its state in memory, the port and data folder settings ignored.
 */
import * as vscode from 'vscode';
import type { LocalService } from '../../service/service';
import type { ReportLog } from '../log';
import type { ExtensionHostKind } from '../hostKind';
import { loadEngine } from './runtimeLoader';
import { readSettings, ServiceSetupError } from './serviceConfig';
import { COMMANDS } from '../commands/commandIds';
import { expandHome, homeFolder, isAbsolutePath, joinPath } from '../homePath';

const CONTEXT_LOCAL_RUNNING = 'reportStudio.localServiceRunning';
const NOTICE_SHOWN = 'reportStudio.localServiceNoticeShown';

export interface RunningLocalService {
  baseUrl: string;
  apiKey: string;
  port: number;
  dataDir: string;
  /** A live view's draft render (no task, never charged); see LocalService.renderDraft. */
  renderDraft: LocalService['renderDraft'];
}

export class LocalServiceHost implements vscode.Disposable {
  private service: LocalService | undefined;
  /** The running service was started for an untrusted workspace: it fetches nothing on a report's behalf. */
  private restricted = false;
  private starting: Promise<LocalService> | undefined;
  private stopping: Promise<void> | undefined;
  private readonly changed = new vscode.EventEmitter<RunningLocalService | undefined>();
  /** Fires with the running service after a start, with undefined after a stop. */
  readonly onDidChangeState = this.changed.event;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly log: ReportLog,
    /** In the web worker host the service keeps its data in memory: no data folder to name. */
    private readonly host: ExtensionHostKind = 'node',
  ) {}

  get running(): RunningLocalService | undefined {
    return this.service && describe(this.service);
  }

  /**
   * The running service, starting it first if needed (concurrent callers share one start).
   * `announce: false` for a start that serves no request (the live view's renders while a
   * hosted service is selected): the once-per-installation notice would say the wrong thing.
   */
  async ensureStarted(options: { announce?: boolean } = {}): Promise<RunningLocalService> {
    await this.stopping;
    if (this.service) return describe(this.service);
    this.starting ??= this.start(options.announce !== false).finally(() => (this.starting = undefined));
    return describe(await this.starting);
  }

  /** Stops the service; false when it was not running. Tasks in flight end with it. */
  async stop(): Promise<boolean> {
    const service = this.service ?? (await this.starting?.catch(() => undefined));
    if (!service) return false;
    this.service = undefined;
    this.stopping = (async () => {
      try {
        await service.stop();
        this.log.info(`Local service stopped (${service.url})`);
      } catch (error) {
        this.log.warn(`Local service did not stop cleanly: ${(error as Error).message}`);
      } finally {
        this.log.removeSecret(service.apiKeys[0]);
        void vscode.commands.executeCommand('setContext', CONTEXT_LOCAL_RUNNING, false);
        this.changed.fire(undefined);
      }
    })();
    await this.stopping;
    this.stopping = undefined;
    return true;
  }

  /**
   * Trust was granted: a service started in Restricted Mode is stopped, so the next use starts
   * one that fetches images again. True when it was stopped (tasks in flight end with it).
   */
  async trustGranted(): Promise<boolean> {
    if (!this.restricted || !(this.service ?? this.starting)) return false;
    this.log.info('The workspace is trusted now: restarting the local service so that reports can fetch their images');
    return this.stop();
  }

  private dataDir(): string {
    const configured = readSettings().localService.dataDir;
    if (!configured) return joinPath(this.context.globalStorageUri.fsPath, 'local-service');
    // `~/…` as a person would type it; relative paths are taken from the home folder too.
    const expanded = expandHome(configured);
    return isAbsolutePath(expanded) ? expanded : joinPath(homeFolder(), expanded);
  }

  private async start(announce: boolean): Promise<LocalService> {
    const { port } = readSettings().localService;
    const dataDir = this.dataDir();
    const began = Date.now();
    const { startLocalService } = loadEngine(this.context.extensionPath);
    let service: LocalService;
    try {
      // Restricted Mode: a report of an untrusted workspace gets no image fetched, no webhook sent.
      // Known before the start ends: trust granted while it starts must stop it too.
      this.restricted = !vscode.workspace.isTrusted;
      service = await startLocalService({
        port,
        dataDir,
        restricted: this.restricted,
        log: (line) => this.log.service(line),
        // The renderer's files from the extension's own dist/ (the browser service reads them
        // through this; the Node service reads them from disk itself).
        assets: (name) => Promise.resolve(vscode.workspace.fs.readFile(vscode.Uri.joinPath(this.context.extensionUri, 'dist', name))),
      });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EADDRINUSE') {
        throw new ServiceSetupError(
          vscode.l10n.t(
            'The local service cannot listen on 127.0.0.1:{0}: the port is in use. Set reportStudio.localService.port to 0 to use a free port.',
            port,
          ),
          ['openSettings', 'showLog'],
        );
      }
      const message =
        this.host === 'node'
          ? vscode.l10n.t('The local service did not start (data folder {0}): {1}', dataDir, (error as Error).message)
          : vscode.l10n.t('The local service did not start: {0}', (error as Error).message);
      throw new ServiceSetupError(message, ['openSettings', 'showLog']);
    }
    this.log.addSecret(service.apiKeys[0]);
    this.service = service;
    const data = this.host === 'node' ? service.dataDir : 'in memory';
    this.log.info(`Local service started on ${service.url} in ${Date.now() - began} ms (data: ${data})`);
    void vscode.commands.executeCommand('setContext', CONTEXT_LOCAL_RUNNING, true);
    this.changed.fire(describe(service));
    if (announce) void this.announceOnce(service);
    return service;
  }

  /** Says once per installation that the local service is in use, with the way out. */
  private async announceOnce(service: LocalService): Promise<void> {
    const state = this.context.globalState;
    if (state.get<boolean>(NOTICE_SHOWN)) return;
    await state.update(NOTICE_SHOWN, true);
    const setKey = vscode.l10n.t('Set API Key');
    const choice = await vscode.window.showInformationMessage(
      this.host === 'web'
        ? // Its address is an in-process origin, of no use to a person.
          vscode.l10n.t(
            'Report Studio is using its bundled local service, inside this browser window: reports are rendered here, offline, with a development quota. Set an API key to use the hosted service.',
          )
        : vscode.l10n.t(
            'Report Studio is using its bundled local service ({0}): reports are rendered on this machine, offline, with a development quota. Set an API key to use the hosted service.',
            service.url.replace('http://', ''),
          ),
      setKey,
    );
    if (choice === setKey) await vscode.commands.executeCommand(COMMANDS.setApiKey);
  }

  dispose(): void {
    void this.stop();
    this.changed.dispose();
  }
}

function describe(service: LocalService): RunningLocalService {
  return {
    baseUrl: service.baseUrl,
    apiKey: service.apiKeys[0],
    port: service.port,
    dataDir: service.dataDir,
    renderDraft: (text, options) => service.renderDraft(text, options),
  };
}
