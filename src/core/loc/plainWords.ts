/**
 * The service's pydantic v2 entries (docs: ../shared/pydantic-errors.md) as sentences for
 * people: `"value" should be a number, got "lots"` instead of "Input should be a valid
 * number, unable to parse string as a number". One sentence per entry type, naming the field
 * (or the list item) the entry is about; the raw entry stays available to whoever shows the
 * sentence (the extension puts it in the diagnostic's related information, the CLI prints the
 * type and path after it). Types without a sentence here keep the service's own words.
 */
import type { ValidationErrorEntry } from '../api/types';
import { formatPath, type PathSegment } from './treeWalk';

/** Where the entry landed in the user's document (the mapped path, "body" and union member names gone). */
interface EntryPlace {
  path: readonly PathSegment[];
}

/** `"title"` for a key (the range marks which one), `The item components[2]` for a list item. */
function subject(path: readonly PathSegment[]): string {
  const last = path[path.length - 1];
  if (last === undefined) return 'The report';
  return typeof last === 'number' ? `The item ${formatPath(path)}` : `"${last}"`;
}

/** `, got "ocean"` for a primitive input (containers are what the range marks; not repeated). */
export function describeInput(input: unknown): string {
  if (input === undefined || (typeof input === 'object' && input !== null)) return '';
  const json = JSON.stringify(input);
  return `, got ${json.length > 40 ? `${json.slice(0, 37)}...` : json}`;
}

