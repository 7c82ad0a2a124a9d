/**
 * The service's API (routes.ts) answering plain calls in-process (exchange.ts): the browser
 * client's requests to the service in the same page or worker, with the statuses, headers and
 * bodies the HTTP server sends, and the same request log line. Each call is its own connection
 * (no pipelining, so a long-poll may always be held); the caller's signal is the client going away.
 */
import type { ServiceContext } from './context';
import type { PlainHandler, PlainRequest, PlainResponse, ServiceRequest, ServiceResponse } from './exchange';
import { bodyTooLarge } from './body';
import { formatRequestLine } from './requestLog';
import { createRouter, internalError } from './routes';
import { concatBytes } from '../../core/bytes';

function serviceRequest(plain: PlainRequest, url: URL): ServiceRequest {
  const headers = new Map(Object.entries(plain.headers).map(([name, value]) => [name.toLowerCase(), value]));
  const body = plain.body ?? new Uint8Array(0);
  return {
    method: plain.method.toUpperCase(),
    url,
    header: (name) => headers.get(name),
    readBody: async (limit) => {
      if (body.length > limit) throw bodyTooLarge(limit);
      return body.slice();
    },
    closed: plain.signal ?? new AbortController().signal,
    connection: {},
  };
}

async function plainResponse(answer: ServiceResponse, head: boolean): Promise<PlainResponse> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers)) headers[name.toLowerCase()] = String(value);
  let body: Uint8Array;
  if (answer.body instanceof Uint8Array) body = answer.body;
  else {
    const chunks: Uint8Array[] = [];
    for await (const chunk of answer.body.chunks()) chunks.push(chunk);
    body = concatBytes(chunks);
  }
  headers['content-length'] = String(body.length);
  return { status: answer.status, headers, body: head ? new Uint8Array(0) : body };
}

export function createInProcessHandler(ctx: ServiceContext): PlainHandler {
  const router = createRouter(ctx, () => 1);
  return async (plain) => {
    const started = performance.now();
    const url = new URL(plain.url);
    const target = url.pathname + url.search;
    let keyId: string | undefined;
    let answer: PlainResponse;
    try {
      const response = await router.handle(serviceRequest(plain, new URL(target, ctx.origin)), (k) => (keyId = k.id));
      answer = await plainResponse(response, plain.method.toUpperCase() === 'HEAD');
    } catch (err) {
      answer = await plainResponse(internalError(ctx, plain.method, url.pathname, err), false);
    }
    // 499 as over HTTP: the client went away before the answer was handed over.
    const status = plain.signal?.aborted ? 499 : answer.status;
    ctx.options.log(formatRequestLine(plain.method, target, status, performance.now() - started, keyId));
    return answer;
  };
}
