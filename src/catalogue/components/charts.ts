// Chart components: the classic charts (BarChart, LineChart, ScatterChart), the v2 charts
// (Chart.Bar, Chart.Line, Chart.HorizontalBar, Chart.Timeseries) and DoughnutRing.
import { component } from '../component';
import { PX_PT, properties, type Opt, type OptionSet } from '../option';
import {
  COLOR_SCHEMES,
  CURVE_FORMATS,
  allMargins,
  arrayOf,
  bool,
  colourPair,
  enumOf,
  fontSizeOrPixels,
  inheritedMargin,
  int,
  nullableNum,
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

/** An arc of a DoughnutRing (N, O IDoughnutRingData). */
export interface RingArc {
  start: number;
  end: number;
  label?: string | null;
  colour?: string | null;
  color?: string | null;
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
const chartTitle = () => nullableStr('Title above the chart, e.g. `"Monthly revenue"`.');
const caption = () => nullableStr('Caption under the chart, e.g. `"Source: billing system"`.');

// Three points: enough to read as a trend or a comparison (two read as a stub).
const CLASSIC_SNIPPET = {
  data: [
    { x: '${1:Jan}', y: '^${2:120}' },
    { x: '${3:Feb}', y: '^${4:135}' },
    { x: '${5:Mar}', y: '^${6:128}' },
  ],
  x_label: '${7:Month}',
  y_label: '${8:Value}',
};

/** The docs' default aspect ratio of the charts (chart-timeseries page). */
const ASPECT_RATIO = 1.6;

const CHART_OUTLINE = { role: 'chart', label: ['chart_title', 'caption'] } as const;

/** N core/{Bar,Line,Scatter}Chart.ts, O: data, x_label, y_label, chart_title, caption (+ width). */
const classic = <E extends OptionSet>(extra: E, markdownDescription: string, aliases?: readonly string[]) =>
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

const colourBy = () =>
  nullableStr('Name of a data-point key whose values split the points into coloured series, e.g. `"label"`.').from(
    'N, O Line/ScatterChart',
  );

const v2Common = () => ({
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

const curveOptions = () => ({
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
const ticks = <A extends 'x' | 'y'>(axis: A, file: string) =>
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

/** N premium/common.ts IChartV2Options, O premium/*.ts, D chart-timeseries: + palette, font
 *  size, aspect ratio, margins (vertical, horizontal, uniform). */
/**
 * The v2 charts' margins (D chart-timeseries): horizontal 3, vertical 1 when no margin is
 * given; a `margin` fills the sides not given. So only `margin` has a fixed default.
 */
/** The v2 charts' sides when no margin is given (D chart-timeseries); the painters read them here. */
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

const v2Options = <E extends OptionSet>(extra: E, xLabel = axisLabel('x'), yLabel = axisLabel('y')) => ({
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

const v2 = <E extends OptionSet>(extra: E, markdownDescription: string, aliases?: readonly string[]) =>
  component({
    markdownDescription,
    required: ['data', 'x_label', 'y_label'],
    snippetOptions: CLASSIC_SNIPPET,
    options: v2Options(extra),
    outline: CHART_OUTLINE,
    ...(aliases ? { aliases } : {}),
  });

export const BarChart = classic(
  {
    // O premium/BarChart.ts (@hybiscus/web-api 1.x) posts type "BarChart" with these: the same painter as Chart.Bar.
    ...v2Common(),
    grouped_bars: bool('Draw series with different `label`s side by side instead of stacked.').default(false).from('O premium/BarChart.ts'),
    ...allMargins('O premium/BarChart.ts'),
  },
  "A bar chart of `data` (one bar per x value); takes the older SDK's palette, font size, aspect ratio and margins. For tick formats use `Chart.Bar`.",
);
export const LineChart = classic(
  { colour_by: colourBy() },
  'A line chart of `data`; `colour_by` splits the points into several coloured lines.',
);
export const ScatterChart = classic(
  {
    colour_by: colourBy(),
    radius: nullableNum('Radius of each dot in points, e.g. `4`.', { exclusiveMinimum: 0 })
      .default(3)
      .unit('pt')
      .from('N, O (radius: number | null)'),
  },
  'A scatter plot of `data`; `colour_by` colours the dots by series.',
);

export const ChartBar = v2(
  {
    grouped_bars: bool('Draw series with different `label`s side by side instead of stacked.').default(false).from('N, O'),
    ...ticks('y', 'BarChart.ts'),
  },
  'A vertical bar chart with palettes, grouped or stacked series (`label` on each point) and tick formatting.',
);
export const ChartLine = v2(
  { ...curveOptions(), ...ticks('y', 'LineChart.ts') },
  'A line chart with palettes, curve shapes and optional dots; one line per `label`.',
);
export const ChartHorizontalBar = v2(
  ticks('x', 'HorizontalBarChart.ts'),
  'A horizontal bar chart: categories on the vertical axis, handy for long category names.',
  ['horizontalbarchart'],
);

/** D chart-timeseries lists `x_label` and `y_label` as optional (N and O type them required): the docs win. */
export const ChartTimeseries = component({
  markdownDescription: 'A line chart over time: `x` values are date strings parsed with `time_format`.',
  required: ['data'],
  snippetOptions: {
    data: [
      { x: '${1:2024-01-31}', y: '^${2:120}' },
      { x: '${3:2024-02-29}', y: '^${4:135}' },
      { x: '${5:2024-03-31}', y: '^${6:128}' },
    ],
    x_label: '${7:Date}',
    y_label: '${8:Value}',
  },
  options: v2Options(
    {
      ...curveOptions(),
      ...ticks('y', 'TimeseriesChart.ts'),
      time_format: str('How the `x` date strings are parsed, in strftime notation, e.g. `"%Y-%m-%d"` or `"%Y-%m-%d %H:%M:%S"`.').from(
        'N, O',
        'D',
      ),
      // No default: unset, each tick is labelled at its own precision (time, day, month or year: compactTimeFormat), not "%b %d".
      tick_format: str(
        'How the dates on the x axis are printed, in strftime notation, e.g. `"%b %Y"`. Unset: each tick at its own precision (`09:30`, `Mar 14`, `Mar`, `2025`).',
      ).from('N, O', 'D'),
    },
    str('Label of the x axis, e.g. `"Date"` (optional for Chart.Timeseries).').from('D chart-timeseries (optional)'),
    str('Label of the y axis, e.g. `"Signups"` (optional for Chart.Timeseries).').from('D chart-timeseries (optional)'),
  ),
  outline: CHART_OUTLINE,
});

export const DoughnutRing = component({
  markdownDescription:
    'A gauge-like ring of coloured arcs (`data` segments from `start` to `end`) between `min_val` and `max_val`, with a title inside.',
  required: ['data'],
  snippetOptions: { data: [{ start: '^${1:0}', end: '^${2:72}', label: '${3:Done}', colour: '${4:accent}' }] },
  options: {
    data: arrayOf(
      shaped<RingArc>({
        type: 'object',
        markdownDescription: 'An arc of the ring, e.g. `{"start": 0, "end": 72, "label": "Complete", "colour": "accent"}`.',
        properties: properties({
          start: num(
            'Where the arc starts, on the `min_val`–`max_val` scale, e.g. `0`. Omitted: where the previous arc ended (the first arc at `min_val`).',
            // A real client posts arcs without `start` (fidelity.md): optional.
          ).from('N, O IDoughnutRingData'),
          end: num('**Required.** Where the arc ends, on the `min_val`–`max_val` scale, e.g. `72`.').from('N, O'),
          label: nullableStr('Legend label of the arc, e.g. `"Complete"`.').from('N, O'),
          colour: nullableStr('Colour of the arc: a theme variable (`"accent"`) or a hex colour (`"#2ca02c"`).').from('N, O'),
          // American pair of `colour` (the renderer reads both).
          color: nullableStr('Colour of the arc (American spelling of `colour`).').spellingOf('colour'),
        }),
        required: ['end'],
        additionalProperties: false,
      }),
      '**Required.** The arcs, e.g. `[{"start": 0, "end": 72, "label": "Done", "colour": "accent"}]`.',
    ).from('N, O'),
    chart_radius_percent: num(
      'Outer radius as a fraction of the available space, e.g. `0.8`; a value above 1 is read as a percentage (`80` = `0.8`).',
      { minimum: 0, maximum: 100 },
    )
      .default(0.9)
      .unit('fraction')
      .from('O v0.2.6 core/DoughnutRing.ts (0.9)', 'N, O'),
    arc_thickness_percent: num(
      'Thickness of the ring as a fraction of the radius, e.g. `0.25`; a value above 1 is read as a percentage (`25` = `0.25`).',
      { minimum: 0, maximum: 100 },
    )
      .default(0.33)
      .unit('fraction')
      .from('O v0.2.6 core/DoughnutRing.ts (0.33)', 'N, O'),
    min_val: num('Value at the start of the ring, e.g. `0`. Unset: 0, or the smallest value when one is below 0.')
      .unit('scale')
      .from('N, O'),
    max_val: num('Value at the end of the ring, e.g. `100`. Unset: 100, or the largest `end` when a value lies outside 0–100.')
      .unit('scale')
      .from('N, O'),
    ticks_count: int('Number of labelled tick marks around the ring (`0` = none), e.g. `5`.', { minimum: 0 })
      .default(10)
      .from('O v0.2.6 core/DoughnutRing.ts (10)', 'N, O'),
    ...colourPair('background_ring', (note) =>
      nullableStr(`Colour of the unfilled ring${note}: a theme variable or hex colour.`)
        .default('#f0f0f0')
        .colour()
        .from('N _color', 'O _colour; v0.2.6 default #f0f0f0'),
    ),
    font_size: fontSizeOrPixels('the title and subtitle inside the ring')
      .default(16)
      .unit('px')
      .from('N, O: a number', 'A: a size keyword'),
    chart_title: chartTitle().from('N, O'),
    inside_title: nullableStr('Large text in the middle of the ring, e.g. `"72%"`.').from('N, O'),
    inside_subtitle: nullableStr('Small text under `inside_title`, e.g. `"of target"`.').from('N, O'),
    caption: caption().from('N, O'),
    width: width().from('N, O'),
    // The chart's own margin inside its drawing, as a d3 chart's (the older SDK: "Margin on the
    // chart", beside a font size "in pixels"), not a layout spacing step: 10 steps would be 30 pt
    // a side and shrink every SDK ring (docs/sdk-defaults.md, DoughnutRing).
    margin: int(
      `Margin inside the chart drawing, around the ring, in pixels of the chart (1 px = ${PX_PT} pt), an integer from 0 to 32, e.g. \`10\`.`,
      {
        minimum: 0,
        maximum: 32,
      },
    )
      .unit('px')
      .default(10)
      .from('O v0.2.6 core/DoughnutRing.ts ("Margin on the chart", 10)', 'N (Margin)'),
  },
  outline: { role: 'chart', label: ['chart_title', 'inside_title', 'caption'] },
  aliases: ['piechart', 'pie', 'doughnut', 'donut'],
});
