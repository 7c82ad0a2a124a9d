/**
 * Who gets a render worker next (renderPool.ts): tasks and live-view drafts share the workers,
 * drafts only a bounded part of them —
 * - at most draftWorkers(size) workers hold a draft at once (max(1, size − 1): with two or
 *   more workers one is always left to tasks);
 * - a worker that frees goes to a waiting task first, to a waiting draft only when no task waits;
 * - a newer draft of the same document supersedes one still waiting (it rejects with
 *   DraftSuperseded), and a call aborted while waiting leaves its queue at once.
 */

/** What the queue needs of a pool's worker slot. */
export interface QueueSlot {
  busy: boolean;
  /** Held by a draft (counted against draftWorkers). */
  draft: boolean;
}

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

/** A call waiting for a worker. */
interface Waiter<S> {
  give(slot: S): void;
  fail(reason: unknown): void;
  /** A draft's document: a newer draft of it supersedes this one. */
  document?: string;
}

export class WorkerQueue<S extends QueueSlot> {
  /** Tasks waiting for a worker, first come first served (served before any draft). */
  private readonly tasks: Waiter<S>[] = [];
  /** Drafts waiting for a worker, first come first served, within draftWorkers(). */
  private readonly drafts: Waiter<S>[] = [];
  private readonly draftLimit: number;
  private closed = false;

  /** `slots`: the pool's slots (the same array, as the pool changes it). */
  constructor(private readonly slots: readonly S[]) {
    this.draftLimit = draftWorkers(slots.length);
  }

  private get draftsRunning(): number {
    return this.slots.filter((s) => s.busy && s.draft).length;
  }

  /** A free worker for a task now, if any (a waiting task is handed each freed slot by handOn()). */
  takeFree(): S | undefined {
    const free = this.closed ? undefined : this.slots.find((s) => !s.busy);
    if (free) free.busy = true;
    return free;
  }

  /** A free worker for a draft now: none while a task waits or the drafts' share is taken. */
  private takeFreeForDraft(): S | undefined {
    if (this.tasks.length > 0 || this.draftsRunning >= this.draftLimit) return undefined;
    const free = this.takeFree();
    if (free) free.draft = true;
    return free;
  }

  /**
   * A worker for a task, or for a draft when `draft` is given; waits in its queue when none is
   * free. Aborting `signal` while waiting leaves the queue.
   */
  acquire(signal?: AbortSignal, draft?: { document?: string }): Promise<S> {
    if (signal?.aborted) return Promise.reject(signal.reason ?? new Error('aborted'));
    const now = draft ? this.takeFreeForDraft() : this.takeFree();
    if (now) return Promise.resolve(now);
    const queue = draft ? this.drafts : this.tasks;
    return new Promise<S>((resolve, reject) => {
      const leave = (): void => {
        const i = queue.indexOf(waiter);
        if (i >= 0) queue.splice(i, 1);
        signal?.removeEventListener('abort', onAbort);
      };
      const onAbort = (): void => {
        leave();
        reject(signal!.reason ?? new Error('aborted'));
      };
      const waiter: Waiter<S> = {
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

  /** Hands a slot just freed on: to a waiting task first, then (within their share) to a waiting draft. */
  handOn(slot: S): void {
    slot.draft = false;
    slot.busy = false;
    if (this.closed) return;
    const task = this.tasks.shift();
    if (task) {
      slot.busy = true;
      task.give(slot);
      return;
    }
    if (this.draftsRunning >= this.draftLimit) return;
    const draft = this.drafts.shift();
    if (draft) {
      slot.busy = true;
      slot.draft = true;
      draft.give(slot);
    }
  }

  /** Fails every waiting call with `reason`; nothing is handed out afterwards. */
  close(reason: Error): void {
    this.closed = true;
    for (const w of [...this.tasks, ...this.drafts]) w.fail(reason);
  }
}
