/**
 * The local service's limits, declared once: each with its default, its flag (if it has one),
 * its unit and what it bounds. The flag parser and USAGE (flags.ts), the defaults the service
 * resolves (options.ts DEFAULTS), the OpenAPI examples (openapi.ts, through serviceErrors.ts)
 * and the _Limits_ table of docs/local-service.md (scripts/gen-service-surface.ts) read it.
 * The CLI's input cap is core's DEFAULT_BODY_LIMIT_BYTES, the same fact as the default --body-limit.
 */
import { DEFAULT_BODY_LIMIT_BYTES } from '../core/api/types';

/** How a flag's value is written: a count, a duration ("24h"; a bare number is `bareUnit`) or a size ("10mb"). */
type LimitValue = { kind: 'integer'; min: number } | { kind: 'duration'; bareUnit: 'ms' | 'h'; min: number } | { kind: 'size' };

interface Limit {
  default: number;
  /** The unit of `default` (durations in ms). */
  unit: 'count' | 'ms' | 'bytes' | 'requests/s' | 'levels' | 'MB';
  /** What it bounds (docs/local-service.md, _Limits_). */
  bounds: string;
  /**
   * The `type` of the error a client gets beyond it (serviceErrors.ts, which reads this table for
   * its examples: a string here, checked by test/unit/service/surface.test.ts).
   */
  error?: string;
  /** What a client sees beyond it, besides that error (docs). */
  beyond?: string;
  /** An embedding option of the same name without a flag (every limit with a flag is one too). */
  option?: true;
  /** Set on the command line (absent: fixed). */
  flag?: {
    name: `--${string}`;
    /** The value's placeholder in USAGE. */
    arg: string;
    value: LimitValue;
    /** The USAGE line (the default is added from `default`). */
    usage: string;
    /** After the default in USAGE, e.g. ", at most a quarter of --max-connections". */
    usageNote?: string;
    /** The limit that bounds this flag's value from above, and why. */
    max?: { limit: 'maxDepthLimit'; why: string };
  };
}

const MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

