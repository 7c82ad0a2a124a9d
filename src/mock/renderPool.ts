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

/** Heap per render worker: the largest real reports need a few hundred MB. */
export const DEFAULT_WORKER_HEAP_MB = 512;
/**
 * Memory outside the JS heap per render worker (Buffers, WASM). A report at the image
 * limit (40 megapixels with alpha) peaks near 650 MB while pdfkit splits its alpha channel.
 */
export const DEFAULT_WORKER_EXTERNAL_MB = 1024;
/** The exit code of a worker that went over its external-memory budget. */
export const EXIT_OVER_MEMORY_BUDGET = 87;
/** The most workers one preview is split across: more parts than cores would only add overhead. */
export const MAX_PREVIEW_PARTS = availableParallelism();

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
  | { id: number; kind: 'jpeg'; pdf: Uint8Array; part: number; parts: number };
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
      recycle?: boolean;
    }
  | { id: number; ok: false; name: string; message: string };

interface Slot {
  worker: Worker;
  busy: boolean;
}

/** The worker script and how to start it, or undefined when none is shipped. */
export function locateRenderWorker(): WorkerScript | undefined {
  return locateWorkerScript(__dirname, 'render-worker.js', 'renderWorker.ts');
}

export class WorkerRenderer implements ReportRenderer {
  private readonly slots: Slot[] = [];
  /** Jobs waiting for a worker, first come first served: each is handed a slot (undefined: disposed). */
  private readonly waiting: Array<(slot: Slot | undefined) => void> = [];
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
    for (let i = 0; i < size; i++) this.slots.push({ worker: this.spawn(), busy: false });
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

  /** A free worker now, if any (none is free while jobs wait: release() hands each slot on). */
  private takeFree(): Slot | undefined {
    const free = this.disposed ? undefined : this.slots.find((s) => !s.busy);
    if (free) free.busy = true;
    return free;
  }

  private async acquire(): Promise<Slot> {
    if (this.disposed) throw new RenderError('renderer disposed');
    const slot = this.takeFree() ?? (await new Promise<Slot | undefined>((r) => this.waiting.push(r)));
    if (!slot) throw new RenderError('renderer disposed');
    return slot;
  }

  private release(slot: Slot, broken: boolean): void {
    if (broken && !this.disposed) {
      void slot.worker.terminate();
      slot.worker = this.spawn();
    }
    const next = this.waiting.shift();
    if (next) next(slot);
    else slot.busy = false;
  }

  private async run(job: WorkerJob, signal: AbortSignal | undefined, transfer: ArrayBuffer[]): Promise<WorkerReply & { ok: true }> {
    signal?.throwIfAborted();
    return this.runOn(await this.acquire(), job, signal, transfer);
  }

  /** Runs `job` on the acquired `slot`, then releases it. */
  private async runOn(
    slot: Slot,
    job: WorkerJob,
    signal: AbortSignal | undefined,
    transfer: ArrayBuffer[],
  ): Promise<WorkerReply & { ok: true }> {
    let broken = false;
    try {
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
          if (reply.ok && reply.recycle) broken = true;
          if (reply.ok) resolve(reply);
          else if (reply.name === 'RenderError') reject(new RenderError(reply.message));
          else if (reply.name === 'ReportUnreadable') reject(new ReportUnreadable(reply.message));
          else reject(new Error(reply.message));
        };
        const onExit = (code: number): void => {
          cleanup();
          broken = true;
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
          broken = true; // the worker may still be busy with the abandoned job
          reject(signal!.reason ?? new Error('aborted'));
        };
        w.on('message', onMessage);
        w.on('exit', onExit);
        signal?.addEventListener('abort', onAbort, { once: true });
        w.postMessage(job, transfer);
      });
    } finally {
      this.release(slot, broken);
    }
  }

  async renderPdf(report: ReportBody, options?: RenderOptions): Promise<RenderedPdf> {
    const r = await this.run({ id: this.nextId++, kind: 'pdf', report }, options?.signal, []);
    return { pdf: r.bytes, pageCount: r.pageCount, notes: r.notes, ...r.pdfExtras };
  }

  async renderPdfFile(file: string, options?: RenderOptions): Promise<RenderedPdf> {
    const r = await this.run({ id: this.nextId++, kind: 'pdf-file', file }, options?.signal, []);
    return { pdf: r.bytes, pageCount: r.pageCount, notes: r.notes, ...r.pdfExtras };
  }

  /**
   * The preview on one worker (waited for) and every other worker free at this moment, up to
   * MAX_PREVIEW_PARTS; an abort stops (terminates) every part's worker, as for any job.
   */
  async renderPreviewJpeg(pdf: Uint8Array, options?: RenderOptions): Promise<Uint8Array> {
    const signal = options?.signal;
    signal?.throwIfAborted();
    const slots = [await this.acquire()];
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
    for (const wake of this.waiting.splice(0)) wake(undefined);
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}
