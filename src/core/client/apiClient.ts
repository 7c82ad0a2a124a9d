/**
 * Typed client of the report service: the five endpoints, the key in X-API-KEY,
 * typed errors, retries for 503/network failures, a deadline per request and
 * cancellation by AbortSignal. Shared by the extension, the CLI and the tests.
 */
import type { Dispatcher } from 'undici';
import type { QuotaRecord, SubmitResponse, TaskKind, TaskStatusResponse } from '../api/types';
import { API_PATHS, DEFAULT_HOSTED_BASE_URL, HEADER_API_KEY, QUERY_API_KEY } from '../api/types';
import type { ReportBody } from '../report/types';
import { jsoncToJson } from '../loc/jsoncText';
import { redact, registerSecret } from '../redact';
import { errorFromStatus, ReportServiceError } from './errors';
import { createDispatcher, discard, openRequest, readText } from './http';
import type { OpenResponse } from './http';
import { asQuotaRecord, asSubmitResponse, asTaskStatus, parseJsonBody, parseQuotaHeaders } from './responses';
import type { QuotaHeaders } from './responses';
import { DEFAULT_RETRY_POLICY, parseRetryAfter, withRetries } from './retry';
import type { Repeatability, RetryPolicy } from './retry';
import { downloadToFile, readReportBytes } from './download';
import { DEFAULT_REQUEST_TIMEOUT_MS } from './requestTimeout';
import type { DownloadedFile, ReportFile } from './download';

export type { QuotaHeaders } from './responses';
export type { DownloadedFile, ReportFile } from './download';

export interface ReportClientOptions {
  apiKey: string;
  /** Ends in `/api/v1`. Default: the hosted service. */
  baseUrl?: string;
  /** Per-request deadline (connect + headers + body). Default 30 s. */
  timeoutMs?: number;
  /** Deadline of a get-report download (large PDFs on slow links). Default 120 s. */
  downloadTimeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** One redacted line per request and retry. */
  log?: (line: string) => void;
  userAgent?: string;
  /** Injected for tests; default: a private keep-alive agent closed by close(). */
  dispatcher?: Dispatcher;
  random?: () => number;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Overrides the client's per-request deadline. */
  timeoutMs?: number;
}

export interface SubmitResult extends SubmitResponse {
  kind: TaskKind;
  /** Quota left after the request, when the service sent the headers (builds). */
  quota?: QuotaHeaders;
}

/** A report body: JSON(C) text as the user wrote it, or an object. */
export type ReportInput = string | ReportBody;

export class ReportClient {
  readonly baseUrl: string;
  private readonly apiKey: string;
  private readonly timeoutMs: number;
  private readonly policy: RetryPolicy;
  private readonly dispatcher: Dispatcher;
  private readonly ownsDispatcher: boolean;
  /** The client's key stays registered for redaction until close(). */
  private readonly releaseSecret: () => void;

  constructor(private readonly options: ReportClientOptions) {
    if (!options.apiKey) throw new ReportServiceError({ kind: 'auth', message: 'No API key configured' });
    this.apiKey = options.apiKey;
    this.releaseSecret = registerSecret(options.apiKey);
    this.baseUrl = normaliseBaseUrl(options.baseUrl ?? DEFAULT_HOSTED_BASE_URL);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    this.policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.ownsDispatcher = !options.dispatcher;
    this.dispatcher = options.dispatcher ?? createDispatcher();
  }

  /** POST /build-report (counts against quota) or /preview-report (free). */
  async submit(kind: TaskKind, report: ReportInput, opts: RequestOptions = {}): Promise<SubmitResult> {
    const path = kind === 'build' ? API_PATHS.buildReport : API_PATHS.previewReport;
    const body = typeof report === 'string' ? jsoncToJson(report).body : JSON.stringify(report);
    // A build repeated after it may have reached the server could be charged twice.
    const repeat: Repeatability = kind === 'build' ? 'unsent-only' : 'safe';
    return this.json('POST', path, {}, body, repeat, opts, (value, res, endpoint) => ({
      ...asSubmitResponse(value, endpoint),
      kind,
      quota: parseQuotaHeaders(res.headers),
    }));
  }

  buildReport(report: ReportInput, opts?: RequestOptions): Promise<SubmitResult> {
    return this.submit('build', report, opts);
  }

  previewReport(report: ReportInput, opts?: RequestOptions): Promise<SubmitResult> {
    return this.submit('preview', report, opts);
  }

