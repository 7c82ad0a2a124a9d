/**
 * Options of the local report service, their defaults and the plan attached to each
 * API key. Shared by the embedding API (service.ts) and the standalone flags (flags.ts)
 * so that `npm run service`, `report-studio serve` and the extension all mean the same thing.
 */
import type { ReportRenderer } from '../render/renderer';
import { LIMIT_DEFAULTS } from './limits';

/** The plan of one API key (what get-remaining-quota reports as max_*). */
/** The address the service listens on unless told otherwise (bindHost.ts checks any other). */
export const DEFAULT_HOST = '127.0.0.1';

export interface PlanInput {
  /** Single-page builds per period. */
  quotaSingle?: number;
  /** Multi-page builds per period. */
  quotaMulti?: number;
  /** A build with more rendered pages ends FAILED. */
  maxPages?: number;
  /** Length of a quota period in days. */
  periodDays?: number;
  /** false → build/preview answer 402. */
  subscriptionActive?: boolean;
  /** Reported as max_/remaining_ai_json_completions (the local service has no AI endpoint). */
  aiCompletions?: number;
}

export interface KeyPlanInput extends PlanInput {
  key: string;
}

export interface Plan {
  quotaSingle: number;
  quotaMulti: number;
  maxPages: number;
  periodDays: number;
  subscriptionActive: boolean;
  aiCompletions: number;
}

export const DEFAULT_PLAN: Plan = {
  quotaSingle: 100,
  quotaMulti: 20,
  maxPages: 10,
  periodDays: 30,
  subscriptionActive: true,
  aiCompletions: 20,
};

export interface LocalServiceOptions {
  /** 0 = a free port. Standalone default 8787; embedded default 0. */
  port?: number;
  /** Address to listen on. Default 127.0.0.1; anything beyond loopback needs `allowRemote`. */
  host?: string;
  /** Allows a non-loopback `host` (the standalone service then prints a warning). */
  allowRemote?: boolean;
  /** Tasks, files, ledger and the development key live here. */
  dataDir: string;
  /** API keys with their plans. Empty/absent → a development key generated once and kept in dataDir. */
  keys?: KeyPlanInput[];
  /** Plan of the generated development key (ignored when `keys` is given). */
  plan?: PlanInput;
  /** Added to every API response (fault injection). */
  latencyMs?: number;
  /** Tasks stay RUNNING at least this long (makes "in flight" deterministic in tests). */
  renderDelayMs?: number;
  /** Probability 0..1 that a task ends FAILED (fault injection). */
  failRate?: number;
  /** Probability 0..1 that an API request answers 503 (fault injection). */
  errorRate?: number;
  /** Finished reports are purged this long after completion. Default 24 h. */
  retentionMs?: number;
  /** How long a purged task is still remembered (→ 410 instead of 404). Default 7 days. */
  tombstoneMs?: number;
  /** Renders running at the same time. Default 2. */
  concurrency?: number;
  /** Folder standing for the cloud bucket(s). Default `<dataDir>/bucket`. */
  bucketDir?: string;
  /** Webhook hosts allowed besides loopback; '*' allows any host. */
  webhookAllowHosts?: string[];
  /**
   * Image hosts (as written in the URL) fetched whatever address they resolve to — private
   * networks, link-local, and loopback when the service listens beyond it; '*' allows any.
   */
  fetchAllowHosts?: string[];
  /**
   * Nothing is fetched or posted on a report's behalf — images become placeholders, webhooks
   * are not sent: the extension's Restricted Mode (an untrusted workspace's reports). Default false.
   */
  restricted?: boolean;
  /** Delay before the first webhook retry; doubles each time. Default 30 s (as the hosted service). */
  webhookRetryBaseMs?: number;
  /** Webhook requests per event, the first try included. Default 9 (1 + the hosted service's 8 retries). */
  webhookAttempts?: number;
  /** Requests per second per key (token bucket, burst = 2×). 0 disables. Default 50. */
  rateLimit?: number;
  /** Largest accepted request body in bytes. Default 10 MiB. */
  bodyLimit?: number;
  /** Deepest accepted JSON nesting of a request body. Default 64. */
  maxDepth?: number;
  /** A render taking longer ends FAILED. Default 60 s. */
  renderTimeoutMs?: number;
  /** Tasks one key may have waiting (not yet running); a submit beyond answers 429 with Retry-After. Default 100. */
  maxQueuedPerKey?: number;
  /** Open connections at once; more are answered 503 and closed. Default 1024. */
  maxConnections?: number;
  /**
   * get-task-status answers (`wait=`) one key may hold at once; more are answered at once.
   * Default 16, and never more than a quarter of maxConnections (longPolls.ts).
   */
  maxLongPollsPerKey?: number;
  /** Time a client has to send the request line and headers. Default 10 s. */
  headersTimeoutMs?: number;
  /** Time a client has to send the whole request, body included (≥ headersTimeoutMs). Default 30 s. */
  requestTimeoutMs?: number;
  /** One line per request and per notable event. */
  log?: (line: string) => void;
  /** Replaces the default renderer (tests, the extension). The service disposes it on stop. */
  renderer?: ReportRenderer;
  /**
   * Reads one of the renderer's files (a name of RENDERER_FILES, e.g. `pdfium.wasm`,
   * `fonts/inter/…`) from the extension's own `dist/`. The browser service reads every renderer
   * file through it (required there; each read once, on the first render); the Node service
   * reads them from disk and ignores it.
   */
  assets?: (name: string) => Promise<Uint8Array>;
  /** Random source for the fault flags (tests). */
  random?: () => number;
  /** Clock (tests of period roll-over and retention). */
  now?: () => number;
}

