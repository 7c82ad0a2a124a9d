/**
 * Connection hygiene of the HTTP server: a cap on open connections, short timeouts for
 * clients that connect and send nothing, trickle their headers or their body, and a JSON
 * answer (FastAPI's `{"detail": ...}` shape) for HTTP that cannot be parsed — Node alone
 * answers those with an empty 400/431/417, holds idle sockets for ever and partial ones for
 * minutes, and lets idle connections exhaust the file handles every submit then needs.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { ResolvedOptions } from '../options';
import { formatRequestLine } from './requestLog';
import { writeResponse } from './nodeResponse';
import { LIMITS } from '../limits';
import { errorResponse } from './respond';
import { errorAnswer, serviceError } from './serviceErrors';

/** Server options for node:http createServer that follow the service options. */
export function serverTimeouts(o: ResolvedOptions): {
  headersTimeout: number;
  requestTimeout: number;
  keepAliveTimeout: number;
  connectionsCheckingInterval: number;
} {
  return {
    headersTimeout: o.headersTimeoutMs,
    requestTimeout: o.requestTimeoutMs,
    keepAliveTimeout: LIMITS.keepAliveTimeoutMs.default,
    // Node checks the two timeouts only this often (default 30 s): check at a fraction of them.
    connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(o.headersTimeoutMs / 4))),
  };
}

interface ErrorAnswer {
  status: number;
  detail: string;
}

/** What a client whose request could not be parsed is told; undefined: it is gone, tell nothing. */
function clientErrorAnswer(err: NodeJS.ErrnoException, o: ResolvedOptions): ErrorAnswer | undefined {
  const code = err.code ?? '';
  if (code === 'ECONNRESET' || code === 'EPIPE') return undefined;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return errorAnswer('requestTimeout', { headersSeconds: o.headersTimeoutMs / 1000, requestSeconds: o.requestTimeoutMs / 1000 });
  }
  // Node's own limit on the request line + headers.
  if (code === 'HPE_HEADER_OVERFLOW') return errorAnswer('headersTooLarge', { maxBytes: LIMITS.maxHeaderBytes.default });
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return errorAnswer('chunkExtensionsTooLong', {});
  return errorAnswer('badHttp', { parserCode: code });
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  431: 'Request Header Fields Too Large',
  503: 'Service Unavailable',
};

/** A complete HTTP/1.1 response for a socket that has no usable request (the connection is closed after it). */
function rawJsonResponse({ status, detail }: ErrorAnswer, extraHeaders: Record<string, string | number> = {}): string {
  const body = JSON.stringify({ detail });
  const headers = { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), Connection: 'close', ...extraHeaders };
  const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}`);
  return `HTTP/1.1 ${status} ${REASONS[status] ?? 'Error'}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** Requests being answered per socket: an idle-timeout on a socket with one in flight is ignored. */
const inFlight = new WeakMap<Socket, number>();
/** Sockets over the connection cap: answered 503 and closed; a request parsed from them is dropped. */
const refused = new WeakSet<object>();

/** Requests parsed from `socket` and not yet answered (pipelined ones are parsed before the first is answered). */
export function requestsInFlight(socket: Socket): number {
  return inFlight.get(socket) ?? 0;
}

/** Call first in the request handler; false: the request's connection was refused, do nothing. */
export function trackRequest(req: IncomingMessage, res: ServerResponse): boolean {
  const socket = req.socket;
  if (refused.has(socket)) {
    res.destroy();
    return false;
  }
  inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
  res.once('close', () => inFlight.set(socket, Math.max(0, (inFlight.get(socket) ?? 1) - 1)));
  return true;
}

export function guardConnections(server: Server, o: ResolvedOptions): void {
  let open = 0;
  // Idle sockets (connected, nothing sent; or between keep-alive requests) are closed after
  // this long; partial headers and slow bodies are answered 408 by Node's own checks first.
  server.timeout = o.headersTimeoutMs + 2 * serverTimeouts(o).connectionsCheckingInterval;
  server.on('timeout', (socket: Socket) => {
    if ((inFlight.get(socket) ?? 0) === 0) socket.destroy();
  });

  server.on('connection', (socket: Socket) => {
    open++;
    socket.once('close', () => open--);
    if (open <= o.maxConnections) return;
    refused.add(socket);
    o.log(formatRequestLine('-', '(connection refused: too many open connections)', 503, 0, undefined));
    socket.end(rawJsonResponse(errorAnswer('tooManyConnections', { max: o.maxConnections }), { 'Retry-After': 1 }));
    socket.setTimeout(1_000, () => socket.destroy());
  });

  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    const answer = refused.has(socket) ? undefined : clientErrorAnswer(err, o);
    const pending = (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage;
    if (!answer || !socket.writable || pending?.headersSent) {
      socket.destroy();
      return;
    }
    o.log(formatRequestLine('-', `(unparsable request: ${err.code ?? 'error'})`, answer.status, 0, undefined));
    socket.end(rawJsonResponse(answer));
    // A client that never reads must not keep the socket.
    socket.once('finish', () => socket.destroy());
  });

  // `Expect: 100-continue` is accepted by Node itself; anything else lands here (Node's default: an empty 417).
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    o.log(formatRequestLine(req.method ?? '-', req.url ?? '/', 417, 0, undefined));
    req.resume();
    res.shouldKeepAlive = false;
    void writeResponse(res, errorResponse(serviceError('expectationFailed', {})));
  });
}
