/**
 * Errors as values with a kind (docs/architecture.md). Every failure of the client and the task
 * runner is a ReportServiceError; each surface renders the kind its own way (CLI
 * exit code, notification, Problems). Messages never contain the API key.
 */
import type { ValidationErrorEntry } from '../api/types';
import { redact, redactJson } from '../redact';

export type ErrorKind =
  | 'auth' // 401, 403: key missing, wrong or not allowed
  | 'payment' // 402: subscription inactive
  | 'not_found' // 404, 410: unknown or expired task
  | 'validation' // 422 (details parsed), 400/413/415: the request itself was rejected
  | 'quota' // 429 without Retry-After: quota for the period used up
  | 'rate_limited' // 503, or 429 with Retry-After (the local service's per-key queue is full): busy, retried
  | 'server' // other 5xx and unexpected statuses
  | 'network' // connection refused/reset, DNS
  | 'timeout' // no complete answer within the per-request or overall time limit
  | 'bad_response' // an answer that is not what the endpoint promises (non-JSON, wrong shape)
  | 'cancelled' // the caller's AbortSignal fired
  | 'task_failed'; // the task ended FAILED

export interface ReportServiceErrorInit {
  kind: ErrorKind;
  message: string;
  status?: number;
  /** The 422 entries, in document order. */
  details?: ValidationErrorEntry[];
  /** The service's own words (a FAILED task's `error_message`, a `detail` string), unprefixed. */
  serviceMessage?: string;
  /** Retry-After of a 503/429, in milliseconds. */
  retryAfterMs?: number;
  taskId?: string;
  /** e.g. `POST /build-report` (never a URL with a key). */
  endpoint?: string;
  /** Attempts made, retries included. */
  attempts?: number;
  /** False when the request provably never reached the server (safe to repeat any request). */
  requestSent?: boolean;
  cause?: unknown;
}

export class ReportServiceError extends Error {
  readonly kind: ErrorKind;
  readonly status?: number;
  readonly details: ValidationErrorEntry[];
  /** The service's own words, without the client's context (see the init field). */
  readonly serviceMessage?: string;
  readonly retryAfterMs?: number;
  readonly taskId?: string;
  readonly endpoint?: string;
  readonly attempts: number;
  readonly requestSent: boolean;

  constructor(init: ReportServiceErrorInit) {
    super(redact(init.message), init.cause !== undefined ? { cause: init.cause } : undefined);
    this.name = 'ReportServiceError';
    this.kind = init.kind;
    this.status = init.status;
    // Entries are echoed server data: a misbehaving server may repeat the key in them.
    this.details = redactJson(init.details ?? []);
    this.serviceMessage = init.serviceMessage === undefined ? undefined : redact(init.serviceMessage);
    this.retryAfterMs = init.retryAfterMs;
    this.taskId = init.taskId;
    this.endpoint = init.endpoint;
    this.attempts = init.attempts ?? 1;
    this.requestSent = init.requestSent ?? true;
  }

  /** A copy with more context (attempt count, task id) without losing the original fields. */
  with(extra: Partial<ReportServiceErrorInit>): ReportServiceError {
    return new ReportServiceError({ ...this.toInit(), ...extra });
  }

  toInit(): ReportServiceErrorInit {
    return {
      kind: this.kind,
      message: this.message,
      status: this.status,
      details: this.details,
      serviceMessage: this.serviceMessage,
      retryAfterMs: this.retryAfterMs,
      taskId: this.taskId,
      endpoint: this.endpoint,
      attempts: this.attempts,
      requestSent: this.requestSent,
      cause: this.cause,
    };
  }

  /** Plain data for `--json` output and logs (no stack, no cause). */
  toJSON(): Record<string, unknown> {
    return {
      kind: this.kind,
      message: this.message,
      status: this.status ?? null,
      endpoint: this.endpoint ?? null,
      task_id: this.taskId ?? null,
      retry_after_ms: this.retryAfterMs ?? null,
      attempts: this.attempts,
      details: this.details,
    };
  }
}

export function isReportServiceError(error: unknown): error is ReportServiceError {
  return error instanceof ReportServiceError;
}

/** The kind an HTTP error status stands for. */
export function kindForStatus(status: number): ErrorKind {
  switch (status) {
    case 401:
    case 403:
      return 'auth';
    case 402:
      return 'payment';
    case 404:
    case 410:
      return 'not_found';
    case 400:
    case 413:
    case 415:
    case 422:
      return 'validation';
    case 429:
      return 'quota';
    case 503:
      return 'rate_limited';
    default:
      return 'server';
  }
}

const STATUS_TEXT: Record<number, string> = {
  400: 'bad request',
  401: 'API key missing or not valid',
  402: 'subscription inactive',
  403: 'forbidden',
  404: 'not found',
  409: 'conflict',
  410: 'gone (the report has expired)',
  413: 'request body too large',
  415: 'unsupported media type',
  422: 'the report did not pass validation',
  429: 'quota for this period used up',
  503: 'service busy (rate limited)',
  507: "insufficient storage (the service's disk is full)",
};

/**
 * Builds the error for a non-2xx answer. `body` is the parsed JSON body when the
 * server sent JSON, otherwise the raw text (already truncated by the caller).
 */
export function errorFromStatus(status: number, body: unknown, endpoint: string, retryAfterMs?: number): ReportServiceError {
  // A 429 that says when to come back is a full queue, not a used-up quota: the hosted service's
  // quota 429 carries no Retry-After, the local service's per-key queue cap always does.
  const busy = status === 429 && retryAfterMs !== undefined;
  const kind = busy ? 'rate_limited' : kindForStatus(status);
  const detail = (body as { detail?: unknown } | undefined)?.detail;
  let details: ValidationErrorEntry[] | undefined;
  let text: string | undefined;
  if (Array.isArray(detail)) {
    details = detail.filter(isEntry);
    text = `${details.length} validation error${details.length === 1 ? '' : 's'}`;
  } else if (typeof detail === 'string') {
    text = detail;
  } else if (typeof body === 'string' && body.trim()) {
    text = body.trim().replace(/\s+/g, ' ').slice(0, 200);
  }
  const label = busy ? 'too many tasks waiting' : (STATUS_TEXT[status] ?? (status >= 500 ? 'server error' : 'unexpected status'));
  const message = text && text !== label ? `${endpoint}: ${label}: ${text} (HTTP ${status})` : `${endpoint}: ${label} (HTTP ${status})`;
  return new ReportServiceError({ kind, message, status, details, retryAfterMs, endpoint });
}

function isEntry(value: unknown): value is ValidationErrorEntry {
  const v = value as ValidationErrorEntry;
  return !!v && typeof v === 'object' && typeof v.type === 'string' && Array.isArray(v.loc) && typeof v.msg === 'string';
}
