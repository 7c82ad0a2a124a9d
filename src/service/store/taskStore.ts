/**
 * Durable task store. Layout under the data dir:
 *   tasks/<id>.json         the task record (atomic rewrite on every status change)
 *   tasks/<id>.report.json  the submitted report, kept until the task is finished so a
 *                           task interrupted by a crash can be rendered again
 *   files/<id>.pdf|.jpg     the finished report (absent when uploaded to the bucket)
 * The records are also held in memory: reads never touch the disk.
 */
import type { RenderNote, TaskKind, TaskStatus } from '../../core/api/types';
import type { ReportBody } from '../../core/report/types';
import { CoalescingWriter, volumeDocument } from './jsonDocument';
import { jsonText, type SerializedJson, type StoreVolume } from './volume';

export type QuotaKind = 'single' | 'multi';

export interface StoredFile {
  /** File name inside files/. */
  name: string;
  contentType: 'application/pdf' | 'image/jpeg';
  size: number;
}

/** A destination of `config.cloud_storage` (delivery/bucket.ts reads them from the report). */
export interface CloudTarget {
  provider: string;
  destination: string;
}

/** A file delivered to the local bucket (delivery/bucket.ts), removed with its task. */
export interface CloudCopy {
  provider: string;
  /** Absolute path of the copy inside the bucket folder. */
  path: string;
  /** Path relative to the bucket folder, with '/' separators (used in the served URL). */
  key: string;
}

export interface WebhookTarget {
  url: string;
  auth_header: string | null;
}

export interface TaskRecord {
  id: string;
  kind: TaskKind;
  status: TaskStatus;
  error_message: string | null;
  /** Hash prefix of the API key that submitted the task (never the key itself). */
  keyId: string;
  createdAt: number;
  startedAt?: number;
  finishedAt?: number;
  /** Times a render was started; a task interrupted twice is given up. */
  attempts: number;
  /** Quota unit held while a build is unfinished. */
  reservation?: QuotaKind;
  /** Quota unit charged for a finished build. */
  charged?: QuotaKind;
  pageCount?: number;
  /** Notes of the render (placeholder images, overflow), sent with get-task-status. */
  notes?: RenderNote[];
  /** Download file name without extension (from the report title). */
  downloadName: string;
  file?: StoredFile;
  cloud?: CloudCopy[];
  webhooks?: WebhookTarget[];
  /**
   * Cloud-storage destinations of a build, taken at submit time so that running the task needs
   * nothing from the report itself (the render worker reads it). Absent on records written
   * before this field existed: the task then reads them from the stored report.
   */
  cloudTargets?: CloudTarget[];
  /** Set when the report was deleted after the retention time. */
  purgedAt?: number;
}

/** Task records read at once when the store opens. */
const READ_BATCH = 64;

export class TaskStore {
  readonly tasksDir: string;
  readonly filesDir: string;
  private readonly tasks = new Map<string, TaskRecord>();
  private readonly writers = new Map<string, CoalescingWriter>();
  private readonly staged = new Map<string, TaskRecord>();
  /** Long-polls of get-task-status waiting for a task's next committed change. */
  private readonly waiters = new Map<string, Set<(released: boolean) => void>>();

  /** `volume`: the data dir on disk (diskVolume) or memory (memoryVolume, the service in the browser). */
  constructor(
    private readonly volume: StoreVolume,
    dataDir: string,
  ) {
    this.tasksDir = volume.join(dataDir, 'tasks');
    this.filesDir = volume.join(dataDir, 'files');
  }

  async open(log: (line: string) => void): Promise<TaskRecord[]> {
    await this.volume.prepare(this.tasksDir);
    await this.volume.prepare(this.filesDir);
    const names = (await this.volume.list(this.tasksDir)).filter((n) => n.endsWith('.json') && !n.endsWith('.report.json'));
    // Read in parallel batches: a restart over a backlog of thousands must listen quickly.
    const found = new Map<string, TaskRecord>();
    for (let i = 0; i < names.length; i += READ_BATCH) {
      await Promise.all(
        names.slice(i, i + READ_BATCH).map(async (name) => {
          try {
            const record = await volumeDocument(this.volume, this.volume.join(this.tasksDir, name)).read<TaskRecord>();
            if (record?.id && `${record.id}.json` === name) found.set(name, record);
          } catch (err) {
            log(`task store: ignoring unreadable ${name}: ${(err as Error).message}`);
          }
        }),
      );
    }
    for (const name of names) {
      const record = found.get(name);
      if (record) this.tasks.set(record.id, record);
    }
    await this.removeOrphans();
    return [...this.tasks.values()].sort((a, b) => a.createdAt - b.createdAt);
  }

  /**
   * A crash between writing a submitted report and its record, or a record deleted by
   * hand, leaves files no task refers to: nothing would ever delete them.
   */
  private async removeOrphans(): Promise<void> {
    const orphan = (name: string, suffix: RegExp): boolean => suffix.test(name) && !this.tasks.has(name.replace(suffix, ''));
    for (const name of await this.volume.list(this.tasksDir)) {
      if (orphan(name, /\.report\.json$/)) await this.volume.remove(this.volume.join(this.tasksDir, name));
    }
    for (const name of await this.volume.list(this.filesDir)) {
      if (orphan(name, /\.(pdf|jpg)$/)) await this.volume.remove(this.volume.join(this.filesDir, name));
    }
  }

  /** Deletes a task's file by name (its record may not know it: written just before a crash). */
  async removeFiles(id: string): Promise<void> {
    await Promise.all(['pdf', 'jpg'].map((ext) => this.volume.remove(this.volume.join(this.filesDir, `${id}.${ext}`))));
  }

