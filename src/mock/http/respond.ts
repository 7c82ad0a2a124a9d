/** Writing responses: JSON bodies with exact lengths, FastAPI-style `{"detail": ...}` errors. */
import type { ServerResponse } from 'node:http';

export type Headers = Record<string, string | number>;

/** An error that becomes `{"detail": ...}` with its status (FastAPI's HTTPException). */
export class HttpError extends Error {
  constructor(readonly status: number, readonly detail: unknown, readonly headers: Headers = {}) {
    super(typeof detail === 'string' ? detail : `HTTP ${status}`);
    this.name = 'HttpError';
  }
}

/** Python's json.dumps writes NaN/Infinity; JSON.stringify would write null. */
function stringify(body: unknown): string {
  return JSON.stringify(body, (_k, v) => (typeof v === 'number' && !Number.isFinite(v) ? `__pyfloat_${v}__` : v)).replace(
    /"__pyfloat_(NaN|Infinity|-Infinity)__"/g,
    '$1',
  );
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
