/**
 * Renders in worker threads: one real renderer per worker, `size` workers (the task
 * concurrency). A render that is aborted (time limit, shutdown) terminates its worker,
 * which really stops a runaway layout; the next job starts a fresh worker. The worker
 * script is dist/render-worker.js beside the bundle, or src/mock/renderWorker.ts under tsx.
 *
 * Memory: V8's resourceLimits bound only the JS heap, while a render's big allocations
 * are outside it (image pixels in Buffers, the PDFium and WebP WASM memories). So each
 * worker also watches its own external memory between steps and ends itself over the
 * budget (exit code EXIT_OVER_MEMORY_BUDGET → the task FAILS saying so), and a worker that
 * keeps much memory after a job (WASM memories never shrink) is replaced.
 *
 * A preview is split across the workers that are free when it starts (at most one per CPU
 * core): each renders and encodes its share of the JPEG's horizontal strips
 * (renderPreviewPart) and the strips are joined here (joinPreviewParts, a byte copy). No
 * thread is added for it: the pool stays at `size` workers. A busy pool previews on one worker.
 *
 * Tasks and live-view drafts share the workers, but drafts only a bounded part of them:
 * - at most draftWorkers(size) workers hold a draft at once (max(1, size − 1): with two or
 *   more workers one is always left to tasks);
 * - a worker that frees goes to a waiting task first, to a waiting draft only when no task waits;
 * - a newer draft of the same document supersedes one still waiting (it rejects with
 *   DraftSuperseded), and a draft aborted while waiting leaves the queue at once;
 * - a call's `onStart` (RenderOptions) fires when it has its worker: the task's time limit
 *   counts from there (tasks/timeLimit.ts), never the wait.
 * A draft holds its worker for two jobs (leaseForDraft): the check of its text (renderJobs.ts)
 * and, unless a recent render of the same body is taken instead, its render.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { locateWorkerScript, type WorkerScript } from './workerScript';
import type { ReportBody } from '../core/report/types';
import {
  RenderError,
  ReportUnreadable,
  type PreviewPart,
  type RenderedPdf,
  type RenderNote,
  type RenderOptions,
  type ReportRenderer,
} from '../render/renderer';
import { joinPreviewParts } from '../render/index';
import type { BodyVerdict } from './http/bodyCheck';

/** Heap per render worker: the largest real reports need a few hundred MB. */
const DEFAULT_WORKER_HEAP_MB = 512;
/**
 * Memory outside the JS heap per render worker (Buffers, WASM). A report at the image
 * limit (40 megapixels with alpha) peaks near 650 MB while pdfkit splits its alpha channel.
 */
export const DEFAULT_WORKER_EXTERNAL_MB = 1024;
/** The exit code of a worker that went over its external-memory budget. */
export const EXIT_OVER_MEMORY_BUDGET = 87;
/** The most workers one preview is split across: more parts than cores would only add overhead. */
export const MAX_PREVIEW_PARTS = availableParallelism();

/**
 * How many workers of a pool of `size` may hold live-view drafts at once: all but one (at
 * least one), so a draft that runs to the time limit never keeps every task waiting.
 */
function draftWorkers(size: number): number {
  return Math.max(1, size - 1);
}

/** A draft that waited for a worker was replaced by a newer draft of the same document. */
class DraftSuperseded extends Error {
  constructor() {
    super('superseded by a newer draft of the same document');
    this.name = 'DraftSuperseded';
  }
}

/** What a draft's check found (renderJobs.ts): its render-reuse key and the submit's verdict on its body. */
export interface DraftCheck {
  key: string | undefined;
  verdict: { ok: true } | Exclude<BodyVerdict, { ok: true }>;
}

/** What a worker is started with (structured-cloneable). */
export interface WorkerSettings {
  timeLimitMs: number;
  /** External-memory budget in MB (watched between steps). */
  externalMemoryMb: number;
  /** Image fetch policy: hosts reached whatever they resolve to; whether loopback may be fetched. */
  images: { allowHosts: string[]; allowLoopback: boolean };
}

export interface WorkerRendererOptions {
  externalMemoryMb?: number;
  images?: Partial<WorkerSettings['images']>;
}

