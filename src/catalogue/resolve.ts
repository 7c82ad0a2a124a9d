/**
 * The one place that applies the catalogue's defaults and bounds to the options of a
 * component, so that a painter receives typed values and keeps no fallbacks of its own.
 *
 * For each option (under either spelling, the declared one first):
 * - a value its option accepts is kept: the JSON type; an enum member (a keyword in any
 *   case, returned as declared); for a colour, any non-blank string (the renderer takes CSS
 *   colours too); a number clamped into the option's minimum/maximum, or into its drawn range
 *   (one on or past an exclusive bound is not accepted); a number written as text for a number option, and a
 *   number for a text option (spreadsheet exports);
 * - anything else (omitted, null, a wrong type, an unknown keyword) becomes the declared
 *   default. An option without a default keeps whatever was written (its painter reads it
 *   leniently, as requests reach the renderer unvalidated from tests and previews, and
 *   names a wrong value in its error: `options.data must be an array`).
 * Options the catalogue does not declare pass through untouched (painters of older forms
 * still read them).
 */
import { COMPONENTS, REPORT_OBJECTS, type ComponentType, type Defaulted, type ReportObject, type Resolved } from './catalogue';
import { cellOptions } from './components/content';
import { webhookOptions, type Webhook } from './report';
import type { Opt, OptionSet, SchemaObject } from './option';

const MISSING = Symbol('missing');

function typeMatches(type: unknown, value: unknown): boolean {
  const types = Array.isArray(type) ? type : [type];
  return types.some((t) => {
    switch (t) {
      case 'string':
        return typeof value === 'string';
      case 'number':
        return typeof value === 'number' && Number.isFinite(value);
      case 'integer':
        return typeof value === 'number' && Number.isInteger(value);
      case 'boolean':
        return typeof value === 'boolean';
      case 'array':
        return Array.isArray(value);
      case 'object':
        return typeof value === 'object' && value !== null && !Array.isArray(value);
      default:
        return false;
    }
  });
}

/** The value as the schema node accepts it (an enum keyword in its declared case), or MISSING. */
function accepted(schema: SchemaObject, value: unknown): unknown {
  if (value === null || value === undefined) return MISSING;
  if (Array.isArray(schema.anyOf)) {
    for (const member of schema.anyOf as SchemaObject[]) {
      const v = accepted(member, value);
      if (v !== MISSING) return v;
    }
    return MISSING;
  }
  if (Array.isArray(schema.enum)) {
    const lower = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
    const hit = (schema.enum as unknown[]).find((e) => e === value || (typeof e === 'string' && e.toLowerCase() === lower));
    return hit ?? MISSING;
  }
  // Spreadsheet exports send numbers as strings ("12.5", "1,200"): a number option takes them.
  // (Only where text is not itself accepted: a Table cell's "18,204" stays as written.)
  if (typeof value === 'string' && !typeMatches(schema.type, value) && (typeMatches(schema.type, 1.5) || typeMatches(schema.type, 1))) {
    const n = numberFromText(value);
    if (n !== undefined && typeMatches(schema.type, n)) return accepted(schema, n);
  }
  // …and a text option takes a number as its digits (a Card title 2024, a Text of 42).
  if (typeof value === 'number' && Number.isFinite(value) && typeMatches(schema.type, '') && !typeMatches(schema.type, value))
    return String(value);
  if (schema.type !== undefined && !typeMatches(schema.type, value)) return MISSING;
  if (typeof value === 'number') {
    // An exclusive bound cannot be clamped to: a value on or past it is not accepted.
    if (typeof schema.exclusiveMinimum === 'number' && !(value > schema.exclusiveMinimum)) return MISSING;
    if (typeof schema.exclusiveMaximum === 'number' && !(value < schema.exclusiveMaximum)) return MISSING;
    const lo = typeof schema.minimum === 'number' ? schema.minimum : -Infinity;
    const hi = typeof schema.maximum === 'number' ? schema.maximum : Infinity;
    return Math.min(hi, Math.max(lo, value));
  }
  return value;
}

