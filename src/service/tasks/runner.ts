/**
 * The task runner: at most `concurrency` renders at a time, off the request path (submit
 * returns as soon as the task is saved as QUEUED), in the order FairQueue decides
 * (round-robin across keys, builds ahead of previews), so one key's flood cannot keep
 * another key's build waiting.
 * At start, tasks left QUEUED or RUNNING by a previous process are queued again in memory
 * only (their next RUNNING commit records them): re-saving every record before listening
 * made a restart over a large backlog take many seconds. A task interrupted twice already
 * is marked FAILED instead (a few at most: those running at a crash), so a report that
 * kills the process cannot loop.
 */
import { performance } from 'node:perf_hooks';
import type { TaskRecord } from '../store/taskStore';
import { executeTask, type TaskContext } from './execute';
import { FairQueue } from './fairQueue';

const MAX_ATTEMPTS = 2;

export class TaskRunner {
  private readonly queue = new FairQueue<TaskRecord>();
  private readonly active = new Set<Promise<void>>();
  private readonly shutdown = new AbortController();
  /** Renders begin only once the service listens (its origin is known to webhooks). */
  private started = false;
  /** Disk work found at start, done once the service listens. */
  private deferred: Array<() => Promise<void>> = [];
  private maintenance: Promise<void> | undefined;
  /** Moving average of how long a task runs, for Retry-After estimates. */
  private averageRunMs = 1000;

  constructor(private readonly ctx: TaskContext) {}

  enqueue(record: TaskRecord): void {
    if (this.shutdown.signal.aborted) return;
    this.queue.push(record);
    this.pump();
  }

  /** Tasks of this key waiting to run (the per-key cap counts these). */
  queuedFor(keyId: string): number {
    return this.queue.queuedFor(keyId);
  }

  /** Seconds until a key over its cap likely has room again: one round of the keys waiting. */
  retryAfterSeconds(): number {
    const rounds = (this.averageRunMs * Math.max(1, this.queue.activeKeys)) / this.ctx.options.concurrency;
    return Math.min(60, Math.max(1, Math.ceil(rounds / 1000)));
  }

  /**
   * Queues the unfinished tasks found in the data dir and re-creates their reservations, in
   * memory; only the tasks given up are written now (before the first request can see them).
   * Other clean-up waits for start().
   */
  async recover(records: TaskRecord[]): Promise<void> {
    for (const r of records) {
      if (r.status === 'SUCCESS' || r.status === 'FAILED') {
        // A crash between "finished" and "report dropped" leaves the report behind.
        this.deferred.push(() => this.ctx.store.dropReport(r.id));
        continue;
      }
      if (r.attempts >= MAX_ATTEMPTS) {
        await this.giveUp(r);
        continue;
      }
      if (r.reservation) this.ctx.ledger.hold(r.keyId, r.id, r.reservation);
      if (r.status === 'RUNNING') this.ctx.options.log(`task ${r.id} was RUNNING when the service stopped; rendering it again`);
      // On disk it may still say RUNNING: a crash before it runs again finds it unfinished either way.
      r.status = 'QUEUED';
      this.queue.push(r);
    }
  }

  /** A task the service stopped on twice: FAILED, nothing charged, its outputs removed. */
  private async giveUp(r: TaskRecord): Promise<void> {
    // An earlier attempt may have written its file and been charged before the crash.
    await this.ctx.ledger.uncharge(r.keyId, r.id);
    await this.ctx.store.removeFiles(r.id);
    const message = `The local service stopped ${r.attempts} times while rendering this report; it was given up`;
    const hooks = r.webhooks ?? [];
    await this.ctx.store.commit(r, {
      status: 'FAILED',
      error_message: message,
      finishedAt: this.ctx.options.now(),
      reservation: undefined,
      webhooks: undefined,
    });
    await this.ctx.store.dropReport(r.id);
    this.ctx.options.log(`task ${r.id} FAILED: ${message}`);
    // Webhooks carry the service's URL: sent once it listens.
    if (hooks.length) this.deferred.push(async () => this.ctx.webhooks.send(r.id, 'FAILED', hooks));
  }

  /** Begins rendering what was queued or recovered, and the deferred clean-up. */
  start(): void {
    this.started = true;
    this.pump();
    const work = this.deferred;
    this.deferred = [];
    this.maintenance = (async () => {
      for (const job of work) {
        if (this.shutdown.signal.aborted) return;
        await job().catch((err) => this.ctx.options.log(`start-up clean-up: ${(err as Error).message}`));
      }
    })();
  }

  get pending(): number {
    return this.queue.size + this.active.size;
  }

  private pump(): void {
    while (this.started && this.active.size < this.ctx.options.concurrency && this.queue.size > 0 && !this.shutdown.signal.aborted) {
      const record = this.queue.take()!;
      const began = performance.now();
      const run: Promise<void> = executeTask(this.ctx, record, this.shutdown.signal)
        .catch((err) => this.ctx.options.log(`task ${record.id}: internal error ${(err as Error).stack ?? err}`))
        .finally(() => {
          this.averageRunMs = 0.8 * this.averageRunMs + 0.2 * (performance.now() - began);
          this.active.delete(run);
          // Yield between tasks so queued HTTP requests are served first.
          setImmediate(() => this.pump());
        });
      this.active.add(run);
    }
  }

  /** Interrupts renders in progress (their records stay QUEUED/RUNNING on disk). */
  async stop(): Promise<void> {
    this.shutdown.abort();
    this.queue.clear();
    await Promise.allSettled([...this.active, this.maintenance]);
  }
}
