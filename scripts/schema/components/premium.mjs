// Compact/premium components: SparkChart.Line, SparkChart.Ring, ProgressBar, Beta.DataTable.
import {
  COLOUR_VARIABLES,
  arrayOf,
  bool,
  colourPair,
  colourVar,
  enumOf,
  fontSize,
  int,
  margins,
  nullableStr,
  num,
  str,
  width,
} from '../vocabulary.mjs';

// N premium/SparkChartLine.ts, SparkChartRing.ts.
const sparkCommon = () => ({
  title: str('**Required.** Title of the spark card, e.g. `"Weekly signups"`.'), // N
  subtitle: str('**Required.** Subtitle under the title, usually the headline figure, e.g. `"1,284"`.'), // N
  ...colourPair('chart', (note) => colourVar(`the chart${note}`, { dflt: 'accent' })), // N chart_color; British pair (the renderer reads both)
  ...colourPair('bg', (note) => colourVar(`the card background${note}`, { dflt: 'background-subtle' })), // N bg_color; British pair
  border: bool('Draw a border around the card (default `false`).'), // N
  button_link: nullableStr('Address the card\u2019s button opens, e.g. `"https://app.example.com/signups"` (no button when unset).'), // N
  button_text: nullableStr('Text of the button, e.g. `"View details"` (default `"View"`).'), // N
  title_font_size: fontSize('the title', 'sm'), // N
  subtitle_font_size: fontSize('the subtitle', 'xl'), // N
  width: width(), // N types.ts IComponentOptions
});

const dataTableCell = {
  type: 'object',
  markdownDescription:
    'A DataTable cell, e.g. `{"data": "Pro plan"}`, `{"data": [3, 5, 4, 8]}` (SparkLine/SparkBar), `{"data": 72}` (SparkRing) or `{"data": "Active", "category_color": "green"}` (Category).',
  properties: {
    data: {
      // N premium/DataTable.ts IDataTableCell
      type: ['string', 'number', 'array'],
      items: { type: 'number' },
      markdownDescription:
        '**Required.** The cell value: text or a number for Text/Category/Button columns, a percentage (0–100) for SparkRing, a list of numbers for SparkLine/SparkBar, e.g. `[4, 6, 5, 9]`.',
    },
    color: colourVar('the text or spark chart'), // N
    colour: colourVar('the text or spark chart (British spelling of `color`)'), // British pair (the renderer reads both)
    url_link: nullableStr('Address opened by a Button cell, e.g. `"https://example.com/orders/1042"`.'), // N
    bar_radius: num('Corner radius of SparkBar bars (default 0), e.g. `2`.', { minimum: 0 }), // N
    ...colourPair('category', (note) =>
      enumOf(
        // N category_color; British pair (the renderer reads both)
        [
          ['green', 'Green pill.'],
          ['blue', 'Blue pill.'],
          ['red', 'Red pill.'],
          ['orange', 'Orange pill.'],
          ['yellow', 'Yellow pill.'],
          ['gray', 'Grey pill.'],
        ],
        `Colour of the pill in a Category column${note} (default \`gray\`), e.g. \`"green"\`.`,
      ),
    ),
    caption: nullableStr('Small caption under the cell value, e.g. `"+12% MoM"`.'), // N
  },
  required: ['data'],
  additionalProperties: false,
};

const COLUMN_TYPES = [
  ['Text', 'Plain text or numbers.'],
  ['SparkLine', 'A tiny line chart of the cell\u2019s list of numbers.'],
  ['SparkBar', 'A tiny bar chart of the cell\u2019s list of numbers.'],
  ['SparkRing', 'A tiny progress ring of the cell\u2019s percentage (0–100).'],
  ['Category', 'A coloured pill (set `category_color` on the cell).'],
  ['Button', 'A button linking to the cell\u2019s `url_link`.'],
];

