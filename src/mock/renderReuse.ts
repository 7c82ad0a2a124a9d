/**
 * One layout for identical bodies sent a moment apart. The live view draws the text an author is
 * typing (renderDraft), and the Preview or Build they run next submits that same body: the task
 * then takes the PDF already drawn — or still being drawn — instead of laying the report out a
 * second time. A Build right after a Preview of the same body reuses the Preview's PDF too.
 *
 * Keyed by the SHA-256 of the body bytes as submitted (the client and the live view both send
 * jsoncToJson(text).body). Bounded: at most MAX_ENTRIES renders, MAX_PDF_BYTES of PDFs, each for
 * REUSE_MS; bodies over MAX_KEYED_BODY_BYTES are not hashed (on the request path) and never
 * shared. A shared render that fails or is aborted (a draft superseded by the next keystroke)
 * leaves the task to render on its own. Renders are deterministic, so the only difference a
 * reused PDF can show is its creation time and an image fetched up to REUSE_MS earlier.
 */
import { createHash } from 'node:crypto';
import type { RenderedPdf } from '../render/renderer';

export const REUSE_MS = 30_000;
export const MAX_ENTRIES = 8;
export const MAX_PDF_BYTES = 64 * 1024 * 1024;
export const MAX_KEYED_BODY_BYTES = 1024 * 1024;
/** Submitted tasks whose body key is kept until they run (the oldest is dropped beyond it). */
export const MAX_EXPECTED_TASKS = 10_000;

interface Entry {
  at: number;
  render: Promise<RenderedPdf>;
  bytes: number;
}

export class RecentRenders {
  private readonly entries = new Map<string, Entry>();
  /** Task id → the key of the body it was submitted with (until the task takes or drops it). */
  private readonly tasks = new Map<string, string>();

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * The key of a body sent by the API key with id `scope` (a render is shared only within one
   * key), or undefined for a body too large to hash on the request path.
   */
  static keyOf(scope: string, body: Uint8Array): string | undefined {
    if (body.byteLength > MAX_KEYED_BODY_BYTES) return undefined;
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

  /** Forgets everything (the service stops). */
  clear(): void {
    this.entries.clear();
    this.tasks.clear();
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
  }
}
