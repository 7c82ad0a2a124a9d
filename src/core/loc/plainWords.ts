/**
 * The service's pydantic v2 entries (docs: ../shared/pydantic-errors.md) as sentences for
 * people: `"value" should be a number, got "lots"` instead of "Input should be a valid
 * number, unable to parse string as a number". One sentence per entry type, naming the field
 * (or the list item) the entry is about; the raw entry stays available to whoever shows the
 * sentence (the extension puts it in the diagnostic's related information, the CLI prints the
 * type and path after it). Types without a sentence here keep the service's own words.
 */
import type { ValidationErrorEntry } from '../api/types';
import { ENGLISH, type Translator } from '../l10n';
import { formatPath, type PathSegment } from './treeWalk';

/** Where the entry landed in the user's document (the mapped path, "body" and union member names gone). */
interface EntryPlace {
  path: readonly PathSegment[];
}

/** `"title"` for a key (the range marks which one), `The item components[2]` for a list item. */
function subject(path: readonly PathSegment[], l10n: Translator): string {
  const last = path[path.length - 1];
  if (last === undefined) return l10n.t('The report');
  return typeof last === 'number' ? l10n.t('The item {0}', formatPath(path)) : `"${last}"`;
}

/** `, got "ocean"` for a primitive input (containers are what the range marks; not repeated). */
export function describeInput(input: unknown, l10n = ENGLISH): string {
  if (input === undefined || (typeof input === 'object' && input !== null)) return '';
  const json = JSON.stringify(input);
  return l10n.t(', got {0}', json.length > 40 ? `${json.slice(0, 37)}...` : json);
}

/** `'a', 'b' or 'c'` (pydantic's list of choices) → `"a", "b" or "c"`, at most `max` named. */
function choices(list: string, l10n: Translator, max = 8): string {
  const names = [...list.matchAll(/'((?:[^'\\]|\\.)*)'/g)].map((m) => m[1]);
  if (names.length === 0) return list;
  const quoted = names.map((n) => `"${n}"`);
  if (quoted.length > max) return l10n.t('{0}, … {1} in all', quoted.slice(0, max).join(', '), quoted.length);
  return quoted.length === 1 ? quoted[0] : l10n.t('{0} or {1}', quoted.slice(0, -1).join(', '), quoted[quoted.length - 1]);
}

const ctxNumber = (entry: ValidationErrorEntry, key: string): string | undefined => {
  const v = entry.ctx?.[key];
  return typeof v === 'number' || typeof v === 'string' ? String(v) : undefined;
};

/** What the value should be, per type of the "wrong kind of value" entries. */
function shouldBe(type: string, l10n: Translator): string | undefined {
  switch (type) {
    case 'string_type':
      return l10n.t('text in quotes');
    case 'int_type':
    case 'int_parsing':
    case 'int_from_float':
      return l10n.t('a whole number');
    case 'float_type':
    case 'float_parsing':
      return l10n.t('a number');
    case 'bool_type':
    case 'bool_parsing':
      return l10n.t('true or false');
    case 'list_type':
      return l10n.t('a list [ … ]');
    case 'dict_type':
    case 'model_attributes_type':
    case 'model_type':
      return l10n.t('an object { … }');
    default:
      return undefined;
  }
}

/**
 * The sentence for `entry`, whose loc was mapped to `place` in the user's text; undefined for
 * the types that have none (missing and json_invalid are worded by the caller, which knows the
 * owner of a missing field; unknown types keep the service's words).
 */
