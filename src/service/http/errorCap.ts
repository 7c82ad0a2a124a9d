/**
 * The 422 body the local service sends, capped. FastAPI lists every validation error; a
 * 6.9 MB report with 360,000 errors made a 69.5 MB answer. The service lists the first
 * MAX_LISTED_ERRORS entries (pydantic's order) and at most MAX_LISTED_BYTES of them, and
 * summarises the rest in one final entry:
 *
 *   {"type": "too_many_errors", "loc": ["body"], "msg": "359000 more validation errors were not listed",
 *    "input": null, "ctx": {"listed": 1000, "total": 360000}}
 *
 * The detail is serialised here (in the body worker for large bodies) so that the main
 * thread only writes the finished text.
 */
import type { ValidationErrorEntry } from '../../core/api/types';

/** Entries listed in one 422 at most (docs/local-service.md, Limits and safety). */
export const MAX_LISTED_ERRORS = 1000;
/** Bytes of listed entries at most: entries echo their input, which can be large. */
const MAX_LISTED_BYTES = 8 * 1024 * 1024;
const TOO_MANY_ERRORS = 'too_many_errors';

export interface CappedDetail {
  /** The JSON array for `detail`. */
  json: string;
  /** Entries listed (the summary entry not counted). */
  listed: number;
  /** Entries found. */
  total: number;
}

/**
 * Python accepts NaN/Infinity in a body and a 422 echoes them in `input`: written as the
 * strings "NaN", "Infinity", "-Infinity" so the reply stays JSON (as respond.ts does).
 */
function stringifyEntry(value: unknown): string {
  return JSON.stringify(value, (_k, v) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v));
}

export function summaryEntry(listed: number, total: number): ValidationErrorEntry {
  const more = total - listed;
  return {
    type: TOO_MANY_ERRORS,
    loc: ['body'],
    msg: `${more} more validation error${more === 1 ? ' was' : 's were'} not listed`,
    input: null,
    ctx: { listed, total },
  };
}

/** The `detail` array of a 422, capped by count and size, as JSON text. */
export function capErrors(
  entries: readonly ValidationErrorEntry[],
  maxListed = MAX_LISTED_ERRORS,
  maxBytes = MAX_LISTED_BYTES,
): CappedDetail {
  const parts: string[] = [];
  let bytes = 0;
  for (const entry of entries) {
    if (parts.length >= maxListed) break;
    const text = stringifyEntry(entry);
    // The first entry is always listed, however large: a 422 without entries says nothing.
    if (parts.length > 0 && bytes + text.length > maxBytes) break;
    parts.push(text);
    bytes += text.length + 1;
  }
  const listed = parts.length;
  if (listed < entries.length) parts.push(stringifyEntry(summaryEntry(listed, entries.length)));
  return { json: `[${parts.join(',')}]`, listed, total: entries.length };
}