export const LIMITS = {
  retentionMs: {
    default: 24 * MS.h,
    unit: 'ms',
    bounds: 'How long a finished report is kept (a bare number is hours)',
    error: 'reportPurged',
    beyond: 'from get-report',
    flag: {
      name: '--retention',
      arg: '<duration>',
      value: { kind: 'duration', bareUnit: 'h', min: 0 },
      usage: 'keep finished reports this long, e.g. 24h, 30m, 90s',
    },
  },
  tombstoneMs: {
    default: 7 * MS.d,
    unit: 'ms',
    bounds: 'How long a purged task is still remembered',
    option: true,
    beyond: 'get-report answers 404 instead of 410',
  },
  concurrency: {
    default: 2,
    unit: 'count',
    bounds: 'Renders at the same time (= render worker threads)',
    beyond: 'further tasks stay QUEUED',
    flag: { name: '--concurrency', arg: '<n>', value: { kind: 'integer', min: 1 }, usage: 'renders at the same time' },
  },
  renderTimeoutMs: {
    default: 60 * MS.s,
    unit: 'ms',
    bounds: 'Time one render may take, counted from when it gets a worker, not while it waits for one (a bare number is ms)',
    beyond: 'the task ends FAILED `Rendering took longer than the … s time limit of the local service`',
    flag: {
      name: '--render-timeout',
      arg: '<dur>',
      value: { kind: 'duration', bareUnit: 'ms', min: 0 },
      usage: 'a render taking longer ends FAILED',
    },
  },
  webhookAttempts: {
    default: 9,
    unit: 'count',
    bounds: 'Webhook requests per event, first try included (the hosted service: 8 retries)',
    beyond: 'the event is dropped and logged',
    flag: {
      name: '--webhook-attempts',
      arg: '<n>',
      value: { kind: 'integer', min: 1 },
      usage: 'webhook requests per event, first try included',
    },
  },
  webhookRetryBaseMs: {
    default: 30 * MS.s,
    unit: 'ms',
    bounds: 'Delay before the first webhook retry, doubled each time: 30 s, 1 min, … 64 min (a bare number is ms)',
    flag: {
      name: '--webhook-retry-base',
      arg: '<dur>',
      value: { kind: 'duration', bareUnit: 'ms', min: 0 },
      usage: 'delay before the first webhook retry, doubled each time',
    },
  },
  rateLimit: {
    default: 50,
    unit: 'requests/s',
    bounds: 'API requests per second per key (bursts up to twice as many); 0 = off',
    error: 'rateLimited',
    beyond: 'with `Retry-After`',
    flag: { name: '--rate-limit', arg: '<n>', value: { kind: 'integer', min: 0 }, usage: 'requests per second per key, 0 = off' },
  },
  bodyLimit: {
    default: DEFAULT_BODY_LIMIT_BYTES,
    unit: 'bytes',
    bounds: 'Size of a request body (`512kb`, `10mb`, bytes)',
    error: 'bodyTooLarge',
    flag: { name: '--body-limit', arg: '<size>', value: { kind: 'size' }, usage: 'largest request body, e.g. 10mb, 512kb' },
  },
  maxDepth: {
    default: 64,
    unit: 'levels',
    bounds: 'JSON nesting of a request body',
    error: 'jsonTooDeep',
    flag: {
      name: '--max-depth',
      arg: '<n>',
      value: { kind: 'integer', min: 1 },
      usage: 'deepest JSON nesting accepted',
      max: { limit: 'maxDepthLimit', why: 'deeper bodies cannot be validated safely' },
    },
  },
  maxDepthLimit: {
    // The schema validator recurses a few frames per level: ~230 levels of nested Sections overflow the stack (a 500).
    default: 128,
    unit: 'levels',
    bounds: 'The largest `--max-depth` (the validator recurses per level)',
    beyond: 'the service does not start: `--max-depth: at most …`',
  },
  maxQueuedPerKey: {
    default: 100,
    unit: 'count',
    bounds: 'Tasks one key may have waiting (not yet rendering); other keys are unaffected',
    error: 'tooManyQueued',
    beyond: 'with `Retry-After`',
    flag: {
      name: '--max-queued-per-key',
      arg: '<n>',
      value: { kind: 'integer', min: 1 },
      usage: 'tasks one key may have waiting; more → 429',
    },
  },
  maxConnections: {
    default: 1024,
    unit: 'count',
    bounds: 'Open connections at once',
    error: 'tooManyConnections',
    beyond: 'with `Retry-After: 1`, connection closed',
    flag: { name: '--max-connections', arg: '<n>', value: { kind: 'integer', min: 1 }, usage: 'open connections at once; more → 503' },
  },
  maxLongPollsPerKey: {
    // Enough for a CLI, an extension and a CI job polling a few tasks each.
    default: 16,
    unit: 'count',
    bounds:
      '`get-task-status` answers (`wait=`) one key may hold at once (and one per connection); never more than a quarter of `--max-connections`',
    beyond: 'the status is answered at once, without `waited_ms`',
    flag: {
      name: '--max-long-polls-per-key',
      arg: '<n>',
      value: { kind: 'integer', min: 1 },
      usage: 'status answers (wait=) one key may hold; more are answered at once',
      usageNote: ', at most a quarter of --max-connections',
    },
  },
  headersTimeoutMs: {
    default: 10 * MS.s,
    unit: 'ms',
    bounds: 'Time to send the request line and headers; a connection that sends nothing is closed about then too',
    error: 'requestTimeout',
    beyond: 'connection closed',
    flag: {
      name: '--headers-timeout',
      arg: '<dur>',
      value: { kind: 'duration', bareUnit: 'ms', min: 1 },
      usage: 'time to send the request headers',
    },
  },
  requestTimeoutMs: {
    default: 30 * MS.s,
    unit: 'ms',
    bounds: 'Time to send the whole request, body included; not shorter than `--headers-timeout`',
    error: 'requestTimeout',
    beyond: 'connection closed',
    flag: {
      name: '--request-timeout',
      arg: '<dur>',
      value: { kind: 'duration', bareUnit: 'ms', min: 1 },
      usage: 'time to send the whole request, body included',
    },
  },
  keepAliveTimeoutMs: {
    default: 5 * MS.s,
    unit: 'ms',
    bounds: 'Idle time of a kept-alive connection',
    beyond: 'the idle connection is closed',
  },
  maxHeaderBytes: {
    // Node's own limit, named in the 431 message.
    default: 16 * 1024,
    unit: 'bytes',
    bounds: 'Request line and headers',
    error: 'headersTooLarge',
  },
  bodyWorkerThreshold: {
    default: 64 * 1024,
    unit: 'bytes',
    bounds: 'Bodies larger than this are validated one at a time in a worker thread, off the event loop',
  },
  maxWaitingBodies: {
    default: 8,
    unit: 'count',
    bounds: 'Large bodies waiting for that worker',
    error: 'bodiesBusy',
    beyond: 'with `Retry-After: 1`',
  },
  bodyWorkerHeapMb: {
    default: 1024,
    unit: 'MB',
    bounds: 'Memory validating one large body may use',
    error: 'bodyTooLargeToValidate',
  },
} as const satisfies Record<string, Limit>;

