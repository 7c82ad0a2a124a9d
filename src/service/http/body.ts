/**
 * Reads and decodes a request body the way FastAPI does before validation:
 * - the size limit is checked on Content-Length and while streaming (→ 413);
 * - no body → `missing` at ["body"]; JSON is decoded when the Content-Type is absent,
 *   application/json or application/*+json, with Python's error message and offset
 *   (→ 422 json_invalid); bytes that are not UTF-8 → 400, as FastAPI's catch-all does;
 * - any other Content-Type: the raw text goes to validation (→ model_attributes_type).
 */
import type { IncomingMessage } from 'node:http';
import type { HttpError } from './respond';
import { serviceError } from './serviceErrors';
import { nestingViolation, parsePythonJson, PythonJsonError } from '../validation/pythonJson';
import type { ValidationErrorEntry } from '../../core/api/types';

export type DecodedBody = { kind: 'json'; value: unknown } | { kind: 'none' } | { kind: 'text'; value: string };

export class ValidationFailure extends Error {
  constructor(readonly detail: ValidationErrorEntry[]) {
    super('validation failed');
    this.name = 'ValidationFailure';
  }
}

/** The 413 of a body over `limit` bytes (--body-limit). */
export function bodyTooLarge(limit: number): HttpError {
  return serviceError('bodyTooLarge', { limit });
}

export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const tooLarge = (): HttpError => bodyTooLarge(limit);
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    return Promise.reject(tooLarge());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => failed || resolve(Buffer.concat(chunks)));
    req.on('error', (err) => failed || reject(err));
  });
}

function isJsonContentType(header: string | undefined): boolean {
  if (!header) return true;
  const mediaType = header.split(';')[0].trim().toLowerCase();
  const [main, sub] = mediaType.split('/');
  return main === 'application' && (sub === 'json' || (sub ?? '').endsWith('+json'));
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

export function decodeBody(bytes: Buffer, contentType: string | undefined, maxDepth: number): DecodedBody {
  if (bytes.length === 0) return { kind: 'none' };
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw serviceError('bodyNotUtf8', {});
  }
  if (!isJsonContentType(contentType)) return { kind: 'text', value: text };
  const deep = nestingViolation(text, maxDepth);
  if (deep >= 0) throw serviceError('jsonTooDeep', { maxDepth, at: deep });
  try {
    return { kind: 'json', value: parsePythonJson(text) };
  } catch (err) {
    if (!(err instanceof PythonJsonError)) throw err;
    throw new ValidationFailure([
      { type: 'json_invalid', loc: ['body', err.pos], msg: 'JSON decode error', input: {}, ctx: { error: err.pythonMessage } },
    ]);
  }
}
