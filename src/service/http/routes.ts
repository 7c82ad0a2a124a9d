/**
 * The service's API on a neutral request/response pair (exchange.ts): routing, authentication,
 * fault injection, rate limiting, the per-key queue cap, and each route's handler. Paths and
 * error bodies follow FastAPI: unknown path → 404 {"detail":"Not Found"}, wrong method → 405,
 * trailing slash → 307 to the path without it. Two adapters carry it: the Node HTTP server
 * (server.ts) and calls in-process (inProcess.ts, the service in the browser).
 */
import {
  API_BASE_PATH,
  API_PATHS,
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
import { API_ROUTES, SERVICE_PATHS, type ApiPathName } from './routeTable';
import { serviceError } from './serviceErrors';
import { handleSubmit } from './submit';
import { handleBucket, handleGetReport, handleRemainingQuota, handleTaskStatus } from './taskRoutes';
import { LongPolls } from './longPolls';

type Handler = (a: ApiRequest) => Promise<ServiceResponse> | ServiceResponse;

type Routes = Record<string, { method: 'GET' | 'POST'; handler: Handler; queues?: true }>;

/**
 * The handler of each API path (routeTable.ts has the rest of the route: its method and
 * whether it queues). Typed over API_PATHS' names: a path without a handler does not compile.
 */
function handlers(longPolls: LongPolls): Record<ApiPathName, Handler> {
  return {
    buildReport: (a) => handleSubmit(a, 'build'),
    previewReport: (a) => handleSubmit(a, 'preview'),
    taskStatus: (a) => handleTaskStatus(a, longPolls),
    report: handleGetReport,
    remainingQuota: handleRemainingQuota,
  };
}

/** `queues`: the route creates a task, so the per-key cap on waiting tasks applies. */
function apiRoutes(longPolls: LongPolls): Routes {
  const byName = handlers(longPolls);
  const route = (name: ApiPathName): Routes[string] => {
    const { method, queues } = API_ROUTES[name];
    return queues ? { method, handler: byName[name], queues } : { method, handler: byName[name] };
  };
  const names = Object.keys(API_ROUTES) as ApiPathName[];
  // A client configured for a Managed Cloud deployment reaches the same handlers (docs/local-service.md).
  return Object.fromEntries(
    [API_BASE_PATH, MANAGED_CLOUD_ASYNC_BASE_PATH].flatMap((base) => names.map((name) => [base + API_PATHS[name], route(name)])),
  );
}

const delay = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function authenticate(ctx: ServiceContext, req: ServiceRequest): ApiKey {
  const presented = req.header(HEADER_API_KEY) || queryParam(req.url, QUERY_API_KEY);
  if (!presented) throw serviceError('missingApiKey', {});
  const key = ctx.keys.find(presented);
  if (!key) throw serviceError('invalidApiKey', {});
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
  return errorResponse(serviceError('internal', {}));
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
      throw serviceError(
        'tooManyQueued',
        { cap, seconds },
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
    if (path.length > 1 && path.endsWith('/') && (routes[path.slice(0, -1)] || path === `${SERVICE_PATHS.openApi}/`)) {
      return { status: 307, headers: { location: path.slice(0, -1) + url.search }, body: new Uint8Array(0) };
    }
    if (path === SERVICE_PATHS.openApi && method === 'GET') {
      openApiText ??= JSON.stringify(buildOpenApi(ctx.origin));
      return jsonTextResponse(200, openApiText);
    }
    if (path.startsWith(SERVICE_PATHS.bucket) && method === 'GET') return handleBucket(ctx, path.slice(SERVICE_PATHS.bucket.length));
    if (path === SERVICE_PATHS.index && method === 'GET') {
      return jsonResponse(200, {
        service: 'Report Studio local report service',
        api: `${ctx.origin}${API_BASE_PATH}`,
        openapi: `${ctx.origin}${SERVICE_PATHS.openApi}`,
      });
    }
    const r = routes[path];
    if (!r) throw serviceError('notFound', {});
    if (r.method !== method) throw serviceError('methodNotAllowed', {}, { allow: r.method === 'GET' ? 'GET, HEAD' : r.method });

    const o = ctx.options;
    if (o.latencyMs > 0) await delay(o.latencyMs);
    const key = authenticate(ctx, req);
    onKey(key);
    if (o.errorRate > 0 && o.random() < o.errorRate) {
      throw serviceError('injectedFault', { errorRate: o.errorRate }, { 'retry-after': 1 });
    }
    const waitMs = limiter.take(key.id);
    if (waitMs > 0) {
      const seconds = Math.max(1, Math.ceil(waitMs / 1000));
      throw serviceError('rateLimited', { rate: o.rateLimit, seconds }, { 'retry-after': seconds });
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
