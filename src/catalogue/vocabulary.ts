// Shared value vocabularies of the report format and small builders for option schemas.
// Every builder requires a markdownDescription so no option ships without hover
// documentation; every enum carries enumDescriptions of the same length.
//
// The catalogue records every option, type and spelling the public material uses; each option
// names its sources with `.from(…)` (the letters are explained in ./sources.ts;
// docs/local-service.md, Compatibility → Accepted, says how their union is taken).
// Where they disagree the docs win and the schema takes the union: the local service must
// never reject what the hosted one accepts. A form that only an older source uses is kept
// and marked with `olderForm` (a warning in the editor, never an error).
import { Opt, type DrawnRange, type SchemaObject, type Source } from './option';

/** [value, description] pairs of an enum. */
export type Pairs<V extends string> = readonly (readonly [V, string])[];

interface EnumOptions {
  nullable?: boolean;
  nullDescription?: string;
}

/** Pairs of [value, description] → an enum option (optionally accepting null). */
export function enumOf<V extends string>(
  pairs: Pairs<V>,
  markdownDescription: string,
  options: EnumOptions & { nullable: true },
): Opt<V | null>;
export function enumOf<V extends string>(pairs: Pairs<V>, markdownDescription: string, options?: EnumOptions): Opt<V>;
export function enumOf<V extends string>(
  pairs: Pairs<V>,
  markdownDescription: string,
  { nullable = false, nullDescription }: EnumOptions = {},
): Opt<V | null> {
  const values: (V | null)[] = pairs.map(([v]) => v);
  const descriptions = pairs.map(([, d]) => d);
  if (nullable) {
    values.push(null);
    descriptions.push(nullDescription ?? 'null — use the default.');
  }
  return new Opt({ enum: values, enumDescriptions: descriptions, markdownDescription });
}

export const str = (markdownDescription: string, extra: SchemaObject = {}) =>
  new Opt<string>({ type: 'string', markdownDescription, ...extra });
export const nullableStr = (markdownDescription: string, extra: SchemaObject = {}) =>
  new Opt<string | null>({ type: ['string', 'null'], markdownDescription, ...extra });
export const int = (markdownDescription: string, extra: SchemaObject = {}) =>
  new Opt<number>({ type: 'integer', markdownDescription, ...extra });
export const nullableInt = (markdownDescription: string, extra: SchemaObject = {}) =>
  new Opt<number | null>({ type: ['integer', 'null'], markdownDescription, ...extra });
export const num = (markdownDescription: string, extra: SchemaObject = {}) =>
  new Opt<number>({ type: 'number', markdownDescription, ...extra });
export const nullableNum = (markdownDescription: string, extra: SchemaObject = {}) =>
  new Opt<number | null>({ type: ['number', 'null'], markdownDescription, ...extra });
export const bool = (markdownDescription: string, extra: SchemaObject = {}) =>
  new Opt<boolean>({ type: 'boolean', markdownDescription, ...extra });
export const arrayOf = <T>(items: Opt<T, boolean>, markdownDescription: string, extra: SchemaObject = {}) =>
  new Opt<T[]>({ type: 'array', markdownDescription, items: items.schema, ...extra });

/** A value shaped by a hand-written schema (nested objects, unions); `T` is its wire type. */
export const shaped = <T>(schema: SchemaObject) => new Opt<T>(schema);

/** An icon option: a Tabler icon name (or null), completed from the real icon list. */
export const icon = (markdownDescription: string) => new Opt<string | null>({ $ref: '#/definitions/tablerIcon', markdownDescription });

// ---- Shared vocabularies ------------------------------------------------------------------

// Widths (D components/row, text, image): a fraction string whose denominator is 2, 3, 4, 5, 6
// or 12 and whose numerator runs from 1 up to the denominator; null fills the space. (N and O
// type only thirds to sixths; the docs win.)
const WIDTH_DENOMINATORS = [2, 3, 4, 5, 6, 12] as const;

