/**
 * One exchange with the service as plain values, without sockets: what the in-process adapter
 * (inProcess.ts) takes and answers — the browser client's calls to the service in the same page
 * or worker, and the tests comparing it with the HTTP server.
 */

export interface PlainRequest {
  method: string;
  /** Absolute URL; only its path and query are read. */
  url: string;
  /** Names in any case. */
  headers: Record<string, string>;
  body?: Uint8Array;
  /** Aborts when the caller gives up (its deadline, a cancel): a held long-poll answers then. */
  signal?: AbortSignal;
}

export interface PlainResponse {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: Uint8Array;
}

/** Answers a plain request (never rejects: a failure inside is a 500, as over HTTP). */
export type PlainHandler = (request: PlainRequest) => Promise<PlainResponse>;
