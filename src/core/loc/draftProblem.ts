/**
 * The live view's "Paused" reason: the first problem of a text the local service refused,
 * in plain words with the line and column it is at (`Line 12, column 5: …`). The 422's own
 * wording ("[1323]: JSON decode error") names a character offset nobody can find by eye.
 */
import type { ValidationErrorEntry } from '../api/types';
import { ENGLISH, type Translator } from '../l10n';
import { mapValidationErrors } from './diagnostics';

/** Python's json error messages (what the service puts in a json_invalid's ctx.error), said plainly. */
function jsonWords(python: string, l10n: Translator): string | undefined {
  switch (python) {
    case 'Expecting value':
      return l10n.t('a value is expected here (a trailing comma, or a missing value?)');
    case 'Expecting property name enclosed in double quotes':
      return l10n.t('a property name in double quotes is expected here (a trailing comma?)');
    case "Expecting ':' delimiter":
      return l10n.t('a ":" is expected after the property name');
    case "Expecting ',' delimiter":
      return l10n.t('a "," is missing between two items');
    case 'Unterminated string starting at':
      return l10n.t('this string is never closed with a double quote');
    case 'Invalid \\escape':
      return l10n.t('this backslash escape is not valid in JSON');
    case 'Invalid \\uXXXX escape':
      return l10n.t('a \\u escape needs four hexadecimal digits');
    case 'Invalid control character at':
      return l10n.t('a line break or control character inside a string (write it as \\n)');
    case 'Extra data':
      return l10n.t('there is more text after the end of the report');
    default:
      return undefined;
  }
}

function isEntry(v: unknown): v is ValidationErrorEntry {
  return typeof v === 'object' && v !== null && typeof (v as ValidationErrorEntry).msg === 'string';
}

/**
 * One line for the badge: `Line L, column C: what is wrong` (`at components[0].options.x` for
 * a value the schema refuses). `detail` is the refused draft's: the 422's entries, or the
 * 400's or 413's message (returned as it is: it names no place in the text).
 */
export function describeDraftProblem(text: string, detail: unknown, l10n = ENGLISH): string | undefined {
  if (typeof detail === 'string') return detail;
  const first = Array.isArray(detail) ? detail.find(isEntry) : undefined;
  if (!first) return undefined;
  const [d] = mapValidationErrors(text, [first], l10n);
  const line = d.start.line + 1;
  const column = d.start.character + 1;
  if (first.type === 'json_invalid') {
    const python = typeof first.ctx?.error === 'string' ? first.ctx.error : '';
    // An error Python words differently than listed keeps its own words (English, like the service's).
    const what = jsonWords(python, l10n) ?? (python || l10n.t('it cannot be read'));
    return l10n.t('Line {0}, column {1}: the JSON stops here — {2}', line, column, what);
  }
  return d.exact && d.loc.length
    ? l10n.t('Line {0}, column {1}: {2} (at {3})', line, column, d.message, d.path)
    : l10n.t('Line {0}, column {1}: {2}', line, column, d.message);
}
