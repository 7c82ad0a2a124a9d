/**
 * Every error the local service answers with a `{"detail": "<text>"}` body, declared once (as
 * fastify declares its errors): its status, its `type` (the key; it names the error in code,
 * docs and tests, never on the wire, which carries FastAPI's bare `detail`), when it happens,
 * and its message as a template over typed parameters. Each throw site builds its error here
 * (serviceError / errorAnswer); OpenAPI's examples (openapi.ts) and the _Status codes_ table of
 * docs/local-service.md (scripts/gen-service-surface.ts) are written from `example`.
 * Validation errors (422) are pydantic's lists, not messages: validation/ and body.ts.
 */
import { LIMITS } from '../limits';
import { DEFAULT_PLAN } from '../options';
import { HttpError, type Headers } from './respond';

interface ServiceErrorEntry<P> {
  status: number;
  /** When the service answers it (docs/local-service.md, _Status codes_). */
  when: string;
  message: (p: P) => string;
  /** The parameters of the example in the docs and in OpenAPI. */
  example: P;
}

/** Infers an entry's parameters from its template. */
const entry = <P extends object>(e: ServiceErrorEntry<P>): ServiceErrorEntry<P> => e;

type None = Record<string, never>;
const none: None = {};
const EXAMPLE_TASK = '…';
const EXAMPLE_PERIOD_END = '2025-02-01T00:00:00.000Z';

