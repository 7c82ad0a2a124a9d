/**
 * Whether this is the first copy of the page's script to run. The page loader (pageLoader.ts)
 * asks again for a script that has no answer yet, so when the first request was only slow, two
 * copies arrive; the second must not start the page again (acquireVsCodeApi() may be called
 * only once, and the page would say `ready` twice).
 */
export function firstStart(): boolean {
  const root = document.documentElement;
  if (root.dataset.started === 'true') return false;
  root.dataset.started = 'true';
  return true;
}