function widthDescription(n: number, d: number): string {
  const same = WIDTH_DENOMINATORS.filter((e) => e !== d && (n * e) % d === 0).map((e) => `${(n * e) / d}/${e}`);
  const pct = Math.round((1000 * n) / d) / 10;
  const what = n === d ? 'the full width' : `${pct}% of the width`;
  return `${what} of the parent Row/Section${same.length ? ` (same as ${same.join(', ')})` : ''}.`;
}

/** A width: `"n/d"` with d one of WIDTH_DENOMINATORS. */
export type Width = `${number}/${(typeof WIDTH_DENOMINATORS)[number]}`;

export const WIDTHS: Pairs<Width> = WIDTH_DENOMINATORS.flatMap((d) =>
  Array.from({ length: d }, (_, i) => [`${i + 1}/${d}` as Width, widthDescription(i + 1, d)] as const),
);

/** Every allowed width, grouped by denominator, for hover text. */
const widthTable = () =>
  WIDTH_DENOMINATORS.map((d) =>
    WIDTHS.filter(([v]) => v.endsWith(`/${d}`))
      .map(([v]) => `\`${v}\``)
      .join(' '),
  ).join(' · ');

// N types.ts FontSize; O Text.size (sm…4xl); D components/image (text_size).
export const FONT_SIZES = [
  ['3xs', 'Smallest text.'],
  ['2xs', 'Very small text.'],
  ['xs', 'Extra small text.'],
  ['sm', 'Small text.'],
  ['lg', 'Large text.'],
  ['xl', 'Extra large text.'],
  ['2xl', 'Heading-size text.'],
  ['3xl', 'Display text.'],
  ['4xl', 'Largest display text.'],
] as const;
export type FontSize = (typeof FONT_SIZES)[number][0];

// N types.ts ColorThemeVariable (the 15 variables); S colour-theme overrides.
export const COLOUR_VARIABLES = [
  ['headline', 'The theme colour for headlines and titles.'],
  ['sub-headline', 'The theme colour for sub-headlines and bylines.'],
  ['accent', 'The theme accent colour (section bars, highlighted cards, chart accents).'],
  ['paragraph', 'The theme colour for body text.'],
  ['background-default', 'The page background colour.'],
  ['background-muted', 'A muted background, slightly darker than the page.'],
  ['background-subtle', 'A subtle background, between default and muted.'],
  ['highlight', 'The highlight colour (highlighted cards and sections).'],
  ['highlight-text', 'Text colour used on top of `highlight`.'],
  ['background', 'Alias of the main background colour.'],
  ['light-background', 'A light background tint.'],
  ['background-faded', 'A faded background, e.g. for striped table rows.'],
  ['custom-1', 'Custom colour 1 (set it with `config.override_colour_theme`).'],
  ['custom-2', 'Custom colour 2 (set it with `config.override_colour_theme`).'],
  ['custom-3', 'Custom colour 3 (set it with `config.override_colour_theme`).'],
] as const;
export type ColourVariable = (typeof COLOUR_VARIABLES)[number][0];

// N, O types.ts ColorScheme; D chart-timeseries (color_scheme).
export const COLOR_SCHEMES = [
  ['Category10', 'D3 Category10: ten strong, distinct colours.'],
  ['Accent', 'ColorBrewer Accent: eight colours with pastel and saturated tones.'],
  ['Dark2', 'ColorBrewer Dark2: eight dark, print-friendly colours.'],
  ['Paired', 'ColorBrewer Paired: twelve colours in light/dark pairs.'],
  ['Pastel1', 'ColorBrewer Pastel1: nine soft pastels.'],
  ['Pastel2', 'ColorBrewer Pastel2: eight soft pastels.'],
  ['Set1', 'ColorBrewer Set1: nine vivid colours.'],
  ['Set2', 'ColorBrewer Set2: eight muted colours.'],
  ['Set3', 'ColorBrewer Set3: twelve light colours.'],
  ['Tableau10', 'Tableau 10: ten balanced colours.'],
] as const;