export function plainSentence(entry: ValidationErrorEntry, place: EntryPlace, l10n = ENGLISH): string | undefined {
  const who = subject(place.path, l10n);
  const got = describeInput(entry.input, l10n);
  const should = shouldBe(entry.type, l10n);
  if (should) return l10n.t('{0} should be {1}{2}', who, should, got);
  const limit = (key: string) => ctxNumber(entry, key);
  switch (entry.type) {
    case 'union_tag_invalid': {
      const tag = JSON.stringify(typeof entry.ctx?.tag === 'string' ? entry.ctx.tag : (entry.input as { type?: unknown } | null)?.type);
      return typeof entry.ctx?.expected_tags === 'string'
        ? l10n.t('Unknown component type {0}; the types are {1}', tag, choices(entry.ctx.expected_tags, l10n, 6))
        : l10n.t('Unknown component type {0}', tag);
    }
    case 'union_tag_not_found':
      return place.path.length === 0
        ? l10n.t('The report has no "type": say which component it is')
        : l10n.t('The component {0} has no "type": say which component it is', formatPath(place.path));
    case 'literal_error':
    case 'enum': {
      const expected = typeof entry.ctx?.expected === 'string' ? choices(entry.ctx.expected, l10n) : l10n.t('one of the listed values');
      return l10n.t('{0} should be {1}{2}', who, expected, got);
    }
    case 'less_than_equal':
      return l10n.t('{0} should be at most {1}{2}', who, limit('le') ?? l10n.t('the maximum'), got);
    case 'less_than':
      return l10n.t('{0} should be less than {1}{2}', who, limit('lt') ?? l10n.t('the maximum'), got);
    case 'greater_than_equal':
      return l10n.t('{0} should be at least {1}{2}', who, limit('ge') ?? l10n.t('the minimum'), got);
    case 'greater_than':
      return l10n.t('{0} should be more than {1}{2}', who, limit('gt') ?? l10n.t('the minimum'), got);
    case 'string_too_long': {
      const max = limit('max_length');
      return max === undefined ? l10n.t('{0} has too many characters', who) : l10n.t('{0} should have at most {1} characters', who, max);
    }
    case 'string_too_short': {
      const min = limit('min_length');
      return min === undefined ? l10n.t('{0} has too few characters', who) : l10n.t('{0} should have at least {1} characters', who, min);
    }
    case 'too_long': {
      const max = limit('max_length');
      const items = itemsGot(entry, l10n);
      return max === undefined
        ? l10n.t('{0} has too many items{1}', who, items)
        : l10n.t('{0} should have at most {1} items{2}', who, max, items);
    }
    case 'too_short': {
      const min = limit('min_length');
      const items = itemsGot(entry, l10n);
      return min === undefined
        ? l10n.t('{0} has too few items{1}', who, items)
        : l10n.t('{0} should have at least {1} items{2}', who, min, items);
    }
    case 'extra_forbidden':
      return place.path[place.path.length - 2] === 'options'
        ? l10n.t('{0} is not known here: no such option', who)
        : l10n.t('{0} is not known here', who);
    default:
      return undefined;
  }
}

function itemsGot(entry: ValidationErrorEntry, l10n: Translator): string {
  const actual = ctxNumber(entry, 'actual_length');
  return actual === undefined ? '' : l10n.t(', got {0}', actual);
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
  l10n = ENGLISH,
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
    return plainSentence(e, { path }, l10n);
  }
  if (keyword === 'type') {
    const type = TYPE_ENTRY[String(Array.isArray(params.type) ? params.type[0] : params.type)];
    return type ? plainSentence(entry(type), { path }, l10n) : undefined;
  }
  const limit = LIMIT_ENTRY[keyword];
  if (!limit) return undefined;
  const actual = Array.isArray(input) ? { actual_length: input.length } : {};
  return plainSentence(entry(limit[0], { [limit[1]]: params.limit, ...actual }), { path }, l10n);
}

/** The entry as the service sent it, for the related information: `Input should be … [type] at components → 0 → type`. */
export function rawEntryText(entry: ValidationErrorEntry, l10n = ENGLISH): string {
  const loc = Array.isArray(entry.loc) ? entry.loc.filter((p, i) => i > 0 || p !== 'body') : [];
  return loc.length
    ? l10n.t('The service said: {0} [{1}] at {2}', entry.msg, entry.type, loc.map(String).join(' → '))
    : l10n.t('The service said: {0} [{1}]', entry.msg, entry.type);
}
