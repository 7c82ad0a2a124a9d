/**
 * The client for the service currently selected: local → the bundled service (started
 * on demand) with its development key; hosted/custom → the stored API key, or a clear
 * setup error with a way to fix it. One client is kept while nothing changes; a change
 * of settings, key or local service closes it and the next request builds a new one.
 */
import * as vscode from 'vscode';
import type { ReportClient } from '../../core/client/apiClient';
import { resolveServiceMode, type ServiceMode } from '../../core/service/serviceChoice';
import type { ReportLog } from '../log';
import type { ApiKeyStore } from './apiKeyStore';
import type { LocalServiceHost } from './localServiceHost';
import { loadEngine, type Engine } from './runtimeLoader';
import { readSettings, remoteBaseUrl, ServiceSetupError } from './serviceConfig';

export interface ServiceSession {
  client: ReportClient;
  /** The engine the client came from (its runner and file helpers go with it). */
  engine: Engine;
  mode: ServiceMode;
  /** Ends in /api/v1; never carries a key. */
  baseUrl: string;
  /** `Local service (127.0.0.1:41234)`, `Hosted service (api.hybiscus.dev)`. */
  label: string;
  /** Identifies the service and key (not the key itself): quota numbers belong to one target. */
  target: string;
}

export interface ServiceTarget {
  mode: ServiceMode;
  label: string;
}

function serviceLabel(mode: ServiceMode, baseUrl: string | undefined): string {
  const host = baseUrl ? new URL(baseUrl).host : undefined;
  const name =
    mode === 'local'
      ? vscode.l10n.t('Local service')
      : mode === 'hosted'
        ? vscode.l10n.t('Hosted service')
        : vscode.l10n.t('Custom service');
  return host ? `${name} (${host})` : name;
}

export class ClientFactory implements vscode.Disposable {
  private current: { id: string; session: ServiceSession } | undefined;

  constructor(
    private readonly extensionPath: string,
    private readonly keys: ApiKeyStore,
    private readonly local: LocalServiceHost,
    private readonly log: ReportLog,
  ) {}

  /** Which service a request would go to now, without starting or contacting anything. */
  async target(): Promise<ServiceTarget> {
    const settings = readSettings();
    const mode = resolveServiceMode(settings.service, await this.keys.has());
    if (mode === 'local') return { mode, label: serviceLabel(mode, this.local.running?.baseUrl) };
    let baseUrl: string | undefined;
    try {
      baseUrl = remoteBaseUrl(mode, settings);
    } catch {
      baseUrl = undefined;
    }
    return { mode, label: serviceLabel(mode, baseUrl) };
  }

  /** The client to use now; throws ServiceSetupError when the configuration cannot work. */
  async acquire(): Promise<ServiceSession> {
    const settings = readSettings();
    const apiKey = await this.keys.get();
    const mode = resolveServiceMode(settings.service, apiKey !== undefined);
    let baseUrl: string;
    let key: string;
    if (mode === 'local') {
      const service = await this.local.ensureStarted();
      baseUrl = service.baseUrl;
      key = service.apiKey;
    } else {
      baseUrl = remoteBaseUrl(mode, settings);
      if (!apiKey) {
        const message =
          mode === 'hosted'
            ? vscode.l10n.t(
                'No API key is set. The hosted service needs one: run "Report Studio: Set API Key", or use the bundled local service.',
              )
            : vscode.l10n.t(
                'No API key is set. The custom service at {0} needs one: run "Report Studio: Set API Key", or use the bundled local service.',
                baseUrl,
              );
        throw new ServiceSetupError(message, ['setApiKey', 'useLocal']);
      }
      key = apiKey;
    }
    const id = `${mode}\n${baseUrl}\n${settings.requestTimeoutMs}\n${key}`;
    if (this.current?.id === id) return this.current.session;
    this.invalidate();
    const engine = loadEngine(this.extensionPath);
    // The client registers its key with the engine's redaction until it is closed; the log
    // keeps its own list for the lines it writes.
    this.log.addSecret(key);
    const client = new engine.ReportClient({
      apiKey: key,
      baseUrl,
      timeoutMs: settings.requestTimeoutMs,
      userAgent: `report-studio-vscode/${vscode.version}`,
      log: (line) => this.log.request(line.replace(/^(GET|POST) \//, `$1 ${baseUrl}/`)),
    });
    const session: ServiceSession = {
      client,
      engine,
      mode,
      baseUrl,
      label: serviceLabel(mode, baseUrl),
      target: `${mode} ${baseUrl} ${keyTag(key)}`,
    };
    this.current = { id, session };
    return session;
  }

  /** Drops the cached client (its pooled connections close once idle). */
  invalidate(): void {
    const old = this.current;
    this.current = undefined;
    void old?.session.client.close().catch(() => undefined);
  }

  dispose(): void {
    this.invalidate();
  }
}

/** A short, non-reversible tag of a key, so two keys on one service are told apart. */
function keyTag(key: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16);
}
