/**
 * Webhook delivery as the hosted service documents it (hybiscus.dev/docs/reports/webhooks):
 * when a task ends, POST `{"event": "report.completed" | "report.failed", "task_id", "url"}`
 * to each `config.webhooks[].url` (at most 3 per report), with
 * `Authorization: Bearer <auth_header>`. `url` is this service's get-report URL of the task
 * (no key in it: the receiver authenticates as for any API call). Network errors, 408, 429
 * and 5xx are retried with exponential backoff (documented: 8 retries, 30 s multiplier →
 * 30 s, 1 min, … 64 min); other answers are final; redirects are not followed.
 * Only loopback hosts unless allowed: the local service must not call the internet on
 * behalf of a report someone handed it. Requests go through the shared outbound policy
 * (../net/outboundPolicy.ts), which also checks the address a name resolves to.
 * Nothing secret reaches the log: a target is named by its origin (no userinfo, path or
 * query), the auth header never, and a transport failure by its class, not its message
 * (fetch's messages repeat the URL and invalid header values).
 */
import { isIP } from 'node:net';
import type { WebhookTarget } from '../store/taskStore';
import type { TaskStatus } from '../../core/api/types';
import { OutboundError, outboundRequest, webhookPolicy, type OutboundPolicy } from '../../net/outboundPolicy';

type WebhookEvent = 'report.completed' | 'report.failed';

/** The JSON body of every webhook request (key order as documented). */
export interface WebhookPayload {
  event: WebhookEvent;
  task_id: string;
  /** The complete get-report URL of the task. */
  url: string;
}

/** The hosted service calls at most this many webhooks per report (the schema says so too). */
const MAX_WEBHOOKS_PER_REPORT = 3;
/** Webhook POSTs on the wire at once, across tasks: slow receivers cannot pile up sockets. */
const MAX_PARALLEL_POSTS = 8;
/** Deliveries sending or waiting for a retry; an event beyond this is dropped (and logged). */
const MAX_PENDING_DELIVERIES = 1000;
/** A webhook request taking longer counts as failed (and is retried). */
const REQUEST_TIMEOUT_MS = 10_000;

export interface WebhookOptions {
  allowHosts: string[];
  /** Requests per event, the first one included (documented: 1 + 8 retries). */
  attempts: number;
  /** Delay before the first retry; doubled for each further retry. */
  baseDelayMs: number;
  /** The get-report URL of a task, sent as `url`. */
  reportUrl: (taskId: string) => string;
  log: (line: string) => void;
  /** Per-request time limit (tests). Default 10 s. */
  requestTimeoutMs?: number;
  /** Nothing is posted (the extension's Restricted Mode): each delivery fails as not allowed. */
  restricted?: boolean;
}

function webhookEvent(status: TaskStatus): WebhookEvent {
  return status === 'SUCCESS' ? 'report.completed' : 'report.failed';
}

/** Delay before retry number `retry` (1-based): base, 2·base, 4·base, … */
export function retryDelayMs(baseDelayMs: number, retry: number): number {
  return baseDelayMs * 2 ** (retry - 1);
}

/**
 * The Authorization value for an auth_header: `Bearer <auth_header>` as documented. A value
 * that already starts with "Bearer " (how this service's earlier versions documented it) is
 * sent as is rather than as `Bearer Bearer …`.
 */
export function authorizationValue(authHeader: string): string {
  return /^bearer\s/i.test(authHeader) ? authHeader : `Bearer ${authHeader}`;
}

/** Why a value cannot be sent in an HTTP header (CR/LF would forge headers), without echoing it. */
function headerValueProblem(value: string): string | undefined {
  if (/[\r\n\0]/.test(value)) return 'it contains a line break or NUL';
  if (/[^\t\x20-\x7e\x80-\xff]/.test(value)) return 'it contains characters an HTTP header cannot carry';
  return undefined;
}

/** The transport failure's class (`ECONNREFUSED`, `no answer within 10 s`), never its message. */
function transportFailure(err: unknown, timeoutMs: number): string {
  const e = err as { name?: string; code?: unknown; reason?: unknown; cause?: { code?: unknown; name?: string } };
  if (e?.name === 'TimeoutError' || e?.cause?.name === 'TimeoutError' || (err instanceof OutboundError && e.reason === 'timed out'))
    return `no answer within ${timeoutMs / 1000} s`;
  const code = e?.cause?.code ?? e?.code;
  return typeof code === 'string' && /^[A-Z][A-Z0-9_]*$/.test(code) ? `network error ${code}` : 'network error';
}

function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  if (isIP(h) === 6) return h === '::1' || /^::ffff:127\./.test(h);
  return false;
}

