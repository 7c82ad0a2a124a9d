/**
 * Renders in worker threads: one real renderer per worker, `size` workers (the task
 * concurrency). A render that is aborted (time limit, shutdown) terminates its worker,
 * which really stops a runaway layout; the next job starts a fresh worker. The worker
 * script is dist/render-worker.js beside the bundle, or src/service/renderWorker.ts under tsx.
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
 * Tasks and live-view drafts share the workers, drafts only a bounded part of them: who gets
 * the next worker is workerQueue.ts's rule. A call's `onStart` (RenderOptions) fires when it has
 * its worker: the task's time limit counts from there (tasks/timeLimit.ts), never the wait.
 * A draft holds its worker for two jobs (leaseForDraft): the check of its text (renderJobs.ts)
 * and, unless a recent render of the same body is taken instead, its render.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { locateWorkerScript, type WorkerScript } from './workerScript';
import { WorkerQueue, type QueueSlot } from './workerQueue';
import type { ReportBody } from '../core/report/types';
import { RenderError, ReportUnreadable, type RenderedPdf, type RenderOptions, type ReportRenderer } from '../render/renderer';
// From jpegStrips, not render/index: the main thread only joins the workers' strips, it never loads the renderer.
import { joinPreviewParts } from '../render/jpegStrips';
import {
  DEFAULT_WORKER_EXTERNAL_MB,
  EXIT_OVER_MEMORY_BUDGET,
  type DraftCheck,
  type WorkerJob,
  type WorkerReply,
  type WorkerSettings,
} from './renderWorkerProtocol';

/** Heap per render worker: the largest real reports need a few hundred MB. */
const DEFAULT_WORKER_HEAP_MB = 512;
/** The most workers one preview is split across: more parts than cores would only add overhead. */
export const MAX_PREVIEW_PARTS = availableParallelism();

export interface WorkerRendererOptions {
  externalMemoryMb?: number;
  images?: Partial<WorkerSettings['images']>;
}

interface Slot extends QueueSlot {
  worker: Worker;
  /** A job on it was abandoned or its worker ended: replaced when the slot is released. */
  broken: boolean;
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
  private readonly queue: WorkerQueue<Slot>;
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
    // Start the workers now: each compiles the PDFium WASM once (0.5–0.9 s) off the main thread.
    for (let i = 0; i < size; i++) this.slots.push({ worker: this.spawn(), busy: false, draft: false, broken: false });
    this.queue = new WorkerQueue(this.slots);
  }

  private spawn(): Worker {
    const settings: WorkerSettings = {
      timeLimitMs: this.timeLimitMs,
      externalMemoryMb: this.externalMb,
      images: {
        allowHosts: [...(this.extra.images?.allowHosts ?? [])],
        allowLoopback: this.extra.images?.allowLoopback ?? true,
        restricted: this.extra.images?.restricted ?? false,
      },
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

  /** A worker for a task, or for a draft when `draft` is given (workerQueue.ts). */
  private acquire(signal?: AbortSignal, draft?: { document?: string }): Promise<Slot> {
    if (this.disposed) return Promise.reject(new RenderError('renderer disposed'));
    return this.queue.acquire(signal, draft);
  }

  /** Replaces the slot's worker if a job broke it, and hands the slot on (workerQueue.ts). */
  private release(slot: Slot): void {
    if (slot.broken && !this.disposed) {
      void slot.worker.terminate();
      slot.worker = this.spawn();
    }
    slot.broken = false;
    this.queue.handOn(slot);
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
    for (let free: Slot | undefined; slots.length < MAX_PREVIEW_PARTS && (free = this.queue.takeFree());) slots.push(free);
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
    this.queue.close(new RenderError('renderer disposed'));
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}
