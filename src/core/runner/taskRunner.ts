/**
 * submit → poll → download as one cancellable operation with progress events, an
 * overall deadline and adaptive polling. The extension's progress notification, the
 * CLI's status line and `npm start` all run reports through here.
 */
import type { RenderNote, TaskKind, TaskStatus } from '../api/types';
import type { QuotaHeaders, ReportClient, ReportInput, RequestOptions } from '../client/apiClient';
import { ReportServiceError } from '../client/errors';
import { sleep } from '../client/retry';
import { pollTime, resolveSchedule } from './polling';
import type { PollSchedule } from './polling';

type TaskPhase = 'submitted' | 'status' | 'downloading' | 'done';

/** What a task makes; `unknown` when only its id is known (e.g. `report-studio status <id>`). */
export type TaskKindOrUnknown = TaskKind | 'unknown';

export interface TaskProgress {
  phase: TaskPhase;
  taskId: string;
  kind: TaskKindOrUnknown;
  status: TaskStatus;
  /** Since the operation started. */
  elapsedMs: number;
  /** Status checks made so far. */
  polls: number;
}

export type TaskOutput = { to: 'bytes' } | { to: 'file'; path: string };

export interface WaitOptions {
  polling?: Partial<PollSchedule>;
  /**
   * Long-poll: ask the service to hold each status answer up to this many seconds until the
   * status changes (the local service's `wait=`), instead of polling on the schedule. A
   * service whose answer shows it did not wait (no `waited_ms`) gets the schedule for the rest
   * of the task. Off (undefined or 0) by default; the callers turn it on for the local service.
   * Without `onProgress` the answer is held until the task has finished (`until=finished`):
   * nobody would see QUEUED → RUNNING, so a task costs one status request, not two.
   */
  longPollSeconds?: number;
  /** Overall deadline of the whole operation. Default 5 minutes. */
  timeoutMs?: number;
  /** Per-request deadline passed to the client. */
  requestTimeoutMs?: number;
  signal?: AbortSignal;
  onProgress?: (progress: TaskProgress) => void;
}

export interface RunTaskOptions extends WaitOptions {
  kind: TaskKind;
  report: ReportInput;
  /** Default: bytes in memory. */
  output?: TaskOutput;
}

export interface TaskResult {
  taskId: string;
  kind: TaskKind;
  contentType: string;
  size: number;
  /** Set when output was `bytes`. */
  bytes?: Uint8Array;
  /** Set when output was `file`. */
  path?: string;
  /** Quota left after a build (from the submit response headers). */
  quota?: QuotaHeaders;
  /** Notes of the local renderer (placeholder images, overflow); empty from a hosted service. */
  notes: RenderNote[];
  polls: number;
  timings: { submitMs: number; waitMs: number; downloadMs: number; totalMs: number };
}

export const DEFAULT_TASK_TIMEOUT_MS = 5 * 60_000;

const KIND_LABEL: Record<TaskKindOrUnknown, string> = { build: 'Build', preview: 'Preview', unknown: 'Task' };

/** A finished task's file (runTask adds quota, polls and timings). */
export interface FetchedFile {
  taskId: string;
  kind: TaskKindOrUnknown;
  contentType: string;
  size: number;
  bytes?: Uint8Array;
  path?: string;
}

/** Submits a report, waits for it and fetches the file. */
export async function runTask(client: ReportClient, options: RunTaskOptions): Promise<TaskResult> {
  const op = new Operation(options);
  try {
    const submitted = await op.guard(() => client.submit(options.kind, options.report, op.request()));
    const submitMs = op.elapsed();
    op.emit('submitted', submitted.task_id, options.kind, submitted.status);
    const waited = await op.waitFor(client, submitted.task_id, options.kind, submitted.status);
    const downloadStart = op.elapsed();
    const result = await op.fetch(client, submitted.task_id, options.kind, options.output);
    const totalMs = op.elapsed();
    op.emit('done', submitted.task_id, options.kind, 'SUCCESS');
    return {
      ...result,
      kind: options.kind,
      quota: submitted.quota,
      notes: waited.notes,
      polls: waited.polls,
      timings: { submitMs, waitMs: downloadStart - submitMs, downloadMs: totalMs - downloadStart, totalMs },
    };
  } finally {
    op.dispose();
  }
}

/** Waits for an existing task to finish (SUCCESS resolves, FAILED rejects with task_failed). */
export async function waitForTask(
  client: ReportClient,
  taskId: string,
  kind: TaskKindOrUnknown,
  options: WaitOptions = {},
): Promise<{ status: TaskStatus; polls: number }> {
  const op = new Operation(options);
  try {
    return await op.waitFor(client, taskId, kind, undefined);
  } finally {
    op.dispose();
  }
}

/** Fetches a finished task's file. */
export async function fetchTaskFile(
  client: ReportClient,
  taskId: string,
  kind: TaskKindOrUnknown,
  output: TaskOutput = { to: 'bytes' },
  options: WaitOptions = {},
): Promise<FetchedFile> {
  const op = new Operation(options);
  try {
    return await op.fetch(client, taskId, kind, output);
  } finally {
    op.dispose();
  }
}