export type LimitName = keyof typeof LIMITS;

/** The default of every limit, by name. */
export const LIMIT_DEFAULTS = Object.fromEntries(Object.entries(LIMITS).map(([k, l]) => [k, l.default])) as {
  [K in LimitName]: (typeof LIMITS)[K]['default'];
};

/** A limit's value as a person writes it: 24h, 60s, 10mb, 16 KiB, 1024. */
export function formatLimit(value: number, unit: Limit['unit'], style: 'flag' | 'prose' = 'flag'): string {
  if (unit === 'ms') {
    if (style === 'prose' && value >= 2 * MS.d && value % MS.d === 0) return `${value / MS.d} days`;
    // Hours or seconds, as the flags are usually written (24h, 60s).
    const [suffix, ms] = value % MS.h === 0 ? ['h', MS.h] : value % MS.s === 0 ? ['s', MS.s] : ['ms', 1];
    return style === 'flag' ? `${value / ms}${suffix}` : `${value / ms} ${suffix}`;
  }
  if (unit === 'bytes') {
    const mib = 1024 * 1024;
    if (value % mib === 0) return style === 'flag' ? `${value / mib}mb` : `${value / mib} MiB`;
    if (value % 1024 === 0) return style === 'flag' ? `${value / 1024}kb` : `${value / 1024} KiB`;
    return String(value);
  }
  return String(value);
}

/** The limits a flag sets (each is an option of the same name: flags.ts assigns it). */
export type FlagLimitName = { [K in LimitName]: (typeof LIMITS)[K] extends { flag: object } ? K : never }[LimitName];

type FlagLimit = Limit & { flag: NonNullable<Limit['flag']> };

/** The limits set by a flag, in the order USAGE lists them. */
export function flagLimits(): Array<{ name: FlagLimitName; limit: FlagLimit }> {
  return Object.entries(LIMITS as Record<LimitName, Limit>).flatMap(([name, limit]) =>
    limit.flag ? [{ name: name as FlagLimitName, limit: limit as FlagLimit }] : [],
  );
}

/** A flag limit's USAGE line(s): flag and placeholder, what it sets, its default (and its bound). */
export function limitUsage({ limit }: { limit: FlagLimit }): string {
  const { name, arg, usage, usageNote, max } = limit.flag;
  const left = `  ${name} ${arg}`;
  const head = left.length < 29 ? left.padEnd(29) : `${left}  `;
  const bound = max ? `, at most ${LIMITS[max.limit].default}` : '';
  const dflt = `(default ${formatLimit(limit.default, limit.unit)}${bound}${usageNote ?? ''})`;
  const line = `${head}${usage} ${dflt}`;
  return line.length <= 100 ? line : `${head}${usage}\n${' '.repeat(29)}${dflt}`;
}

export type { FlagLimit, Limit };
