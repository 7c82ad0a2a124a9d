/**
 * The HTTP front: routing, authentication, fault injection, rate limiting and the
 * request log, on a plain Node http server. Paths and error bodies follow FastAPI:
 * unknown path → 404 {"detail":"Not Found"}, wrong method → 405, trailing slash →
 * 307 to the path without it.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { HEADER_API_KEY, HEADER_MULTI_REMAINING, HEADER_SINGLE_REMAINING, QUERY_API_KEY } from '../../core/api/types';
import type { ApiKey } from '../keys';
import { buildOpenApi } from '../openapi';
import { queryParam, type ApiRequest, type ServiceContext } from './context';
import { guardConnections, serverTimeouts, trackRequest } from './connections';
import { formatRequestLine, wasFullySent } from './requestLog';
import { RateLimiter } from './rateLimiter';
import { HttpError, sendError, sendJson } from './respond';
import { handleSubmit } from './submit';
import { handleBucket, handleGetReport, handleRemainingQuota, handleTaskStatus } from './taskRoutes';
import { LongPolls } from './longPolls';

type Handler = (a: ApiRequest) => Promise<void> | void;

type Routes = Record<string, { method: 'GET' | 'POST'; handler: Handler; queues?: true }>;

/** `queues`: the route creates a task, so the per-key cap on waiting tasks applies. */
function apiRoutes(longPolls: LongPolls): Routes {
  return {
    '/api/v1/build-report': { method: 'POST', handler: (a) => handleSubmit(a, 'build'), queues: true },
    '/api/v1/preview-report': { method: 'POST', handler: (a) => handleSubmit(a, 'preview'), queues: true },
    '/api/v1/get-task-status': { method: 'GET', handler: (a) => handleTaskStatus(a, longPolls) },
    '/api/v1/get-report': { method: 'GET', handler: handleGetReport },
    '/api/v1/get-remaining-quota': { method: 'GET', handler: handleRemainingQuota },
  };
}

const delay = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

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

function authenticate(ctx: ServiceContext, req: IncomingMessage, url: URL): ApiKey {
  const header = req.headers[HEADER_API_KEY];
  const presented = (Array.isArray(header) ? header[0] : header) || queryParam(url, QUERY_API_KEY);
  if (!presented) throw new HttpError(401, 'Missing API key: send it in the X-API-KEY header or the api_key query parameter');
  const key = ctx.keys.find(presented);
  if (!key) throw new HttpError(401, 'Invalid API key');
  return key;
}

export function createHttpServer(ctx: ServiceContext): Server {
  const limiter = new RateLimiter(ctx.options.rateLimit, ctx.options.now);
  const longPolls = new LongPolls(ctx.options.maxLongPollsPerKey, ctx.options.maxConnections);
  const routes = apiRoutes(longPolls);
  let openApiText: string | undefined;
  /** Submits past the queue check whose task is not queued yet: counted against the cap too. */
  const admitting = new Map<string, number>();

  /** Runs a submit under the per-key cap on waiting tasks (429 with Retry-After beyond it). */
  async function admitted(a: ApiRequest, handler: Handler): Promise<void> {
    const { key, ctx: c } = a;
    const cap = c.options.maxQueuedPerKey;
    const waiting = c.runner.queuedFor(key.id) + (admitting.get(key.id) ?? 0);
    if (waiting >= cap) {
      const seconds = c.runner.retryAfterSeconds();
      const q = c.ledger.snapshot(key.id, key.plan);
      throw new HttpError(
        429,
        `Too many tasks queued: this API key already has ${cap} tasks waiting to be rendered, the most the local service ` +
          `queues per key (--max-queued-per-key); retry after ${seconds} s`,
        { 'retry-after': seconds, [HEADER_SINGLE_REMAINING]: q.remainingSingle, [HEADER_MULTI_REMAINING]: q.remainingMulti },
      );
    }
    admitting.set(key.id, (admitting.get(key.id) ?? 0) + 1);
    try {
      await handler(a);
    } finally {
      const left = (admitting.get(key.id) ?? 1) - 1;
      if (left > 0) admitting.set(key.id, left);
      else admitting.delete(key.id);
    }
  }

  async function route(req: IncomingMessage, res: ServerResponse, url: URL, setKey: (k: ApiKey) => void): Promise<void> {
    const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
    const path = url.pathname;
    if (path.length > 1 && path.endsWith('/') && (routes[path.slice(0, -1)] || path === '/openapi.json/')) {
      res.writeHead(307, { location: path.slice(0, -1) + url.search, 'content-length': 0 });
      res.end();
      return;
    }
    if (path === '/openapi.json' && method === 'GET') {
      openApiText ??= JSON.stringify(buildOpenApi(ctx.origin));
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(openApiText) });
      res.end(req.method === 'HEAD' ? undefined : openApiText);
      return;
    }
    if (path.startsWith('/bucket/') && method === 'GET') return handleBucket(ctx, res, path.slice('/bucket/'.length));
    if (path === '/' && method === 'GET') {
      sendJson(res, 200, {
        service: 'Report Studio local report service',
        api: `${ctx.origin}/api/v1`,
        openapi: `${ctx.origin}/openapi.json`,
      });
      return;
    }
    const r = routes[path];
    if (!r) throw new HttpError(404, 'Not Found');
    if (r.method !== method) throw new HttpError(405, 'Method Not Allowed', { allow: r.method === 'GET' ? 'GET, HEAD' : r.method });

    const o = ctx.options;
    if (o.latencyMs > 0) await delay(o.latencyMs);
    const key = authenticate(ctx, req, url);
    setKey(key);
    if (o.errorRate > 0 && o.random() < o.errorRate) {
      throw new HttpError(503, `Service unavailable (injected fault: the local service runs with error-rate ${o.errorRate})`, {
        'retry-after': 1,
      });
    }
    const waitMs = limiter.take(key.id);
    if (waitMs > 0) {
      const seconds = Math.max(1, Math.ceil(waitMs / 1000));
      throw new HttpError(503, `Rate limit exceeded: at most ${o.rateLimit} requests per second per API key; retry after ${seconds} s`, {
        'retry-after': seconds,
      });
    }
    const a: ApiRequest = { req, res, url, key, ctx };
    await (r.queues ? admitted(a, r.handler) : r.handler(a));
  }

  const server = createServer(serverTimeouts(ctx.options), (req, res) => {
    if (!trackRequest(req, res)) return;
    longPolls.onRequest(req.socket);
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
      sendJson(res, 400, { detail: 'Invalid request URL' });
      return;
    }
    route(req, res, url, (k) => (keyId = k.id)).catch((err: unknown) => {
      // Drain an unread request body so the connection can be reused.
      if (!req.readableEnded) req.resume();
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (err instanceof HttpError) {
        sendError(res, err);
        return;
      }
      if (clientGone(req, res, err)) {
        ctx.options.log(`client went away during ${req.method} ${url.pathname} before the response was complete`);
        res.destroy();
        return;
      }
      ctx.options.log(`internal error on ${req.method} ${url.pathname}: ${(err as Error)?.stack ?? err}`);
      sendJson(res, 500, { detail: 'Internal Server Error' });
    });
  });
  guardConnections(server, ctx.options);
  return server;
}
