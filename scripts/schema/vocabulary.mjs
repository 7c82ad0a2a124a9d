// Shared value vocabularies of the report format and small builders for property schemas.
// Every builder requires a markdownDescription so no property ships without hover
// documentation; every enum carries enumDescriptions of the same length.
//
// The catalogue records every option, type and spelling the public material uses; a comment
// after each option names its sources (docs/local-service.md, Compatibility → Accepted, says
// how their union is taken; test/fixtures/fidelity/SOURCES.md lists the bodies mirrored):
//   N  newer official Node SDK (hybiscus-dev/hybiscus-node-sdk): src/components/{core,premium}/*.ts,
//      src/components/types.ts, src/Report.ts (IReportConfig, ICoverPage, IGoogleReportsConfig),
//      src/Report.test.ts
//   O  older official Node SDK (@hybiscus/web-api, hybiscus-dev/nodejs-hybiscus-sdk): option
//      interfaces and src/Report.test.ts
//   D  documentation pages hybiscus.dev/docs/… (components/row, text, image;
//      premium-components/chart-timeseries; reports/webhooks)
//   S  official samples (hybiscus-dev/code-samples): blog/invoices/report.json,
//      youtube/02-custom-colour-theme/report.json, blog/airtable-scripting/airtable-script.js
//   R  Ruby client fixture (HybiscusPdfReportRubyGem spec/fixtures/reports/report_json_request.json)
//   A  the component list this project was first specified from (type names, required
//      options, catalogue order)
// Where they disagree the docs win and the schema takes the union: the local service must
// never reject what the hosted one accepts. A form that only an older source uses is kept
// and marked with `olderForm` (a warning in the editor, never an error).

/** Pairs of [value, description] → an enum schema (optionally accepting null). */
export function enumOf(pairs, markdownDescription, { nullable = false, nullDescription } = {}) {
  const values = pairs.map(([v]) => v);
  const descriptions = pairs.map(([, d]) => d);
  if (nullable) {
    values.push(null);
    descriptions.push(nullDescription ?? 'null — use the default.');
  }
  return { enum: values, enumDescriptions: descriptions, markdownDescription };
}

export const str = (markdownDescription, extra = {}) => ({ type: 'string', markdownDescription, ...extra });
export const nullableStr = (markdownDescription, extra = {}) => ({ type: ['string', 'null'], markdownDescription, ...extra });
export const int = (markdownDescription, extra = {}) => ({ type: 'integer', markdownDescription, ...extra });
export const nullableInt = (markdownDescription, extra = {}) => ({ type: ['integer', 'null'], markdownDescription, ...extra });
export const num = (markdownDescription, extra = {}) => ({ type: 'number', markdownDescription, ...extra });
export const bool = (markdownDescription, extra = {}) => ({ type: 'boolean', markdownDescription, ...extra });
export const arrayOf = (items, markdownDescription, extra = {}) => ({ type: 'array', markdownDescription, items, ...extra });

/** An icon option: a Tabler icon name (or null), completed from the real icon list. */
export const icon = (markdownDescription) => ({ $ref: '#/definitions/tablerIcon', markdownDescription });

// ---- Shared vocabularies ------------------------------------------------------------------

// Widths (D components/row, text, image): a fraction string whose denominator is 2, 3, 4, 5, 6
// or 12 and whose numerator runs from 1 up to the denominator; null fills the space. (N and O
// type only thirds to sixths; the docs win.)
export const WIDTH_DENOMINATORS = [2, 3, 4, 5, 6, 12];

function widthDescription(n, d) {
  const same = WIDTH_DENOMINATORS.filter((e) => e !== d && (n * e) % d === 0).map((e) => `${(n * e) / d}/${e}`);
  const pct = Math.round((1000 * n) / d) / 10;
  const what = n === d ? 'the full width' : `${pct}% of the width`;
  return `${what} of the parent Row/Section${same.length ? ` (same as ${same.join(', ')})` : ''}.`;
}

