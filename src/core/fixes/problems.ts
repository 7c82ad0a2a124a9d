/**
 * One shape for everything a quick fix can repair, whichever checker found it: a 422 entry
 * of the report service (pydantic types, `loc` with union tags) or an error of our schema
 * validator (ajv keywords, JSON pointers) standing in for the editor's own schema
 * diagnostics. Both are resolved to a document path on the CURRENT text.
 */
import { getNodeValue, parse } from 'jsonc-parser';
import type { Node } from 'jsonc-parser';
import type { ValidationErrorEntry } from '../api/types';
import { DiagnosticMapper } from '../loc/diagnostics';
import type { SourceRange, SourceText } from '../loc/locToRange';
import { parsePointer } from '../loc/jsonPointer';
import { mapSchemaError } from '../loc/schemaErrors';
import type { SchemaErrorLike } from '../loc/schemaErrors';
import { walkTree } from '../loc/treeWalk';
import type { PathSegment } from '../loc/treeWalk';
import type { ValidationMode } from '../schema/validator';
import { sameValue } from '../loc/sameValue';
import type { SchemaIndex } from '../schema/schemaIndex';
import type { JsonType } from './jsonTypes';

export type ProblemKind = 'missing' | 'missing-tag' | 'unknown-tag' | 'enum' | 'type' | 'bound' | 'unknown-key';

export interface FixableProblem {
  kind: ProblemKind;
  /** Who reported it: the service (judged by the lenient rules) or the editor's schema (strict). */
  origin: 'service' | 'schema';
  /** The pydantic error type or the ajv keyword. */
  type: string;
  /** The range the diagnostic marks. */
  range: SourceRange;
  /** The whole node concerned (see `path`). */
  nodeRange: SourceRange;
  /**
   * The node concerned: the value (enum, type, bound), the object lacking a field (missing),
   * the object holding the key (unknown-key), the component (unknown-tag, missing-tag).
   */
  path: PathSegment[];
  /** The missing field or the unknown key. */
  name?: string;
  expected?: JsonType[];
  allowed?: unknown[];
  bound?: { limit: number; upper: boolean; exclusive: boolean };
}

export function validationModeOf(problem: Pick<FixableProblem, 'origin'>): ValidationMode {
  return problem.origin === 'service' ? 'lenient' : 'strict';
}

const PYDANTIC_TYPES: Record<string, JsonType[]> = {
  string_type: ['string'],
  int_type: ['integer'],
  int_parsing: ['integer'],
  int_from_float: ['integer'],
  float_type: ['number'],
  float_parsing: ['number'],
  bool_type: ['boolean'],
  bool_parsing: ['boolean'],
  list_type: ['array'],
  dict_type: ['object'],
  model_attributes_type: ['object'],
};

const PYDANTIC_BOUNDS: Record<string, { key: string; upper: boolean; exclusive: boolean }> = {
  less_than_equal: { key: 'le', upper: true, exclusive: false },
  less_than: { key: 'lt', upper: true, exclusive: true },
  greater_than_equal: { key: 'ge', upper: false, exclusive: false },
  greater_than: { key: 'gt', upper: false, exclusive: true },
};

const range = (node: Node): SourceRange => ({ start: node.offset, end: node.offset + node.length });

function nodeAt(source: SourceText, path: readonly PathSegment[]): Node | undefined {
  const root = source.parsed.root;
  if (!root) return undefined;
  const outcome = walkTree(root, path, { lenient: false });
  return outcome.stop ? undefined : outcome.node;
}

/** `'a', 'b' or 'c'` (pydantic's ctx.expected) → ['a', 'b', 'c']. */
function parseExpectedList(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  return [...text.matchAll(/'((?:[^'\\]|\\.)*)'/g)].map((m) => m[1]);
}

function enumAt(schema: SchemaIndex, source: SourceText, path: readonly PathSegment[]): unknown[] | undefined {
  const values = schema.schemaAt(path, source.parsed.root)?.schema.enum;
  return Array.isArray(values) ? values : undefined;
}

function typesAt(index: SchemaIndex, source: SourceText, path: readonly PathSegment[]): JsonType[] | undefined {
  const schema = index.schemaAt(path, source.parsed.root)?.schema;
  if (typeof schema?.type === 'string') return [schema.type as JsonType];
  return Array.isArray(schema?.type) ? (schema.type as JsonType[]) : undefined;
}

