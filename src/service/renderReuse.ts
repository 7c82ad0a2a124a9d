/**
 * One layout for identical bodies sent a moment apart. The live view draws the text an author is
 * typing (renderDraft), and the Preview or Build they run next submits that same body: the task
 * then takes the PDF already drawn — or still being drawn — instead of laying the report out a
 * second time. A Build right after a Preview of the same body reuses the Preview's PDF too.
 *
 * Keyed by the SHA-256 of the API key's id and the body bytes as submitted (the client and the
 * live view both send jsoncToJson(text).body; drafts use the service's first key, the one the
 * embedding extension submits with). A render is shared within one API key only: another key never
 * learns, by a PDF or by timing, what a key rendered. The key is taken from the bytes before the
 * body checker transfers (detaches) them to its worker: a detached buffer reads as zero bytes, and
 * an empty body is never keyed. Bounded: at most MAX_ENTRIES renders, MAX_PDF_BYTES of PDFs, each
 * for REUSE_MS (a timer drops them then, so no PDF stays resident after the window); bodies over
 * MAX_KEYED_BODY_BYTES are not hashed (on the request path) and never shared. A shared render that fails or is aborted (a draft superseded by the next keystroke)
 * leaves the task to render on its own. Renders are deterministic, so the only difference a
 * reused PDF can show is its creation time and an image fetched up to REUSE_MS earlier.
 */
import { createHash } from 'node:crypto';
import type { RenderedPdf } from '../render/renderer';

export const REUSE_MS = 30_000;
export const MAX_ENTRIES = 8;
const MAX_PDF_BYTES = 64 * 1024 * 1024;
export const MAX_KEYED_BODY_BYTES = 1024 * 1024;
/** Submitted tasks whose body key is kept until they run (the oldest is dropped beyond it). */
export const MAX_EXPECTED_TASKS = 10_000;

interface Entry {
  at: number;
  render: Promise<RenderedPdf>;
  bytes: number;
}

/** Runs `fn` after `ms` without keeping the process alive; returns a function that cancels it. */
export type Schedule = (fn: () => void, ms: number) => () => void;

const unrefTimeout: Schedule = (fn, ms) => {
  const timer = setTimeout(fn, ms);
  // A browser's timer is a number: there, nothing is kept alive by it anyway.
  timer.unref?.();
  return () => clearTimeout(timer);
};

export class RecentRenders {
  private readonly entries = new Map<string, Entry>();
  /** Task id → the key of the body it was submitted with (until the task takes or drops it). */
  private readonly tasks = new Map<string, string>();
  /** Cancels the timer that drops the oldest entry when it expires (one timer at most). */
  private cancelExpiry: (() => void) | undefined;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly schedule: Schedule = unrefTimeout,
  ) {}

  /** Renders remembered now (expired ones are dropped by a timer, not only when looked up). */
  get size(): number {
    return this.entries.size;
  }

  /**
   * The key of a body submitted with the API key whose id is `scope`; undefined for a body too
   * large to hash on the request path, and for an empty one (a detached buffer reads as empty:
   * it must never match another body). Read the bytes before they are transferred to a worker.
   */
  static keyOf(scope: string, body: Uint8Array): string | undefined {
    if (body.byteLength === 0 || body.byteLength > MAX_KEYED_BODY_BYTES) return undefined;
    // Key ids are hex: the NUL separator cannot occur in one, so (scope, body) pairs never collide.
    return createHash('sha256').update(scope).update('\0').update(body).digest('base64url');
  }

  /** Offers a render of the body with `key` (in flight or done) to the tasks that follow. */
  remember(key: string | undefined, render: Promise<RenderedPdf>): void {
    if (!key) return;
    const entry: Entry = { at: this.now(), render, bytes: 0 };
    this.entries.delete(key);
    this.entries.set(key, entry);
    render.then(
      (r) => {
        entry.bytes = r.pdf.byteLength;
        this.trim();
      },
      // A failed render is no use to anyone: forget it (if it is still the one remembered).
      () => this.entries.get(key) === entry && this.entries.delete(key),
    );
    this.trim();
  }

  /** Notes which body a task was submitted with. */
  expect(taskId: string, key: string | undefined): void {
    if (!key) return;
    this.tasks.set(taskId, key);
    // Queued tasks are capped per key, but the map must not grow whatever happens to them.
    if (this.tasks.size > MAX_EXPECTED_TASKS) this.tasks.delete(this.tasks.keys().next().value as string);
  }

  /** The key the task was submitted with (once: the task renders now). */
  keyOfTask(taskId: string): string | undefined {
    const key = this.tasks.get(taskId);
    this.tasks.delete(taskId);
    return key;
  }

  /** A render of the body with `key` made less than REUSE_MS ago, if any. */
  find(key: string | undefined): Promise<RenderedPdf> | undefined {
    if (!key) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.at > REUSE_MS) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.render;
  }

  /** Forgets everything and stops the expiry timer (the service stops). */
  clear(): void {
    this.entries.clear();
    this.tasks.clear();
    this.cancelExpiry?.();
    this.cancelExpiry = undefined;
  }

  private trim(): void {
    const now = this.now();
    for (const [key, e] of this.entries) if (now - e.at > REUSE_MS) this.entries.delete(key);
    let total = [...this.entries.values()].reduce((n, e) => n + e.bytes, 0);
    // Oldest first (a Map keeps insertion order, and remember() re-inserts).
    for (const [key, e] of this.entries) {
      if (this.entries.size <= MAX_ENTRIES && total <= MAX_PDF_BYTES) break;
      this.entries.delete(key);
      total -= e.bytes;
    }
    this.scheduleExpiry();
  }

  /** One timer, for the oldest entry: up to MAX_PDF_BYTES of PDFs must not stay resident after an idle window. */
  private scheduleExpiry(): void {
    this.cancelExpiry?.();
    this.cancelExpiry = undefined;
    const oldest = this.entries.values().next().value as Entry | undefined;
    if (!oldest) return;
    const due = Math.max(0, oldest.at + REUSE_MS + 1 - this.now());
    this.cancelExpiry = this.schedule(() => {
      this.cancelExpiry = undefined;
      this.trim();
    }, due);
  }
}