export const WIDTHS = WIDTH_DENOMINATORS.flatMap((d) => Array.from({ length: d }, (_, i) => [`${i + 1}/${d}`, widthDescription(i + 1, d)]));

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
];

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
];

// N types.ts ColorTheme; S (candy, default), R and both SDK tests (forest).
export const COLOUR_THEMES = [
  ['default', 'Built-in colour theme "default" (the default): sets headline, accent, highlight and background colours.'],
  ['summer', 'Built-in colour theme "summer": sets headline, accent, highlight and background colours.'],
  ['forest', 'Built-in colour theme "forest": sets headline, accent, highlight and background colours.'],
  ['corporate', 'Built-in colour theme "corporate": sets headline, accent, highlight and background colours.'],
  ['ember', 'Built-in colour theme "ember": sets headline, accent, highlight and background colours.'],
  ['twilight', 'Built-in colour theme "twilight": sets headline, accent, highlight and background colours.'],
  ['key-lime', 'Built-in colour theme "key-lime": sets headline, accent, highlight and background colours.'],
  ['purples', 'Built-in colour theme "purples": sets headline, accent, highlight and background colours.'],
  ['neon', 'Built-in colour theme "neon": sets headline, accent, highlight and background colours.'],
  ['candy', 'Built-in colour theme "candy": sets headline, accent, highlight and background colours.'],
  ['electric', 'Built-in colour theme "electric": sets headline, accent, highlight and background colours.'],
  ['royal', 'Built-in colour theme "royal": sets headline, accent, highlight and background colours.'],
  ['crimson', 'Built-in colour theme "crimson": sets headline, accent, highlight and background colours.'],
  ['surfboard', 'Built-in colour theme "surfboard": sets headline, accent, highlight and background colours.'],
];

// N types.ts TypographyTheme; S (grotesque, jost), R and both SDK tests (newspaper).
export const TYPOGRAPHY_THEMES = [
  ['default', 'Clean sans-serif (the default).'],
  ['geometric', 'Geometric sans-serif.'],
  ['slab', 'Slab-serif headings.'],
  ['grotesque', 'Grotesque sans-serif.'],
  ['jost', 'Jost throughout.'],
  ['looped', 'Rounded, looped letterforms.'],
  ['newspaper', 'Classic newspaper serif.'],
  ['albert-barlow', 'Albert Sans headings, Barlow body.'],
  ['abril-lato', 'Abril Fatface headings, Lato body.'],
  ['fjalla-source', 'Fjalla One headings, Source Sans body.'],
  ['raleway-lora', 'Raleway headings, Lora body.'],
  ['bebas-montserrat', 'Bebas Neue headings, Montserrat body.'],
  ['jakarta', 'Plus Jakarta Sans throughout.'],
  ['ibm-plex', 'IBM Plex Sans throughout.'],
  ['outfit', 'Outfit throughout.'],
  ['prompt-inter', 'Prompt headings, Inter body.'],
  ['urbanist', 'Urbanist throughout.'],
  ['google-fonts', 'Your own Google Fonts, named in `config.google_fonts`.'],
];

// N Text/Row/ITableCell align; O (left/centre/right); D components/row; S invoice (right).
export const ALIGNMENTS = [
  ['left', 'Align to the left.'],
  ['centre', 'Centre (British spelling; same as `center`).'],
  ['center', 'Center (American spelling; same as `centre`).'],
  ['right', 'Align to the right.'],
];

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
];

// N, O types.ts CurveFormat (O also null); D chart-timeseries.
export const CURVE_FORMATS = [
  ['Linear', 'Straight line segments between points (default).'],
  ['Step', 'Step function, changing at the midpoint between points.'],
  ['Basis', 'B-spline: smooth, does not pass through the points.'],
  ['StepBefore', 'Step function, changing before each point.'],
  ['StepAfter', 'Step function, changing after each point.'],
  ['Natural', 'Natural cubic spline through every point.'],
  ['Cardinal', 'Cardinal spline through every point.'],
  ['CatmullRom', 'Catmull–Rom spline through every point.'],
  ['MonotoneX', 'Monotone cubic: smooth without overshooting (good for cumulative data).'],
];

