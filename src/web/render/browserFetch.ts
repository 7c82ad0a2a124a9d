/**
 * fetchBytes of src/net/outboundPolicy.ts for the browser bundle (scripts/web-build.mjs swaps the
 * module): a report's image downloaded with the browser's fetch, under the same caps — http(s)
 * only, the size limit, the time limit, the caller's abort — and the same failure classes. The
 * browser decides what may be reached (its CORS and private-network rules); a refusal looks
 * like any network failure to a page, so it is 'connection failed'.
 */
import { OutboundError, parseOutboundUrl, type OutboundPolicy, type OutboundRequest } from '../../net/policy';

export async function fetchBytes(url: string, policy: OutboundPolicy, o: Omit<OutboundRequest, 'method' | 'body'>): Promise<Buffer> {
  const u = parseOutboundUrl(url, policy);
  const timeout = AbortSignal.timeout(o.timeoutMs);
  const signal = o.signal ? AbortSignal.any([o.signal, timeout]) : timeout;
  try {
    const res = await fetch(u, { signal, credentials: 'omit', redirect: 'follow', referrerPolicy: 'no-referrer' });
    if (res.status < 200 || res.status > 299) throw new OutboundError('HTTP error');
    const parts: Uint8Array[] = [];
    let size = 0;
    const reader = res.body?.getReader();
    for (let r = await reader?.read(); r && !r.done; r = await reader?.read()) {
      size += r.value.length;
      if (size > o.maxBytes) {
        await reader?.cancel();
        throw new OutboundError('too large');
      }
      parts.push(r.value);
    }
    return Buffer.concat(parts);
  } catch (err) {
    if (o.signal?.aborted) throw o.signal.reason ?? err;
    if (err instanceof OutboundError) throw err;
    throw new OutboundError(timeout.aborted ? 'timed out' : 'connection failed', err);
  }
}
