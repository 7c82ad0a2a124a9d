/**
 * The service's API on a neutral request/response pair (exchange.ts): routing, authentication,
 * fault injection, rate limiting, the per-key queue cap, and each route's handler. Paths and
 * error bodies follow FastAPI: unknown path → 404 {"detail":"Not Found"}, wrong method → 405,
 * trailing slash → 307 to the path without it. Two adapters carry it: the Node HTTP server
 * (server.ts) and calls in-process (inProcess.ts, the service in the browser).
 */
import {
  API_BASE_PATH,
  HEADER_API_KEY,
  HEADER_MULTI_REMAINING,
  HEADER_SINGLE_REMAINING,
  MANAGED_CLOUD_ASYNC_BASE_PATH,
  QUERY_API_KEY,
} from '../../core/api/types';
import type { ApiKey } from '../keys';
import { buildOpenApi } from '../openapi';
import { queryParam, type ApiRequest, type ServiceContext } from './context';
import type { ServiceRequest, ServiceResponse } from './exchange';
import { RateLimiter } from './rateLimiter';
import { errorResponse, HttpError, jsonResponse, jsonTextResponse } from './respond';
import { handleSubmit } from './submit';
import { handleBucket, handleGetReport, handleRemainingQuota, handleTaskStatus } from './taskRoutes';
import { LongPolls } from './longPolls';

type Handler = (a: ApiRequest) => Promise<ServiceResponse> | ServiceResponse;

type Routes = Record<string, { method: 'GET' | 'POST'; handler: Handler; queues?: true }>;

/** `queues`: the route creates a task, so the per-key cap on waiting tasks applies. */
function apiRoutes(longPolls: LongPolls): Routes {
  const routes: Routes = {
    '/api/v1/build-report': { method: 'POST', handler: (a) => handleSubmit(a, 'build'), queues: true },
    '/api/v1/preview-report': { method: 'POST', handler: (a) => handleSubmit(a, 'preview'), queues: true },
    '/api/v1/get-task-status': { method: 'GET', handler: (a) => handleTaskStatus(a, longPolls) },
    '/api/v1/get-report': { method: 'GET', handler: handleGetReport },
    '/api/v1/get-remaining-quota': { method: 'GET', handler: handleRemainingQuota },
  };
  // A client configured for a Managed Cloud deployment reaches the same handlers (docs/local-service.md).
  const managedCloud = Object.entries(routes).map(
    ([path, r]) => [MANAGED_CLOUD_ASYNC_BASE_PATH + path.slice(API_BASE_PATH.length), r] as const,
  );
  return { ...routes, ...Object.fromEntries(managedCloud) };
}

const delay = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function authenticate(ctx: ServiceContext, req: ServiceRequest): ApiKey {
  const presented = req.header(HEADER_API_KEY) || queryParam(req.url, QUERY_API_KEY);
  if (!presented) throw new HttpError(401, 'Missing API key: send it in the X-API-KEY header or the api_key query parameter');
  const key = ctx.keys.find(presented);
  if (!key) throw new HttpError(401, 'Invalid API key');
  return key;
}

export interface Router {
  /**
   * The answer to `req`; `onKey` learns the key once authenticated (the request log). An
   * HttpError becomes its response here; any other failure is thrown (the adapter decides:
   * a client gone, or internalError).
   */
  handle(req: ServiceRequest, onKey?: (key: ApiKey) => void): Promise<ServiceResponse>;
  /** Who may hold a long-poll (the Node adapter tells it of every request on a socket). */
  longPolls: LongPolls;
}

/** The 500 of a failure inside the service, logged with its stack. */
export function internalError(ctx: ServiceContext, method: string, path: string, err: unknown): ServiceResponse {
  ctx.options.log(`internal error on ${method} ${path}: ${(err as Error)?.stack ?? err}`);
  return jsonResponse(500, { detail: 'Internal Server Error' });
}

/** `requestsInFlight`: see LongPolls. */
export function createRouter(ctx: ServiceContext, requestsInFlight: (connection: object) => number): Router {
  const limiter = new RateLimiter(ctx.options.rateLimit, ctx.options.now);
  const longPolls = new LongPolls(ctx.options.maxLongPollsPerKey, ctx.options.maxConnections, requestsInFlight);
  const routes = apiRoutes(longPolls);
  let openApiText: string | undefined;
  /** Submits past the queue check whose task is not queued yet: counted against the cap too. */
  const admitting = new Map<string, number>();

  /** Runs a submit under the per-key cap on waiting tasks (429 with Retry-After beyond it). */
  async function admitted(a: ApiRequest, handler: Handler): Promise<ServiceResponse> {
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
      return await handler(a);
    } finally {
      const left = (admitting.get(key.id) ?? 1) - 1;
      if (left > 0) admitting.set(key.id, left);
      else admitting.delete(key.id);
    }
  }

  async function route(req: ServiceRequest, onKey: (k: ApiKey) => void): Promise<ServiceResponse> {
    const url = req.url;
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const path = url.pathname;
    if (path.length > 1 && path.endsWith('/') && (routes[path.slice(0, -1)] || path === '/openapi.json/')) {
      return { status: 307, headers: { location: path.slice(0, -1) + url.search }, body: new Uint8Array(0) };
    }
    if (path === '/openapi.json' && method === 'GET') {
      openApiText ??= JSON.stringify(buildOpenApi(ctx.origin));
      return jsonTextResponse(200, openApiText);
    }
    if (path.startsWith('/bucket/') && method === 'GET') return handleBucket(ctx, path.slice('/bucket/'.length));
    if (path === '/' && method === 'GET') {
      return jsonResponse(200, {
        service: 'Report Studio local report service',
        api: `${ctx.origin}/api/v1`,
        openapi: `${ctx.origin}/openapi.json`,
      });
    }
    const r = routes[path];
    if (!r) throw new HttpError(404, 'Not Found');
    if (r.method !== method) throw new HttpError(405, 'Method Not Allowed', { allow: r.method === 'GET' ? 'GET, HEAD' : r.method });

    const o = ctx.options;
    if (o.latencyMs > 0) await delay(o.latencyMs);
    const key = authenticate(ctx, req);
    onKey(key);
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
    const a: ApiRequest = { req, url, key, ctx };
    return r.queues ? admitted(a, r.handler) : r.handler(a);
  }

  return {
    longPolls,
    async handle(req, onKey = () => undefined) {
      try {
        return await route(req, onKey);
      } catch (err) {
        if (err instanceof HttpError) return errorResponse(err);
        throw err;
      }
    },
  };
}
