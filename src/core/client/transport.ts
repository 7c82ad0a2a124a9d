/**
 * What one HTTP exchange of the client is, whatever carries it: the call, the open response and
 * its body, the deadline that covers the whole exchange (connect, headers and body) together with
 * the caller's AbortSignal, and the reading of a body. The transport that opens it is http.ts
 * (undici, Node) or its browser twin src/web/client/http.ts (fetch, or the in-browser service
 * in-process); both turn every transport failure into a ReportServiceError of kind network,
 * timeout or cancelled here.
 */
import type { Dispatcher } from 'undici';
import { ReportServiceError } from './errors';
import { concatBytes } from '../bytes';
import { redact } from '../redact';

export interface HttpCall {
  method: 'GET' | 'POST';
  url: URL;
  /** `POST /build-report`: used in messages instead of the URL. */
  endpoint: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  signal?: AbortSignal;
  dispatcher?: Dispatcher;
}

/**
 * A response body as the client reads it: undici's stream on Node; in the browser, its twin
 * (src/web/client/http.ts) over fetch's body or the in-process service's bytes.
 */
export interface ResponseBody extends AsyncIterable<Uint8Array> {
  /** Stops reading; the rest is dropped. */
  destroy(): void;
  /** Reads the rest and drops it (the connection can be reused). */
  dump(): Promise<void>;
}

export interface OpenResponse {
  status: number;
  /** Lower-case names, first value of each. */
  headers: Record<string, string | undefined>;
  body: ResponseBody;
  /** Aborted when the deadline passes or the caller cancels; pass to stream pipelines. */
  signal: AbortSignal;
  /** Turns an error thrown while reading the body into the right kind. */
  classify(error: unknown): ReportServiceError;
  /** Stops the deadline timer; call once the body is consumed or dropped. */
  done(): void;
}

/** Error codes meaning the request never left this machine, so any request may be repeated. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** What a transport answers with: the response before the deadline's part is added. */
export type OpenedResponse = Pick<OpenResponse, 'status' | 'headers' | 'body'>;

/**
 * Opens `call` under its deadline with `open` (given the signal that aborts on the deadline or
 * the caller's cancel); any failure becomes the right kind of ReportServiceError.
 */
export async function openUnderDeadline(
  call: HttpCall,
  open: (signal: AbortSignal) => Promise<OpenedResponse>,
  own?: TransportFailure,
): Promise<OpenResponse> {
  const deadline = new Deadline(call.timeoutMs, call.signal);
  const classify = (error: unknown): ReportServiceError => classifyTransportError(error, deadline, call, own);
  if (call.signal?.aborted) {
    deadline.dispose();
    throw classify(call.signal.reason);
  }
  try {
    const response = await open(deadline.signal);
    return { ...response, signal: deadline.signal, classify, done: () => deadline.dispose() };
  } catch (error) {
    deadline.dispose();
    throw classify(error);
  }
}

/** Reads a whole body as text under the exchange's deadline. */
export async function readText(response: OpenResponse, limitBytes = 16 * 1024 * 1024): Promise<string> {
  try {
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of response.body) {
      size += chunk.length;
      if (size > limitBytes) {
        response.body.destroy();
        throw new ReportServiceError({ kind: 'bad_response', message: `response larger than ${limitBytes} bytes` });
      }
      chunks.push(chunk);
    }
    return new TextDecoder().decode(concatBytes(chunks));
  } catch (error) {
    throw error instanceof ReportServiceError ? error : response.classify(error);
  } finally {
    response.done();
  }
}

/** Drains and discards a body so the connection can be reused. */
export async function discard(response: OpenResponse): Promise<void> {
  try {
    await response.body.dump();
  } catch {
    // The body is of no interest; a broken connection is not worth reporting here.
  } finally {
    response.done();
  }
}

class Deadline {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private readonly onCallerAbort = (): void => this.controller.abort(this.caller?.reason);
  timedOut = false;

  constructor(
    readonly timeoutMs: number,
    private readonly caller?: AbortSignal,
  ) {
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.controller.abort(new Error(`timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    caller?.addEventListener('abort', this.onCallerAbort, { once: true });
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.caller?.removeEventListener('abort', this.onCallerAbort);
  }
}

function errorCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown }; errors?: Array<{ code?: unknown }> };
  const code = e?.code ?? e?.cause?.code ?? e?.errors?.[0]?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The transport's own reading of a failure that is neither a cancel nor the deadline (undefined: the generic one). */
export type TransportFailure = (error: unknown, call: HttpCall) => ReportServiceError | undefined;

function classifyTransportError(error: unknown, deadline: Deadline, call: HttpCall, own?: TransportFailure): ReportServiceError {
  if (error instanceof ReportServiceError) return error;
  const endpoint = call.endpoint;
  if (call.signal?.aborted) {
    const reason = call.signal.reason;
    const why = reason instanceof Error && reason.name !== 'AbortError' ? `: ${reason.message}` : '';
    return new ReportServiceError({ kind: 'cancelled', message: `${endpoint}: cancelled${why}`, endpoint, cause: error });
  }
  if (deadline.timedOut) {
    return new ReportServiceError({
      kind: 'timeout',
      message: `${endpoint}: no complete answer within ${deadline.timeoutMs} ms`,
      endpoint,
      cause: error,
    });
  }
  const specific = own?.(error, call);
  if (specific) return specific;
  const code = errorCode(error);
  const origin = redact(call.url.origin);
  const text = error instanceof Error ? error.message : String(error);
  const what = code ? `${code}${text && !text.includes(code) ? `: ${text}` : ''}` : text;
  return new ReportServiceError({
    kind: 'network',
    message: `${endpoint}: cannot reach ${origin} (${what})`,
    endpoint,
    requestSent: !(code && NOT_SENT_CODES.has(code)),
    cause: error,
  });
}
