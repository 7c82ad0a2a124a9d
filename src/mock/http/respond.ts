/** Writing responses: JSON bodies with exact lengths, FastAPI-style `{"detail": ...}` errors. */
import type { ServerResponse } from 'node:http';

export type Headers = Record<string, string | number>;

/** An error that becomes `{"detail": ...}` with its status (FastAPI's HTTPException). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: unknown,
    readonly headers: Headers = {},
  ) {
    super(typeof detail === 'string' ? detail : `HTTP ${status}`);
    this.name = 'HttpError';
  }
}

/**
 * Python accepts NaN/Infinity in a request body and a 422 echoes them in `input`. Written
 * bare (as json.dumps would) the reply is not JSON: clients (the core client, browsers)
 * could not parse the 422 at all. JSON.stringify alone would write null, which hides the
 * value; so they are written as the strings "NaN", "Infinity" and "-Infinity".
 */
function stringify(body: unknown): string {
  return JSON.stringify(body, (_k, v) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v));
}

/** `{"detail": <json>}` from already serialised detail text (a capped 422, errorCap.ts). */
export function detailJsonText(detailJson: string): string {
  return `{"detail":${detailJson}}`;
}

/** The body sendError writes for `detail` (the same text sendJson makes of `{detail}`). */
export function errorText(detail: unknown): string {
  return stringify({ detail });
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Headers = {}): void {
  const text = stringify(body);
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  res.end(res.req.method === 'HEAD' ? undefined : text);
}

export function sendError(res: ServerResponse, err: HttpError): void {
  sendJson(res, err.status, { detail: err.detail }, err.headers);
}