// N Text/Row/ITableCell align; O (left/centre/right); D components/row; S invoice (right).
export const ALIGNMENTS = [
  ['left', 'Align to the left.'],
  ['centre', 'Centre (British spelling; same as `center`).'],
  ['center', 'Center (American spelling; same as `centre`).'],
  ['right', 'Align to the right.'],
] as const;
export type Alignment = (typeof ALIGNMENTS)[number][0];

// N, O types.ts CurveFormat (O also null); D chart-timeseries.
export const CURVE_FORMATS = [
  ['Linear', 'Straight line segments between points.'],
  ['Step', 'Step function, changing at the midpoint between points.'],
  ['Basis', 'B-spline: smooth, does not pass through the points.'],
  ['StepBefore', 'Step function, changing before each point.'],
  ['StepAfter', 'Step function, changing after each point.'],
  ['Natural', 'Natural cubic spline through every point.'],
  ['Cardinal', 'Cardinal spline through every point.'],
  ['CatmullRom', 'Catmull–Rom spline through every point.'],
  ['MonotoneX', 'Monotone cubic: smooth without overshooting (good for cumulative data).'],
] as const;

// ---- Reusable option schemas ----------------------------------------------------------------

export const width = () =>
  enumOf(
    WIDTHS,
    'Fraction of the parent Row/Section this component takes, a string `"n/d"`: the denominator is 2, 3, 4, 5, 6 or 12 and ' +
      'the numerator runs from 1 up to the denominator, e.g. `"1/2"`, `"5/12"`, `"12/12"`. Used when the parent\u2019s `columns` is null. ' +
      `\`null\` or no width fills the available space.\n\nAllowed: ${widthTable()}`,
    { nullable: true, nullDescription: 'null — fill the available space.' },
  );

export const fontSize = (what: string) => enumOf(FONT_SIZES, `Font size of ${what}, e.g. \`"lg"\`.`);

/**
 * A font size given either as a size keyword or as a number of pixels: the docs
 * (premium-components/chart-timeseries) and O give pixels, N gives keywords or a number.
 * Written as anyOf so the editor completes the keywords; the local service reports a value
 * that fits neither as pydantic reports a union (one entry per member).
 */
export const fontSizeOrPixels = (what: string) =>
  new Opt<FontSize | number>({
    markdownDescription: `Font size of ${what}: a size keyword (e.g. \`"sm"\`) or a number of pixels (e.g. \`14\`).`,
    // The members carry no description of their own, so hover shows the option's.
    anyOf: [{ enum: FONT_SIZES.map(([v]) => v), enumDescriptions: FONT_SIZES.map(([, d]) => d) }, { type: 'number' }],
  });

/**
 * Marks a form that only an older source uses: still valid (the local service accepts it),
 * but the editor shows `message` as a warning. vscode-json-languageservice reports
 * `deprecationMessage` with Warning severity; the `if` keeps it to values of that form.
 */
export const olderForm = (condition: SchemaObject, message: string) => ({ if: condition, then: { deprecationMessage: message } });

/**
 * A colour option under both spellings, e.g. `bg_color` and `bg_colour`: the service takes
 * either (the renderer reads both), as it does for `colour`/`color` everywhere.
 */
export function colourPair<B extends string, T, D extends boolean>(
  base: B,
  optionFor: (note: string) => Opt<T, D>,
): { [K in `${B}_color` | `${B}_colour`]: Opt<T, D> } {
  return {
    [`${base}_color`]: optionFor(''),
    [`${base}_colour`]: optionFor(` (British spelling of \`${base}_color\`)`).spellingOf(`${base}_color`),
  } as { [K in `${B}_color` | `${B}_colour`]: Opt<T, D> };
}

export const colourVar = (what: string, { nullable = true }: { nullable?: boolean } = {}) =>
  colourEnum(COLOUR_VARIABLES, `Colour of ${what}: a variable of the colour theme, e.g. \`"accent"\`.`, {
    nullable,
    nullDescription: 'null — use the theme default.',
  });

