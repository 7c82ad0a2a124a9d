/**
 * The HTTP front on a plain Node http server: the adapter of the service's API (routes.ts)
 * onto sockets — the request log, connection guards and timeouts (connections.ts), keep-alive
 * and the long-poll rules per socket, and a client that goes away mid-request.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { ServiceContext } from './context';
import { guardConnections, requestsInFlight, serverTimeouts, trackRequest } from './connections';
import type { ServiceRequest } from './exchange';
import { formatRequestLine, wasFullySent } from './requestLog';
import { readBody } from './body';
import { writeResponse } from './nodeResponse';
import { errorResponse } from './respond';
import { serviceError } from './serviceErrors';
import { createRouter, internalError } from './routes';

/**
 * The client went away (reset, closed mid-body): nothing to answer and nothing wrong with
 * the service; such errors are an info line, not an "internal error" with a stack.
 */
function clientGone(req: IncomingMessage, res: ServerResponse, err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException)?.code;
  return (
    res.destroyed ||
    req.socket.destroyed ||
    code === 'ECONNRESET' ||
    code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    (err as Error)?.message === 'aborted'
  );
}

function serviceRequest(req: IncomingMessage, res: ServerResponse, url: URL): ServiceRequest {
  const closed = new AbortController();
  res.once('close', () => closed.abort());
  return {
    method: req.method ?? 'GET',
    url,
    header: (name) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value[0] : value;
    },
    readBody: (limit) => readBody(req, limit),
    closed: closed.signal,
    connection: req.socket,
  };
}

export function createHttpServer(ctx: ServiceContext): Server {
  const router = createRouter(ctx, (socket) => requestsInFlight(socket as Socket));

  const server = createServer(serverTimeouts(ctx.options), (req, res) => {
    if (!trackRequest(req, res)) return;
    router.longPolls.onRequest(req.socket);
    const started = performance.now();
    let keyId: string | undefined;
    let logged = false;
    const logLine = (): void => {
      if (logged) return;
      logged = true;
      // 499: the client went away before the whole response was handed to the connection.
      // Not writableFinished: a client that read every byte and closed at once can beat 'finish'.
      const status = wasFullySent(res) ? res.statusCode : 499;
      ctx.options.log(formatRequestLine(req.method ?? '-', req.url ?? '/', status, performance.now() - started, keyId));
    };
    res.on('finish', logLine);
    res.on('close', logLine);
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://127.0.0.1');
    } catch {
      void writeResponse(res, errorResponse(serviceError('invalidUrl', {})));
      return;
    }
    const answer = router.handle(serviceRequest(req, res, url), (k) => (keyId = k.id));
    answer
      .then((response) => {
        // Drain an unread request body so the connection can be reused.
        if (!req.readableEnded) req.resume();
        // A client gone while its answer was held (a long-poll): nothing to write.
        if (res.destroyed) return;
        return writeResponse(res, response);
      })
      .catch((err: unknown) => {
        if (!req.readableEnded) req.resume();
        if (res.headersSent) {
          res.destroy();
          return;
        }
        if (clientGone(req, res, err)) {
          ctx.options.log(`client went away during ${req.method} ${url.pathname} before the response was complete`);
          res.destroy();
          return;
        }
        void writeResponse(res, internalError(ctx, req.method ?? '-', url.pathname, err));
      });
  });
  guardConnections(server, ctx.options);
  return server;
}
