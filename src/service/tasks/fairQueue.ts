/**
 * The order in which queued tasks are rendered, so that one key cannot starve another:
 *   - one queue per API key, served round-robin across keys (a key with 1,000 previews
 *     queued gets one render in turn like a key with one);
 *   - builds (billed, someone waits for the PDF) ahead of previews; after
 *     BUILD_BURST builds in a row while a preview waits, one preview goes, so a stream of
 *     builds cannot starve previews for ever;
 *   - FIFO within one key and kind.
 * Pure and synchronous: the runner decides when to take, this decides what.
 */
import type { TaskKind } from '../../core/api/types';

/** Builds taken in a row while previews wait before one preview is let through. */
export const BUILD_BURST = 4;

export interface Queued {
  id: string;
  keyId: string;
  kind: TaskKind;
}

/** FIFO with O(1) push and shift (an array's shift is O(n): a backlog of 10,000 would be quadratic). */
class Fifo<T> {
  private items: T[] = [];
  private head = 0;

  get size(): number {
    return this.items.length - this.head;
  }

  push(item: T): void {
    this.items.push(item);
  }

  shift(): T | undefined {
    if (this.head >= this.items.length) return undefined;
    const item = this.items[this.head];
    this.items[this.head++] = undefined as T;
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }
}

/** Round-robin over keys: a Map's insertion order is the ring; a served key moves to its end. */
class KeyRing<T extends Queued> {
  private readonly byKey = new Map<string, Fifo<T>>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  push(item: T): void {
    let q = this.byKey.get(item.keyId);
    if (!q) this.byKey.set(item.keyId, (q = new Fifo<T>()));
    q.push(item);
    this.count++;
  }

  take(): T | undefined {
    for (const [keyId, q] of this.byKey) {
      const item = q.shift();
      this.byKey.delete(keyId);
      if (q.size > 0) this.byKey.set(keyId, q);
      if (item) {
        this.count--;
        return item;
      }
    }
    return undefined;
  }
}

export class FairQueue<T extends Queued> {
  private readonly builds = new KeyRing<T>();
  private readonly previews = new KeyRing<T>();
  private readonly perKey = new Map<string, number>();
  private buildsInARow = 0;

  get size(): number {
    return this.builds.size + this.previews.size;
  }

  /** Tasks of this key waiting (not running). */
  queuedFor(keyId: string): number {
    return this.perKey.get(keyId) ?? 0;
  }

  /** Keys with something waiting. */
  get activeKeys(): number {
    return this.perKey.size;
  }

  push(item: T): void {
    (item.kind === 'build' ? this.builds : this.previews).push(item);
    this.perKey.set(item.keyId, this.queuedFor(item.keyId) + 1);
  }

  take(): T | undefined {
    const previewTurn = this.previews.size > 0 && (this.builds.size === 0 || this.buildsInARow >= BUILD_BURST);
    const item = previewTurn ? this.previews.take() : this.builds.take();
    if (!item) return undefined;
    this.buildsInARow = item.kind === 'build' && this.previews.size > 0 ? this.buildsInARow + 1 : 0;
    const left = this.queuedFor(item.keyId) - 1;
    if (left > 0) this.perKey.set(item.keyId, left);
    else this.perKey.delete(item.keyId);
    return item;
  }

  clear(): void {
    while (this.take());
  }
}