/** One operation's deadline, cancellation and progress bookkeeping. */
class Operation {
  private readonly started = Date.now();
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private readonly schedule: PollSchedule;
  private readonly timeoutMs: number;
  private timedOut = false;
  private polls = 0;
  private taskId?: string;
  private readonly onCallerAbort = (): void => this.controller.abort(this.options.signal?.reason);

  constructor(private readonly options: WaitOptions) {
    this.schedule = resolveSchedule(options.polling);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TASK_TIMEOUT_MS;
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.controller.abort(new Error('task deadline'));
    }, this.timeoutMs);
    if (options.signal?.aborted) this.controller.abort(options.signal.reason);
    else options.signal?.addEventListener('abort', this.onCallerAbort, { once: true });
  }

  elapsed(): number {
    return Date.now() - this.started;
  }

  request(): RequestOptions {
    return { signal: this.controller.signal, timeoutMs: this.options.requestTimeoutMs };
  }

  emit(phase: TaskPhase, taskId: string, kind: TaskKindOrUnknown, status: TaskStatus): void {
    this.taskId = taskId;
    this.options.onProgress?.({ phase, taskId, kind, status, elapsedMs: this.elapsed(), polls: this.polls });
  }

  /** Runs a step; turns the operation's own abort into `timeout` or `cancelled` with the task id. */
  async guard<T>(step: () => Promise<T>): Promise<T> {
    try {
      return await step();
    } catch (error) {
      throw this.translate(error);
    }
  }

  async waitFor(
    client: ReportClient,
    taskId: string,
    kind: TaskKindOrUnknown,
    initial: TaskStatus | undefined,
  ): Promise<{ status: TaskStatus; polls: number; notes: RenderNote[] }> {
    this.taskId = taskId;
    let last = initial;
    let status = initial;
    let notes: RenderNote[] = [];
    // Poll times count from here (the submit's answer), not from each status answer.
    const since = Date.now();
    let waitSeconds = this.options.longPollSeconds && this.options.longPollSeconds > 0 ? this.options.longPollSeconds : 0;
    let scheduled = 0;
    while (status !== 'SUCCESS') {
      if (!waitSeconds && (status !== undefined || this.polls > 0)) {
        const due = since + pollTime(this.schedule, scheduled++);
        // Behind schedule (a slow answer): catch up on the grid instead of checking in a burst.
        while (since + pollTime(this.schedule, scheduled) <= Date.now()) scheduled++;
        await this.guard(() => sleep(Math.max(0, due - Date.now()), this.controller.signal));
      }
      const asked = waitSeconds;
      // Nobody shows QUEUED → RUNNING without a progress listener (a batch): one held answer per task, at its end.
      const untilFinished = !this.options.onProgress;
      const answer = await this.guard(() =>
        client.getTaskStatus(taskId, { ...this.request(), ...(asked ? { waitSeconds: asked, untilFinished } : {}) }),
      );
      this.polls++;
      // A service that did not hold the answer does not long-poll: back to the schedule.
      if (asked && answer.waited_ms === undefined) waitSeconds = 0;
      status = answer.status;
      notes = answer.notes ?? [];
      if (status !== last) this.emit('status', taskId, kind, status);
      last = status;
      if (status === 'FAILED') {
        const serviceMessage = answer.error_message ?? 'no reason given';
        throw new ReportServiceError({
          kind: 'task_failed',
          message: `${KIND_LABEL[kind]} ${taskId} failed: ${serviceMessage}`,
          serviceMessage,
          taskId,
        });
      }
    }
    return { status, polls: this.polls, notes };
  }

  async fetch(client: ReportClient, taskId: string, kind: TaskKindOrUnknown, output: TaskOutput = { to: 'bytes' }): Promise<FetchedFile> {
    this.emit('downloading', taskId, kind, 'SUCCESS');
    if (output.to === 'file') {
      const file = await this.guard(() => client.downloadReport(taskId, output.path, this.request()));
      return { taskId, kind, contentType: file.contentType, size: file.size, path: file.path };
    }
    const file = await this.guard(() => client.getReport(taskId, this.request()));
    return { taskId, kind, contentType: file.contentType, size: file.bytes.length, bytes: file.bytes };
  }

  private translate(error: unknown): unknown {
    const aborted = this.controller.signal.aborted;
    if (aborted && this.timedOut) {
      return new ReportServiceError({
        kind: 'timeout',
        message: `Task ${this.taskId ?? '(not submitted)'} did not finish within ${this.timeoutMs} ms`,
        taskId: this.taskId,
        cause: error,
      });
    }
    if (aborted) {
      const message = this.taskId ? `Cancelled (task ${this.taskId} keeps running on the service)` : 'Cancelled';
      return new ReportServiceError({ kind: 'cancelled', message, taskId: this.taskId, cause: error });
    }
    if (error instanceof ReportServiceError && this.taskId && !error.taskId) return error.with({ taskId: this.taskId });
    return error;
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.options.signal?.removeEventListener('abort', this.onCallerAbort);
  }
}