  /**
   * GET /get-task-status. `waitSeconds` asks the local service to hold the answer until the
   * status changes or that time passes (long-poll, a local extension: the answer then carries
   * `waited_ms`); other services ignore the parameter and answer at once. With `untilFinished`
   * the held answer waits past QUEUED → RUNNING, for SUCCESS or FAILED (`until=finished`).
   */
  getTaskStatus(
    taskId: string,
    opts: RequestOptions & { waitSeconds?: number; untilFinished?: boolean } = {},
  ): Promise<TaskStatusResponse> {
    const { waitSeconds, untilFinished, ...rest } = opts;
    const query: Record<string, string> = { task_id: taskId };
    let request = rest;
    if (waitSeconds !== undefined && waitSeconds > 0) {
      query.wait = String(waitSeconds);
      if (untilFinished) query.until = 'finished';
      // The held answer must not run into the per-request deadline.
      request = { ...rest, timeoutMs: Math.max(rest.timeoutMs ?? this.timeoutMs, waitSeconds * 1000 + 10_000) };
    }
    return this.json('GET', API_PATHS.taskStatus, query, undefined, 'safe', request, (v, _r, e) => asTaskStatus(v, e));
  }

  getRemainingQuota(opts: RequestOptions = {}): Promise<QuotaRecord> {
    return this.json('GET', API_PATHS.remainingQuota, {}, undefined, 'safe', opts, (v, _r, e) => asQuotaRecord(v, e));
  }

  /** GET /get-report into memory. */
  getReport(taskId: string, opts: RequestOptions = {}): Promise<ReportFile> {
    return this.send('GET', API_PATHS.report, { task_id: taskId }, undefined, 'safe', this.forDownload(opts), async (res, endpoint) =>
      readReportBytes(res, endpoint),
    );
  }

  /** GET /get-report streamed to `filePath` (written to a temporary file, then renamed). */
  downloadReport(taskId: string, filePath: string, opts: RequestOptions = {}): Promise<DownloadedFile> {
    return this.send('GET', API_PATHS.report, { task_id: taskId }, undefined, 'safe', this.forDownload(opts), async (res, endpoint) =>
      downloadToFile(res, endpoint, filePath),
    );
  }

  /**
   * The get-report URL. With `includeApiKey` it carries `api_key=` so a browser can open
   * it; such a URL is a secret: show it only through redact().
   */
  reportUrl(taskId: string, options: { includeApiKey?: boolean } = {}): string {
    const url = this.url(API_PATHS.report, { task_id: taskId });
    if (options.includeApiKey) url.searchParams.set(QUERY_API_KEY, this.apiKey);
    return url.toString();
  }

  /** Releases pooled connections (only those of the client's own agent). */
  async close(): Promise<void> {
    try {
      if (this.ownsDispatcher) await this.dispatcher.close();
    } finally {
      this.releaseSecret();
    }
  }

  private forDownload(opts: RequestOptions): RequestOptions {
    return { ...opts, timeoutMs: opts.timeoutMs ?? this.options.downloadTimeoutMs ?? 120_000 };
  }

  private url(path: string, query: Record<string, string>): URL {
    const url = new URL(this.baseUrl + path);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    return url;
  }

  private json<T>(
    method: 'GET' | 'POST',
    path: string,
    query: Record<string, string>,
    body: string | undefined,
    repeat: Repeatability,
    opts: RequestOptions,
    shape: (value: unknown, res: OpenResponse, endpoint: string) => T,
  ): Promise<T> {
    return this.send(method, path, query, body, repeat, opts, async (res, endpoint) => {
      const text = await readText(res);
      return shape(parseJsonBody(text, res.headers['content-type'], endpoint, res.status), res, endpoint);
    });
  }