/** Why the URL will not be called, or undefined when it will. */
export function webhookRefusal(url: string, allowHosts: string[]): string | undefined {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'not a valid URL';
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return `scheme ${u.protocol} is not http(s)`;
  const host = u.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isLoopbackHost(host) || allowHosts.includes('*') || allowHosts.includes(host)) return undefined;
  return `host ${host} is not loopback (allow it with --webhook-allow-host ${host})`;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const t = setTimeout(done, ms);
    function done(): void {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** A request ready to send: the URL without userinfo and the headers. */
interface Prepared {
  url: string;
  origin: string;
  headers: Record<string, string>;
}

/**
 * Userinfo in the URL becomes Basic auth when there is no auth_header (fetch refuses URLs
 * with credentials, and they must not be logged); an auth_header wins over it.
 */
function prepare(target: WebhookTarget): Prepared | string {
  const u = new URL(target.url);
  const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'report-studio-local-service' };
  if (target.auth_header) {
    const problem = headerValueProblem(target.auth_header);
    if (problem) return `auth_header cannot be sent: ${problem}`;
    headers.authorization = authorizationValue(target.auth_header);
  } else if (u.username || u.password) {
    let user: string;
    let password: string;
    try {
      user = decodeURIComponent(u.username);
      password = decodeURIComponent(u.password);
    } catch {
      return 'the user name or password in the URL is not valid percent-encoding';
    }
    headers.authorization = `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
  }
  u.username = '';
  u.password = '';
  return { url: u.toString(), origin: u.origin, headers };
}

export class WebhookSender {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly abort = new AbortController();
  private posting = 0;
  private readonly waitingForSlot: Array<() => void> = [];
  private readonly policy: OutboundPolicy;

  constructor(private readonly o: WebhookOptions) {
    this.policy = webhookPolicy(o.allowHosts, undefined, o.restricted);
  }

  /** Deliveries sending or waiting for a retry. */
  get pending(): number {
    return this.inFlight.size;
  }

  /** Starts the deliveries of one finished task (returns at once; failures are logged). */
  send(taskId: string, status: TaskStatus, targets: WebhookTarget[]): void {
    if (this.abort.signal.aborted) return;
    if (targets.length > MAX_WEBHOOKS_PER_REPORT) {
      this.o.log(`webhook for task ${taskId}: only the first ${MAX_WEBHOOKS_PER_REPORT} of ${targets.length} webhooks are called`);
    }
    const payload: WebhookPayload = { event: webhookEvent(status), task_id: taskId, url: this.o.reportUrl(taskId) };
    for (const target of targets.slice(0, MAX_WEBHOOKS_PER_REPORT)) {
      const refusal = webhookRefusal(target.url, this.o.allowHosts);
      const prepared = refusal ?? prepare(target);
      if (typeof prepared === 'string') {
        this.o.log(`webhook for task ${taskId} skipped: ${prepared}`);
        continue;
      }
      if (this.inFlight.size >= MAX_PENDING_DELIVERIES) {
        this.o.log(`webhook for task ${taskId} to ${prepared.origin} dropped: ${MAX_PENDING_DELIVERIES} deliveries are already pending`);
        continue;
      }
      const p = this.deliver(prepared, payload).finally(() => this.inFlight.delete(p));
      this.inFlight.add(p);
    }
  }

  private async deliver(target: Prepared, payload: WebhookPayload): Promise<void> {
    const body = JSON.stringify(payload);
    const timeoutMs = this.o.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
    const id = payload.task_id;
    for (let attempt = 1; attempt <= this.o.attempts && !this.abort.signal.aborted; attempt++) {
      let outcome: string;
      await this.slot();
      try {
        // The shared outbound policy: the resolved address must be loopback or an allowed host; no redirects.
        const res = await outboundRequest(target.url, this.policy, {
          method: 'POST',
          headers: target.headers,
          body,
          maxRedirects: 0,
          readBody: false,
          maxBytes: 0,
          timeoutMs,
          signal: this.abort.signal,
        });
        if (res.status >= 200 && res.status < 300) {
          this.o.log(`webhook for task ${id} (${payload.event}) delivered to ${target.origin} (attempt ${attempt})`);
          return;
        }
        outcome = `HTTP ${res.status}`;
        const retryable = res.status === 408 || res.status === 429 || res.status >= 500;
        if (!retryable) {
          this.o.log(`webhook for task ${id} to ${target.origin} refused with ${outcome}; not retried`);
          return;
        }
      } catch (err) {
        if (this.abort.signal.aborted) return;
        if (
          err instanceof OutboundError &&
          err.reason !== 'connection failed' &&
          err.reason !== 'timed out' &&
          err.reason !== 'DNS failure'
        ) {
          this.o.log(`webhook for task ${id} to ${target.origin} skipped: ${err.message}`);
          return;
        }
        outcome = transportFailure(err instanceof OutboundError && err.reason !== 'timed out' ? err.cause : err, timeoutMs);
      } finally {
        this.release();
      }
      if (attempt < this.o.attempts) await sleep(retryDelayMs(this.o.baseDelayMs, attempt), this.abort.signal);
      else this.o.log(`webhook for task ${id} to ${target.origin} failed after ${attempt} attempts: ${outcome}`);
    }
  }

  private slot(): Promise<void> {
    if (this.posting < MAX_PARALLEL_POSTS) {
      this.posting++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waitingForSlot.push(() => (this.posting++, resolve())));
  }

  private release(): void {
    this.posting--;
    this.waitingForSlot.shift()?.();
  }

  /** Stops retrying (pending deliveries are dropped) and waits for requests in progress. */
  async close(): Promise<void> {
    this.abort.abort();
    for (const wake of this.waitingForSlot.splice(0)) wake();
    await Promise.allSettled([...this.inFlight]);
  }
}
