// Chart components: the classic charts (BarChart, LineChart, ScatterChart), the v2 charts
// (Chart.Bar, Chart.Line, Chart.HorizontalBar, Chart.Timeseries) and DoughnutRing.
import {
  COLOR_SCHEMES,
  CURVE_FORMATS,
  arrayOf,
  bool,
  colourPair,
  enumOf,
  fontSizeOrPixels,
  int,
  margin,
  margins,
  nullableStr,
  num,
  str,
  width,
} from '../vocabulary.mjs';

/** A chart data point. Extra keys are allowed (not `false`): they carry series fields that
 *  `colour_by` refers to, so they are data, not typos. */
const dataPoint = {
  type: 'object',
  markdownDescription:
    'A data point `{"x": ..., "y": ...}`, e.g. `{"x": "Jan", "y": 120}`. Extra keys are kept as data (use them with `colour_by`).',
  properties: {
    x: {
      type: ['string', 'number'],
      markdownDescription:
        '**Required.** The x value: a category (`"Jan"`), a number (`3.5`), or for Chart.Timeseries a date string (`"2024-01-31"`).',
    }, // N, O types.ts IData
    y: num('**Required.** The y value, e.g. `120`.'), // N, O IData
    label: nullableStr('Series name of this point: points with the same label form one line/bar group, e.g. `"2024"`.'), // N IData
    color: nullableStr('Colour of this point or series: a theme variable (`"accent"`) or a hex colour (`"#1f77b4"`).'), // N IData
    colour: nullableStr('Colour of this point or series (British spelling of `color`).'), // British pair of `color` (the renderer reads both)
  },
  required: ['x', 'y'],
  additionalProperties: { type: ['string', 'number', 'boolean', 'null'] },
};

const data = () => arrayOf(dataPoint, '**Required.** The data points, e.g. `[{"x": "Q1", "y": 120}, {"x": "Q2", "y": 135}]`.');
const axisLabel = (axis) => str(`**Required.** Label of the ${axis} axis, e.g. \`${axis === 'x' ? '"Month"' : '"Revenue (USD)"'}\`.`);
const chartTitle = () => nullableStr('Title above the chart, e.g. `"Monthly revenue"` (default none).');
const caption = () => nullableStr('Caption under the chart, e.g. `"Source: billing system"` (default none).');

const classic = (type, extra, description) => ({
  type,
  markdownDescription: description,
  required: ['data', 'x_label', 'y_label'],
  snippetOptions: {
    data: [
      { x: '${1:Jan}', y: '^${2:10}' },
      { x: '${3:Feb}', y: '^${4:20}' },
    ],
    x_label: '${5:Month}',
    y_label: '${6:Value}',
  },
  // N core/{Bar,Line,Scatter}Chart.ts, O: data, x_label, y_label, chart_title, caption (+ width).
  options: {
    data: data(),
    x_label: axisLabel('x'),
    y_label: axisLabel('y'),
    chart_title: chartTitle(),
    caption: caption(),
    ...extra,
    width: width(),
  },
});

const colourBy = () => nullableStr('Name of a data-point key whose values split the points into coloured series, e.g. `"label"`.'); // N, O Line/ScatterChart

/** D chart-timeseries lists `x_label` and `y_label` as optional (N and O type them required): the docs win. */
function timeseries(c) {
  c.required = ['data'];
  c.snippetOptions = {
    data: [
      { x: '${1:2024-01-31}', y: '^${2:10}' },
      { x: '${3:2024-02-29}', y: '^${4:20}' },
    ],
    x_label: '${5:Date}',
    y_label: '${6:Value}',
  };
  c.options.x_label = str('Label of the x axis, e.g. `"Date"` (optional for Chart.Timeseries).');
  c.options.y_label = str('Label of the y axis, e.g. `"Signups"` (optional for Chart.Timeseries).');
  return c;
}

