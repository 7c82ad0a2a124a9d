/**
 * One option declared once: its JSON Schema (type, bounds, enum, hover text), its default,
 * unit, other spelling, and the public sources it was taken from. The schema generator
 * (scripts/schema/) writes `schema` (plus `default`) into schemas/report.schema.json; the
 * value type `T` gives the typed option interfaces (`Options<'Card'>`, ./types.ts).
 */

/** A JSON Schema node as the generator writes it (key order is the output order). */
export type SchemaObject = { readonly [keyword: string]: unknown };

/**
 * Where an option was taken from (the letters of ./sources.ts), optionally with the file or
 * page, e.g. `'N core/Card.ts'`, `'D components/image (default true)'`.
 */
export type SourceCode = 'N' | 'O' | 'D' | 'S' | 'R' | 'A';
export type Source = SourceCode | `${SourceCode}${' ' | ',' | ':' | ';'}${string}`;

/** A CSS colour (`"#1d4ed8"`, `"white"`) where a colour option takes one besides its theme variables. */
export type CssColour = string & { readonly cssColour?: never };

/** What a number means; absent for options without a unit (flags, names, counts). */
export type Unit =
  /** PDF points (1/72 inch). */
  | 'pt'
  /** CSS pixels of the hosted service's HTML renderer. */
  | 'px'
  /** 0–100 of some whole, said in the hover text. */
  | 'percent'
  /** The theme's spacing steps (margins, column spacing, spacers). */
  | 'spacing'
  /** On the component's own value scale (e.g. DoughnutRing min_val–max_val). */
  | 'scale'
  /** 0–1 of some whole (the older SDK's DoughnutRing); a value above 1 is read as a percentage. */
  | 'fraction';

/** The values a number option is drawn with: one outside is drawn at the nearest end. */
export interface DrawnRange {
  readonly minimum: number;
  readonly maximum: number;
}

export interface OptionMeta<T> {
  /** The value used when the option is omitted or null (what the renderer draws). */
  readonly default?: T;
  readonly unit?: Unit;
  /** This option is the other spelling of that one (`bg_colour` of `bg_color`): same meaning. */
  readonly spellingOf?: string;
  /** A colour: besides its enum (theme variables) the renderer takes any CSS colour string. */
  readonly colour?: boolean;
  /** A number accepted whatever its value but drawn within this range (../resolve.ts clamps it; vocabulary.ts `anyNumber`). */
  readonly drawnRange?: DrawnRange;
  readonly sources: readonly Source[];
}

/** `T` is the value type; `D` says (to the type system) whether a default is declared. */
export class Opt<T, D extends boolean = false> {
  /** Phantom: the option's value type, for Options<…>. */
  declare readonly valueType: T;
  /** Phantom: true once `.default()` was called, for Resolved<…>. */
  declare readonly hasDefault: D;

  constructor(
    readonly schema: SchemaObject,
    readonly meta: OptionMeta<T> = { sources: [] },
  ) {}

  private with(meta: Partial<OptionMeta<T>>): Opt<T, D> {
    return new Opt<T, D>(this.schema, { ...this.meta, ...meta });
  }

  /** The value the renderer uses when the option is omitted. */
  default(value: NonNullable<T>): Opt<T, true> {
    return new Opt<T, true>(this.schema, { ...this.meta, default: value });
  }

  /** The public sources naming this option (see ./sources.ts). */
  from(...sources: Source[]): Opt<T, D> {
    return this.with({ sources: [...this.meta.sources, ...sources] });
  }

  unit(unit: Unit): Opt<T, D> {
    return this.with({ unit });
  }

  spellingOf(option: string): Opt<T, D> {
    return this.with({ spellingOf: option });
  }

  /** Marks a colour option (see OptionMeta.colour): its value type takes any CSS colour too. */
  colour(): Opt<T | CssColour, D> {
    return new Opt<T | CssColour, D>(this.schema, { ...(this.meta as OptionMeta<T | CssColour>), colour: true });
  }
}

/** A set of options (a component's `options`, the report's `config`, …). */
export type OptionSet = { readonly [name: string]: Opt<unknown, boolean> };

/** The value type of an option set: every option optional, as on the wire. */
export type ValuesOf<O extends OptionSet> = { -readonly [K in keyof O]?: O[K]['valueType'] };

/** One CSS pixel of the hosted service's HTML renderer in PDF points (96 px = 72 pt = 1 inch). */
export const PX_PT = 0.75;

/**
 * One step of the spacing scale (margins, column spacing, spacers, `Unit` `spacing`) in PDF
 * points: a step of Tailwind CSS's spacing scale, 0.25 rem = 4 px = 3 pt. The docs' allowed
 * `column_spacing` values ("1 – 12, 14 or 16") are that scale's keys; docs/sdk-defaults.md
 * (Containers, _the spacing unit_) gives the sources.
 */
export const SPACING_UNIT_PT = 4 * PX_PT;

/** A nested object's `properties`: each option's schema (with its default). */
export function properties(options: OptionSet): Record<string, SchemaObject> {
  return Object.fromEntries(Object.entries(options).map(([name, opt]) => [name, schemaOf(opt)]));
}

const points = (n: number) => `${Math.round(n * 100) / 100} pt`;

/** What a default means in its unit, after the value: `3` → " (9 pt)" on the spacing scale. */
const UNIT_TEXT: Readonly<Record<Unit, (value: unknown) => string>> = {
  pt: () => ' pt',
  px: () => ' px',
  percent: () => ' %',
  spacing: (v) => (typeof v === 'number' && v !== 0 ? ` (${points(v * SPACING_UNIT_PT)})` : ''),
  scale: () => ', on the component’s value scale',
  fraction: (v) => (typeof v === 'number' ? ` (${Math.round(v * 1000) / 10} %)` : ''),
};

/**
 * The hover text's sentence stating an option's declared default: generated, so that the
 * hover never disagrees with what is drawn (hand-written defaults in hover text drifted).
 */
export function defaultSentence(meta: OptionMeta<unknown>): string {
  const unit = meta.unit ? UNIT_TEXT[meta.unit](meta.default) : '';
  return `Default: \`${JSON.stringify(meta.default)}\`${unit}.`;
}

/** The schema written for an option: the builder's, plus `default` and its sentence when it has one. */
function schemaOf(opt: Opt<unknown, boolean>): SchemaObject {
  if (opt.meta.default === undefined) return opt.schema;
  const text = opt.schema.markdownDescription;
  return {
    ...opt.schema,
    ...(typeof text === 'string' ? { markdownDescription: `${text}\n\n${defaultSentence(opt.meta)}` } : {}),
    default: opt.meta.default,
  };
}
