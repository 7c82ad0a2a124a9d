/**
 * Retention: a finished task's report is deleted `retentionMs` after it finished; the
 * record stays as a tombstone (so get-report can answer 410 rather than 404) for
 * `tombstoneMs` more, then the task is forgotten. Bucket copies belong to the "bucket"
 * and are never deleted. Runs on a timer and, lazily, whenever a task is read.
 */
import type { ResolvedOptions } from '../options';
import type { TaskRecord, TaskStore } from '../store/taskStore';

export class RetentionSweeper {
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> | undefined;

  constructor(
    private readonly store: TaskStore,
    private readonly o: ResolvedOptions,
  ) {}

  start(): void {
    const every = Math.min(60_000, Math.max(50, Math.floor(this.o.retentionMs / 2)));
    this.timer = setInterval(() => void this.sweep(), every);
    // A browser's timer is a number: there, nothing is kept alive by it anyway.
    this.timer.unref?.();
    void this.sweep();
  }

  expired(record: TaskRecord): boolean {
    return record.finishedAt !== undefined && record.purgedAt === undefined && record.finishedAt + this.o.retentionMs <= this.o.now();
  }

  /** Purges the record now if its time is up; true when it is (now) purged. */
  async check(record: TaskRecord): Promise<boolean> {
    if (this.expired(record)) {
      await this.store.purge(record, this.o.now());
      this.o.log(`task ${record.id}: report purged after the retention time`);
    }
    return record.purgedAt !== undefined;
  }

  /** Forgets the task now if its tombstone expired; true when it is gone. */
  async forget(record: TaskRecord): Promise<boolean> {
    if (record.purgedAt === undefined || record.purgedAt + this.o.tombstoneMs > this.o.now()) return false;
    await this.store.remove(record.id);
    return true;
  }

  sweep(): Promise<void> {
    this.sweeping ??= this.run().finally(() => (this.sweeping = undefined));
    return this.sweeping;
  }

  private async run(): Promise<void> {
    for (const record of [...this.store.all()]) {
      try {
        if (!(await this.forget(record))) await this.check(record);
      } catch (err) {
        this.o.log(`retention: task ${record.id}: ${(err as Error).message}`);
      }
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.sweeping;
  }
}
