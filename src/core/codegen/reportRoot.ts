/**
 * Where "Copy as…" is offered as a code action: on the report itself, not on one of its
 * components (those have their own quick fixes): the root object's braces, the space between
 * its properties, or its `"type"` line.
 */
import { getLocation } from 'jsonc-parser';

/** Lines that can be on the root: a brace, a blank line, a `"type"` key. Code actions are asked on every cursor move; the rest is not parsed. */
const ROOT_LINE = /^\s*(?:[{}]|"type"\s*:|$)/;

export function isOnReportRoot(text: string, offset: number): boolean {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const lineEnd = text.indexOf('\n', offset);
  if (!ROOT_LINE.test(text.slice(lineStart, lineEnd < 0 ? text.length : lineEnd))) return false;
  const { path } = getLocation(text, offset);
  // Between two root properties the path is [''] (a property name is expected there).
  return path.length === 0 || (path.length === 1 && (path[0] === 'type' || path[0] === ''));
}