export type WorkerJob =
  | { id: number; kind: 'pdf'; report: ReportBody }
  | { id: number; kind: 'pdf-file'; file: string }
  /** Part `part` of `parts` of a preview: its strips come back in the reply's `part`. */
  | { id: number; kind: 'jpeg'; pdf: Uint8Array; part: number; parts: number }
  /** A draft's text (UTF-8, as the editor holds it) to check: the reply's `draft`; an accepted report stays in the worker. */
  | { id: number; kind: 'draft-check'; text: Uint8Array; scope: string; maxDepth: number }
  /** Renders the report the `draft-check` just before it accepted. */
  | { id: number; kind: 'draft-render' };
/** `recycle`: the worker holds much memory after the job (grown WASM memories) and asks to be replaced. */
export type WorkerReply =
  | {
      id: number;
      ok: true;
      /** The PDF (empty for a preview part). */
      bytes: Uint8Array;
      pageCount: number;
      notes: RenderNote[];
      /** Source map, page keys and page size of a PDF job (see RenderedPdf). */
      pdfExtras?: Pick<RenderedPdf, 'boxes' | 'pageKeys' | 'pageSize'>;
      /** The strips of a preview part. */
      part?: PreviewPart;
      /** What a draft-check found. */
      draft?: DraftCheck;
      recycle?: boolean;
    }
  | { id: number; ok: false; name: string; message: string };

interface Slot {
  worker: Worker;
  busy: boolean;
  /** Held by a draft (counted against draftWorkers). */
  draft: boolean;
  /** A job on it was abandoned or its worker ended: replaced when the slot is released. */
  broken: boolean;
}

/** A call waiting for a worker. */
interface Waiter {
  give(slot: Slot): void;
  fail(reason: unknown): void;
  /** A draft's document: a newer draft of it supersedes this one. */
  document?: string;
}

/** A worker held by one draft for its two jobs; release() (always, once done) hands it on. */
export interface DraftLease {
  /** Checks the draft's text (the buffer is transferred: the caller must not use it again). */
  check(text: Uint8Array, scope: string, maxDepth: number, signal?: AbortSignal): Promise<DraftCheck>;
  /** Renders the report the check accepted. */
  render(signal?: AbortSignal): Promise<RenderedPdf>;
  release(): void;
}

/** The worker script and how to start it, or undefined when none is shipped. */
export function locateRenderWorker(): WorkerScript | undefined {
  return locateWorkerScript(__dirname, 'render-worker.js', 'renderWorker.ts');
}

export class WorkerRenderer implements ReportRenderer {
  /** Calls may wait for a worker: each call's RenderOptions.onStart fires when it has one. */
  readonly reportsStart = true;
  private readonly slots: Slot[] = [];
  /** Tasks waiting for a worker, first come first served (served before any draft). */
  private readonly waitingTasks: Waiter[] = [];
  /** Drafts waiting for a worker, first come first served, within draftWorkers(). */
  private readonly waitingDrafts: Waiter[] = [];
  private readonly draftLimit: number;
  private nextId = 1;
  private disposed = false;
  private readonly outOfMemory = new WeakSet<Worker>();
  private readonly exited = new WeakSet<Worker>();

  constructor(
    private readonly entry: WorkerScript,
    size: number,
    private readonly timeLimitMs: number,
    /**
     * Heap limit of each worker. Without one, a render that runs away with memory takes
     * the whole service down with it (V8's out-of-memory is fatal to the process); with
     * one, only that worker ends and its task FAILS.
     */
    private readonly maxHeapMb = DEFAULT_WORKER_HEAP_MB,
    private readonly extra: WorkerRendererOptions = {},
  ) {
    this.draftLimit = draftWorkers(size);
    // Start the workers now: each compiles the PDFium WASM once (0.5–0.9 s) off the main thread.
    for (let i = 0; i < size; i++) this.slots.push({ worker: this.spawn(), busy: false, draft: false, broken: false });
  }