/** The problem a 422 entry describes, on the text it is mapped against; undefined if not fixable there. */
export function problemFromEntry(schema: SchemaIndex, source: SourceText, entry: ValidationErrorEntry): FixableProblem | undefined {
  const loc = Array.isArray(entry.loc) ? entry.loc : [];
  if (loc[0] !== 'body' || entry.type === 'json_invalid') return undefined;
  const mapping = source.mapLoc(loc, entry.type);
  const base = { origin: 'service' as const, type: entry.type, range: mapping.range, path: mapping.path };
  if (entry.type === 'missing') {
    if (mapping.stop !== 'unknown-key' || mapping.rest.length !== 1) return undefined;
    const node = nodeAt(source, mapping.path);
    if (!node || node.type !== 'object') return undefined;
    const name = String(mapping.rest[0]);
    return { ...base, kind: name === 'type' ? 'missing-tag' : 'missing', name, nodeRange: range(node) };
  }
  // Every other kind needs the node the loc names. A plain-union member name (`str`,
  // `dict[str,any]`) may be left over; the node's value must then still be the input.
  if (mapping.stop === 'index-past-end') return undefined;
  const node = nodeAt(source, mapping.path);
  if (!node) return undefined;
  if (mapping.stop && !sameValue(getNodeValue(node), entry.input)) return undefined;
  const nodeRange = range(node);
  if (entry.type === 'union_tag_invalid' || entry.type === 'union_tag_not_found') {
    if (node.type !== 'object') return undefined;
    if (entry.type === 'union_tag_not_found') return { ...base, kind: 'missing-tag', name: 'type', nodeRange };
    const tags =
      schema.unionTags(schema.schemaAt(mapping.path, source.parsed.root)?.schema ?? {}) ?? parseExpectedList(entry.ctx?.expected_tags);
    return { ...base, kind: 'unknown-tag', allowed: tags, nodeRange };
  }
  if (entry.type === 'literal_error' || entry.type === 'enum') {
    const allowed = enumAt(schema, source, mapping.path) ?? parseExpectedList(entry.ctx?.expected);
    return { ...base, kind: 'enum', allowed, nodeRange };
  }
  const expected = PYDANTIC_TYPES[entry.type];
  if (expected) return { ...base, kind: 'type', expected: typesAt(schema, source, mapping.path) ?? expected, nodeRange };
  const bound = PYDANTIC_BOUNDS[entry.type];
  const limit = bound ? entry.ctx?.[bound.key] : undefined;
  if (bound && typeof limit === 'number')
    return { ...base, kind: 'bound', bound: { limit, upper: bound.upper, exclusive: bound.exclusive }, nodeRange };
  return undefined;
}

/** JSON-pointer segments → document path: indexes become numbers where the document has an array. */
function documentPath(source: SourceText, pointer: string): PathSegment[] {
  const path: PathSegment[] = [];
  let node = source.parsed.root;
  for (const segment of parsePointer(pointer)) {
    const index = node?.type === 'array' && /^\d+$/.test(segment) ? Number(segment) : undefined;
    path.push(index ?? segment);
    node = node ? walkTree(node, [index ?? segment], { lenient: false }).node : undefined;
  }
  return path;
}

/** The problem an ajv error describes; undefined for keywords no fix handles. */
export function problemFromSchemaError(
  schema: SchemaIndex,
  mapper: DiagnosticMapper,
  error: SchemaErrorLike,
  origin: FixableProblem['origin'] = 'schema',
): FixableProblem | undefined {
  const source = mapper.source;
  const path = documentPath(source, error.instancePath);
  const node = nodeAt(source, path);
  if (!node) return undefined;
  const shown = mapSchemaError(mapper, error).range;
  const base = { origin, type: error.keyword, range: shown, path, nodeRange: range(node) };
  const p = error.params;
  switch (error.keyword) {
    case 'required': {
      const name = String(p.missingProperty);
      return { ...base, kind: name === 'type' && isComponentSlot(schema, source, path) ? 'missing-tag' : 'missing', name };
    }
    case 'additionalProperties':
      return typeof p.additionalProperty === 'string' ? { ...base, kind: 'unknown-key', name: p.additionalProperty } : undefined;
    case 'enum':
    case 'const': {
      const allowed =
        error.keyword === 'const'
          ? [p.allowedValue]
          : Array.isArray(p.allowedValues)
            ? p.allowedValues
            : (enumAt(schema, source, path) ?? []);
      const parent = path.slice(0, -1);
      if (path[path.length - 1] === 'type' && isComponentSlot(schema, source, parent)) {
        const parentNode = nodeAt(source, parent);
        return parentNode ? { ...base, kind: 'unknown-tag', path: parent, nodeRange: range(parentNode), allowed } : undefined;
      }
      return { ...base, kind: 'enum', allowed };
    }
    case 'type': {
      const expected = (Array.isArray(p.type) ? p.type : String(p.type).split(',')) as JsonType[];
      return { ...base, kind: 'type', expected };
    }
    case 'maximum':
    case 'minimum':
    case 'exclusiveMaximum':
    case 'exclusiveMinimum':
      return typeof p.limit === 'number'
        ? {
            ...base,
            kind: 'bound',
            bound: { limit: p.limit, upper: error.keyword.endsWith('aximum'), exclusive: error.keyword.startsWith('exclusive') },
          }
        : undefined;
    default:
      return undefined;
  }
}

/**
 * Whether the object at `path` sits where a component goes: its schema is still the
 * component union, i.e. its `type` is missing or names no type allowed there.
 */
function isComponentSlot(schema: SchemaIndex, source: SourceText, path: readonly PathSegment[]): boolean {
  const at = schema.schemaAt(path, source.parsed.root);
  return at !== undefined && schema.unionTags(at.schema) !== undefined && typeof path[path.length - 1] === 'number';
}

/**
 * Every fixable problem our validator finds in `text`: strict = what the editor flags,
 * lenient = what the service rejects. Unparseable text yields none.
 */
export function problemsFromValidation(schema: SchemaIndex, text: string, mode: ValidationMode): FixableProblem[] {
  const mapper = new DiagnosticMapper(text);
  if (!mapper.source.parsed.root || mapper.source.parsed.errors.length > 0) return [];
  const value = parse(text, [], { allowTrailingComma: true });
  const origin = mode === 'lenient' ? 'service' : 'schema';
  const errors = schema.validator(mode).validate(value);
  return errors.map((e) => problemFromSchemaError(schema, mapper, e, origin)).filter((p): p is FixableProblem => p !== undefined);
}
