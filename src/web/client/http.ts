/**
 * The browser twin of src/core/client/http.ts (a SWAP, scripts/web-build.mjs): the same exports,
 * with fetch for the transport. A request for the origin of a local service running in this page
 * or worker (inProcessOrigins.ts) is answered by that service in-process, with the statuses,
 * headers and bodies it sends over HTTP on Node; any other origin goes through fetch. Deadlines,
 * cancellation and error kinds are transport.ts's, as on Node.
 */
import type { Dispatcher } from 'undici';
import { ReportServiceError } from '../../core/client/errors';
import { openUnderDeadline, type HttpCall, type OpenedResponse, type OpenResponse, type ResponseBody } from '../../core/client/transport';
import { redact } from '../../core/redact';
import { inProcessHandler } from './inProcessOrigins';

export { discard, readText } from '../../core/client/transport';
export type { HttpCall, OpenResponse, ResponseBody } from '../../core/client/transport';

/**
 * The browser pools connections itself: the client's "dispatcher" is only something to close.
 * Typed as undici's so ReportClient is the same class on both sides.
 */
export function createDispatcher(): Dispatcher {
  return { close: async () => undefined } as unknown as Dispatcher;
}

/** Browsers set these themselves (and refuse them from a page). */
const BROWSER_OWNED = new Set(['user-agent', 'content-length', 'host', 'connection']);

export function openRequest(call: HttpCall): Promise<OpenResponse> {
  const local = inProcessHandler(call.url.origin);
  return openUnderDeadline(call, (signal) => (local ? inProcess(call, signal, local) : viaFetch(call, signal)), blockedByBrowser);
}

async function inProcess(
  call: HttpCall,
  signal: AbortSignal,
  handler: NonNullable<ReturnType<typeof inProcessHandler>>,
): Promise<OpenedResponse> {
  const body = call.body === undefined ? undefined : new TextEncoder().encode(call.body);
  const answer = handler({ method: call.method, url: call.url.toString(), headers: call.headers, body, signal });
  const aborted = new Promise<never>((_resolve, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
  const res = await Promise.race([answer, aborted]);
  return { status: res.status, headers: { ...res.headers }, body: bytesBody(res.body) };
}

async function viaFetch(call: HttpCall, signal: AbortSignal): Promise<OpenedResponse> {
  const headers = Object.fromEntries(Object.entries(call.headers).filter(([name]) => !BROWSER_OWNED.has(name.toLowerCase())));
  // Not followed: a redirect (get-report's cloud copy) is another host, which must not get the
  // API key; ReportClient follows it itself. A cross-origin one stays opaque to a page (status 0).
  const res = await fetch(call.url, { method: call.method, headers, body: call.body, signal, redirect: 'manual', credentials: 'omit' });
  if (res.type === 'opaqueredirect') {
    await res.body?.cancel().catch(() => undefined);
    throw new ReportServiceError({
      kind: 'bad_response',
      message: `${call.endpoint}: ${redact(call.url.origin)} answered with a redirect, which the browser does not let this page read`,
      endpoint: call.endpoint,
    });
  }
  const out: Record<string, string | undefined> = {};
  res.headers.forEach((value, name) => (out[name.toLowerCase()] = value));
  return { status: res.status, headers: out, body: streamBody(res.body) };
}

/**
 * fetch rejects with a bare TypeError, and no response, when the browser refuses the exchange:
 * a cross-origin service that sends no CORS headers for this page (or one out of reach, which a
 * page cannot tell apart).
 */
function blockedByBrowser(error: unknown, call: HttpCall): ReportServiceError | undefined {
  if (!(error instanceof TypeError)) return undefined;
  const origin = redact(call.url.origin);
  return new ReportServiceError({
    kind: 'network',
    message:
      `The browser blocked the request to ${origin}: that service does not allow calls from this page ` +
      `(or cannot be reached from it), but the bundled local service works here.`,
    endpoint: call.endpoint,
    // A preflight refused leaves the request unsent, but a response refused came after it ran.
    requestSent: true,
    cause: error,
  });
}

function bytesBody(bytes: Uint8Array): ResponseBody {
  let dropped = false;
  return {
    async *[Symbol.asyncIterator]() {
      if (!dropped && bytes.length) yield bytes;
    },
    destroy: () => void (dropped = true),
    dump: async () => void (dropped = true),
  };
}

function streamBody(stream: ReadableStream<Uint8Array> | null): ResponseBody {
  const reader = stream?.getReader();
  const drop = (): void => void reader?.cancel().catch(() => undefined);
  return {
    async *[Symbol.asyncIterator]() {
      if (!reader) return;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        yield value;
      }
    },
    destroy: drop,
    dump: async () => drop(),
  };
}
