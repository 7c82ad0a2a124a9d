/**
 * Values that are obviously meant as another JSON type: `"12"` → 12, `"true"` → true,
 * 12 → `"12"` where text is expected, `"three"` → 3, `["x"]` → `"x"`, `{…}` → `[{…}]`.
 * Each conversion says whether it is unambiguous (a preferred fix) or one choice of
 * several (2.5 → 3 or 2).
 */
import { hasType, jsonTypeOf } from './jsonTypes';
import type { JsonType } from './jsonTypes';
import { shortJson } from './textEdits';
import { laxBoolWord } from '../api/laxBool';
import { ENGLISH, type Translator } from '../l10n';

export interface Conversion {
  value: unknown;
  title: string;
  preferred: boolean;
}

const NUMBER_WORDS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
  'twenty',
];

/** `"12"`, `" 12 "`, `"1,200"`, `"1_200"`, `"+3"`, `"three"` → a number; undefined otherwise. */
export function looseNumber(text: string): { value: number; plain: boolean } | undefined {
  const trimmed = text.trim();
  if (/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(trimmed)) return { value: Number(trimmed), plain: trimmed === text };
  if (/^[-+]?\d{1,3}([,_]\d{3})+(\.\d+)?$/.test(trimmed)) return { value: Number(trimmed.replace(/[,_]/g, '')), plain: false };
  const word = NUMBER_WORDS.indexOf(trimmed.toLowerCase());
  return word >= 0 ? { value: word, plain: false } : undefined;
}

function wants(expected: readonly JsonType[], type: JsonType): boolean {
  return expected.includes(type) || (type === 'integer' && expected.includes('number'));
}

function fromString(text: string, expected: readonly JsonType[], l10n: Translator): Conversion[] {
  const out: Conversion[] = [];
  const shown = JSON.stringify(text);
  const n = looseNumber(text);
  if (n && Number.isFinite(n.value) && (expected.includes('number') || (expected.includes('integer') && Number.isInteger(n.value)))) {
    out.push({ value: n.value, title: l10n.t('Convert {0} to the number {1}', shown, n.value), preferred: true });
  }
  const lower = text.trim().toLowerCase();
  const value = laxBoolWord(text);
  if (expected.includes('boolean') && value !== undefined) {
    out.push({ value, title: l10n.t('Convert {0} to {1}', shown, String(value)), preferred: true });
  }
  if (expected.includes('null') && ['null', 'none', ''].includes(lower))
    out.push({ value: null, title: l10n.t('Replace {0} with null', shown), preferred: out.length === 0 });
  if (expected.includes('array')) out.push({ value: [text], title: l10n.t('Wrap {0} in a list', shortJson(text)), preferred: false });
  return out;
}

function fromNumber(n: number, expected: readonly JsonType[], l10n: Translator): Conversion[] {
  const out: Conversion[] = [];
  if (expected.includes('string')) out.push({ value: String(n), title: l10n.t('Convert {0} to the string "{1}"', n, n), preferred: true });
  if (expected.includes('integer') && !expected.includes('number') && !Number.isInteger(n)) {
    const rounded = Math.round(n);
    out.push({ value: rounded, title: l10n.t('Round {0} to {1}', n, rounded), preferred: false });
    const truncated = Math.trunc(n);
    if (truncated !== rounded) out.push({ value: truncated, title: l10n.t('Truncate {0} to {1}', n, truncated), preferred: false });
  }
  if (expected.includes('boolean') && (n === 0 || n === 1))
    out.push({ value: n === 1, title: l10n.t('Convert {0} to {1}', n, String(n === 1)), preferred: true });
  if (expected.includes('array')) out.push({ value: [n], title: l10n.t('Wrap {0} in a list', n), preferred: false });
  return out;
}

function fromBoolean(b: boolean, expected: readonly JsonType[], l10n: Translator): Conversion[] {
  const out: Conversion[] = [];
  if (expected.includes('string'))
    out.push({ value: String(b), title: l10n.t('Convert {0} to the string "{1}"', String(b), String(b)), preferred: false });
  if (wants(expected, 'integer'))
    out.push({ value: b ? 1 : 0, title: l10n.t('Convert {0} to {1}', String(b), b ? 1 : 0), preferred: false });
  return out;
}

/** The conversions of `value` to one of the `expected` types that are worth offering. */
export function conversions(value: unknown, expected: readonly JsonType[], l10n = ENGLISH): Conversion[] {
  if (hasType(value, expected)) return [];
  switch (jsonTypeOf(value)) {
    case 'string':
      return fromString(value as string, expected, l10n);
    case 'integer':
    case 'number':
      return fromNumber(value as number, expected, l10n);
    case 'boolean':
      return fromBoolean(value as boolean, expected, l10n);
    case 'array': {
      const list = value as unknown[];
      if (list.length !== 1) return [];
      const [only] = list;
      if (hasType(only, expected)) return [{ value: only, title: l10n.t('Unwrap the list: use {0}', shortJson(only)), preferred: true }];
      // `["12"]` where a number is expected: unwrap and convert in one go.
      return conversions(only, expected, l10n)
        .filter((c) => c.preferred)
        .map((c) => ({ value: c.value, title: l10n.t('Unwrap the list: use {0}', shortJson(c.value)), preferred: false }));
    }
    case 'object':
      return expected.includes('array') ? [{ value: [value], title: l10n.t('Wrap the object in a list'), preferred: true }] : [];
    default:
      return [];
  }
}
