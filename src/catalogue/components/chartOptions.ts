// The option builders shared by the chart components (src/catalogue/components/charts.ts):
// data points, axis labels, the classic and v2 option sets, ticks, curves and margins.
import { component } from '../component';
import { properties, type Opt, type OptionSet } from '../option';
import {
  COLOR_SCHEMES,
  CURVE_FORMATS,
  arrayOf,
  bool,
  enumOf,
  fontSizeOrPixels,
  inheritedMargin,
  int,
  nullableStr,
  num,
  shaped,
  str,
  width,
} from '../vocabulary';

/** A chart data point; extra keys carry series fields that `colour_by` refers to. */
export interface DataPoint {
  x: string | number;
  y: number;
  label?: string | null;
  color?: string | null;
  colour?: string | null;
  [field: string]: string | number | boolean | null | undefined;
}

/** A chart data point. Extra keys are allowed (not `false`): they carry series fields that
 *  `colour_by` refers to, so they are data, not typos. */
const dataPoint = shaped<DataPoint>({
  type: 'object',
  markdownDescription:
    'A data point `{"x": ..., "y": ...}`, e.g. `{"x": "Jan", "y": 120}`. Extra keys are kept as data (use them with `colour_by`).',
  properties: properties({
    x: shaped<string | number>({
      type: ['string', 'number'],
      markdownDescription:
        '**Required.** The x value: a category (`"Jan"`), a number (`3.5`), or for Chart.Timeseries a date string (`"2024-01-31"`).',
    }).from('N, O types.ts IData'),
    y: num('**Required.** The y value, e.g. `120`.').from('N, O IData'),
    label: nullableStr('Series name of this point: points with the same label form one line/bar group, e.g. `"2024"`.').from('N IData'),
    color: nullableStr('Colour of this point or series: a theme variable (`"accent"`) or a hex colour (`"#1f77b4"`).').from('N IData'),
    // British pair of `color` (the renderer reads both).
    colour: nullableStr('Colour of this point or series (British spelling of `color`).').spellingOf('color'),
  }),
  required: ['x', 'y'],
  additionalProperties: { type: ['string', 'number', 'boolean', 'null'] },
});

const data = () => arrayOf(dataPoint, '**Required.** The data points, e.g. `[{"x": "Q1", "y": 120}, {"x": "Q2", "y": 135}]`.');
const axisLabel = (axis: 'x' | 'y') =>
  str(`**Required.** Label of the ${axis} axis, e.g. \`${axis === 'x' ? '"Month"' : '"Revenue (USD)"'}\`.`);
export const chartTitle = () => nullableStr('Title above the chart, e.g. `"Monthly revenue"`.');
export const caption = () => nullableStr('Caption under the chart, e.g. `"Source: billing system"`.');

/**
 * A chart's completion snippet: three points (enough to read as a trend or a comparison; two
 * read as a stub) at the given x values, and the axis labels.
 */
export const threePointSnippet = (xs: readonly [string, string, string], xLabel: string) => ({
  data: xs.map((x, i) => ({ x: `\${${2 * i + 1}:${x}}`, y: `^\${${2 * i + 2}:${[120, 135, 128][i]}}` })),
  x_label: `\${7:${xLabel}}`,
  y_label: '${8:Value}',
});

const CLASSIC_SNIPPET = threePointSnippet(['Jan', 'Feb', 'Mar'], 'Month');

/** The docs' default aspect ratio of the charts (chart-timeseries page); a DoughnutRing's charting area has it too. */
export const ASPECT_RATIO = 1.6;

export const CHART_OUTLINE = { role: 'chart', label: ['chart_title', 'caption'] } as const;

/** N core/{Bar,Line,Scatter}Chart.ts, O: data, x_label, y_label, chart_title, caption (+ width). */
export const classic = <E extends OptionSet>(extra: E, markdownDescription: string, aliases?: readonly string[]) =>
  component({
    markdownDescription,
    required: ['data', 'x_label', 'y_label'],
    snippetOptions: CLASSIC_SNIPPET,
    options: {
      data: data().from('N, O'),
      x_label: axisLabel('x').from('N, O'),
      y_label: axisLabel('y').from('N, O'),
      chart_title: chartTitle().from('N, O'),
      caption: caption().from('N, O'),
      ...extra,
      width: width().from('N, O'),
    },
    outline: CHART_OUTLINE,
    ...(aliases ? { aliases } : {}),
  });

export const colourBy = () =>
  nullableStr('Name of a data-point key whose values split the points into coloured series, e.g. `"label"`.').from(
    'N, O Line/ScatterChart',
  );

