/**
 * The embeddable local report service: `startLocalService(options)` opens the data dir
 * (tasks, files, ledger, development key), resumes unfinished tasks, and listens on
 * 127.0.0.1 only (another address only with `allowRemote`, see bindHost.ts). Used by `npm run service`, `report-studio serve` and the extension.
 */
import { promises as fs } from 'node:fs';
import { API_BASE_PATH } from '../core/api/types';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { resolveKeys } from './devKey';
import { DEFAULT_HOST, resolveOptions, type LocalServiceOptions, type ResolvedOptions } from './options';
import { diskVolume, fileDocument, removeStaleTemps } from './store/atomicFile';
import { lockDataDir } from './store/dataDirLock';
import type { ReportRenderer } from '../render/renderer';
import { WebhookSender } from './delivery/webhooks';
import { createHttpServer } from './http/server';
import { diskFiles } from './http/diskFiles';
import { BodyChecker, locateBodyWorker } from './http/bodyPool';
import { locateRenderWorker, WorkerRenderer } from './renderPool';
import { checkBindHost, isLoopbackAddress, localOrigin } from './bindHost';
import type { DraftOptions, DraftRender } from './draft';
import { composeService } from './compose';

export type { LocalServiceOptions } from './options';
export type { DraftRender } from './draft';

export interface LocalService {
  /** http://127.0.0.1:PORT (the address this machine reaches it by) */
  url: string;
  /** The address it listens on: 127.0.0.1 unless a remote host was allowed. */
  host: string;
  /** url + API_BASE_PATH */
  baseUrl: string;
  port: number;
  /** Accepted keys; the development key (or the first configured key) first. */
  apiKeys: string[];
  dataDir: string;
  /**
   * A live view's render of report text (JSON or JSONC): checked like a submitted body and
   * drawn by this service's renderer, without a task, quota or file (draft.ts).
   */
  renderDraft(text: string, options?: DraftOptions): Promise<DraftRender>;
  stop(): Promise<void>;
}

/**
 * The real renderer: in worker threads when the worker script is shipped (it is beside
 * every bundle and in the sources), else in-process. A renderer that cannot load is a
 * start-up error, never a silent downgrade to placeholder output (the minimal renderer
 * is only used when asked for explicitly).
 */
async function defaultRenderer(
  timeLimitMs: number,
  concurrency: number,
  log: (line: string) => void,
  images: ImageFetchSettings,
): Promise<ReportRenderer> {
  const entry = locateRenderWorker();
  if (entry) return new WorkerRenderer(entry, concurrency, timeLimitMs, undefined, { images });
  log('renderer: no render worker script found; rendering in the main thread');
  const { createRenderer } = await import('../render/index');
  return createRenderer({ timeLimitMs, images });
}

interface ImageFetchSettings {
  allowHosts: string[];
  allowLoopback: boolean;
  restricted: boolean;
}

/**
 * Who the renderer may fetch images from (net/outboundPolicy.ts): loopback only while the
 * service itself is reachable only from this machine — beyond it (--allow-remote), another
 * machine's report must not read this machine's local servers; plus --fetch-allow-host.
 */
function imageFetchSettings(options: ResolvedOptions): ImageFetchSettings {
  return { allowHosts: options.fetchAllowHosts, allowLoopback: isLoopbackAddress(options.host), restricted: options.restricted };
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host === 'localhost' ? DEFAULT_HOST : host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

export async function startLocalService(input: LocalServiceOptions): Promise<LocalService> {
  const options = resolveOptions(input);
  checkBindHost(options.host, options.allowRemote);
  await fs.mkdir(options.dataDir, { recursive: true, mode: 0o700 });
  const unlock = await lockDataDir(options.dataDir);
  try {
    return await open(input, options, unlock);
  } catch (err) {
    await unlock();
    throw err;
  }
}

async function open(input: LocalServiceOptions, options: ResolvedOptions, unlock: () => Promise<void>): Promise<LocalService> {
  // Under the lock no other process writes here: a temp file in the root (ledger.json, the
  // dev key) is what a process killed mid-write left behind.
  await removeStaleTemps(options.dataDir);
  const keys = await resolveKeys(options.dataDir, input.keys, input.plan);
  const rendererPromise = input.renderer
    ? Promise.resolve(input.renderer)
    : defaultRenderer(options.renderTimeoutMs, options.concurrency, options.log, imageFetchSettings(options));
  rendererPromise.catch(() => undefined);
  // Large bodies are decoded and validated in a worker thread: the event loop stays free.
  const bodies = new BodyChecker(locateBodyWorker(), options.log);
  const service = await composeService({
    options,
    keys,
    ledger: fileDocument(join(options.dataDir, 'ledger.json')),
    volume: diskVolume(),
    files: diskFiles,
    renderer: () => rendererPromise,
    bodies,
    webhooks: (reportUrl) =>
      new WebhookSender({
        allowHosts: options.webhookAllowHosts,
        restricted: options.restricted,
        attempts: options.webhookAttempts,
        baseDelayMs: options.webhookRetryBaseMs,
        reportUrl,
        log: options.log,
      }),
  }).catch(async (err: unknown) => {
    await bodies.close();
    await (await rendererPromise.catch(() => undefined))?.dispose().catch(() => undefined);
    throw err;
  });
  const { ctx } = service;
  const server = createHttpServer(ctx);
  let port: number;
  try {
    // Before listening: the reservations of resumed tasks must count from the first request.
    await service.recover();
    port = await listen(server, options.port, options.host);
  } catch (err) {
    await service.stop();
    await (await rendererPromise.catch(() => undefined))?.dispose().catch(() => undefined);
    throw err;
  }
  ctx.origin = localOrigin(options.host, port);
  service.start();

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> =>
    (stopping ??= (async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Keep-alive sockets turn idle as their last responses finish: close them as they do.
      const idle = setInterval(() => server.closeIdleConnections(), 25);
      server.closeIdleConnections();
      await service.stop();
      // Requests still open a while after the tasks stopped are cut off.
      const hard = setTimeout(() => server.closeAllConnections(), 2_000);
      await closed;
      clearInterval(idle);
      clearTimeout(hard);
      const r = await rendererPromise.catch(() => undefined);
      await r?.dispose().catch(() => undefined);
      await unlock();
    })());

  return {
    url: ctx.origin,
    host: options.host,
    baseUrl: `${ctx.origin}${API_BASE_PATH}`,
    port,
    apiKeys: service.apiKeys,
    dataDir: options.dataDir,
    renderDraft: (text, o) => (stopping ? Promise.reject(new Error('the local service is stopping')) : service.renderDraft(text, o)),
    stop,
  };
}
