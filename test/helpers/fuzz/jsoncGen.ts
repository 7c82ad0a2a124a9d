/**
 * Random JSONC texts and random 422 entries for the loc-mapper fuzz: documents written
 * with comments, trailing commas, CRLF or CR line ends, tabs, unicode; sometimes broken
 * (truncated, garbage inserted); locs taken from the document's real paths and then
 * bent (union tags and member labels inserted, indexes out of range, negative, huge,
 * fractional, garbage segments a misbehaving server might send).
 */
import type { ValidationErrorEntry } from '../../../src/core/api/types';
import { randomString, type JsonPath, type Rng } from './fuzzKit';

const COMMENTS = ['// line comment\n', '/* block */', '/* multi\n line */', '//\u2028 odd\n', '/* 😀 ключ */'];

/** Writes a JSON value as JSONC with random layout, comments and trailing commas. */
export function toJsonc(rng: Rng, value: unknown, nl: string, depth = 0): string {
  const pad = (d: number): string => (rng.chance(0.8) ? nl + '\t'.repeat(Math.min(d, 8)) : ' ');
  const comment = (): string => (rng.chance(0.08) ? rng.pick(COMMENTS).replace(/\n/g, nl) : '');
  if (Array.isArray(value)) {
    if (!value.length) return rng.chance(0.5) ? '[]' : `[${comment()}]`;
    const items = value.map((v) => pad(depth + 1) + comment() + toJsonc(rng, v, nl, depth + 1));
    return `[${items.join(',')}${rng.chance(0.2) ? ',' : ''}${pad(depth)}]`;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    if (!entries.length) return '{}';
    const items = entries.map(
      ([k, v]) =>
        `${pad(depth + 1)}${comment()}${JSON.stringify(k)}${rng.chance(0.5) ? ': ' : ':'}${comment()}${toJsonc(rng, v, nl, depth + 1)}`,
    );
    return `{${items.join(',')}${rng.chance(0.2) ? ',' : ''}${pad(depth)}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The ways corrupt() breaks a text, in the order it picks them. */
export const CORRUPTIONS = ['truncated', 'token inserted', 'span deleted', 'BOM put first', "quotes made '"] as const;

/** Breaks a text the ways an editor buffer is broken mid-typing; `how` is one of CORRUPTIONS. */
export function corrupt(rng: Rng, text: string): { text: string; how: (typeof CORRUPTIONS)[number] } {
  const i = rng.int(0, text.length);
  const k = rng.int(0, 4);
  const how = CORRUPTIONS[k];
  switch (k) {
    case 0:
      return { how, text: text.slice(0, i) };
    case 1:
      return {
        how,
        text: text.slice(0, i) + rng.pick(['{', '}', '[', ']', ',', ':', '"', '/*', '//', '\u0000', '\ud800', 'garbage']) + text.slice(i),
      };
    case 2:
      return { how, text: text.slice(0, i) + text.slice(i + rng.int(1, 30)) };
    case 3:
      return { how, text: '\ufeff' + text };
    default:
      return { how, text: text.replace(/"/g, () => (rng.chance(0.01) ? "'" : '"')) };
  }
}

/** The 422 entry types randomEntry() sends (a future one and an empty one among them). */
export const ENTRY_TYPES = [
  'missing',
  'string_type',
  'int_parsing',
  'literal_error',
  'json_invalid',
  'union_tag_invalid',
  'union_tag_not_found',
  'extra_forbidden',
  'model_attributes_type',
  'value_error',
  'some_future_type',
  '',
];
const TAGS = [
  'Section',
  'Row',
  'Card',
  'Table',
  'Chart.Bar',
  'str',
  'int',
  'float',
  'bool',
  'list[any]',
  'dict[str,any]',
  'function-after[check(), str]',
];
const GARBAGE_SEGMENTS: unknown[] = [
  -1,
  -0,
  1.5,
  2 ** 53,
  1e308,
  Number.NaN,
  '',
  '__proto__',
  'constructor',
  null,
  {},
  [],
  true,
  '\u0000',
  '😀',
];

/** A loc: a real path (maybe bent), a random one, or garbage. */
function randomLoc(rng: Rng, paths: JsonPath[], textLength: number, type: string): unknown[] {
  if (type === 'json_invalid' || rng.chance(0.05)) {
    return [
      'body',
      rng.pick([0, 1, textLength - 1, textLength, textLength + 1, rng.int(0, textLength * 2 + 10), -5, 1e12, 2.5, Number.NaN]),
    ];
  }
  let path: JsonPath = paths.length && rng.chance(0.8) ? [...rng.pick(paths)] : [];
  if (rng.chance(0.3)) {
    // Insert a union tag or member label after an index (as pydantic does) or anywhere.
    const at = rng.int(0, path.length);
    path.splice(at, 0, rng.pick(TAGS));
  }
  if (rng.chance(0.3)) path.push(rng.pick(['missing_field', 'options', 'components', 0, 99_999, 'type']));
  if (rng.chance(0.15)) path = path.map((seg) => (typeof seg === 'number' && rng.chance(0.5) ? rng.pick([-1, seg + 1000, 2 ** 31]) : seg));
  const loc: unknown[] = ['body', ...path];
  if (rng.chance(0.1)) loc.splice(rng.int(0, loc.length), 0, rng.pick(GARBAGE_SEGMENTS));
  if (rng.chance(0.05)) loc[0] = rng.pick(['query', 'path', '', 7]);
  if (rng.chance(0.03)) return [];
  return loc;
}

/** `paths`: allPaths() of the document (computed once per document). */
export function randomEntry(rng: Rng, paths: JsonPath[], textLength: number): ValidationErrorEntry {
  const type = rng.pick(ENTRY_TYPES);
  const entry: Record<string, unknown> = {
    type,
    loc: randomLoc(rng, paths, textLength, type),
    msg: rng.chance(0.9) ? 'Input should be a valid string' : rng.pick(['', randomString(rng, 80)]),
    input: rng.pick<unknown>([null, 3, 'x', {}, [], randomString(rng), 1e308, -0, undefined]),
  };
  if (rng.chance(0.3)) entry.ctx = rng.pick<unknown>([{ error: 'Expecting value' }, { expected: "'a' or 'b'" }, null, 'ctx', { error: 5 }]);
  // A hosted service could also send a non-array loc.
  if (rng.chance(0.02)) entry.loc = rng.pick<unknown>(['body.components', null, 5, { 0: 'body' }]);
  return entry as unknown as ValidationErrorEntry;
}
