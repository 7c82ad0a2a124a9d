/**
 * Webhook delivery: on completion, POST `{task_id, status, error_message}` to each
 * `config.webhooks[].url`, with `auth_header` as the Authorization header. Retries
 * network errors, 408, 429 and 5xx with exponential backoff; other 4xx are final.
 * Only loopback hosts unless allowed: the local service must not call the internet
 * on behalf of a report someone handed it.
 */
import { isIP } from 'node:net';
import type { WebhookTarget } from '../store/taskStore';
import type { TaskStatus } from '../../core/api/types';

export interface WebhookPayload {
  task_id: string;
  status: TaskStatus;
  error_message: string | null;
}

export interface WebhookOptions {
  allowHosts: string[];
  attempts: number;
  baseDelayMs: number;
  log: (line: string) => void;
}

export function isLoopbackHost(hostname: string): boolean {
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
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
  });
}

export class WebhookSender {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly abort = new AbortController();

  constructor(private readonly o: WebhookOptions) {}

  send(targets: WebhookTarget[], payload: WebhookPayload): void {
    for (const target of targets) {
      const refusal = webhookRefusal(target.url, this.o.allowHosts);
      if (refusal) {
        this.o.log(`webhook for task ${payload.task_id} skipped: ${refusal}`);
        continue;
      }
      const p = this.deliver(target, payload).finally(() => this.inFlight.delete(p));
      this.inFlight.add(p);
    }
  }

  private async deliver(target: WebhookTarget, payload: WebhookPayload): Promise<void> {
    const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'report-studio-local-service' };
    if (target.auth_header) headers.authorization = target.auth_header;
    const where = new URL(target.url).origin;
    for (let attempt = 1; attempt <= this.o.attempts && !this.abort.signal.aborted; attempt++) {
      let outcome: string;
      try {
        const res = await fetch(target.url, {
          method: 'POST',
          headers,
          body: JSON.stringify(payload),
          redirect: 'manual',
          signal: AbortSignal.any([this.abort.signal, AbortSignal.timeout(10_000)]),
        });
        await res.arrayBuffer().catch(() => undefined);
        if (res.status >= 200 && res.status < 300) {
          this.o.log(`webhook for task ${payload.task_id} delivered to ${where} (attempt ${attempt})`);
          return;
        }
        outcome = `HTTP ${res.status}`;
        const retryable = res.status === 408 || res.status === 429 || res.status >= 500;
        if (!retryable) {
          this.o.log(`webhook for task ${payload.task_id} to ${where} refused with ${outcome}; not retried`);
          return;
        }
      } catch (err) {
        outcome = (err as Error).message;
      }
      if (attempt < this.o.attempts) await sleep(this.o.baseDelayMs * 2 ** (attempt - 1), this.abort.signal);
      else this.o.log(`webhook for task ${payload.task_id} to ${where} failed after ${attempt} attempts: ${outcome}`);
    }
  }

  /** Stops retrying and waits for requests in progress. */
  async close(): Promise<void> {
    this.abort.abort();
    await Promise.allSettled([...this.inFlight]);
  }
}
