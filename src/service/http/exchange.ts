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

/** Header values as a handler sets them. */
export type Headers = Record<string, string | number>;

/** A file a response streams (a report, a bucket copy): its size, then its bytes in chunks. */
export interface ServedFile {
  size: number;
  chunks(): AsyncIterable<Uint8Array>;
}

/** Where the handlers read the files they serve: the data dir on disk, or memory in the browser. */
export interface FileAccess {
  /** The file at `path`; undefined when it is absent. */
  open(path: string): Promise<ServedFile | undefined>;
}

/** A request as the handlers read it, whichever adapter carried it (the HTTP server, a call in-process). */
export interface ServiceRequest {
  /** As sent: HEAD is answered as GET without a body (by the adapter). */
  method: string;
  /** Parsed against the service's origin: only the path and query are the client's. */
  url: URL;
  /** The first value of a header (lower-case name), or undefined. */
  header(name: string): string | undefined;
  /** The whole body, at most `limit` bytes (413 beyond: bodyTooLarge). */
  readBody(limit: number): Promise<Uint8Array>;
  /** Aborts when the client has gone away (a held long-poll answers then). */
  closed: AbortSignal;
  /** The connection it came on: the long-poll rules are per connection (longPolls.ts). */
  connection: object;
}

/** An answer: status, headers (content-length is the adapter's) and a body of bytes or a file. */
export interface ServiceResponse {
  status: number;
  headers: Headers;
  body: Uint8Array | ServedFile;
}
