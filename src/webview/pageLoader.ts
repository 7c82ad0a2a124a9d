/**
 * Asks again for a webview page's stylesheet and script when VS Code's webview service worker
 * loses the request. In VS Code for the Web (code-server 1.100) every webview registers that
 * worker again under a new script URL, and the new one takes over the pages at once: a request
 * the old one was serving is then either never answered (its answer is posted to the new worker,
 * which does not know it; the old one gives up after 30 s) or sent to the network, where the
 * `*.vscode-cdn.net` name does not resolve. Either way the page stays blank until the extension
 * reloads it (webviewStartWatch.ts, 15 s). Asked again, the new worker serves the file at once.
 *
 * The loader is an inline script (with the page's nonce) ahead of the stylesheet in <head>: a
 * script after a stylesheet waits for it, so one that hangs would hold the loader too. It
 * watches the elements marked `data-retry` (load and error events, captured on the document:
 * an element's `load` does not reach window) and
 * - on an error, asks again after a short pause;
 * - when a file has no answer after a while, asks again: a stylesheet is replaced (one still
 *   loading holds the page's script back), a script is asked for beside the first request
 *   (which may only be slow: whichever comes first wins, and it starts once, see pageStart.ts);
 * each time with `?attempt=N`, since the browser keeps a failed module's outcome by URL.
 * It stops after `RESOURCE_ATTEMPTS` requests per file and says so in the console; then the
 * extension's reload and its message to the user take over.
 */

/** A file with no answer after this long is asked for again (the first request stays open). */
export const RESOURCE_STALL_MS = 3_000;
/** Requests per file, the first included; the last one starts before the extension reloads the page (15 s). */
export const RESOURCE_ATTEMPTS = 4;
/** The pause before asking again after an error, times the attempts so far. */
export const RESOURCE_RETRY_PAUSE_MS = 500;
/** The query parameter that makes each request for a file a new URL. */
const ATTEMPT_PARAM = 'attempt';
/**
 * How the console line of a file that came on a later request begins; the e2e driver reads it
 * (the file's URL follows) to tell the earlier requests' "Failed to load resource" lines from a
 * page's own errors.
 */
export const RECOVERED_PREFIX = 'Report Studio: loaded after asking again: ';

/** `url` as the `attempt`-th request for it (the first is the URL itself). */
export function attemptUrl(url: string, attempt: number): string {
  if (attempt <= 1) return url;
  const u = new URL(url);
  u.searchParams.set(ATTEMPT_PARAM, String(attempt));
  return u.href;
}

/** `url` without the attempt parameter: the file a request was for. */
export function requestedFile(url: string): string {
  try {
    const u = new URL(url);
    u.searchParams.delete(ATTEMPT_PARAM);
    return u.href;
  } catch {
    return url;
  }
}

/**
 * The loader's source, for an inline `<script nonce>`. A string, not a function's text: bundlers
 * and tsx add helpers (`__name`) to functions that the page does not have.
 */
export function pageLoaderScript(): string {
  return `(() => {
  const files = new Map();
  // A stylesheet replaced while loading is out of the page: what becomes of it does not count.
  const target = (e) => (e.target instanceof Element && e.target.isConnected && e.target.hasAttribute('data-retry') ? e.target : undefined);
  const urlOf = (el) => (el.tagName === 'LINK' ? el.href : el.src);
  const fileOf = (el) => el.dataset.retry || urlOf(el);
  const entry = (el) => {
    const url = fileOf(el);
    let f = files.get(url);
    if (!f) files.set(url, (f = { url, el, done: false, attempts: 1, open: 1 }));
    return f;
  };
  const ask = (f) => {
    if (f.done) return;
    if (f.attempts >= ${RESOURCE_ATTEMPTS}) {
      if (f.open === 0) console.error('Report Studio: could not load ' + f.url + ' (' + f.attempts + ' requests); the panel is loaded again shortly');
      return;
    }
    f.attempts++;
    const u = new URL(f.url);
    u.searchParams.set(${JSON.stringify(ATTEMPT_PARAM)}, String(f.attempts));
    const el = document.createElement(f.el.tagName);
    el.dataset.retry = f.url;
    if (f.el.tagName === 'LINK') {
      el.rel = 'stylesheet';
      el.href = u.href;
      // A stylesheet still loading holds the page's script back: the new one takes its place.
      f.el.replaceWith(el);
      f.open = 1;
    } else {
      if (f.el.type) el.type = f.el.type;
      el.nonce = f.el.nonce;
      el.src = u.href;
      // A script cannot be called back: the first one may still come, and then starts nothing.
      f.el.after(el);
      f.open++;
    }
    f.el = el;
    stallCheck(f);
  };
  const stallCheck = (f) => {
    const attempt = f.attempts;
    setTimeout(() => f.attempts === attempt && ask(f), ${RESOURCE_STALL_MS} * attempt);
  };
  document.addEventListener('load', (e) => {
    const el = target(e);
    if (!el) return;
    const f = entry(el);
    f.open--;
    if (f.done) return;
    f.done = true;
    if (f.attempts > 1) console.info(${JSON.stringify(RECOVERED_PREFIX)} + f.url + ' (request ' + f.attempts + ')');
  }, true);
  document.addEventListener('error', (e) => {
    const el = target(e);
    if (!el) return;
    const f = entry(el);
    f.open--;
    const attempt = f.attempts;
    if (!f.done && f.open === 0) setTimeout(() => f.attempts === attempt && ask(f), ${RESOURCE_RETRY_PAUSE_MS} * attempt);
  }, true);
  // The marked elements follow this script; the first stall check looks at them once parsed.
  setTimeout(() => {
    for (const el of document.querySelectorAll('[data-retry]')) {
      const f = entry(el);
      if (f.attempts === 1 && !f.done && !(el.tagName === 'LINK' && el.sheet)) ask(f);
    }
  }, ${RESOURCE_STALL_MS});
})();`;
}