/** Options after defaults; what the service modules read. */
export interface ResolvedOptions {
  port: number;
  host: string;
  allowRemote: boolean;
  dataDir: string;
  latencyMs: number;
  renderDelayMs: number;
  failRate: number;
  errorRate: number;
  retentionMs: number;
  tombstoneMs: number;
  concurrency: number;
  bucketDir: string;
  webhookAllowHosts: string[];
  fetchAllowHosts: string[];
  restricted: boolean;
  webhookRetryBaseMs: number;
  webhookAttempts: number;
  rateLimit: number;
  bodyLimit: number;
  maxDepth: number;
  renderTimeoutMs: number;
  maxQueuedPerKey: number;
  maxConnections: number;
  maxLongPollsPerKey: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  log: (line: string) => void;
  random: () => number;
  now: () => number;
}

/** The defaults the service resolves: the port of `npm run service` and every limit (limits.ts). */
export const DEFAULTS = {
  standalonePort: 8787,
  ...LIMIT_DEFAULTS,
} as const;

function fraction(name: string, value: number | undefined): number {
  const v = value ?? 0;
  if (!(v >= 0 && v <= 1)) throw new RangeError(`${name} must be between 0 and 1, got ${value}`);
  return v;
}

function nonNegative(name: string, value: number | undefined, fallback: number): number {
  const v = value ?? fallback;
  if (!Number.isFinite(v) || v < 0) throw new RangeError(`${name} must be a non-negative number, got ${value}`);
  return v;
}

function atLeastOne(name: string, value: number | undefined, fallback: number): number {
  const v = value ?? fallback;
  if (!Number.isInteger(v) || v < 1) throw new RangeError(`${name} must be an integer ≥ 1, got ${value}`);
  return v;
}

/** Node's http server refuses a headers timeout longer than the request timeout. */
function requestTimeouts(o: LocalServiceOptions): { headersTimeoutMs: number; requestTimeoutMs: number } {
  const headersTimeoutMs = nonNegative('headersTimeoutMs', o.headersTimeoutMs, DEFAULTS.headersTimeoutMs);
  const requestTimeoutMs = nonNegative('requestTimeoutMs', o.requestTimeoutMs, Math.max(DEFAULTS.requestTimeoutMs, headersTimeoutMs));
  if (headersTimeoutMs < 1 || requestTimeoutMs < 1) throw new RangeError('headersTimeoutMs and requestTimeoutMs must be at least 1 ms');
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new RangeError(`headersTimeoutMs (${headersTimeoutMs}) must not be longer than requestTimeoutMs (${requestTimeoutMs})`);
  }
  return { headersTimeoutMs, requestTimeoutMs };
}