export const SERVICE_ERRORS = {
  badHttp: entry<{ parserCode: string }>({
    status: 400,
    when: 'not parsable as HTTP/1.1 (then the connection is closed)',
    message: ({ parserCode }) =>
      `Bad request: the request is not valid HTTP/1.1${/^HPE_[A-Z_]+$/.test(parserCode) ? ` (${parserCode})` : ''}`,
    example: { parserCode: 'HPE_INVALID_METHOD' },
  }),
  invalidUrl: entry<None>({
    status: 400,
    when: 'a request target that is not a URL',
    message: () => 'Invalid request URL',
    example: none,
  }),
  bodyNotUtf8: entry<None>({
    status: 400,
    when: "body bytes are not UTF-8 (FastAPI's catch-all)",
    message: () => 'There was an error parsing the body',
    example: none,
  }),
  jsonTooDeep: entry<{ maxDepth: number; at: number }>({
    status: 400,
    when: 'JSON nested deeper than `--max-depth`',
    message: ({ maxDepth, at }) =>
      `JSON nested deeper than ${maxDepth} levels (at character ${at}); the local service rejects deeper bodies`,
    example: { maxDepth: LIMITS.maxDepth.default, at: 1234 },
  }),
  jsonTooDeepToValidate: entry<None>({
    status: 400,
    when: 'JSON within `--max-depth` whose validation still runs out of stack',
    message: () => 'JSON nested too deeply to be validated; the local service rejects such bodies',
    example: none,
  }),
  missingApiKey: entry<None>({
    status: 401,
    when: 'no key',
    message: () => 'Missing API key: send it in the X-API-KEY header or the api_key query parameter',
    example: none,
  }),
  invalidApiKey: entry<None>({
    status: 401,
    when: 'unknown key',
    message: () => 'Invalid API key',
    example: none,
  }),
  subscriptionInactive: entry<None>({
    status: 402,
    when: 'subscription inactive (build and preview)',
    message: () => 'Subscription inactive: this API key has no active plan, so reports cannot be built or previewed',
    example: none,
  }),
  notFound: entry<None>({
    status: 404,
    when: 'unknown path, or a bucket file that is not there',
    message: () => 'Not Found',
    example: none,
  }),
  taskNotFound: entry<{ taskId: string }>({
    status: 404,
    when: "unknown task, another key's task, or forgotten (tombstone expired)",
    message: ({ taskId }) => `Task not found: no task with task_id '${taskId}' for this API key`,
    example: { taskId: EXAMPLE_TASK },
  }),
  methodNotAllowed: entry<None>({
    status: 405,
    when: 'wrong method (`Allow` names the right one)',
    message: () => 'Method Not Allowed',
    example: none,
  }),
  requestTimeout: entry<{ headersSeconds: number; requestSeconds: number }>({
    status: 408,
    when: 'headers or body not received in time (`--headers-timeout`, `--request-timeout`)',
    message: ({ headersSeconds, requestSeconds }) =>
      `Request timeout: the request headers must arrive within ${headersSeconds} s and the whole request within ${requestSeconds} s`,
    example: { headersSeconds: LIMITS.headersTimeoutMs.default / 1000, requestSeconds: LIMITS.requestTimeoutMs.default / 1000 },
  }),
  reportNotReady: entry<{ taskId: string; status: string }>({
    status: 409,
    when: 'get-report while the task is QUEUED or RUNNING',
    message: ({ taskId, status }) => `Report not ready: task ${taskId} is ${status}; poll get-task-status until it is SUCCESS`,
    example: { taskId: EXAMPLE_TASK, status: 'RUNNING' },
  }),
  taskFailed: entry<{ taskId: string; reason: string }>({
    status: 409,
    when: 'get-report of a FAILED task (the reason is its `error_message`)',
    message: ({ taskId, reason }) => `Task ${taskId} FAILED, so there is no report: ${reason}`,
    example: { taskId: EXAMPLE_TASK, reason: '<error_message>' },
  }),
  reportPurged: entry<{ hours: number; taskId: string; finishedAt: string }>({
    status: 410,
    when: 'get-report after the retention time (`--retention`)',
    message: ({ hours, taskId, finishedAt }) =>
      `Report purged: reports are kept for ${hours} h after the task finished (task ${taskId} finished ${finishedAt})`,
    example: { hours: LIMITS.retentionMs.default / 3600_000, taskId: EXAMPLE_TASK, finishedAt: '2025-06-01T12:00:00Z' },
  }),
  reportUnavailable: entry<{ taskId: string }>({
    status: 410,
    when: 'get-report of a SUCCESS task that has no file recorded',
    message: ({ taskId }) => `Report of task ${taskId} is no longer available`,
    example: { taskId: EXAMPLE_TASK },
  }),
  reportFileGone: entry<None>({
    status: 410,
    when: 'get-report whose file was removed from the data dir by someone else',
    message: () => 'The report file is no longer in the data dir',
    example: none,
  }),
  bodyTooLarge: entry<{ limit: number }>({
    status: 413,
    when: 'body over `--body-limit` (Content-Length or streamed)',
    message: ({ limit }) => `Request body too large: the limit is ${limit} bytes`,
    example: { limit: LIMITS.bodyLimit.default },
  }),
  bodyTooLargeToValidate: entry<{ heapMb: number }>({
    status: 413,
    when: 'validating the body needs more memory than the body worker has',
    message: ({ heapMb }) => `Request body too large to validate: it needs more than the ${heapMb} MB of memory validation may use`,
    example: { heapMb: LIMITS.bodyWorkerHeapMb.default },
  }),
  chunkExtensionsTooLong: entry<None>({
    status: 413,
    when: 'chunk extensions of a chunked body over Node’s limit (then the connection is closed)',
    message: () => 'Request entity too large: chunk extensions too long',
    example: none,
  }),
  expectationFailed: entry<None>({
    status: 417,
    when: 'an `Expect` header other than `100-continue`',
    message: () => 'Expectation failed: only "Expect: 100-continue" is supported',
    example: none,
  }),
  quotaExhausted: entry<{ kind: 'single' | 'multi'; max: number; periodEnd: string }>({
    status: 429,
    when: 'quota exhausted (builds; no `Retry-After`)',
    message: ({ kind, max, periodEnd }) =>
      `${kind === 'single' ? 'Single' : 'Multi'}-page report quota exhausted: all ${max} ${kind}-page reports of this ` +
      `plan are used or in progress for the period ending ${periodEnd}`,
    example: { kind: 'single', max: DEFAULT_PLAN.quotaSingle, periodEnd: EXAMPLE_PERIOD_END },
  }),
  tooManyQueued: entry<{ cap: number; seconds: number }>({
    status: 429,
    when: 'the key has `--max-queued-per-key` tasks waiting (`Retry-After: <s>`; build and preview)',
    message: ({ cap, seconds }) =>
      `Too many tasks queued: this API key already has ${cap} tasks waiting to be rendered, the most the local service ` +
      `queues per key (--max-queued-per-key); retry after ${seconds} s`,
    example: { cap: LIMITS.maxQueuedPerKey.default, seconds: 2 },
  }),
  headersTooLarge: entry<{ maxBytes: number }>({
    status: 431,
    when: 'request line + headers over 16 KiB',
    message: ({ maxBytes }) => `Request header fields too large: the request line and headers may take at most ${maxBytes} bytes`,
    example: { maxBytes: LIMITS.maxHeaderBytes.default },
  }),
  internal: entry<None>({
    status: 500,
    when: 'a bug (logged with its stack)',
    message: () => 'Internal Server Error',
    example: none,
  }),
  tooManyConnections: entry<{ max: number }>({
    status: 503,
    when: 'more than `--max-connections` open connections (`Retry-After: 1`; the connection is closed)',
    message: ({ max }) => `Too many connections: the local service accepts at most ${max} at a time (--max-connections); retry after 1 s`,
    example: { max: LIMITS.maxConnections.default },
  }),
  rateLimited: entry<{ rate: number; seconds: number }>({
    status: 503,
    when: 'rate limit (`Retry-After: <s>`)',
    message: ({ rate, seconds }) => `Rate limit exceeded: at most ${rate} requests per second per API key; retry after ${seconds} s`,
    example: { rate: LIMITS.rateLimit.default, seconds: 1 },
  }),
  bodiesBusy: entry<{ waiting: number; thresholdKib: number }>({
    status: 503,
    when: 'the most large bodies already waiting for validation (`Retry-After: 1`)',
    message: ({ waiting, thresholdKib }) =>
      `Busy: ${waiting} large request bodies are already waiting to be validated (bodies over ` +
      `${thresholdKib} KiB are validated one at a time); retry after 1 s`,
    example: { waiting: LIMITS.maxWaitingBodies.default, thresholdKib: LIMITS.bodyWorkerThreshold.default / 1024 },
  }),
  stopping: entry<None>({
    status: 503,
    when: 'the service is stopping while a large body waits for validation (`Retry-After: 1`)',
    message: () => 'The local service is stopping; the request was not processed',
    example: none,
  }),
  injectedFault: entry<{ errorRate: number }>({
    status: 503,
    when: '`--error-rate` (`Retry-After: 1`)',
    message: ({ errorRate }) => `Service unavailable (injected fault: the local service runs with error-rate ${errorRate})`,
    example: { errorRate: 0.2 },
  }),
  storageFull: entry<{ reason: string }>({
    status: 507,
    when: 'the disk holding the data folder is full, over its quota or read-only (a submit; nothing is reserved or left behind)',
    message: ({ reason }) =>
      `The local service cannot save the task: ${reason}. Free some space there and submit again; nothing was reserved or charged.`,
    example: { reason: 'no space left on the disk holding its data folder /srv/report-data' },
  }),
};

export type ServiceErrorType = keyof typeof SERVICE_ERRORS;
type ParamsOf<T extends ServiceErrorType> = (typeof SERVICE_ERRORS)[T]['example'];

/** Status and detail text of an error (for answers written outside the router: connections.ts). */
export function errorAnswer<T extends ServiceErrorType>(type: T, params: ParamsOf<T>): { status: number; detail: string } {
  const e = SERVICE_ERRORS[type] as ServiceErrorEntry<ParamsOf<T>>;
  return { status: e.status, detail: e.message(params) };
}

/** The error to throw: the router (routes.ts) answers it `{"detail": …}` with its status. */
export function serviceError<T extends ServiceErrorType>(type: T, params: ParamsOf<T>, headers?: Headers): HttpError {
  const { status, detail } = errorAnswer(type, params);
  return new HttpError(status, detail, headers);
}

/** An error's example detail (the docs and OpenAPI). */
export function exampleDetail(type: ServiceErrorType): string {
  const e = SERVICE_ERRORS[type] as ServiceErrorEntry<object>;
  return e.message(e.example);
}
