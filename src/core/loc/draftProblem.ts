/**
 * The live view's "Paused" reason: the first problem of a text the local service refused,
 * in plain words with the line and column it is at (`Line 12, column 5: …`). The 422's own
 * wording ("[1323]: JSON decode error") names a character offset nobody can find by eye.
 */
import type { ValidationErrorEntry } from '../api/types';
import { mapValidationErrors } from './diagnostics';

/** Python's json error messages (what the service puts in a json_invalid's ctx.error), said plainly. */
const JSON_WORDS: Record<string, string> = {
  'Expecting value': 'a value is expected here (a trailing comma, or a missing value?)',
  'Expecting property name enclosed in double quotes': 'a property name in double quotes is expected here (a trailing comma?)',
  "Expecting ':' delimiter": 'a ":" is expected after the property name',
  "Expecting ',' delimiter": 'a "," is missing between two items',
  'Unterminated string starting at': 'this string is never closed with a double quote',
  'Invalid \\escape': 'this backslash escape is not valid in JSON',
  'Invalid \\uXXXX escape': 'a \\u escape needs four hexadecimal digits',
  'Invalid control character at': 'a line break or control character inside a string (write it as \\n)',
  'Extra data': 'there is more text after the end of the report',
};

function isEntry(v: unknown): v is ValidationErrorEntry {
  return typeof v === 'object' && v !== null && typeof (v as ValidationErrorEntry).msg === 'string';
}

/**
 * One line for the badge: `Line L, column C: what is wrong` (`at components[0].options.x` for
 * a value the schema refuses). `detail` is the refused draft's: the 422's entries, or the
 * 400's or 413's message (returned as it is: it names no place in the text).
 */
export function describeDraftProblem(text: string, detail: unknown): string | undefined {
  if (typeof detail === 'string') return detail;
  const first = Array.isArray(detail) ? detail.find(isEntry) : undefined;
  if (!first) return undefined;
  const [d] = mapValidationErrors(text, [first]);
  const where = `Line ${d.start.line + 1}, column ${d.start.character + 1}`;
  if (first.type === 'json_invalid') {
    const python = typeof first.ctx?.error === 'string' ? first.ctx.error : '';
    return `${where}: the JSON stops here — ${JSON_WORDS[python] ?? (python || 'it cannot be read')}`;
  }
  const at = d.exact && d.loc.length ? ` (at ${d.path})` : '';
  return `${where}: ${d.message}${at}`;
}