// ---- Reusable option schemas ----------------------------------------------------------------

export const width = () =>
  enumOf(
    WIDTHS,
    'Fraction of the parent Row/Section this component takes, a string `"n/d"`: the denominator is 2, 3, 4, 5, 6 or 12 and ' +
      'the numerator runs from 1 up to the denominator, e.g. `"1/2"`, `"5/12"`, `"12/12"`. Used when the parent\u2019s `columns` is null. ' +
      `\`null\` (default) fills the available space.\n\nAllowed: ${widthTable()}`,
    { nullable: true, nullDescription: 'null — fill the available space (default).' },
  );

export const fontSize = (what, dflt) => enumOf(FONT_SIZES, `Font size of ${what}${dflt ? ` (default \`${dflt}\`)` : ''}, e.g. \`"lg"\`.`);

/**
 * A font size given either as a size keyword or as a number of pixels: the docs
 * (premium-components/chart-timeseries) and O give pixels, N gives keywords or a number.
 * Written as anyOf so the editor completes the keywords; the local service reports a value
 * that fits neither as pydantic reports a union (one entry per member).
 */
export const fontSizeOrPixels = (what, dflt) => ({
  markdownDescription: `Font size of ${what}: a size keyword (e.g. \`"sm"\`) or a number of pixels (e.g. \`14\`)${dflt ? `; default ${dflt}` : ''}.`,
  // The members carry no description of their own, so hover shows the option's.
  anyOf: [{ enum: FONT_SIZES.map(([v]) => v), enumDescriptions: FONT_SIZES.map(([, d]) => d) }, { type: 'number' }],
});

/**
 * Marks a form that only an older source uses: still valid (the local service accepts it),
 * but the editor shows `message` as a warning. vscode-json-languageservice reports
 * `deprecationMessage` with Warning severity; the `if` keeps it to values of that form.
 */
export const olderForm = (condition, message) => ({ if: condition, then: { deprecationMessage: message } });

/**
 * A colour option under both spellings, e.g. `bg_color` and `bg_colour`: the service takes
 * either (the renderer reads both), as it does for `colour`/`color` everywhere.
 */
export function colourPair(base, schemaFor) {
  return {
    [`${base}_color`]: schemaFor(''),
    [`${base}_colour`]: schemaFor(` (British spelling of \`${base}_color\`)`),
  };
}

export const colourVar = (what, { nullable = true, dflt } = {}) =>
  enumOf(COLOUR_VARIABLES, `Colour of ${what}: a variable of the colour theme${dflt ? ` (default \`${dflt}\`)` : ''}, e.g. \`"accent"\`.`, {
    nullable,
    nullDescription: 'null — use the theme default.',
  });

export const alignment = (what, dflt = 'left') => enumOf(ALIGNMENTS, `Alignment of ${what} (default \`${dflt}\`), e.g. \`"centre"\`.`);

// Margins: N types MarginValue 0–32 (types.ts); D gives narrower ranges per component.
export const margin = (side, { nullable = false } = {}) =>
  (nullable ? nullableInt : int)(`${side} margin around the component, an integer from 0 to 32 (default 0), e.g. \`4\`.`, {
    minimum: 0,
    maximum: 32,
  });

/** vertical_margin + horizontal_margin (+ margin) — every margin is an integer 0–32. */
export function margins({ all = false, nullable = false } = {}) {
  const m = {
    vertical_margin: margin('Top and bottom', { nullable }),
    horizontal_margin: margin('Left and right', { nullable }),
  };
  if (all) m.margin = margin('Uniform (all sides)');
  return m;
}

export const spacing = (what) =>
  int(`Spacing between ${what}, an integer from 0 to 32 on the margin scale (default 8: 12 pt), e.g. \`4\`.`, { minimum: 0, maximum: 32 });
