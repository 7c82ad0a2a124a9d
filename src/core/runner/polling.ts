/**
 * When to ask for a task's status. Renders usually finish within a second, so the first
 * check comes soon and the gaps then grow to a cap. Once the gaps reach the cap, checks
 * fall on the multiples of the cap (counted from the submit), so every check a fixed
 * poller with that interval makes (FIXED_750_POLLING, the public clients' 750 ms and the
 * bench's baseline) is also one of ours: a task is never noticed later than with it, at
 * any render length. The price is ~3 extra status checks in the first 750 ms.
 *
 * Times are absolute (since the submit answered), not gaps after each answer: the time a
 * status request takes does not push the later checks back.
 */
import { isLoopbackHost } from '../service/serviceChoice';

export interface PollSchedule {
  /** Delay before the first status check after submitting. */
  initialDelayMs: number;
  /** Each next gap is the previous one times this factor (≥ 1). */
  factor: number;
  /** No gap grows beyond this; from its first multiple on, checks fall on its multiples. */
  maxDelayMs: number;
}

/** Checks at 100, 250, 475, 750, 1500, 2250… ms. */
export const ADAPTIVE_POLLING: PollSchedule = { initialDelayMs: 100, factor: 1.5, maxDelayMs: 750 };

export const FIXED_750_POLLING: PollSchedule = { initialDelayMs: 750, factor: 1, maxDelayMs: 750 };

export function resolveSchedule(partial: Partial<PollSchedule> = {}): PollSchedule {
  const s = { ...ADAPTIVE_POLLING, ...partial };
  if (!(s.initialDelayMs >= 0)) throw new RangeError(`initialDelayMs must be ≥ 0, got ${s.initialDelayMs}`);
  if (!(s.factor >= 1)) throw new RangeError(`factor must be ≥ 1, got ${s.factor}`);
  if (!(s.maxDelayMs >= s.initialDelayMs)) throw new RangeError(`maxDelayMs must be ≥ initialDelayMs, got ${s.maxDelayMs}`);
  return s;
}

/** The time of status check number `n` (0-based), in ms after the submit answered. */
export function pollTime(schedule: PollSchedule, n: number): number {
  const { initialDelayMs: first, factor, maxDelayMs: cap } = schedule;
  let t = first;
  let gap = first;
  for (let i = 0; i < n; i++) {
    if (cap > 0 && t >= cap) {
      // On the grid: the next multiple of the cap.
      t = (Math.floor(t / cap) + 1) * cap;
      continue;
    }
    gap = Math.min(cap, gap * factor);
    const next = t + Math.max(1, Math.round(gap));
    // Never step over a multiple of the cap: land on it instead.
    t = cap > 0 ? Math.min(next, (Math.floor(t / cap) + 1) * cap) : next;
  }
  return t;
}

/** How long one long-poll of the local service may be held (see WaitOptions.longPollSeconds). */
export const LOCAL_LONG_POLL_SECONDS = 5;

/**
 * Long-poll for a service on this machine (the bundled local service, `report-studio serve`):
 * its `wait=` ends polling granularity. Nothing is asked of a remote service, whose API does
 * not have the parameter; a loopback service without it is caught by the runner's fallback.
 */
export function longPollSecondsFor(baseUrl: string): number | undefined {
  let host: string;
  try {
    host = new URL(baseUrl).hostname;
  } catch {
    return undefined;
  }
  return isLoopbackHost(host) ? LOCAL_LONG_POLL_SECONDS : undefined;
}
