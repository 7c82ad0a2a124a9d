// Chart components: the classic charts (BarChart, LineChart, ScatterChart), the v2 charts
// (Chart.Bar, Chart.Line, Chart.HorizontalBar, Chart.Timeseries) and DoughnutRing.
import { component } from '../component';
import { PX_PT, properties } from '../option';
import {
  MARGIN_VALUES,
  allMargins,
  anyNumber,
  arrayOf,
  bool,
  colourPair,
  fontSizeOrPixels,
  int,
  nullableNum,
  nullableStr,
  num,
  shaped,
  str,
  width,
} from '../vocabulary';

import {
  CHART_OUTLINE,
  caption,
  chartTitle,
  classic,
  colourBy,
  curveOptions,
  threePointSnippet,
  ticks,
  v2,
  v2Common,
  v2Options,
} from './chartOptions';

export { V2_CHART_MARGINS, ASPECT_RATIO as CHART_ASPECT_RATIO } from './chartOptions';

/** An arc of a DoughnutRing (N, O IDoughnutRingData). */
export interface RingArc {
  start: number;
  end: number;
  label?: string | null;
  colour?: string | null;
  color?: string | null;
}

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
  snippetOptions: threePointSnippet(['2024-01-31', '2024-02-29', '2024-03-31'], 'Date'),
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
    // a side and shrink every SDK ring (docs/sdk-defaults.md, DoughnutRing). O v1.3.0 types a plain
    // number: any is accepted, drawn within N's 0–32.
    margin: anyNumber(
      `Margin inside the chart drawing, around the ring, in pixels of the chart (1 px = ${PX_PT} pt), from 0 to 32, e.g. \`10\`. ` +
        "Pixels, unlike the `margin` of the other charts (spacing steps of 3 pt): the older SDK's ring margin, 10 by default, is a drawing margin in pixels.",
      MARGIN_VALUES,
      "the newer SDK's MarginValue (0–32)",
    )
      .unit('px')
      .default(10)
      .from('O v0.2.6 core/DoughnutRing.ts ("Margin on the chart", 10)', 'N (Margin)'),
  },
  outline: { role: 'chart', label: ['chart_title', 'inside_title', 'caption'] },
  aliases: ['piechart', 'pie', 'doughnut', 'donut'],
});
