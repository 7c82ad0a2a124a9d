/**
 * The task queue: FIFO, at most `concurrency` renders at a time, off the request path
 * (submit returns as soon as the task is saved as QUEUED). At start, tasks left
 * QUEUED or RUNNING by a previous process are queued again; one interrupted twice
 * already is marked FAILED instead, so a report that kills the process cannot loop.
 */
import type { TaskRecord } from '../store/taskStore';
import { executeTask, type TaskContext } from './execute';

const MAX_ATTEMPTS = 2;

export class TaskRunner {
  private readonly queue: TaskRecord[] = [];
  private readonly active = new Set<Promise<void>>();
  private readonly shutdown = new AbortController();
  /** Renders begin only once the service listens (its origin is known to webhooks). */
  private started = false;

  constructor(private readonly ctx: TaskContext) {}

  enqueue(record: TaskRecord): void {
    if (this.shutdown.signal.aborted) return;
    this.queue.push(record);
    this.pump();
  }

  /** Re-queues unfinished tasks found in the data dir; re-creates their reservations. */
  async recover(records: TaskRecord[]): Promise<void> {
    for (const r of records) {
      if (r.status === 'SUCCESS' || r.status === 'FAILED') {
        // A crash between "finished" and "report dropped" leaves the report behind.
        await this.ctx.store.dropReport(r.id);
        continue;
      }
      if (r.attempts >= MAX_ATTEMPTS) {
        r.status = 'FAILED';
        r.error_message = `The local service stopped ${r.attempts} times while rendering this report; it was given up`;
        r.finishedAt = this.ctx.options.now();
        r.reservation = undefined;
        // An earlier attempt may have written its file and been charged before the crash.
        await this.ctx.ledger.uncharge(r.keyId, r.id);
        await this.ctx.store.removeFiles(r.id);
        await this.ctx.store.save(r);
        await this.ctx.store.dropReport(r.id);
        continue;
      }
      if (r.reservation) this.ctx.ledger.hold(r.keyId, r.id, r.reservation);
      if (r.status === 'RUNNING') this.ctx.options.log(`task ${r.id} was RUNNING when the service stopped; rendering it again`);
      r.status = 'QUEUED';
      await this.ctx.store.save(r);
      this.queue.push(r);
    }
  }

  /** Begins rendering what was queued or recovered. */
  start(): void {
    this.started = true;
    this.pump();
  }

  get pending(): number {
    return this.queue.length + this.active.size;
  }

  private pump(): void {
    while (this.started && this.active.size < this.ctx.options.concurrency && this.queue.length > 0 && !this.shutdown.signal.aborted) {
      const record = this.queue.shift()!;
      const run: Promise<void> = executeTask(this.ctx, record, this.shutdown.signal)
        .catch((err) => this.ctx.options.log(`task ${record.id}: internal error ${(err as Error).stack ?? err}`))
        .finally(() => {
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
    this.queue.length = 0;
    await Promise.allSettled([...this.active]);
  }
}
