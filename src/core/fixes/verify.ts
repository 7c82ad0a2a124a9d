/**
 * A fix is only offered when it provably helps: the fixed text is validated again (with the
 * service's lenient rules for a 422, the editor's strict ones for a schema diagnostic) and
 * must remove errors around the node concerned without adding any there. This is what
 * keeps "Table" → "Text" (closest name, wrong options) or a wrapped list of the wrong
 * shape out of the menu.
 */
import { parse } from 'jsonc-parser';
import type { ParseError } from 'jsonc-parser';
import { formatPointer } from '../loc/jsonPointer';
import type { PathSegment } from '../loc/treeWalk';
import type { SchemaIndex } from '../schema/schemaIndex';
import type { ValidationMode } from '../schema/validator';

export interface VerifyScope {
  path: readonly PathSegment[];
  /** Also count errors below the node (a new value must itself be valid). */
  deep: boolean;
}

/** Errors at (or under) the scope, as comparable strings; undefined when the text does not parse. */
export function errorsInScope(schema: SchemaIndex, text: string, mode: ValidationMode, scope: VerifyScope): Set<string> | undefined {
  const parseErrors: ParseError[] = [];
  const value = parse(text, parseErrors, { allowTrailingComma: true });
  if (parseErrors.length > 0) return undefined;
  const at = formatPointer(scope.path);
  const found = new Set<string>();
  for (const e of schema.validator(mode).validate(value)) {
    const inside = e.instancePath === at || (scope.deep && e.instancePath.startsWith(`${at}/`));
    // anyOf wrappers repeat their branches' errors; the branches are what changes.
    if (inside && e.keyword !== 'anyOf') found.add(`${e.instancePath} ${e.keyword} ${JSON.stringify(e.params)}`);
  }
  return found;
}

/**
 * Whether `after` is an improvement on `before` at the scope: it parses, adds no error there,
 * and — when the validator saw errors there before — has fewer.
 */
export function repairs(
  schema: SchemaIndex,
  before: Set<string> | undefined,
  afterText: string,
  mode: ValidationMode,
  scope: VerifyScope,
): boolean {
  const after = errorsInScope(schema, afterText, mode, scope);
  if (!after) return false;
  for (const e of after) if (!before?.has(e)) return false;
  return !before || before.size === 0 || after.size < before.size;
}