  /** One logical request: attempts with retries; `onOk` consumes a 2xx body. */
  private send<T>(
    method: 'GET' | 'POST',
    path: string,
    query: Record<string, string>,
    body: string | undefined,
    repeat: Repeatability,
    opts: RequestOptions,
    onOk: (res: OpenResponse, endpoint: string) => Promise<T>,
  ): Promise<T> {
    const endpoint = `${method} ${path}`;
    const url = this.url(path, query);
    const headers: Record<string, string> = {
      [HEADER_API_KEY]: this.apiKey,
      accept: 'application/json, application/pdf, image/jpeg',
      'user-agent': this.options.userAgent ?? 'report-studio',
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const log = this.options.log;
    return withRetries(
      async (attempt) => {
        const started = Date.now();
        const res = await openRequest({
          method,
          url,
          endpoint,
          headers,
          body,
          timeoutMs: opts.timeoutMs ?? this.timeoutMs,
          signal: opts.signal,
          dispatcher: this.dispatcher,
        }).catch((error: unknown) => {
          log?.(redact(`${endpoint} ${url.search} failed: ${(error as Error).message}`));
          throw error;
        });
        log?.(redact(`${endpoint}${url.search} → ${res.status} in ${Date.now() - started} ms${attempt ? ` (retry ${attempt})` : ''}`));
        if (res.status >= 200 && res.status < 300) return onOk(res, endpoint);
        const location = res.headers.location;
        if (path === API_PATHS.report && REDIRECTS.has(res.status) && location) {
          // Cloud upload: the file lives at the bucket URL. That is another host, so it is
          // fetched WITHOUT the API key.
          await discard(res);
          const target = new URL(location, url);
          const file = await openRequest({
            method: 'GET',
            url: target,
            endpoint: `GET ${redact(target.origin + target.pathname)}`,
            headers: { 'user-agent': headers['user-agent'], accept: headers.accept },
            timeoutMs: opts.timeoutMs ?? this.timeoutMs,
            signal: opts.signal,
            dispatcher: this.dispatcher,
          });
          log?.(redact(`${endpoint} → ${res.status} → GET ${target.origin}${target.pathname} → ${file.status}`));
          if (file.status >= 200 && file.status < 300) return onOk(file, endpoint);
          throw await this.errorFrom(file, endpoint);
        }
        throw await this.errorFrom(res, endpoint);
      },
      {
        policy: this.policy,
        repeatability: repeat,
        signal: opts.signal,
        random: this.options.random,
        onRetry: (error, retry, delay) => log?.(redact(`${endpoint}: ${error.kind}, retry ${retry} in ${delay} ms`)),
      },
    );
  }

  private async errorFrom(res: OpenResponse, endpoint: string): Promise<ReportServiceError> {
    const retryAfterMs = parseRetryAfter(res.headers['retry-after']);
    const limit = errorBodyLimit(res.status);
    let text: string;
    try {
      text = await readText(res, limit);
    } catch (error) {
      if (error instanceof ReportServiceError && (error.kind === 'cancelled' || error.kind === 'timeout')) throw error;
      await discard(res);
      if (res.status === 422) {
        // Still a validation failure (exit 1, not "bad response"), only without its entries.
        return new ReportServiceError({
          kind: 'validation',
          status: 422,
          endpoint,
          message: `${endpoint}: the report did not pass validation; the service's list of errors is larger than ${limit / 1024 / 1024} MiB and was not read (HTTP 422)`,
        });
      }
      text = '';
    }
    let parsed: unknown = text;
    if (isJsonLike(res.headers['content-type'])) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    const error = errorFromStatus(res.status, parsed, endpoint, retryAfterMs);
    // A 422 without a list of entries is not the documented 422.
    if (res.status === 422 && error.details.length === 0 && !Array.isArray((parsed as { detail?: unknown })?.detail)) {
      return error.with({ kind: 'bad_response' });
    }
    return error;
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Error bodies read at most: a message is short, but a 422 lists every error (FastAPI lists all). */
const ERROR_BODY_LIMIT = 1024 * 1024;
const VALIDATION_ERROR_BODY_LIMIT = 64 * 1024 * 1024;

function errorBodyLimit(status: number): number {
  return status === 422 ? VALIDATION_ERROR_BODY_LIMIT : ERROR_BODY_LIMIT;
}

function isJsonLike(contentType: string | undefined): boolean {
  return !!contentType && /json/i.test(contentType);
}

/** `http://host:port` (→ …/api/v1), `http://host:port/api/v1` or any other prefix, trailing slashes dropped. */
export function normaliseBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ReportServiceError({ kind: 'network', message: `Not a valid base URL: ${redact(raw)}`, requestSent: false });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ReportServiceError({ kind: 'network', message: `Base URL must be http(s): ${redact(raw)}`, requestSent: false });
  }
  url.search = '';
  url.hash = '';
  let path = url.pathname.replace(/\/+$/, '');
  if (!path) path = '/api/v1';
  return `${url.origin}${path}`;
}
