/**
 * What a request on behalf of a report may reach and how it is bounded (the policy's types,
 * its failure classes and the two policies), without the transport: outboundPolicy.ts makes the
 * requests in Node; the browser renderer (src/web/render/browserFetch.ts) shares these.
 */
import type { LookupAddress } from 'node:dns';

export interface OutboundPolicy {
  /** Loopback (127/8, ::1, localhost) may be reached. */
  allowLoopback: boolean;
  /** Public addresses may be reached (images: yes; webhooks: only allowed hosts). */
  allowPublic: boolean;
  /**
   * Host names or IP literals (lower case) reached whatever they resolve to — the flags
   * `--fetch-allow-host` / `--webhook-allow-host`; `*` allows every host.
   */
  allowHosts: readonly string[];
  /** Name resolution (tests inject one; default: the system resolver, dns.lookup). */
  lookup?: ResolveFn;
  /**
   * Nothing may be reached, whatever the other fields say: the report comes from a workspace
   * the user has not trusted (VS Code's Restricted Mode), so nothing is fetched on its behalf.
   */
  restricted?: boolean;
}

export type ResolveFn = (hostname: string, callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

/** Why a request was not made or did not succeed; the whole of what a caller learns. */
export type FetchFailure =
  | 'invalid URL'
  | 'not http(s)'
  | 'blocked address'
  | 'DNS failure'
  | 'connection failed'
  | 'timed out'
  | 'too many redirects'
  | 'too large'
  | 'HTTP error'
  | 'Restricted Mode';

export class OutboundError extends Error {
  /**
   * `cause`: the transport error behind a 'connection failed' or 'timed out', for the
   * service's own log (webhooks name the errno class); never part of the message.
   */
  constructor(
    readonly reason: FetchFailure,
    cause?: unknown,
  ) {
    super(`not fetched: ${reason}`, cause === undefined ? undefined : { cause });
    this.name = 'OutboundError';
  }
}

/**
 * What every host checks first (the Node policy, the browser's fetch): the URL parses, is
 * http(s), and the report's workspace is trusted. Throws OutboundError otherwise.
 */
export function parseOutboundUrl(url: string | URL, policy: OutboundPolicy): URL {
  let u: URL;
  try {
    u = typeof url === 'string' ? new URL(url) : url;
  } catch {
    throw new OutboundError('invalid URL');
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new OutboundError('not http(s)');
  // A report from a workspace the user has not trusted fetches nothing.
  if (policy.restricted) throw new OutboundError('Restricted Mode');
  return u;
}

export interface OutboundRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Redirects followed (each hop checked again); 0 = a 3xx is returned as it is. */
  maxRedirects?: number;
  /** The response body is read up to this many bytes; more is 'too large'. */
  maxBytes: number;
  /** false: the body is discarded unread (webhooks only need the status). Default true. */
  readBody?: boolean;
  /** Connect + headers + body. */
  timeoutMs: number;
  /** The caller's abort (render time limit, shutdown): rethrown as is, not classified. */
  signal?: AbortSignal;
}

/** The policy for images: public addresses and (when the service is not open to others) loopback. */
export function imageFetchPolicy(
  o: { allowHosts?: readonly string[]; allowLoopback?: boolean; lookup?: ResolveFn; restricted?: boolean } = {},
): OutboundPolicy {
  return {
    allowLoopback: o.allowLoopback ?? true,
    allowPublic: true,
    allowHosts: normaliseHosts(o.allowHosts ?? []),
    lookup: o.lookup,
    restricted: o.restricted,
  };
}

/** The policy for webhooks: loopback only, plus the hosts allowed by --webhook-allow-host. */
export function webhookPolicy(allowHosts: readonly string[], lookup?: ResolveFn, restricted?: boolean): OutboundPolicy {
  return { allowLoopback: true, allowPublic: false, allowHosts: normaliseHosts(allowHosts), lookup, restricted };
}

function normaliseHosts(hosts: readonly string[]): string[] {
  return hosts
    .map((h) =>
      h
        .trim()
        .toLowerCase()
        .replace(/^\[|\]$/g, ''),
    )
    .filter(Boolean);
}