/** `'a', 'b' or 'c'` (pydantic's list of choices) → `"a", "b" or "c"`, at most `max` named. */
function choices(list: string, max = 8): string {
  const names = [...list.matchAll(/'((?:[^'\\]|\\.)*)'/g)].map((m) => m[1]);
  if (names.length === 0) return list;
  const quoted = names.map((n) => `"${n}"`);
  if (quoted.length > max) return `${quoted.slice(0, max).join(', ')}, … ${quoted.length} in all`;
  return quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`;
}

const ctxNumber = (entry: ValidationErrorEntry, key: string): string | undefined => {
  const v = entry.ctx?.[key];
  return typeof v === 'number' || typeof v === 'string' ? String(v) : undefined;
};

/** What the value should be, per type of the "wrong kind of value" entries. */
const SHOULD_BE: Readonly<Record<string, string>> = {
  string_type: 'text in quotes',
  int_type: 'a whole number',
  int_parsing: 'a whole number',
  int_from_float: 'a whole number',
  float_type: 'a number',
  float_parsing: 'a number',
  bool_type: 'true or false',
  bool_parsing: 'true or false',
  list_type: 'a list [ … ]',
  dict_type: 'an object { … }',
  model_attributes_type: 'an object { … }',
  model_type: 'an object { … }',
};

/**
 * The sentence for `entry`, whose loc was mapped to `place` in the user's text; undefined for
 * the types that have none (missing and json_invalid are worded by the caller, which knows the
 * owner of a missing field; unknown types keep the service's words).
 */
export function plainSentence(entry: ValidationErrorEntry, place: EntryPlace): string | undefined {
  const who = subject(place.path);
  const got = describeInput(entry.input);
  const should = SHOULD_BE[entry.type];
  if (should) return `${who} should be ${should}${got}`;
  switch (entry.type) {
    case 'union_tag_invalid': {
      const tag = typeof entry.ctx?.tag === 'string' ? entry.ctx.tag : (entry.input as { type?: unknown } | null)?.type;
      const expected = typeof entry.ctx?.expected_tags === 'string' ? `; the types are ${choices(entry.ctx.expected_tags, 6)}` : '';
      return `Unknown component type ${JSON.stringify(tag)}${expected}`;
    }
    case 'union_tag_not_found':
      return `${who === 'The report' ? 'The report' : `The component ${formatPath(place.path)}`} has no "type": say which component it is`;
    case 'literal_error':
    case 'enum': {
      const expected = typeof entry.ctx?.expected === 'string' ? choices(entry.ctx.expected) : 'one of the listed values';
      return `${who} should be ${expected}${got}`;
    }
    case 'less_than_equal':
      return `${who} should be at most ${ctxNumber(entry, 'le') ?? 'the maximum'}${got}`;
    case 'less_than':
      return `${who} should be less than ${ctxNumber(entry, 'lt') ?? 'the maximum'}${got}`;
    case 'greater_than_equal':
      return `${who} should be at least ${ctxNumber(entry, 'ge') ?? 'the minimum'}${got}`;
    case 'greater_than':
      return `${who} should be more than ${ctxNumber(entry, 'gt') ?? 'the minimum'}${got}`;
    case 'string_too_long':
      return `${who} should have at most ${ctxNumber(entry, 'max_length') ?? 'the allowed number of'} characters`;
    case 'string_too_short':
      return `${who} should have at least ${ctxNumber(entry, 'min_length') ?? 'the required number of'} characters`;
    case 'too_long':
      return `${who} should have at most ${ctxNumber(entry, 'max_length') ?? 'the allowed number of'} items${itemsGot(entry)}`;
    case 'too_short':
      return `${who} should have at least ${ctxNumber(entry, 'min_length') ?? 'the required number of'} items${itemsGot(entry)}`;
    case 'extra_forbidden':
      return `${who} is not known here${place.path[place.path.length - 2] === 'options' ? ': no such option' : ''}`;
    default:
      return undefined;
  }
}

function itemsGot(entry: ValidationErrorEntry): string {
  const actual = ctxNumber(entry, 'actual_length');
  return actual === undefined ? '' : `, got ${actual}`;
}

/** The 422 entry type that says what each JSON schema `type` asks for. */
const TYPE_ENTRY: Readonly<Record<string, string>> = {
  string: 'string_type',
  integer: 'int_type',
  number: 'float_type',
  boolean: 'bool_type',
  array: 'list_type',
  object: 'dict_type',
};

/** The JSON schema keywords with a 422 counterpart: their limit's name in the entry's `ctx`. */
const LIMIT_ENTRY: Readonly<Record<string, [type: string, ctx: string]>> = {
  maximum: ['less_than_equal', 'le'],
  exclusiveMaximum: ['less_than', 'lt'],
  minimum: ['greater_than_equal', 'ge'],
  exclusiveMinimum: ['greater_than', 'gt'],
  maxLength: ['string_too_long', 'max_length'],
  minLength: ['string_too_short', 'min_length'],
  maxItems: ['too_long', 'max_length'],
  minItems: ['too_short', 'min_length'],
};

/**
 * A JSON schema (ajv) error in the same words as the service's entry for the same mistake, so
 * `report-studio validate` and a rejected Build say one thing: the error as the entry pydantic
 * would give, then plainSentence(). Undefined for keywords without a counterpart.
 */
export function plainSchemaSentence(
  keyword: string,
  params: Record<string, unknown>,
  path: readonly PathSegment[],
  value: { found: boolean; value?: unknown },
): string | undefined {
  const input = value.found ? value.value : undefined;
  const quoted = (values: unknown[]) => values.map((v) => `'${String(v)}'`).join(', ');
  const entry = (type: string, ctx?: Record<string, unknown>): ValidationErrorEntry => ({ type, loc: [...path], msg: '', input, ctx });
  const isComponentType =
    path[path.length - 1] === 'type' && typeof path[path.length - 2] === 'number' && path[path.length - 3] === 'components';
  if (keyword === 'enum' && Array.isArray(params.allowedValues)) {
    const list = quoted(params.allowedValues);
    const e = isComponentType
      ? entry('union_tag_invalid', { tag: input, expected_tags: list })
      : entry('literal_error', { expected: list });
    return plainSentence(e, { path });
  }
  if (keyword === 'type') {
    const type = TYPE_ENTRY[String(Array.isArray(params.type) ? params.type[0] : params.type)];
    return type ? plainSentence(entry(type), { path }) : undefined;
  }
  const limit = LIMIT_ENTRY[keyword];
  if (!limit) return undefined;
  const actual = Array.isArray(input) ? { actual_length: input.length } : {};
  return plainSentence(entry(limit[0], { [limit[1]]: params.limit, ...actual }), { path });
}

/** The entry as the service sent it, for the related information: `Input should be … [type] at components → 0 → type`. */
export function rawEntryText(entry: ValidationErrorEntry): string {
  const loc = Array.isArray(entry.loc) ? entry.loc.filter((p, i) => i > 0 || p !== 'body') : [];
  return `The service said: ${entry.msg} [${entry.type}]${loc.length ? ` at ${loc.map(String).join(' → ')}` : ''}`;
}
