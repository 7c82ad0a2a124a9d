/**
 * Where "Copy as..." is offered as a code action: on the report itself, not on one of its
 * components (those have their own quick fixes): the root object's braces, the space between
 * its properties, or its `"type"` line.
 */
import { getLocation } from 'jsonc-parser';

export function isOnReportRoot(text: string, offset: number): boolean {
  const { path } = getLocation(text, offset);
  // Between two root properties the path is [''] (a property name is expected there).
  return path.length === 0 || (path.length === 1 && (path[0] === 'type' || path[0] === ''));
}
