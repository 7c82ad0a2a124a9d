/** Timers a unit test advances by hand (for modules that take their timers as a parameter). */
import type { Timers } from '../../src/core/timers';

export class ManualTimers implements Timers {
  private now = 0;
  private next = 1;
  private readonly due = new Map<number, { at: number; fn: () => void }>();
  setTimeout = (fn: () => void, ms: number): unknown => {
    const id = this.next++;
    this.due.set(id, { at: this.now + ms, fn });
    return id;
  };
  clearTimeout = (id: unknown): void => {
    this.due.delete(id as number);
  };
  get pending(): number {
    return this.due.size;
  }
  advance(ms: number): void {
    const until = this.now + ms;
    for (;;) {
      const [id, first] = [...this.due].sort((a, b) => a[1].at - b[1].at)[0] ?? [];
      if (id === undefined || !first || first.at > until) break;
      this.due.delete(id);
      this.now = first.at;
      first.fn();
    }
    this.now = until;
  }
}
