/**
 * When to ask for a task's status. Renders usually finish within a second, so the
 * first check comes soon and the interval then grows to a cap: short tasks are
 * picked up almost at once. The cap equals the public clients' fixed 750 ms
 * (FIXED_750_POLLING, the bench's baseline), so a long task is never noticed later
 * than with them on average; the price is ~4 extra status checks in the first second.
 */

export interface PollSchedule {
  /** Delay before the first status check after submitting. */
  initialDelayMs: number;
  /** Each next delay is the previous one times this factor (≥ 1). */
  factor: number;
  /** The delay never grows beyond this. */
  maxDelayMs: number;
}

export const ADAPTIVE_POLLING: PollSchedule = { initialDelayMs: 100, factor: 1.5, maxDelayMs: 750 };

export const FIXED_750_POLLING: PollSchedule = { initialDelayMs: 750, factor: 1, maxDelayMs: 750 };

export function resolveSchedule(partial: Partial<PollSchedule> = {}): PollSchedule {
  const s = { ...ADAPTIVE_POLLING, ...partial };
  if (!(s.initialDelayMs >= 0)) throw new RangeError(`initialDelayMs must be ≥ 0, got ${s.initialDelayMs}`);
  if (!(s.factor >= 1)) throw new RangeError(`factor must be ≥ 1, got ${s.factor}`);
  if (!(s.maxDelayMs >= s.initialDelayMs)) throw new RangeError(`maxDelayMs must be ≥ initialDelayMs, got ${s.maxDelayMs}`);
  return s;
}

/** The delay before status check number `n` (0-based). */
export function pollDelay(schedule: PollSchedule, n: number): number {
  return Math.min(schedule.maxDelayMs, Math.round(schedule.initialDelayMs * schedule.factor ** n));
}