function maxDepth(value: number | undefined): number {
  const v = nonNegative('maxDepth', value, DEFAULTS.maxDepth);
  if (v > DEFAULTS.maxDepthLimit) throw new RangeError(`maxDepth must be at most ${DEFAULTS.maxDepthLimit}, got ${value}`);
  return v;
}

export function resolveOptions(o: LocalServiceOptions): ResolvedOptions {
  if (!o.dataDir) throw new TypeError('dataDir is required');
  const concurrency = nonNegative('concurrency', o.concurrency, DEFAULTS.concurrency);
  if (concurrency < 1) throw new RangeError('concurrency must be at least 1');
  return {
    port: nonNegative('port', o.port, 0),
    host: o.host ?? DEFAULT_HOST,
    allowRemote: o.allowRemote ?? false,
    dataDir: o.dataDir,
    latencyMs: nonNegative('latencyMs', o.latencyMs, 0),
    renderDelayMs: nonNegative('renderDelayMs', o.renderDelayMs, 0),
    failRate: fraction('failRate', o.failRate),
    errorRate: fraction('errorRate', o.errorRate),
    retentionMs: nonNegative('retentionMs', o.retentionMs, DEFAULTS.retentionMs),
    tombstoneMs: nonNegative('tombstoneMs', o.tombstoneMs, DEFAULTS.tombstoneMs),
    concurrency: Math.floor(concurrency),
    bucketDir: o.bucketDir ?? `${o.dataDir}/bucket`,
    webhookAllowHosts: (o.webhookAllowHosts ?? []).map((h) => h.toLowerCase()),
    fetchAllowHosts: (o.fetchAllowHosts ?? []).map((h) => h.trim().toLowerCase()),
    restricted: o.restricted ?? false,
    webhookRetryBaseMs: nonNegative('webhookRetryBaseMs', o.webhookRetryBaseMs, DEFAULTS.webhookRetryBaseMs),
    webhookAttempts: Math.max(1, Math.floor(nonNegative('webhookAttempts', o.webhookAttempts, DEFAULTS.webhookAttempts))),
    rateLimit: nonNegative('rateLimit', o.rateLimit, DEFAULTS.rateLimit),
    bodyLimit: nonNegative('bodyLimit', o.bodyLimit, DEFAULTS.bodyLimit),
    maxDepth: maxDepth(o.maxDepth),
    renderTimeoutMs: nonNegative('renderTimeoutMs', o.renderTimeoutMs, DEFAULTS.renderTimeoutMs),
    maxQueuedPerKey: atLeastOne('maxQueuedPerKey', o.maxQueuedPerKey, DEFAULTS.maxQueuedPerKey),
    maxConnections: atLeastOne('maxConnections', o.maxConnections, DEFAULTS.maxConnections),
    maxLongPollsPerKey: atLeastOne('maxLongPollsPerKey', o.maxLongPollsPerKey, DEFAULTS.maxLongPollsPerKey),
    ...requestTimeouts(o),
    log: o.log ?? (() => undefined),
    random: o.random ?? Math.random,
    now: o.now ?? Date.now,
  };
}

export function resolvePlan(p: PlanInput | undefined, base: Plan = DEFAULT_PLAN): Plan {
  const int = (name: string, v: number | undefined, d: number, min: number): number => {
    const n = v ?? d;
    if (!Number.isInteger(n) || n < min) throw new RangeError(`${name} must be an integer ≥ ${min}, got ${v}`);
    return n;
  };
  return {
    quotaSingle: int('quotaSingle', p?.quotaSingle, base.quotaSingle, 0),
    quotaMulti: int('quotaMulti', p?.quotaMulti, base.quotaMulti, 0),
    maxPages: int('maxPages', p?.maxPages, base.maxPages, 1),
    periodDays: int('periodDays', p?.periodDays, base.periodDays, 1),
    subscriptionActive: p?.subscriptionActive ?? base.subscriptionActive,
    aiCompletions: int('aiCompletions', p?.aiCompletions, base.aiCompletions, 0),
  };
}
