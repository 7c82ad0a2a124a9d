/**
 * Timers a module takes as a parameter, so that its unit tests advance them by hand
 * (test/helpers/manualTimers.ts) instead of waiting on the clock.
 */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The runtime's own timers. */
export const globalTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
};
