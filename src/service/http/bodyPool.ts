/**
 * Where a submitted body is checked (bodyCheck.ts). Up to BODY_WORKER_THRESHOLD bytes: on
 * the main thread (a few ms; an error-dense 64 KiB body ~35 ms). Larger bodies: in one
 * worker thread, one at a time, so a 10 MB body with 360,000 errors (seconds of work)
 * never blocks the event loop, SIGTERM and every other request stay answered, and memory
 * for validation is bounded by one body at a time and the worker's heap limit. At most
 * MAX_WAITING_BODIES wait; beyond that a submit answers 503 with Retry-After. close()
 * terminates the worker at once (a stop never waits for a validation).
 *
 * The worker script is dist/body-worker.js beside the bundle, or bodyWorker.ts under tsx.
 */
import { Worker } from 'node:worker_threads';
import { locateWorkerScript, type WorkerScript } from '../workerScript';
import { checkBody, type BodyJob, type BodyVerdict } from './bodyCheck';
import { LIMITS } from '../limits';
import type { HttpError } from './respond';
import { serviceError } from './serviceErrors';

/** Bodies larger than this are decoded and validated in the body worker. */
export const BODY_WORKER_THRESHOLD = LIMITS.bodyWorkerThreshold.default;
/** Large bodies waiting for the worker at most (each holds up to --body-limit bytes). */
const MAX_WAITING_BODIES = LIMITS.maxWaitingBodies.default;
/** Heap of the body worker: an error-dense 10 MB body needs a few hundred MB. */
const BODY_WORKER_HEAP_MB = LIMITS.bodyWorkerHeapMb.default;

export type BodyWorkerJob = BodyJob & { id: number };
export type BodyWorkerReply = { id: number; verdict: BodyVerdict } | { id: number; error: string };

export function locateBodyWorker(): WorkerScript | undefined {
  return locateWorkerScript(__dirname, 'body-worker.js', 'bodyWorker.ts');
}

interface Pending {
  job: BodyWorkerJob;
  transfer: ArrayBuffer[];
  resolve(v: BodyVerdict): void;
  reject(e: unknown): void;
}

const stopping = (): HttpError => serviceError('stopping', {}, { 'retry-after': 1 });

/** An own, transferable copy unless the bytes already fill their buffer alone. */
function transferable(bytes: Uint8Array): Uint8Array {
  const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
  return own ? bytes : new Uint8Array(bytes);
}

export class BodyChecker {
  private worker: Worker | undefined;
  private running: Pending | undefined;
  private readonly queue: Pending[] = [];
  private closed = false;
  private nextId = 1;
  private readonly outOfMemory = new WeakSet<Worker>();

  constructor(
    private readonly entry: WorkerScript | undefined,
    private readonly log: (line: string) => void,
    private readonly threshold = BODY_WORKER_THRESHOLD,
    private readonly heapMb = BODY_WORKER_HEAP_MB,
  ) {
    if (!entry) log(`body checker: no body worker script found; bodies over ${threshold} bytes are validated in the main thread`);
  }

  /**
   * Checks a body: inline when small (or no worker is shipped), else in the worker. A body over
   * the threshold that fills its own ArrayBuffer is transferred, not copied (a 10 MB body is not
   * held twice): `job.bytes` then reads as empty, so a caller reads it before (submit.ts keys it).
   */
  check(job: BodyJob): Promise<BodyVerdict> {
    if (job.bytes.byteLength <= this.threshold || !this.entry) {
      try {
        return Promise.resolve(checkBody(job, false));
      } catch (err) {
        return Promise.reject(err);
      }
    }
    if (this.closed) return Promise.reject(stopping());
    if (this.queue.length >= MAX_WAITING_BODIES) {
      return Promise.reject(
        serviceError('bodiesBusy', { waiting: MAX_WAITING_BODIES, thresholdKib: Math.round(this.threshold / 1024) }, { 'retry-after': 1 }),
      );
    }
    const bytes = transferable(job.bytes);
    return new Promise<BodyVerdict>((resolve, reject) => {
      this.queue.push({ job: { ...job, bytes, id: this.nextId++ }, transfer: [bytes.buffer as ArrayBuffer], resolve, reject });
      this.pump();
    });
  }

  /** Large bodies waiting or being checked (for tests and the busy message). */
  get pending(): number {
    return this.queue.length + (this.running ? 1 : 0);
  }

  /** Rejects every waiting check and terminates the worker. */
  async close(): Promise<void> {
    this.closed = true;
    const pending = [...(this.running ? [this.running] : []), ...this.queue.splice(0)];
    this.running = undefined;
    for (const p of pending) p.reject(stopping());
    const w = this.worker;
    this.worker = undefined;
    if (w) await w.terminate().catch(() => undefined);
  }

  private pump(): void {
    if (this.running || this.closed) return;
    const next = this.queue.shift();
    if (!next) return;
    this.running = next;
    this.worker ??= this.spawn();
    this.worker.postMessage(next.job, next.transfer);
  }

  private spawn(): Worker {
    const entry = this.entry!;
    const w = new Worker(entry.file, { execArgv: entry.execArgv, resourceLimits: { maxOldGenerationSizeMb: this.heapMb } });
    // Never keeps the process alive on its own (the server does while it listens).
    w.unref();
    w.on('message', (reply: BodyWorkerReply) => {
      const p = this.running;
      if (!p || reply.id !== p.job.id) return;
      this.running = undefined;
      if ('error' in reply) p.reject(new Error(`body check failed: ${reply.error}`));
      else p.resolve(reply.verdict);
      this.pump();
    });
    w.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') this.outOfMemory.add(w);
    });
    w.once('exit', (code) => {
      // 'error' comes before 'exit'; give it that turn before reading what it said.
      setImmediate(() => {
        if (this.worker === w) this.worker = undefined;
        const p = this.running;
        if (!p || this.closed) return;
        this.running = undefined;
        if (this.outOfMemory.has(w)) {
          p.reject(serviceError('bodyTooLargeToValidate', { heapMb: this.heapMb }));
        } else {
          this.log(`body checker: the body worker stopped unexpectedly (exit code ${code}); starting a new one`);
          p.reject(new Error(`the body worker stopped unexpectedly (exit code ${code})`));
        }
        this.pump();
      });
    });
    return w;
  }
}
