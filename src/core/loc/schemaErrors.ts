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
import type { Translator } from '../l10n';

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
    return mapper.build(mapping, describeRequired(names, mapping, mapper.l10n), 'required', [...loc, names[0]]);
  }
  if (error.keyword === 'additionalProperties' && typeof error.params.additionalProperty === 'string') {
    const name = error.params.additionalProperty;
    const mapping = mapper.source.mapPath([...segments, name], { errorType: 'extra_forbidden', lenient: false });
    const l10n = mapper.l10n;
    const owner = describeOwner(mapping.path.slice(0, -1), mapping.componentType, undefined, l10n);
    const message =
      segments[segments.length - 1] === 'options'
        ? l10n.t('Unknown option "{0}" in {1}', name, owner)
        : l10n.t('Unknown property "{0}" in {1}', name, owner);
    return mapper.build(mapping, message, error.keyword, [...loc, name]);
  }
  const mapping = mapper.source.mapPath(segments, { lenient: false });
  const value = valueAt(mapper, segments);
  // In the service's plain words where the keyword has a 422 counterpart (plainWords.ts).
  const plain = plainSchemaSentence(error.keyword, error.params, loc, value, mapper.l10n);
  return mapper.build(mapping, plain ?? describeValueError(error, value, mapper.l10n), error.keyword, loc);
}

function requiredNames(error: SchemaErrorLike): string[] {
  const names = error.params.missingProperties;
  if (Array.isArray(names)) return names.map(String);
  return [String(error.params.missingProperty)];
}

function describeRequired(names: string[], mapping: LocMapping, l10n: Translator): string {
  const path = mapping.path;
  const owner = describeOwner(path, mapping.componentType, mapping.ownType, l10n);
  const option = path[path.length - 1] === 'options';
  if (names.length === 1)
    return option
      ? l10n.t('Missing required option "{0}" in {1}', names[0], owner)
      : l10n.t('Missing required field "{0}" in {1}', names[0], owner);
  const choices = names.map((n) => `"${n}"`).join(', ');
  return option
    ? l10n.t('Missing required option in {0}: one of {1}', owner, choices)
    : l10n.t('Missing required field in {0}: one of {1}', owner, choices);
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

function shown(value: unknown, l10n: Translator): string {
  if (Array.isArray(value)) return l10n.t('an array');
  if (value === null) return 'null';
  if (typeof value === 'object') return l10n.t('an object');
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 40 ? `${json.slice(0, 37)}...` : json;
}

function list(values: unknown[], l10n: Translator, max = 8): string {
  const items = values.slice(0, max).map((v) => JSON.stringify(v));
  return values.length > max ? l10n.t('{0}, … {1} in all', items.join(', '), values.length) : items.join(', ');
}

function describeValueError(error: SchemaErrorLike, at: { found: boolean; value?: unknown }, l10n: Translator): string {
  const got = at.found ? l10n.t(', got {0}', shown(at.value, l10n)) : '';
  const p = error.params;
  switch (error.keyword) {
    case 'deprecated':
      // An older form (reportProblems.ts): the schema's message says what the current form is.
      return error.message ?? l10n.t('Older form');
    case 'enum':
      return l10n.t('Must be one of {0}{1}', list(Array.isArray(p.allowedValues) ? p.allowedValues : [], l10n), got);
    case 'const':
      return l10n.t('Must be {0}{1}', JSON.stringify(p.allowedValue), got);
    case 'type': {
      const types = Array.isArray(p.type) ? p.type : String(p.type).split(',');
      const last = String(types[types.length - 1]);
      const expected = types.length > 1 ? l10n.t('{0} or {1}', types.slice(0, -1).join(', '), last) : last;
      return l10n.t('Expected {0}{1}', expected, got);
    }
    case 'maximum':
    case 'minimum':
    case 'exclusiveMaximum':
    case 'exclusiveMinimum':
      return l10n.t('Must be {0} {1}{2}', String(p.comparison), String(p.limit), got);
    default: {
      const text = error.message ?? l10n.t('fails "{0}"', error.keyword);
      return `${text.charAt(0).toUpperCase()}${text.slice(1)}${got}`;
    }
  }
}