const v2Common = () => ({
  color_scheme: enumOf(COLOR_SCHEMES, 'Palette for the series (default `Category10`), e.g. `"Tableau10"`.', {
    nullable: true,
    nullDescription: 'null — use the theme colours.',
  }), // N premium/common.ts, O; D chart-timeseries
  // D chart-timeseries: "font size in pixels, default 16"; O: number; N: a size keyword.
  font_size: fontSizeOrPixels('axis labels and ticks', '16 px'), // D; O; N
  aspect_ratio: num(
    "Width divided by height of the plot, e.g. `2` (kept from 60 to 700 pt tall). Unset: 1.6, the docs' default, with the plot 120 to 260 pt tall.",
    { exclusiveMinimum: 0 },
  ), // N, O; D (default 1.6)
});

const curveOptions = () => ({
  plot_dots: bool('Draw a dot on every data point (default `false`).'), // N, O; D
  // O types CurveFormat | null: null = the default curve.
  curve_format: enumOf(CURVE_FORMATS, 'How the line joins the points (default `Linear`), e.g. `"MonotoneX"`.', {
    nullable: true,
    nullDescription: 'null — the default (`Linear`).',
  }), // N, O; D
});

/** Tick formatting of the y axis: N premium/BarChart.ts, LineChart.ts, TimeseriesChart.ts. */
const yTicks = () => ({
  format_y_ticks: bool('Abbreviate y tick labels, e.g. `12k` for 12000 (default `false`).'), // N
  y_ticks_decimals: int('Decimal places of the y tick labels (default 0), e.g. `1`.', { minimum: 0 }), // N
});

const v2 = (type, extra, description) => {
  const base = classic(type, {}, description);
  // N premium/common.ts IChartV2Options, O premium/*.ts, D chart-timeseries: + palette, font
  // size, aspect ratio, margins (vertical, horizontal, uniform).
  base.options = {
    data: data(),
    x_label: axisLabel('x'),
    y_label: axisLabel('y'),
    ...v2Common(),
    chart_title: chartTitle(),
    caption: caption(),
    ...extra,
    width: width(),
    ...margins({ all: true }),
  };
  // D chart-timeseries: horizontal 3, vertical 1 when no margin is given.
  for (const [side, axis, dflt] of [
    ['horizontal_margin', 'Left and right', 3],
    ['vertical_margin', 'Top and bottom', 1],
  ])
    base.options[side] = {
      ...base.options[side],
      markdownDescription: `${axis} margin around the chart, an integer from 0 to 32 (default ${dflt}, the docs' default, unless \`margin\` is given), e.g. \`4\`.`,
    };
  return base;
};

