/**
 * Schema (ajv) errors → diagnostics on the user's text, through the same tree walker
 * and the same marking rules as 422 locs: `required` marks the object that lacks the
 * option like pydantic's `missing`, `additionalProperties` marks the unknown key.
 * Used by `report-studio validate`.
 */
import { getNodeValue } from 'jsonc-parser';
import type { LocSegment } from '../api/types';
import { DiagnosticMapper, describeOwner } from './diagnostics';
import type { SourceDiagnostic } from './diagnostics';
import type { LocMapping } from './locToRange';
import { walkTree } from './treeWalk';
import { parsePointer } from './jsonPointer';
import { plainSchemaSentence } from './plainWords';

/** The fields of an ajv ErrorObject this module reads. */
export interface SchemaErrorLike {
  instancePath: string;
  schemaPath?: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

export function mapSchemaErrors(mapper: DiagnosticMapper, errors: readonly SchemaErrorLike[]): SourceDiagnostic[] {
  const out: SourceDiagnostic[] = [];
  for (const error of mergeAnyOfRequired(errors)) out.push(mapSchemaError(mapper, error));
  // Document order, like the service's 422 entries.
  return out.sort((a, b) => a.range.start - b.range.start || a.range.end - b.range.end);
}

export function mapSchemaError(mapper: DiagnosticMapper, error: SchemaErrorLike): SourceDiagnostic {
  const segments = parsePointer(error.instancePath);
  const loc: LocSegment[] = segments.map((s) => (/^\d+$/.test(s) ? Number(s) : s));
  if (error.keyword === 'required' || error.keyword === 'anyOfRequired') {
    const names = requiredNames(error);
    const mapping = mapper.source.mapPath([...segments, names[0]], { errorType: 'missing', lenient: false });
    return mapper.build(mapping, describeRequired(names, mapping), 'required', [...loc, names[0]]);
  }
  if (error.keyword === 'additionalProperties' && typeof error.params.additionalProperty === 'string') {
    const name = error.params.additionalProperty;
    const mapping = mapper.source.mapPath([...segments, name], { errorType: 'extra_forbidden', lenient: false });
    const owner = describeOwner(mapping.path.slice(0, -1), mapping.componentType);
    const noun = segments[segments.length - 1] === 'options' ? 'option' : 'property';
    return mapper.build(mapping, `Unknown ${noun} "${name}" in ${owner}`, error.keyword, [...loc, name]);
  }
  const mapping = mapper.source.mapPath(segments, { lenient: false });
  const value = valueAt(mapper, segments);
  // In the service's plain words where the keyword has a 422 counterpart (plainWords.ts).
  const plain = plainSchemaSentence(error.keyword, error.params, loc, value);
  return mapper.build(mapping, plain ?? describeValueError(error, value), error.keyword, loc);
}

function requiredNames(error: SchemaErrorLike): string[] {
  const names = error.params.missingProperties;
  if (Array.isArray(names)) return names.map(String);
  return [String(error.params.missingProperty)];
}

function describeRequired(names: string[], mapping: LocMapping): string {
  const path = mapping.path;
  const owner = describeOwner(path, mapping.componentType, mapping.ownType);
  const noun = path[path.length - 1] === 'options' ? 'option' : 'field';
  if (names.length === 1) return `Missing required ${noun} "${names[0]}" in ${owner}`;
  return `Missing required ${noun} in ${owner}: one of ${names.map((n) => `"${n}"`).join(', ')}`;
}

/**
 * `anyOf: [{required: [a]}, {required: [b]}]` fails as one `anyOf` plus one `required`
 * per branch; the user needs one line: "one of a, b".
 */
function mergeAnyOfRequired(errors: readonly SchemaErrorLike[]): SchemaErrorLike[] {
  const result: SchemaErrorLike[] = [];
  const absorbed = new Set<SchemaErrorLike>();
  for (const error of errors) {
    if (error.keyword !== 'anyOf' || !error.schemaPath) continue;
    const prefix = error.schemaPath.replace(/\/anyOf$/, '/anyOf/');
    const branches = errors.filter((e) => e !== error && e.instancePath === error.instancePath && e.schemaPath?.startsWith(prefix));
    if (branches.length > 0 && branches.every((e) => e.keyword === 'required')) {
      branches.forEach((b) => absorbed.add(b));
      absorbed.add(error);
      result.push({
        instancePath: error.instancePath,
        schemaPath: error.schemaPath,
        keyword: 'anyOfRequired',
        params: { missingProperties: branches.map((b) => String(b.params.missingProperty)) },
      });
    }
  }
  for (const error of errors) {
    // An anyOf whose branches are reported on their own adds nothing.
    if (
      !absorbed.has(error) &&
      !(
        error.keyword === 'anyOf' &&
        errors.some((e) => e !== error && e.instancePath.startsWith(error.instancePath) && e.schemaPath?.startsWith(`${error.schemaPath}/`))
      )
    ) {
      result.push(error);
    }
  }
  return result;
}

function valueAt(mapper: DiagnosticMapper, segments: string[]): { found: boolean; value?: unknown } {
  const root = mapper.source.parsed.root;
  if (!root) return { found: false };
  const outcome = walkTree(root, segments, { lenient: false });
  return outcome.stop ? { found: false } : { found: true, value: getNodeValue(outcome.node) };
}

function shown(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 40 ? `${json.slice(0, 37)}...` : json;
}

function list(values: unknown[], max = 8): string {
  const items = values.slice(0, max).map((v) => JSON.stringify(v));
  return values.length > max ? `${items.join(', ')}, … (${values.length} values)` : items.join(', ');
}

function describeValueError(error: SchemaErrorLike, at: { found: boolean; value?: unknown }): string {
  const got = at.found ? `, got ${shown(at.value)}` : '';
  const p = error.params;
  switch (error.keyword) {
    case 'deprecated':
      // An older form (reportProblems.ts): the schema's message says what the current form is.
      return error.message ?? 'Older form';
    case 'enum':
      return `Must be one of ${list(Array.isArray(p.allowedValues) ? p.allowedValues : [])}${got}`;
    case 'const':
      return `Must be ${JSON.stringify(p.allowedValue)}${got}`;
    case 'type': {
      const types = Array.isArray(p.type) ? p.type : String(p.type).split(',');
      return `Expected ${types.join(' or ')}${got}`;
    }
    case 'maximum':
    case 'minimum':
    case 'exclusiveMaximum':
    case 'exclusiveMinimum':
      return `Must be ${String(p.comparison)} ${String(p.limit)}${got}`;
    default: {
      const text = error.message ?? `fails "${error.keyword}"`;
      return `${text.charAt(0).toUpperCase()}${text.slice(1)}${got}`;
    }
  }
}
