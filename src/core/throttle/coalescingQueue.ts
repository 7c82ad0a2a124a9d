/**
 * Preview on save: at most one run in flight per file, and a save during a run queues
 * exactly one more (which reads the file as it is then, so nothing is lost by dropping
 * further saves). Saving five times during a slow preview costs two previews, not six.
 */

export type TriggerResult = 'started' | 'queued' | 'already-queued';

interface Slot {
  running: Promise<void>;
  queued: boolean;
}

export class CoalescingQueue<K> {
  private readonly slots = new Map<K, Slot>();

  /** @param onError receives what a run threw (runs are independent: one failure stops nothing). */
  constructor(private readonly onError: (error: unknown, key: K) => void = () => undefined) {}

  trigger(key: K, run: () => Promise<void>): TriggerResult {
    const slot = this.slots.get(key);
    if (slot) {
      if (slot.queued) return 'already-queued';
      slot.queued = true;
      return 'queued';
    }
    this.start(key, run);
    return 'started';
  }

  /** True while a run for `key` is in flight. */
  isRunning(key: K): boolean {
    return this.slots.has(key);
  }

  /** Resolves once nothing is running or queued for `key` (or for any key). */
  async idle(key?: K): Promise<void> {
    for (;;) {
      const slot = key === undefined ? this.slots.values().next().value : this.slots.get(key);
      if (!slot) return;
      await slot.running;
    }
  }

  private start(key: K, run: () => Promise<void>): void {
    const slot: Slot = { running: Promise.resolve(), queued: false };
    this.slots.set(key, slot);
    slot.running = (async () => {
      for (;;) {
        try {
          await run();
        } catch (error) {
          this.onError(error, key);
        }
        if (!slot.queued) break;
        slot.queued = false;
      }
      this.slots.delete(key);
    })();
  }
}
