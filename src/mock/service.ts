/**
 * The embeddable local report service: `startLocalService(options)` opens the data dir
 * (tasks, files, ledger, development key), resumes unfinished tasks, and listens on
 * 127.0.0.1 only (another address only with `allowRemote`, see bindHost.ts). Used by `npm run mock`, `report-studio serve` and the extension.
 */
import { promises as fs } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { KeyRing, keyIdOf, resolveKeys } from './keys';
import { logLine } from '../core/redact';
import { DEFAULT_HOST, resolveOptions, type LocalServiceOptions, type ResolvedOptions } from './options';
import { diskVolume, fileDocument, removeStaleTemps } from './store/atomicFile';
import { lockDataDir } from './store/dataDirLock';
import type { ReportRenderer } from '../render/renderer';
import { Ledger } from './store/ledger';
import { TaskStore } from './store/taskStore';
import { TaskRunner } from './tasks/runner';
import { RetentionSweeper } from './tasks/retention';
import { WebhookSender } from './delivery/webhooks';
import { createHttpServer } from './http/server';
import { diskFiles } from './http/diskFiles';
import { BodyChecker, locateBodyWorker } from './http/bodyPool';
import type { ServiceContext } from './http/context';
import { warmUpValidator } from './validation/reportValidator';
import { locateRenderWorker, WorkerRenderer } from './renderPool';
import { checkBindHost, isLoopbackAddress, localOrigin } from './bindHost';
import { renderDraft, type DraftOptions, type DraftRender } from './draft';
import { RecentRenders } from './renderReuse';

export type { LocalServiceOptions } from './options';
export type { DraftRender } from './draft';

export interface LocalService {
  /** http://127.0.0.1:PORT (the address this machine reaches it by) */
  url: string;
  /** The address it listens on: 127.0.0.1 unless a remote host was allowed. */
  host: string;
  /** url + '/api/v1' */
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
  const keyInputs = await resolveKeys(options.dataDir, input.keys, input.plan);
  const keys = new KeyRing(keyInputs);
  const draftScope = keyIdOf(keyInputs[0].key);
  // The request log masks api_key= values, but a key can arrive anywhere (pasted as a
  // task id, in a path, percent-encoded): every line is scrubbed of credentials and the
  // configured keys (after decoding), and its control characters escaped (one event, one
  // line), before it is written. Every writer of the service logs through this sink.
  const writeLog = options.log;
  const secrets = keyInputs.map((k) => k.key);
  options.log = (line) => writeLog(logLine(line, secrets));
  const ledger = new Ledger(fileDocument(join(options.dataDir, 'ledger.json')), options.now);
  await ledger.open();
  const store = new TaskStore(diskVolume(), options.dataDir);
  const found = await store.open(options.log);
  warmUpValidator();

  const rendererPromise = input.renderer
    ? Promise.resolve(input.renderer)
    : defaultRenderer(options.renderTimeoutMs, options.concurrency, options.log, imageFetchSettings(options));
  rendererPromise.catch(() => undefined);
  const webhooks = new WebhookSender({
    allowHosts: options.webhookAllowHosts,
    restricted: options.restricted,
    attempts: options.webhookAttempts,
    baseDelayMs: options.webhookRetryBaseMs,
    // The documented `url`: this service's get-report URL (no key: the receiver authenticates).
    reportUrl: (taskId) => `${ctx.origin}/api/v1/get-report?task_id=${encodeURIComponent(taskId)}`,
    log: options.log,
  });
  const renders = new RecentRenders();
  const runner = new TaskRunner({ store, ledger, keys, renderer: () => rendererPromise, options, webhooks, renders });
  const retention = new RetentionSweeper(store, options);
  // Large bodies are decoded and validated in a worker thread: the event loop stays free.
  const bodies = new BodyChecker(locateBodyWorker(), options.log);
  const ctx: ServiceContext = { options, keys, ledger, store, runner, retention, bodies, renders, files: diskFiles, origin: '' };
  const server = createHttpServer(ctx);
  let port: number;
  try {
    // Before listening: the reservations of resumed tasks must count from the first request.
    await runner.recover(found);
    port = await listen(server, options.port, options.host);
  } catch (err) {
    await runner.stop();
    await bodies.close();
    await (await rendererPromise.catch(() => undefined))?.dispose().catch(() => undefined);
    throw err;
  }
  ctx.origin = localOrigin(options.host, port);
  runner.start();
  retention.start();

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> =>
    (stopping ??= (async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Keep-alive sockets turn idle as their last responses finish: close them as they do.
      const idle = setInterval(() => server.closeIdleConnections(), 25);
      server.closeIdleConnections();
      // Long-polls of get-task-status answer now, with the status as it is.
      store.releaseWaiters();
      // Validations in progress are abandoned (their requests answer 503), never waited for.
      await bodies.close();
      await runner.stop();
      renders.clear();
      await retention.stop();
      await webhooks.close();
      await ledger.flush().catch(() => undefined);
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
    baseUrl: `${ctx.origin}/api/v1`,
    port,
    apiKeys: keyInputs.map((k) => k.key),
    dataDir: options.dataDir,
    renderDraft: (text, o) => {
      if (stopping) return Promise.reject(new Error('the local service is stopping'));
      // Drafts are the embedding process's own: render reuse is scoped to the key it uses.
      return renderDraft(ctx, () => rendererPromise, draftScope, text, o);
    },
    stop,
  };
}
