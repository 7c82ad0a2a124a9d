/**
 * The local service without its host: keys, the quota ledger, the task store, the task runner,
 * retention, render reuse, drafts — declared once here and hosted twice: by the Node service
 * (service.ts: the data dir on disk, its lock, the render worker pool, the HTTP server) and by
 * the service in the browser (src/web/localService.ts: memory, the in-process renderer, calls
 * answered in-process). The host hands in what differs.
 */
import { API_BASE_PATH, API_PATHS } from '../core/api/types';
import { logLine } from '../core/redact';
import { KeyRing, keyIdOf } from './keys';
import type { KeyPlanInput, ResolvedOptions } from './options';
import type { ReportRenderer } from '../render/renderer';
import type { JsonDocument } from './store/jsonDocument';
import { Ledger } from './store/ledger';
import { TaskStore } from './store/taskStore';
import type { StoreVolume } from './store/volume';
import { TaskRunner } from './tasks/runner';
import type { TaskContext } from './tasks/execute';
import { RetentionSweeper } from './tasks/retention';
import type { FileAccess } from './http/exchange';
import type { ServiceContext } from './http/context';
import { warmUpValidator } from './validation/reportValidator';
import { renderDraft, type DraftOptions, type DraftRender } from './draft';
import { RecentRenders } from './renderReuse';

export interface HostParts {
  /** Resolved options; their `log` is wrapped here so that no line carries a key. */
  options: ResolvedOptions;
  keys: KeyPlanInput[];
  ledger: JsonDocument;
  /** Where the task store keeps its records and files (under options.dataDir). */
  volume: StoreVolume;
  files: FileAccess;
  /** The renderer, made on first use (the service disposes it on stop). */
  renderer: () => Promise<ReportRenderer>;
  bodies: ServiceContext['bodies'];
  /** Given the get-report URL of a task (no key: the receiver authenticates). */
  webhooks: (reportUrl: (taskId: string) => string) => TaskContext['webhooks'];
}

export interface ComposedService {
  ctx: ServiceContext;
  /** Accepted keys; the development key (or the first configured key) first. */
  apiKeys: string[];
  /** Resumes the unfinished tasks found in the store (before the first request is answered). */
  recover(): Promise<void>;
  /** Starts rendering and retention, once `ctx.origin` is set. */
  start(): void;
  renderDraft(text: string, options?: DraftOptions): Promise<DraftRender>;
  /** Stops the tasks, the held long-polls and every part the host handed in (but its transport). */
  stop(): Promise<void>;
}

export async function composeService(host: HostParts): Promise<ComposedService> {
  const { options } = host;
  const keys = new KeyRing(host.keys);
  // The request log masks api_key= values, but a key can arrive anywhere (pasted as a
  // task id, in a path, percent-encoded): every line is scrubbed of credentials and the
  // configured keys (after decoding), and its control characters escaped (one event, one
  // line), before it is written. Every writer of the service logs through this sink.
  const writeLog = options.log;
  const secrets = host.keys.map((k) => k.key);
  options.log = (line) => writeLog(logLine(line, secrets));
  const ledger = new Ledger(host.ledger, options.now);
  await ledger.open();
  const store = new TaskStore(host.volume, options.dataDir);
  const found = await store.open(options.log);
  warmUpValidator();

  const webhooks = host.webhooks((taskId) => `${ctx.origin}${API_BASE_PATH}${API_PATHS.report}?task_id=${encodeURIComponent(taskId)}`);
  const renders = new RecentRenders();
  const runner = new TaskRunner({ store, ledger, keys, renderer: host.renderer, options, webhooks, renders });
  const retention = new RetentionSweeper(store, options);
  const ctx: ServiceContext = {
    options,
    keys,
    ledger,
    store,
    runner,
    retention,
    bodies: host.bodies,
    renders,
    files: host.files,
    origin: '',
  };
  // Drafts are the embedding process's own: render reuse is scoped to the key it uses.
  const draftScope = keyIdOf(host.keys[0].key);
  let stopping = false;

  return {
    ctx,
    apiKeys: secrets,
    recover: () => runner.recover(found),
    start: () => {
      runner.start();
      retention.start();
    },
    renderDraft: (text, o) => {
      if (stopping) return Promise.reject(new Error('the local service is stopping'));
      return renderDraft(ctx, host.renderer, draftScope, text, o);
    },
    stop: async () => {
      stopping = true;
      // Long-polls of get-task-status answer now, with the status as it is.
      store.releaseWaiters();
      // Validations in progress are abandoned (their requests answer 503), never waited for.
      await host.bodies.close();
      await runner.stop();
      renders.clear();
      await retention.stop();
      await webhooks.close();
      await ledger.flush().catch(() => undefined);
    },
  };
}