  private spawn(): Worker {
    const settings: WorkerSettings = {
      timeLimitMs: this.timeLimitMs,
      externalMemoryMb: this.externalMb,
      images: { allowHosts: [...(this.extra.images?.allowHosts ?? [])], allowLoopback: this.extra.images?.allowLoopback ?? true },
    };
    const w = new Worker(this.entry.file, {
      execArgv: this.entry.execArgv,
      workerData: settings,
      // The JS heap; memory outside it is watched by the worker itself (renderWorker.ts).
      resourceLimits: { maxOldGenerationSizeMb: this.maxHeapMb },
    });
    w.unref();
    // Reported to the job through 'exit'; an out-of-memory end is remembered to say so.
    w.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') this.outOfMemory.add(w);
    });
    // A worker that ends while idle is replaced before its next job (it would never answer).
    w.once('exit', () => this.exited.add(w));
    return w;
  }

  private get externalMb(): number {
    return this.extra.externalMemoryMb ?? DEFAULT_WORKER_EXTERNAL_MB;
  }

  private get draftsRunning(): number {
    return this.slots.filter((s) => s.busy && s.draft).length;
  }

  /** A free worker for a task now, if any (a waiting task is handed each freed slot by release()). */
  private takeFree(): Slot | undefined {
    const free = this.disposed ? undefined : this.slots.find((s) => !s.busy);
    if (free) free.busy = true;
    return free;
  }

  /** A free worker for a draft now: none while a task waits or the drafts' share is taken. */
  private takeFreeForDraft(): Slot | undefined {
    if (this.waitingTasks.length > 0 || this.draftsRunning >= this.draftLimit) return undefined;
    const free = this.takeFree();
    if (free) free.draft = true;
    return free;
  }

  /**
   * A worker for a task, or for a draft when `draft` is given; waits in its queue when none is
   * free. Aborting `signal` while waiting leaves the queue.
   */
  private acquire(signal?: AbortSignal, draft?: { document?: string }): Promise<Slot> {
    if (this.disposed) return Promise.reject(new RenderError('renderer disposed'));
    if (signal?.aborted) return Promise.reject(signal.reason ?? new Error('aborted'));
    const now = draft ? this.takeFreeForDraft() : this.takeFree();
    if (now) return Promise.resolve(now);
    const queue = draft ? this.waitingDrafts : this.waitingTasks;
    return new Promise<Slot>((resolve, reject) => {
      const leave = (): void => {
        const i = queue.indexOf(waiter);
        if (i >= 0) queue.splice(i, 1);
        signal?.removeEventListener('abort', onAbort);
      };
      const onAbort = (): void => {
        leave();
        reject(signal!.reason ?? new Error('aborted'));
      };
      const waiter: Waiter = {
        document: draft?.document,
        give: (slot) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(slot);
        },
        fail: (reason) => {
          leave();
          reject(reason);
        },
      };
      if (draft?.document !== undefined) queue.find((w) => w.document === draft.document)?.fail(new DraftSuperseded());
      queue.push(waiter);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Hands the slot on: to a waiting task first, then (within their share) to a waiting draft. */
  private release(slot: Slot): void {
    if (slot.broken && !this.disposed) {
      void slot.worker.terminate();
      slot.worker = this.spawn();
    }
    slot.broken = false;
    slot.draft = false;
    slot.busy = false;
    if (this.disposed) return;
    const task = this.waitingTasks.shift();
    if (task) {
      slot.busy = true;
      task.give(slot);
      return;
    }
    if (this.draftsRunning >= this.draftLimit) return;
    const draft = this.waitingDrafts.shift();
    if (draft) {
      slot.busy = true;
      slot.draft = true;
      draft.give(slot);
    }
  }

  private async run(job: WorkerJob, options: RenderOptions | undefined, transfer: ArrayBuffer[]): Promise<WorkerReply & { ok: true }> {
    const slot = await this.acquire(options?.signal);
    options?.onStart?.();
    return this.runOn(slot, job, options?.signal, transfer);
  }

  /** Runs `job` on the acquired `slot`, then releases it. */
  private async runOn(
    slot: Slot,
    job: WorkerJob,
    signal: AbortSignal | undefined,
    transfer: ArrayBuffer[],
  ): Promise<WorkerReply & { ok: true }> {
    try {
      return await this.post(slot, job, signal, transfer);
    } finally {
      this.release(slot);
    }
  }

  /** Posts `job` to the slot's worker and waits for its reply; a job abandoned (abort) or cut short (exit) marks the slot broken. */
  private async post(
    slot: Slot,
    job: WorkerJob,
    signal: AbortSignal | undefined,
    transfer: ArrayBuffer[],
  ): Promise<WorkerReply & { ok: true }> {
    // Aborted while waiting for the worker: the listener below would never fire.
    signal?.throwIfAborted();
    if (this.exited.has(slot.worker)) slot.worker = this.spawn();
    const w = slot.worker;
    return await new Promise((resolve, reject) => {
      const cleanup = (): void => {
        w.off('message', onMessage);
        w.off('exit', onExit);
        signal?.removeEventListener('abort', onAbort);
      };
      const onMessage = (reply: WorkerReply): void => {
        if (reply.id !== job.id) return;
        cleanup();
        if (reply.ok && reply.recycle) slot.broken = true;
        if (reply.ok) resolve(reply);
        else if (reply.name === 'RenderError') reject(new RenderError(reply.message));
        else if (reply.name === 'ReportUnreadable') reject(new ReportUnreadable(reply.message));
        else reject(new Error(reply.message));
      };
      const onExit = (code: number): void => {
        cleanup();
        slot.broken = true;
        // 'error' comes before 'exit'; give it that turn before reading what it said.
        setImmediate(() => {
          const oom = this.outOfMemory.delete(w);
          if (oom) reject(new RenderError(`the report needs more than the ${this.maxHeapMb} MB of memory a render may use`));
          else if (code === EXIT_OVER_MEMORY_BUDGET)
            reject(
              new RenderError(
                `the report needs more than the ${this.externalMb} MB of memory for images and buffers that a render may use`,
              ),
            );
          else reject(new RenderError(`the render worker stopped unexpectedly (exit code ${code})`));
        });
      };
      const onAbort = (): void => {
        cleanup();
        slot.broken = true; // the worker may still be busy with the abandoned job
        reject(signal!.reason ?? new Error('aborted'));
      };
      w.on('message', onMessage);
      w.on('exit', onExit);
      signal?.addEventListener('abort', onAbort, { once: true });
      w.postMessage(job, transfer);
    });
  }

  /**
   * A worker for a live-view draft (within draftWorkers(), after every waiting task), held
   * until the lease is released. A newer lease asked for the same `document` supersedes
   * this one while it waits.
   */
  async leaseForDraft(options: { signal?: AbortSignal; document?: string } = {}): Promise<DraftLease> {
    const slot = await this.acquire(options.signal, { document: options.document });
    let released = false;
    return {
      check: async (text, scope, maxDepth, signal) => {
        const reply = await this.post(slot, { id: this.nextId++, kind: 'draft-check', text, scope, maxDepth }, signal, [
          text.buffer as ArrayBuffer,
        ]);
        return reply.draft!;
      },
      render: async (signal) => {
        const r = await this.post(slot, { id: this.nextId++, kind: 'draft-render' }, signal, []);
        return { pdf: r.bytes, pageCount: r.pageCount, notes: r.notes, ...r.pdfExtras };
      },
      release: () => {
        if (!released) this.release(slot);
        released = true;
      },
    };
  }

  async renderPdf(report: ReportBody, options?: RenderOptions): Promise<RenderedPdf> {
    const r = await this.run({ id: this.nextId++, kind: 'pdf', report }, options, []);
    return { pdf: r.bytes, pageCount: r.pageCount, notes: r.notes, ...r.pdfExtras };
  }

  async renderPdfFile(file: string, options?: RenderOptions): Promise<RenderedPdf> {
    const r = await this.run({ id: this.nextId++, kind: 'pdf-file', file }, options, []);
    return { pdf: r.bytes, pageCount: r.pageCount, notes: r.notes, ...r.pdfExtras };
  }

  /**
   * The preview on one worker (waited for) and every other worker free at this moment, up to
   * MAX_PREVIEW_PARTS; an abort stops (terminates) every part's worker, as for any job.
   */
  async renderPreviewJpeg(pdf: Uint8Array, options?: RenderOptions): Promise<Uint8Array> {
    const signal = options?.signal;
    signal?.throwIfAborted();
    const slots = [await this.acquire(signal)];
    options?.onStart?.();
    for (let free: Slot | undefined; slots.length < MAX_PREVIEW_PARTS && (free = this.takeFree());) slots.push(free);
    const replies = await Promise.allSettled(
      slots.map((slot, part) => {
        const copy = new Uint8Array(pdf);
        const job: WorkerJob = { id: this.nextId++, kind: 'jpeg', pdf: copy, part, parts: slots.length };
        return this.runOn(slot, job, signal, [copy.buffer as ArrayBuffer]);
      }),
    );
    const failed = replies.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    return joinPreviewParts(replies.map((r) => (r as PromiseFulfilledResult<WorkerReply & { ok: true }>).value.part!));
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    for (const w of [...this.waitingTasks, ...this.waitingDrafts]) w.fail(new RenderError('renderer disposed'));
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}