/** A colour variable enum option, marked as a colour (the renderer also takes CSS colours). */
const colourEnum = (...args: Parameters<typeof enumOf<ColourVariable>>) => enumOf(...args).colour();

export const alignment = (what: string) => enumOf(ALIGNMENTS, `Alignment of ${what}, e.g. \`"centre"\`.`);

/**
 * A number the newer SDK types as a plain `number` (no integer, no range; docs/sdk-defaults.md,
 * _Numbers the SDK types as plain numbers_): the service accepts any number, as the hosted one
 * does, and the renderer draws it within `range` (../resolve.ts clamps it). The editor warns on a
 * value outside the range, and on a fraction when `wholeIn` names a source that gives whole numbers
 * only — a fraction is drawn as written (2.5 steps = 7.5 pt), never rounded.
 */
export function anyNumber(markdownDescription: string, range: DrawnRange, wholeIn?: string): Opt<number> {
  const { minimum, maximum } = range;
  const warnings: SchemaObject[] = [
    {
      if: { type: 'number', not: { type: 'number', minimum, maximum } },
      then: {
        deprecationMessage: `Outside ${minimum}–${maximum}: accepted, but drawn as ${minimum} (below) or ${maximum} (above), the nearest end of that range.`,
      },
    },
  ];
  if (wholeIn)
    warnings.push({
      if: { type: 'number', not: { type: 'integer' } },
      then: {
        deprecationMessage: `A fraction: ${wholeIn} gives whole numbers only. It is accepted and drawn as written here; the hosted service may round it.`,
      },
    });
  return new Opt<number>({ type: 'number', markdownDescription, allOf: warnings }, { sources: [], drawnRange: range });
}

// Margins: N types MarginValue 0–32 (types.ts); D gives narrower ranges per component.
// Every painter draws an omitted margin as 0 (src/render/margins.ts), except where noted.
/** N types.ts MarginValue: the integers 0–32. */
export const MARGIN_VALUES = { minimum: 0, maximum: 32 } as const;
const marginText = (side: string) => `${side} margin around the component, an integer from 0 to 32 on the spacing scale, e.g. \`4\`.`;
/** A margin without a fixed default (it falls back to another option). */
export const inheritedMargin = (side: string) => int(marginText(side), MARGIN_VALUES).unit('spacing');
/** A margin drawn as `dflt` when omitted (0 unless the component's docs page says otherwise). */
export const margin = (side: string, dflt = 0) => int(marginText(side), MARGIN_VALUES).unit('spacing').default(dflt);
const nullableMargin = (side: string) => nullableInt(marginText(side), MARGIN_VALUES).unit('spacing').default(0);

/** vertical_margin + horizontal_margin — every margin is an integer 0–32. */
export const margins = (...sources: Source[]) => ({
  vertical_margin: margin('Top and bottom').from(...sources),
  horizontal_margin: margin('Left and right').from(...sources),
});

/** margins() that also take null (the cover page: N ICoverPage, MarginValue | null). */
export const nullableMargins = (...sources: Source[]) => ({
  vertical_margin: nullableMargin('Top and bottom').from(...sources),
  horizontal_margin: nullableMargin('Left and right').from(...sources),
});

/**
 * margins() plus a uniform `margin` (the v2 charts). An omitted vertical or horizontal margin
 * takes `margin`'s value, so only `margin` has a fixed default.
 */
export const allMargins = (...sources: Source[]) => ({
  vertical_margin: inheritedMargin('Top and bottom').from(...sources),
  horizontal_margin: inheritedMargin('Left and right').from(...sources),
  margin: margin('Uniform (all sides)').from(...sources),
});

/** column_spacing: N `number`; the docs' Row page lists whole steps ("1 – 12, 14 or 16"). */
export const spacing = (what: string) =>
  anyNumber(
    `Spacing between ${what} on the spacing scale, from 0 to 32, e.g. \`4\` (the docs list 1–12, 14 and 16).`,
    MARGIN_VALUES,
    "the docs' Row page (1 – 12, 14 or 16)",
  ).unit('spacing');
