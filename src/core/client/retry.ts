/**
 * When and how long to wait before repeating a request. Only two failures are
 * retried: 503 (the service refused before doing any work) and network failures.
 * A network failure after the request was sent is only retried for requests that are
 * safe to repeat: repeating a build that may have been accepted could spend quota twice.
 */
import type { ReportServiceError } from './errors';
import { ReportServiceError as ServiceError } from './errors';

export interface RetryPolicy {
  /** Retries after the first attempt (0 disables retrying). */
  retries: number;
  /** First backoff step; doubles each retry. */
  baseDelayMs: number;
  /** Cap of one backoff step. */
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the 503 is returned at once. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  retries: 3,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 30_000,
};

/** `safe`: GETs and previews (free, no side effect worth protecting). `unsent-only`: builds. */
export type Repeatability = 'safe' | 'unsent-only';

export function isRetryable(error: ReportServiceError, repeatability: Repeatability): boolean {
  if (error.kind === 'rate_limited') return true;
  if (error.kind === 'network') return repeatability === 'safe' || !error.requestSent;
  return false;
}

/** Exponential backoff with "equal jitter": half the step fixed, half random. */
export function backoffDelay(retry: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return Math.round(step / 2 + random() * (step / 2));
}

/** Retry-After as delta-seconds or an HTTP date → milliseconds from now; undefined if absent/invalid. */
export function parseRetryAfter(value: string | undefined | null, now: number = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Resolves after `ms`, or rejects with a `cancelled` error when the signal fires. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(cancelledError(signal));
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(cancelledError(signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function cancelledError(signal?: AbortSignal, endpoint?: string): ReportServiceError {
  const reason = signal?.reason;
  const why = reason instanceof Error && reason.name !== 'AbortError' ? `: ${reason.message}` : '';
  return new ServiceError({ kind: 'cancelled', message: `Cancelled${why}`, endpoint });
}

export interface RetryContext {
  policy: RetryPolicy;
  repeatability: Repeatability;
  signal?: AbortSignal;
  random?: () => number;
  /** Told about every retry (for logs and progress). */
  onRetry?: (error: ReportServiceError, retry: number, delayMs: number) => void;
}

/** Runs `attempt` until it succeeds, fails with a non-retryable error, or retries run out. */
export async function withRetries<T>(attempt: (n: number) => Promise<T>, ctx: RetryContext): Promise<T> {
  for (let n = 0; ; n++) {
    try {
      return await attempt(n);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      const attempts = n + 1;
      if (n >= ctx.policy.retries || !isRetryable(error, ctx.repeatability)) throw error.with({ attempts });
      const delay = nextDelay(error, n, ctx);
      if (delay === undefined) throw error.with({ attempts });
      ctx.onRetry?.(error, n + 1, delay);
      await sleep(delay, ctx.signal);
    }
  }
}

/** Retry-After wins over backoff when present; undefined = give up now. */
function nextDelay(error: ReportServiceError, retry: number, ctx: RetryContext): number | undefined {
  if (error.retryAfterMs !== undefined) {
    return error.retryAfterMs > ctx.policy.maxRetryAfterMs ? undefined : error.retryAfterMs;
  }
  return backoffDelay(retry, ctx.policy, ctx.random);
}
