/**
 * The one policy for requests the local service makes on behalf of a report (images of
 * the renderer, webhooks): what may be reached, and how a request is bounded.
 *
 * - Only http: and https: URLs.
 * - The address actually connected to is checked, not the name: the name is resolved
 *   once, the resolved addresses are classified (addresses.ts), and the socket connects
 *   to exactly an allowed one (undici `connect.lookup`), so DNS cannot point a harmless
 *   name at a metadata service between the check and the connect. `localhost` and
 *   `*.localhost` always mean loopback and never go to DNS.
 * - Every redirect hop is checked again; at most `maxRedirects` are followed.
 * - A size cap and a time cap (connect, headers and body together).
 * - Failures say only "not fetched: <reason class>" — never a status text, a server
 *   message or whether a port was open, so a report cannot be used to scan a network.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { Agent, request, errors as undiciErrors } from 'undici';
import { classifyAddress, isLocalhostName } from './addresses';
import { OutboundError, parseOutboundUrl, type FetchFailure, type OutboundPolicy, type OutboundRequest, type ResolveFn } from './policy';

// The policy itself (shared with the browser renderer); re-exported for the local service's webhooks and the tests.
export { imageFetchPolicy, OutboundError, webhookPolicy } from './policy';
export type { OutboundPolicy, ResolveFn } from './policy';

export interface OutboundResponse {
  status: number;
  contentType: string | undefined;
  body: Buffer;
}

const DEFAULT_MAX_REDIRECTS = 3;

function bareHost(u: URL): string {
  return u.hostname.toLowerCase().replace(/^\[|\]$/g, '');
}

function hostAllowed(host: string, policy: OutboundPolicy): boolean {
  return policy.allowHosts.includes('*') || policy.allowHosts.includes(host);
}

function addressAllowed(address: string, policy: OutboundPolicy): boolean {
  const c = classifyAddress(address);
  return c === 'loopback' ? policy.allowLoopback : c === 'public' ? policy.allowPublic : false;
}

/**
 * The URL, parsed, when the policy lets it be requested as far as can be told before
 * resolving its name (scheme, IP literal); throws OutboundError otherwise.
 */
export function checkUrl(url: string | URL, policy: OutboundPolicy): URL {
  const u = parseOutboundUrl(url, policy);
  const host = bareHost(u);
  if (!host) throw new OutboundError('invalid URL');
  if (hostAllowed(host, policy)) return u;
  if (isIP(host)) {
    if (!addressAllowed(host, policy)) throw new OutboundError('blocked address');
  } else if (isLocalhostName(host)) {
    if (!policy.allowLoopback) throw new OutboundError('blocked address');
  }
  return u;
}

const LOOPBACK: LookupAddress[] = [
  { address: '127.0.0.1', family: 4 },
  { address: '::1', family: 6 },
];

/** A lookup for net.connect that resolves through the policy: only allowed addresses come out. */
function policyLookup(policy: OutboundPolicy) {
  const resolve: ResolveFn = policy.lookup ?? ((host, cb) => dnsLookup(host, { all: true, verbatim: true }, cb));
  return (hostname: string, options: { all?: boolean; family?: number | string }, callback: (...args: unknown[]) => void): void => {
    const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
    const answer = (list: LookupAddress[]): void => {
      const wanted = options.family === 4 || options.family === 6 ? list.filter((a) => a.family === options.family) : list;
      if (wanted.length === 0) return callback(new OutboundError('blocked address'));
      if (options.all) callback(null, wanted);
      else callback(null, wanted[0].address, wanted[0].family);
    };
    if (isLocalhostName(host)) {
      if (!policy.allowLoopback && !hostAllowed(host, policy)) return callback(new OutboundError('blocked address'));
      return answer(LOOPBACK);
    }
    resolve(host, (err, addresses) => {
      if (err || !addresses?.length) return callback(new OutboundError('DNS failure'));
      answer(hostAllowed(host, policy) ? addresses : addresses.filter((a) => addressAllowed(a.address, policy)));
    });
  };
}

