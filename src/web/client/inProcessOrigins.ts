/**
 * The origins answered in-process: a browser local service registers its origin (a `.invalid`
 * host, which never resolves: RFC 6761) with the handler that answers it, and the browser
 * client's transport (http.ts here) hands every request for that origin to it instead of fetch.
 */
import type { PlainHandler } from '../../service/http/exchange';

const handlers = new Map<string, PlainHandler>();
let next = 0;

/** A fresh origin for a service in this page or worker, e.g. `http://local-service-1.invalid`. */
export function newInProcessOrigin(): string {
  next += 1;
  return `http://local-service-${next}.invalid`;
}

/** Answers `origin` with `handler` until the returned function is called. */
export function serveInProcess(origin: string, handler: PlainHandler): () => void {
  handlers.set(origin, handler);
  return () => {
    if (handlers.get(origin) === handler) handlers.delete(origin);
  };
}

export function inProcessHandler(origin: string): PlainHandler | undefined {
  return handlers.get(origin);
}