export const chartComponents = [
  classic(
    'BarChart',
    {
      // O premium/BarChart.ts (@hybiscus/web-api 1.x) posts type "BarChart" with these: the same painter as Chart.Bar.
      ...v2Common(),
      grouped_bars: bool('Draw series with different `label`s side by side instead of stacked (default `false`).'), // O
      ...margins({ all: true }), // O
    },
    "A bar chart of `data` (one bar per x value); takes the older SDK's palette, font size, aspect ratio and margins. For tick formats use `Chart.Bar`.",
  ),
  classic('LineChart', { colour_by: colourBy() }, 'A line chart of `data`; `colour_by` splits the points into several coloured lines.'),
  classic(
    'ScatterChart',
    {
      colour_by: colourBy(),
      radius: { ...num('Radius of each dot in points (default 3), e.g. `4`.', { exclusiveMinimum: 0 }), type: ['number', 'null'] },
    }, // N, O (radius: number | null)
    'A scatter plot of `data`; `colour_by` colours the dots by series.',
  ),
  v2(
    'Chart.Bar',
    {
      grouped_bars: bool('Draw series with different `label`s side by side instead of stacked (default `false`).'), // N, O
      ...yTicks(),
    },
    'A vertical bar chart with palettes, grouped or stacked series (`label` on each point) and tick formatting.',
  ),
  v2('Chart.Line', { ...curveOptions(), ...yTicks() }, 'A line chart with palettes, curve shapes and optional dots; one line per `label`.'),
  v2(
    'Chart.HorizontalBar',
    {
      format_x_ticks: bool('Abbreviate x tick labels, e.g. `12k` for 12000 (default `false`).'), // N premium/HorizontalBarChart.ts
      x_ticks_decimals: int('Decimal places of the x tick labels (default 0), e.g. `1`.', { minimum: 0 }), // N
    },
    'A horizontal bar chart: categories on the vertical axis, handy for long category names.',
  ),
  timeseries(
    v2(
      'Chart.Timeseries',
      {
        ...curveOptions(),
        ...yTicks(),
        time_format: str('How the `x` date strings are parsed, in strftime notation, e.g. `"%Y-%m-%d"` or `"%Y-%m-%d %H:%M:%S"`.'), // N, O; D
        tick_format: str('How the dates on the x axis are printed, in strftime notation (default `"%b %d"`), e.g. `"%b %Y"`.'), // N, O; D
      },
      'A line chart over time: `x` values are date strings parsed with `time_format`.',
    ),
  ),
  {
    type: 'DoughnutRing',
    markdownDescription:
      'A gauge-like ring of coloured arcs (`data` segments from `start` to `end`) between `min_val` and `max_val`, with a title inside.',
    required: ['data'],
    snippetOptions: { data: [{ start: '^${1:0}', end: '^${2:72}', label: '${3:Done}', colour: '${4:accent}' }] },
    options: {
      data: arrayOf(
        {
          type: 'object',
          markdownDescription: 'An arc of the ring, e.g. `{"start": 0, "end": 72, "label": "Complete", "colour": "accent"}`.',
          properties: {
            start: num(
              'Where the arc starts, on the `min_val`–`max_val` scale, e.g. `0`. Omitted: where the previous arc ended (the first arc at `min_val`).',
            ), // N, O IDoughnutRingData; a real client omits it
            end: num('**Required.** Where the arc ends, on the `min_val`–`max_val` scale, e.g. `72`.'), // N, O
            label: nullableStr('Legend label of the arc, e.g. `"Complete"`.'), // N, O
            colour: nullableStr('Colour of the arc: a theme variable (`"accent"`) or a hex colour (`"#2ca02c"`).'), // N, O
            color: nullableStr('Colour of the arc (American spelling of `colour`).'), // American pair of `colour` (the renderer reads both)
          },
          required: ['end'],
          additionalProperties: false,
        },
        '**Required.** The arcs, e.g. `[{"start": 0, "end": 72, "label": "Done", "colour": "accent"}]`.',
      ),
      chart_radius_percent: num(
        'Outer radius as a fraction of the available space (default `0.9`, as the older SDK sends it), e.g. `0.8`; a value above 1 is read as a percentage (`80` = `0.8`).',
        {
          minimum: 0,
          maximum: 100,
        },
      ), // N, O
      arc_thickness_percent: num(
        'Thickness of the ring as a fraction of the radius (default `0.33`, as the older SDK sends it), e.g. `0.25`; a value above 1 is read as a percentage (`25` = `0.25`).',
        {
          minimum: 0,
          maximum: 100,
        },
      ), // N, O
      min_val: num('Value at the start of the ring (default 0), e.g. `0`.'), // N, O
      max_val: num('Value at the end of the ring (default 100), e.g. `100`.'), // N, O
      ticks_count: int('Number of labelled tick marks around the ring (default 10; `0` = none), e.g. `5`.', { minimum: 0 }), // N, O
      ...colourPair('background_ring', (note) =>
        nullableStr(`Colour of the unfilled ring${note}: a theme variable or hex colour (default \`"#f0f0f0"\`).`),
      ), // N _color; O _colour
      font_size: fontSizeOrPixels('the title and subtitle inside the ring'), // N, O: a number; A: a size keyword
      chart_title: chartTitle(), // N, O
      inside_title: nullableStr('Large text in the middle of the ring, e.g. `"72%"`.'), // N, O
      inside_subtitle: nullableStr('Small text under `inside_title`, e.g. `"of target"`.'), // N, O
      caption: caption(), // N, O
      width: width(), // N, O
      margin: {
        ...margin('Uniform (all sides)'),
        markdownDescription:
          'Margin around the ring on all sides, an integer from 0 to 32 (default 10, as the older SDK sends it), e.g. `4`.',
      }, // N (Margin), O: the older SDK's default 10
    },
  },
];