  get(id: string): TaskRecord | undefined {
    return this.tasks.get(id);
  }

  all(): IterableIterator<TaskRecord> {
    return this.tasks.values();
  }

  /**
   * Persists the report first, then the record: a record on disk always has its report. A task
   * that could not be saved (disk full) leaves nothing behind, in memory or on disk.
   */
  async create(record: TaskRecord, report: ReportBody | SerializedJson): Promise<void> {
    try {
      await this.volume.write(this.reportPath(record.id), jsonText(report));
      this.tasks.set(record.id, record);
      await this.save(record);
    } catch (err) {
      this.tasks.delete(record.id);
      this.writers.delete(record.id);
      await Promise.all([this.volume.remove(this.recordPath(record.id)), this.dropReport(record.id)]).catch(() => undefined);
      throw err;
    }
  }

  /** Writes the current in-memory state of the record. */
  save(record: TaskRecord): Promise<void> {
    let writer = this.writers.get(record.id);
    if (!writer) {
      writer = new CoalescingWriter(
        volumeDocument(this.volume, this.recordPath(record.id)),
        () => this.staged.get(record.id) ?? this.tasks.get(record.id) ?? record,
      );
      this.writers.set(record.id, writer);
    }
    return writer.flush();
  }

  /**
   * Applies `changes` only once they are on disk: readers (get-task-status) never see
   * a state a crash could take back — a client told SUCCESS will find it after a restart.
   */
  async commit(record: TaskRecord, changes: Partial<TaskRecord>): Promise<void> {
    this.staged.set(record.id, { ...record, ...changes });
    try {
      await this.save(record);
      Object.assign(record, changes);
    } finally {
      this.staged.delete(record.id);
    }
    this.wake(record.id);
  }

  /**
   * Applies a final state that could not be written (the data folder's disk is full): readers
   * and long-polls see it now, and the report is dropped, so a restart that finds the record
   * unfinished on disk cannot render it again — it ends the task FAILED and settles its quota
   * then. A later save of the record writes this state.
   */
  async settleUnsaved(record: TaskRecord, changes: Partial<TaskRecord>): Promise<void> {
    Object.assign(record, changes);
    this.wake(record.id);
    await this.dropReport(record.id).catch(() => undefined);
  }

  /**
   * Calls `wake` once, at the task's next committed change (or with `released` at
   * releaseWaiters()); returns a function that cancels the watch. One set per task, emptied as it fires: a waiter that
   * hangs up (cancel) leaves nothing behind.
   */
  watch(id: string, wake: (released: boolean) => void): () => void {
    let set = this.waiters.get(id);
    if (!set) this.waiters.set(id, (set = new Set()));
    set.add(wake);
    return () => {
      set.delete(wake);
      if (set.size === 0 && this.waiters.get(id) === set) this.waiters.delete(id);
    };
  }

  /** Wakes every waiter (the service is stopping: held answers go out now). */
  releaseWaiters(): void {
    for (const id of [...this.waiters.keys()]) this.wake(id, true);
  }

  private wake(id: string, released = false): void {
    const set = this.waiters.get(id);
    if (!set) return;
    this.waiters.delete(id);
    for (const wake of set) wake(released);
  }

  /** Where the submitted report of a task is kept until the task has finished. */
  reportFile(id: string): string {
    return this.reportPath(id);
  }

  async readReport(id: string): Promise<ReportBody | undefined> {
    return volumeDocument(this.volume, this.reportPath(id)).read<ReportBody>();
  }

  async dropReport(id: string): Promise<void> {
    await this.volume.remove(this.reportPath(id));
  }

  async writeFile(id: string, ext: 'pdf' | 'jpg', bytes: Uint8Array): Promise<StoredFile> {
    const name = `${id}.${ext}`;
    await this.volume.write(this.volume.join(this.filesDir, name), bytes);
    return { name, contentType: ext === 'pdf' ? 'application/pdf' : 'image/jpeg', size: bytes.byteLength };
  }

  /** Where a task's file is kept (on disk: the path get-report streams from). */
  filePath(file: StoredFile): string {
    return this.volume.join(this.filesDir, file.name);
  }

  /** Deletes the task file and bucket copies of a task that ended FAILED. */
  async deleteOutputs(record: TaskRecord): Promise<void> {
    if (record.file) await this.volume.remove(this.filePath(record.file));
    for (const c of record.cloud ?? []) await this.volume.remove(c.path);
    record.file = undefined;
    record.cloud = undefined;
  }

  /** Deletes the report file and keeps a tombstone so get-report can answer 410. */
  async purge(record: TaskRecord, now: number): Promise<void> {
    if (record.file) await this.volume.remove(this.filePath(record.file));
    record.file = undefined;
    record.purgedAt = now;
    await this.save(record);
  }

  /** Forgets a task entirely (tombstone expired). */
  async remove(id: string): Promise<void> {
    this.tasks.delete(id);
    this.writers.delete(id);
    await Promise.all([
      this.volume.remove(this.recordPath(id)),
      this.volume.remove(this.reportPath(id)),
      this.volume.remove(this.volume.join(this.filesDir, `${id}.pdf`)),
      this.volume.remove(this.volume.join(this.filesDir, `${id}.jpg`)),
    ]);
  }

  private recordPath(id: string): string {
    return this.volume.join(this.tasksDir, `${id}.json`);
  }

  private reportPath(id: string): string {
    return this.volume.join(this.tasksDir, `${id}.report.json`);
  }
}