export const v2Common = () => ({
  color_scheme: enumOf(COLOR_SCHEMES, 'Palette for the series, e.g. `"Tableau10"`.', {
    nullable: true,
    nullDescription: 'null — use the theme colours.',
  }).from('N premium/common.ts, O', 'D chart-timeseries'),
  // D chart-timeseries: "font size in pixels, default 16"; O: number; N: a size keyword.
  font_size: fontSizeOrPixels('axis labels and ticks').default(16).unit('px').from('D', 'O', 'N'),
  // One rule for a written and an omitted value (docs/sdk-defaults.md): height = width / aspect_ratio.
  aspect_ratio: num("Width divided by height of the chart's axes and plot, e.g. `2`. The chart is kept from 60 to 700 pt tall.", {
    exclusiveMinimum: 0,
  })
    .default(ASPECT_RATIO)
    .from('N, O', 'D (default 1.6)'),
});

export const curveOptions = () => ({
  plot_dots: bool('Draw a dot on every data point.').default(false).from('N, O', 'D'),
  // O types CurveFormat | null: null = the default curve.
  curve_format: enumOf(CURVE_FORMATS, 'How the line joins the points, e.g. `"MonotoneX"`.', {
    nullable: true,
    nullDescription: 'null — the default (`Linear`).',
  })
    .default('Linear')
    .from('N, O', 'D'),
});

/**
 * Tick formatting of a value axis (N premium/BarChart.ts, LineChart.ts, TimeseriesChart.ts,
 * HorizontalBarChart.ts: `format_*_ticks?: boolean`, `*_ticks_decimals?: number`). The SDKs send a
 * boolean; a string is this renderer's d3-format specifier. The two cannot be confused: a string
 * the service reads as a boolean ("true", "no", "1", …) is that boolean (src/render/charts/scales.ts).
 */
export const ticks = <A extends 'x' | 'y'>(axis: A, file: string) =>
  ({
    [`format_${axis}_ticks`]: shaped<boolean | string>({
      type: ['boolean', 'string'],
      markdownDescription:
        `How the ${axis} tick labels are written: \`false\` as d3 prints the numbers (compact from a million up), \`true\` abbreviated, e.g. \`12k\` for 12000, \`3.4M\`; ` +
        'a string is a d3-format specifier, e.g. `"$,.0f"` or `".0%"` (the SDKs send `true`/`false`; the specifier is this renderer\u2019s).',
    })
      .default(false)
      .from(`N premium/${file}`),
    // No default: unset, the ticks take as many decimals as they need; 0 rounds them.
    [`${axis}_ticks_decimals`]: int(
      `Decimal places of the ${axis} tick labels, e.g. \`1\`. Unset: as many as the ticks need (up to 2 with \`format_${axis}_ticks: true\`).`,
      { minimum: 0 },
    ).from(`N premium/${file}`),
  }) as { [K in `format_${A}_ticks`]: Opt<boolean | string, true> } & { [K in `${A}_ticks_decimals`]: Opt<number> };

/**
 * The v2 charts' sides when no margin is given (D chart-timeseries): horizontal 3, vertical 1;
 * a `margin` fills the sides not given, so only `margin` has a fixed default. The painters read
 * them here.
 */
export const V2_CHART_MARGINS = { horizontal_margin: 3, vertical_margin: 1 } as const;

const v2Margins = () => {
  const sources = ['N premium/common.ts, O', 'D chart-timeseries'] as const;
  const side = (axis: string, dflt: number) =>
    int(`${axis} margin around the chart, an integer from 0 to 32 (${dflt}, the docs' value, unless \`margin\` is given), e.g. \`4\`.`, {
      minimum: 0,
      maximum: 32,
    })
      .unit('spacing')
      .from(...sources);
  return {
    vertical_margin: side('Top and bottom', V2_CHART_MARGINS.vertical_margin),
    horizontal_margin: side('Left and right', V2_CHART_MARGINS.horizontal_margin),
    // No default either: unset, the sides take 3 and 1; `margin: 0` makes them 0.
    margin: inheritedMargin('Uniform (all sides)').from(...sources),
  };
};

/** N premium/common.ts IChartV2Options, O premium/*.ts, D chart-timeseries: + palette, font
 *  size, aspect ratio, margins (vertical, horizontal, uniform). */
export const v2Options = <E extends OptionSet>(extra: E, xLabel = axisLabel('x'), yLabel = axisLabel('y')) => ({
  data: data().from('N, O'),
  x_label: xLabel.from('N, O'),
  y_label: yLabel.from('N, O'),
  ...v2Common(),
  chart_title: chartTitle().from('N, O'),
  caption: caption().from('N, O'),
  ...extra,
  width: width().from('N, O'),
  ...v2Margins(),
});

export const v2 = <E extends OptionSet>(extra: E, markdownDescription: string, aliases?: readonly string[]) =>
  component({
    markdownDescription,
    required: ['data', 'x_label', 'y_label'],
    snippetOptions: CLASSIC_SNIPPET,
    options: v2Options(extra),
    outline: CHART_OUTLINE,
    ...(aliases ? { aliases } : {}),
  });
