/** Making responses: JSON bodies, FastAPI-style `{"detail": ...}` errors. */
import type { ValidationErrorEntry } from '../../core/api/types';
import type { Headers, ServiceResponse } from './exchange';

export type { Headers } from './exchange';

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

  /** The same error with more headers (a submit's quota headers). */
  withHeaders(headers: Headers): HttpError {
    return new HttpError(this.status, this.detail, { ...this.headers, ...headers });
  }
}

/**
 * A 422 with pydantic's list of errors as its detail. Every other error comes from the
 * catalogue (serviceErrors.ts), which is the only other place that makes an HttpError.
 */
export function validationError(entries: ValidationErrorEntry[], headers?: Headers): HttpError {
  return new HttpError(422, entries, headers);
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

/**
 * An error made from the catalogue where the body was checked (possibly the body worker: its
 * verdict carries the status and the text across threads), thrown again on the request's side.
 */
export function relayedError(answer: { status: number; detail: string }): HttpError {
  return new HttpError(answer.status, answer.detail);
}

/** `{"detail": <json>}` from already serialised detail text (a capped 422, errorCap.ts). */
export function detailJsonText(detailJson: string): string {
  return `{"detail":${detailJson}}`;
}

/** The body errorResponse writes for `detail` (the same text jsonResponse makes of `{detail}`). */
export function errorText(detail: unknown): string {
  return stringify({ detail });
}

/** A JSON response from already serialised text. */
export function jsonTextResponse(status: number, text: string, headers: Headers = {}): ServiceResponse {
  return { status, headers: { ...headers, 'content-type': 'application/json' }, body: new TextEncoder().encode(text) };
}

export function jsonResponse(status: number, body: unknown, headers: Headers = {}): ServiceResponse {
  return jsonTextResponse(status, stringify(body), headers);
}

export function errorResponse(err: HttpError): ServiceResponse {
  return jsonResponse(err.status, { detail: err.detail }, err.headers);
}