function acceptedOption(opt: Opt<unknown, boolean>, value: unknown): unknown {
  if (opt.meta.colour && typeof value === 'string' && value.trim() !== '') return value;
  const v = accepted(opt.schema, value);
  // A number the service takes whatever its value (vocabulary.ts anyNumber) is drawn within its range.
  const range = opt.meta.drawnRange;
  return range && typeof v === 'number' ? Math.min(range.maximum, Math.max(range.minimum, v)) : v;
}

/** Each declared option with the other spellings that mean it (`bg_color` ← `bg_colour`). */
function spellings(options: OptionSet): [string, string[]][] {
  const out = new Map<string, string[]>();
  for (const [name, opt] of Object.entries(options)) {
    const main = opt.meta.spellingOf ?? name;
    out.set(main, [...(out.get(main) ?? []), ...(main === name ? [] : [name])]);
  }
  return [...out];
}

const SPELLINGS = new WeakMap<OptionSet, [string, string[]][]>();

/**
 * The values of an option set with defaults and bounds applied (see the module comment). Not
 * memoised: the catalogue is read at each call (tests change a default in memory and expect
 * the drawing to follow); a painter that caches its layout keys it by the written object.
 */
function resolveSet<O extends OptionSet>(options: O, raw: Readonly<Record<string, unknown>> | null | undefined): Defaulted<O> {
  const source = raw !== null && typeof raw === 'object' ? raw : undefined;
  let names = SPELLINGS.get(options);
  if (!names) SPELLINGS.set(options, (names = spellings(options)));
  const out: Record<string, unknown> = { ...source };
  for (const [main, others] of names) {
    const opt = options[main];
    let value: unknown = MISSING;
    for (const name of [main, ...others]) {
      value = acceptedOption(options[name] ?? opt, source?.[name]);
      if (value !== MISSING) break;
    }
    if (value !== MISSING) out[main] = value;
    else if (opt.meta.default !== undefined) out[main] = opt.meta.default;
  }
  return out as Defaulted<O>;
}

/** A component's options with defaults and bounds applied. */
export function resolveOptions<T extends ComponentType>(type: T, raw: Readonly<Record<string, unknown>> | null | undefined): Resolved<T> {
  return resolveSet(COMPONENTS[type].options, raw) as Resolved<T>;
}

/** A report-level object (`options`, `config`, `cover_page`) with defaults and bounds applied. */
export function resolveReportObject<K extends keyof typeof REPORT_OBJECTS>(
  key: K,
  raw: Readonly<Record<string, unknown>> | null | undefined,
): ReportObject<K> {
  return resolveSet(REPORT_OBJECTS[key].options, raw) as ReportObject<K>;
}

/** A styled Table cell or heading (`{content, col_span, col_bg, col_align, valign}`) with defaults and bounds applied. */
export function resolveTableCell(raw: Readonly<Record<string, unknown>>): Defaulted<typeof cellOptions> {
  return resolveSet(cellOptions, raw);
}

/** A webhook of `config.webhooks` with its other spelling read (`authHeader` → `auth_header`). */
export function resolveWebhook(raw: Webhook): Defaulted<typeof webhookOptions> {
  return resolveSet(webhookOptions, raw as unknown as Readonly<Record<string, unknown>>);
}

/** The declared defaults of a type's options: the defaults table. */
export function defaultsOf(type: ComponentType): Readonly<Record<string, unknown>> {
  return Object.fromEntries(
    Object.entries(COMPONENTS[type].options as OptionSet).flatMap(([name, opt]) =>
      opt.meta.default === undefined ? [] : [[name, opt.meta.default]],
    ),
  );
}

/** A number written as text, as spreadsheets export it ("12.5", "1,200"); undefined when it is none. */
export function numberFromText(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const n = Number(text.replace(/,/g, ''));
  return Number.isFinite(n) ? n : undefined;
}
