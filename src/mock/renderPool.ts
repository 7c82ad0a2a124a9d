/**
 * Renders in worker threads: one real renderer per worker, `size` workers (the task
 * concurrency). A render that is aborted (time limit, shutdown) terminates its worker,
 * which really stops a runaway layout; the next job starts a fresh worker. The worker
 * script is dist/render-worker.js beside the bundle, or src/mock/renderWorker.ts under tsx.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ReportBody } from '../core/report/types';
import { RenderError, type RenderedPdf, type RenderNote, type RenderOptions, type ReportRenderer } from './render/renderer';

/** Heap per render worker: the largest real reports need a few hundred MB. */
export const DEFAULT_WORKER_HEAP_MB = 512;

export type WorkerJob = { id: number; kind: 'pdf'; report: ReportBody } | { id: number; kind: 'jpeg'; pdf: Uint8Array };
export type WorkerReply = { id: number; ok: true; bytes: Uint8Array; pageCount: number; notes: RenderNote[] } | { id: number; ok: false; name: string; message: string };

interface Slot {
  worker: Worker;
  busy: boolean;
}

/** The worker script and how to start it, or undefined when none is shipped. */
export function locateRenderWorker(): { file: string; execArgv: string[] } | undefined {
  const bundled = join(__dirname, 'render-worker.js');
  if (existsSync(bundled)) return { file: bundled, execArgv: [] };
  const source = join(__dirname, 'renderWorker.ts');
  if (existsSync(source)) return { file: source, execArgv: ['--require', 'tsx/cjs'] };
  return undefined;
}

export class WorkerRenderer implements ReportRenderer {
  private readonly slots: Slot[] = [];
  private readonly waiting: Array<() => void> = [];
  private nextId = 1;
  private disposed = false;
  private readonly outOfMemory = new WeakSet<Worker>();
  private readonly exited = new WeakSet<Worker>();

  constructor(
    private readonly entry: { file: string; execArgv: string[] },
    size: number,
    private readonly timeLimitMs: number,
    /**
     * Heap limit of each worker. Without one, a render that runs away with memory takes
     * the whole service down with it (V8's out-of-memory is fatal to the process); with
     * one, only that worker ends and its task FAILS.
     */
    private readonly maxHeapMb = DEFAULT_WORKER_HEAP_MB,
  ) {
    // Start the workers now: each compiles the PDFium WASM once (0.5–0.9 s) off the main thread.
    for (let i = 0; i < size; i++) this.slots.push({ worker: this.spawn(), busy: false });
  }

  private spawn(): Worker {
    const w = new Worker(this.entry.file, {
      execArgv: this.entry.execArgv,
      workerData: { timeLimitMs: this.timeLimitMs },
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

  private async acquire(): Promise<Slot> {
    for (;;) {
      if (this.disposed) throw new RenderError('renderer disposed');
      const free = this.slots.find((s) => !s.busy);
      if (free) {
        free.busy = true;
        return free;
      }
      await new Promise<void>((r) => this.waiting.push(r));
    }
  }

  private release(slot: Slot, broken: boolean): void {
    if (broken && !this.disposed) {
      void slot.worker.terminate();
      slot.worker = this.spawn();
    }
    slot.busy = false;
    this.waiting.shift()?.();
  }

  private async run(job: WorkerJob, signal: AbortSignal | undefined, transfer: ArrayBuffer[]): Promise<WorkerReply & { ok: true }> {
    signal?.throwIfAborted();
    const slot = await this.acquire();
    if (this.exited.has(slot.worker)) slot.worker = this.spawn();
    const w = slot.worker;
    let broken = false;
    try {
      return await new Promise((resolve, reject) => {
        const cleanup = (): void => {
          w.off('message', onMessage);
          w.off('exit', onExit);
          signal?.removeEventListener('abort', onAbort);
        };
        const onMessage = (reply: WorkerReply): void => {
          if (reply.id !== job.id) return;
          cleanup();
          if (reply.ok) resolve(reply);
          else reject(reply.name === 'RenderError' ? new RenderError(reply.message) : new Error(reply.message));
        };
        const onExit = (code: number): void => {
          cleanup();
          broken = true;
          // 'error' comes before 'exit'; give it that turn before reading what it said.
          setImmediate(() => {
            const oom = this.outOfMemory.delete(w);
            reject(new RenderError(oom ? `the report needs more than the ${this.maxHeapMb} MB of memory a render may use` : `the render worker stopped unexpectedly (exit code ${code})`));
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
    return { pdf: r.bytes, pageCount: r.pageCount, notes: r.notes };
  }

  async renderPreviewJpeg(pdf: Uint8Array, options?: RenderOptions): Promise<Uint8Array> {
    const copy = new Uint8Array(pdf);
    const r = await this.run({ id: this.nextId++, kind: 'jpeg', pdf: copy }, options?.signal, [copy.buffer as ArrayBuffer]);
    return r.bytes;
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    for (const wake of this.waiting.splice(0)) wake();
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}