export const premiumComponents = [
  {
    type: 'SparkChart.Line',
    markdownDescription: 'A compact card with a title, a headline figure, a percentage change and a small line chart of `data`.',
    required: ['data', 'title', 'subtitle'],
    snippetOptions: { data: ['^${1:3}', '^${2:5}', '^${3:4}', '^${4:8}'], title: '${5:Title}', subtitle: '${6:Subtitle}' },
    options: {
      data: arrayOf(num('A value of the series.'), '**Required.** The series to draw, oldest first, e.g. `[120, 132, 128, 150]`.'), // N
      ...sparkCommon(),
      perc_change: enumOf(
        [
          ['+', 'An increase (green, up arrow).'],
          ['-', 'A decrease (red, down arrow).'],
        ],
        'Direction of the change shown next to `perc_diff`, e.g. `"+"`.',
        { nullable: true, nullDescription: 'null — no change indicator (default).' },
      ), // N ("-" | "+" | null)
      perc_diff: num('Size of the change in percent, e.g. `12.5` (shown as 12.5%).'), // N
      aspect_ratio: num(
        'Width divided by height of the chart, used when `chart_height` is not set, e.g. `4` (default none: the chart is 40 pt tall).',
        { exclusiveMinimum: 0 },
      ), // N (no default given)
      chart_height: int('Height of the chart in points (default 40), e.g. `60`.', { minimum: 1 }), // N
    },
  },
  {
    type: 'SparkChart.Ring',
    markdownDescription: 'A compact card with a title, a headline figure and a progress ring showing `value` (a percentage).',
    required: ['value', 'title', 'subtitle'],
    snippetOptions: { value: '^${1:75}', title: '${2:Title}', subtitle: '${3:Subtitle}' },
    options: {
      value: num('**Required.** The percentage the ring shows (0–100), e.g. `75`.'), // N
      ...sparkCommon(),
      radius: num('Radius of the ring in points (default 30), e.g. `36`.', { exclusiveMinimum: 0 }), // N
      stroke_width: num('Thickness of the ring in points (default 6), e.g. `8`.', { exclusiveMinimum: 0 }), // N
    },
  },
  {
    type: 'ProgressBar',
    markdownDescription: 'A bar divided into named `stages`, filled up to `progress` percent, e.g. a project timeline.',
    required: ['progress', 'stages'],
    snippetOptions: { progress: '^${1:50}', stages: [{ name: '${2:Plan}' }, { name: '${3:Build}' }, { name: '${4:Ship}' }] },
    options: {
      progress: num('**Required.** How far along the bar is filled, in percent (0–100), e.g. `60`.', { minimum: 0, maximum: 100 }), // N premium/ProgressBar.ts
      stages: arrayOf(
        {
          type: 'object',
          markdownDescription: 'A stage, e.g. `{"name": "Design"}`.',
          properties: { name: str('**Required.** Name of the stage, e.g. `"Design"`.') }, // N
          required: ['name'],
          additionalProperties: false,
        },
        '**Required.** The stages, in order, e.g. `[{"name": "Plan"}, {"name": "Build"}, {"name": "Ship"}]`.',
      ),
      title: nullableStr('Title above the bar, e.g. `"Migration progress"` (default none).'), // N
      width: width(), // N
    },
  },
  {
    type: 'Beta.DataTable',
    markdownDescription:
      'A rich table whose columns can show text, spark lines/bars/rings, category pills or buttons (`col_types`). Beta: the options may change.',
    required: ['rows', 'col_types'],
    snippetOptions: {
      headings: ['${1:Name}', '${2:Trend}'],
      col_types: ['Text', 'SparkLine'],
      rows: [[{ data: '${3:Item}' }, { data: ['^${4:3}', '^${5:5}', '^${6:4}'] }]],
    },
    options: {
      // N premium/DataTable.ts IDataTableOptions.
      rows: arrayOf(
        arrayOf(dataTableCell, 'One row: a list of cells, one per column.'),
        '**Required.** The rows, each a list of cells, e.g. `[[{"data": "EU"}, {"data": [3, 5, 8]}]]`.',
      ), // N
      col_types: arrayOf(
        enumOf(COLUMN_TYPES, 'How this column draws its cells.'),
        '**Required.** How each column draws its cells, in column order, e.g. `["Text", "SparkLine", "Category"]`.',
      ), // N
      headings: arrayOf(str('A column heading, e.g. `"Region"`.'), 'Column headings, e.g. `["Region", "Trend"]` (default none).'), // N
      title: nullableStr('Title above the table, e.g. `"Regional performance"` (default none).'), // N
      striped: bool('Shade every other row (default `false`).'), // N
      col_borders: bool('Draw borders between columns (default `false`).'), // N
      table_border: bool('Draw a border around the table (default `false`).'), // N
      col_bg: arrayOf(
        // N
        enumOf(COLOUR_VARIABLES, 'Background colour of this column.', { nullable: true, nullDescription: 'null — no background.' }),
        'Background colour of each column, e.g. `[null, "background-muted"]`.',
      ),
      col_align: arrayOf(
        enumOf(
          [
            ['left', 'Align to the left.'],
            ['center', 'Centre the content.'],
            ['right', 'Align to the right.'],
          ],
          'Alignment of this column.',
        ),
        'Alignment of each column, e.g. `["left", "center", "right"]` (default left).',
      ),
      col_width: arrayOf(
        {
          type: ['number', 'null'],
          markdownDescription: 'Width of this column in percent of the table width, or `null` to share what the numbered columns leave.',
        },
        'Width of each column in percent, e.g. `[40, null, null]`: `null` entries share equally what the numbers leave; all numbers are scaled to fill the table.',
      ),
      headings_font_size: fontSize('the headings', 'xs'),
      rows_font_size: fontSize('the rows', 'sm'),
      width: width(),
      ...margins(),
    },
  },
];
