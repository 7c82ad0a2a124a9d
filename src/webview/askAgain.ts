/**
 * The page loader's policy (pageLoader.ts) for the requests a page makes itself: pdf.js, its
 * worker's source, the PDF, the JPEG. VS Code's webview service worker can lose any of them when
 * another webview starts; asked again, it answers. A request with no answer after a while is
 * asked again beside the first (whichever answers first wins); one that fails as the service
 * worker fails (a network error, HTTP 408) is asked again after a short pause; any other answer
 * (404: the file is gone) is final.
 */
import type { Timers } from '../core/timers';
import { RECOVERED_PREFIX, RESOURCE_ATTEMPTS, RESOURCE_RETRY_PAUSE_MS, RESOURCE_STALL_MS, attemptUrl } from './pageLoader';

/** A failure the service worker causes, worth asking again for. */
export class LostRequest extends Error {}

/** The page's timers (the webview takes no values from core, only its `Timers` type). */
const pageTimers: Timers = { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as number) };

/**
 * Calls `request` with `url`, then with `url?attempt=2`… (a new URL each time: the browser keeps a
 * failed module import's outcome by URL) until one answers, at most `RESOURCE_ATTEMPTS` times.
 * `request` throws `LostRequest` for a failure worth asking again; anything else it throws ends
 * the whole thing at once. Rejects with the last failure when every request failed. An answer to
 * a later request is noted (`note`, the console) the way the page loader notes it.
 */
export function askAgain<T>(
  url: string,
  request: (url: string) => Promise<T>,
  timers: Timers = pageTimers,
  note: (line: string) => void = (line) => console.info(line),
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let attempts = 0;
    let open = 0;
    let settled = false;
    let stall: unknown;
    let lastError: unknown;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      timers.clearTimeout(stall);
      fn();
    };
    const next = () => {
      if (settled) return;
      if (attempts >= RESOURCE_ATTEMPTS) {
        if (open === 0) finish(() => reject(lastError));
        return;
      }
      const attempt = ++attempts;
      open++;
      timers.clearTimeout(stall);
      stall = timers.setTimeout(() => attempts === attempt && next(), RESOURCE_STALL_MS * attempt);
      request(attemptUrl(url, attempt)).then(
        (value) =>
          finish(() => {
            if (attempt > 1) note(`${RECOVERED_PREFIX}${url} (request ${attempt})`);
            resolve(value);
          }),
        (e: unknown) => {
          open--;
          lastError = e;
          if (!(e instanceof LostRequest)) finish(() => reject(e));
          else if (open === 0) timers.setTimeout(() => attempts === attempt && next(), RESOURCE_RETRY_PAUSE_MS * attempt);
        },
      );
    };
    next();
  });
}

/**
 * `fetch` as the page's resources need it: `no-store` (a rebuilt file at the same URL is never
 * served from cache) and asked again when the service worker lost it. Fails with what went
 * wrong, in words for a message that names the file: "HTTP 404 (the file is gone)".
 */
export function fetchResource(url: string): Promise<Response> {
  return askAgain(url, async (u) => {
    let res: Response;
    try {
      res = await fetch(u, { cache: 'no-store' });
    } catch (e) {
      throw new LostRequest(`the request failed (${(e as Error).message})`);
    }
    if (res.status === 408) throw new LostRequest('HTTP 408 (no answer)');
    if (!res.ok) throw new Error(`HTTP ${res.status}${res.status === 404 ? ' (the file is gone)' : ''}`);
    return res;
  });
}