/** The failure class of a transport error (never its message, which may name ports or hosts). */
function classify(err: unknown): FetchFailure {
  for (let e = err as { cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e instanceof OutboundError) return e.reason;
    if (
      e instanceof undiciErrors.ConnectTimeoutError ||
      e instanceof undiciErrors.HeadersTimeoutError ||
      e instanceof undiciErrors.BodyTimeoutError
    )
      return 'timed out';
    const name = (e as { name?: string }).name;
    if (name === 'TimeoutError') return 'timed out';
    const code = (e as { code?: string }).code;
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_FAIL' || code === 'EAI_NONAME') return 'DNS failure';
  }
  return 'connection failed';
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * One request under the policy. Resolves with the final response (any status: callers
 * decide what a status means); rejects with OutboundError, or with the caller's abort
 * reason when `signal` fired.
 */
export async function outboundRequest(url: string, policy: OutboundPolicy, req: OutboundRequest): Promise<OutboundResponse> {
  const timeout = AbortSignal.timeout(req.timeoutMs);
  const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
  const agent = new Agent({
    connect: { lookup: policyLookup(policy) as never, timeout: req.timeoutMs },
    headersTimeout: req.timeoutMs,
    bodyTimeout: req.timeoutMs,
    // One request per connection: nothing idles on after the request.
    pipelining: 0,
  });
  const maxRedirects = req.maxRedirects ?? 0;
  let method = req.method ?? 'GET';
  let body = req.body;
  try {
    let current = checkUrl(url, policy);
    for (let hop = 0; ; hop++) {
      signal.throwIfAborted();
      const res = await request(current, { method, headers: req.headers, body, dispatcher: agent, signal });
      const location = res.headers.location;
      if (maxRedirects > 0 && REDIRECTS.has(res.statusCode) && typeof location === 'string') {
        await res.body.dump();
        if (hop >= maxRedirects) throw new OutboundError('too many redirects');
        let next: URL;
        try {
          next = new URL(location, current);
        } catch {
          throw new OutboundError('invalid URL');
        }
        current = checkUrl(next, policy);
        if (res.statusCode === 303 || ((res.statusCode === 301 || res.statusCode === 302) && method === 'POST')) {
          method = 'GET';
          body = undefined;
        }
        continue;
      }
      const type = res.headers['content-type'];
      const contentType = typeof type === 'string' ? type : undefined;
      if (res.statusCode < 200 || res.statusCode > 299 || req.readBody === false) {
        // Callers learn the status, never the body (a server's error text stays out of logs).
        await res.body.dump();
        return { status: res.statusCode, contentType, body: Buffer.alloc(0) };
      }
      const declared = Number(res.headers['content-length'] ?? NaN);
      if (declared > req.maxBytes) {
        res.body.destroy();
        throw new OutboundError('too large');
      }
      const chunks: Buffer[] = [];
      let total = 0;
      for await (const chunk of res.body as AsyncIterable<Buffer>) {
        total += chunk.length;
        if (total > req.maxBytes) {
          res.body.destroy();
          throw new OutboundError('too large');
        }
        chunks.push(chunk);
      }
      return { status: res.statusCode, contentType, body: Buffer.concat(chunks) };
    }
  } catch (err) {
    if (req.signal?.aborted) throw req.signal.reason ?? err;
    if (err instanceof OutboundError) throw err;
    throw new OutboundError(timeout.aborted ? 'timed out' : classify(err), err);
  } finally {
    agent.destroy().catch(() => undefined);
  }
}

/** GET `url` under the policy and return its body; any non-2xx answer is 'HTTP error'. */
export async function fetchBytes(url: string, policy: OutboundPolicy, o: Omit<OutboundRequest, 'method' | 'body'>): Promise<Buffer> {
  const res = await outboundRequest(url, policy, { ...o, method: 'GET', maxRedirects: o.maxRedirects ?? DEFAULT_MAX_REDIRECTS });
  if (res.status < 200 || res.status > 299) throw new OutboundError('HTTP error');
  return res.body;
}
