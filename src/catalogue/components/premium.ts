// Compact/premium components: SparkChart.Line, SparkChart.Ring, ProgressBar, Beta.DataTable.
import { component } from '../component';
import { properties } from '../option';
import {
  COLOUR_VARIABLES,
  anyNumber,
  arrayOf,
  bool,
  colourPair,
  colourVar,
  enumOf,
  fontSize,
  margins,
  nullableStr,
  num,
  shaped,
  str,
  width,
  type ColourVariable,
} from '../vocabulary';

// N premium/SparkChartLine.ts, SparkChartRing.ts.
const sparkCommon = () => ({
  title: str('**Required.** Title of the spark card, e.g. `"Weekly signups"`.').from('N'),
  subtitle: str('**Required.** Subtitle under the title, usually the headline figure, e.g. `"1,284"`.').from('N'),
  // N chart_color, bg_color; the British pairs because the renderer reads both.
  ...colourPair('chart', (note) => colourVar(`the chart${note}`).default('accent').from('N chart_color')),
  ...colourPair('bg', (note) => colourVar(`the card background${note}`).default('background-subtle').from('N bg_color')),
  border: bool('Draw a border around the card.').default(false).from('N'),
  button_link: nullableStr('Address the card\u2019s button opens, e.g. `"https://app.example.com/signups"` (no button when unset).').from(
    'N',
  ),
  button_text: nullableStr('Text of the button, e.g. `"View details"`.').default('View').from('N'),
  title_font_size: fontSize('the title').default('sm').from('N'),
  subtitle_font_size: fontSize('the subtitle').default('xl').from('N'),
  width: width().from('N types.ts IComponentOptions'),
});

/** How tall a SparkChart.Line's chart is drawn, in points (a `chart_height` outside is drawn at the nearest end). */
export const SPARK_CHART_HEIGHT_PT = { minimum: 8, maximum: 300 } as const;

const CATEGORY_COLOURS = [
  ['green', 'Green pill.'],
  ['blue', 'Blue pill.'],
  ['red', 'Red pill.'],
  ['orange', 'Orange pill.'],
  ['yellow', 'Yellow pill.'],
  ['gray', 'Grey pill.'],
] as const;

/** A DataTable cell (N premium/DataTable.ts IDataTableCell). */
export interface DataTableCell {
  data: string | number | number[];
  color?: ColourVariable | null;
  colour?: ColourVariable | null;
  url_link?: string | null;
  bar_radius?: number;
  category_color?: (typeof CATEGORY_COLOURS)[number][0];
  category_colour?: (typeof CATEGORY_COLOURS)[number][0];
  caption?: string | null;
}

const dataTableCell = shaped<DataTableCell>({
  type: 'object',
  markdownDescription:
    'A DataTable cell, e.g. `{"data": "Pro plan"}`, `{"data": [3, 5, 4, 8]}` (SparkLine/SparkBar), `{"data": 72}` (SparkRing) or `{"data": "Active", "category_color": "green"}` (Category).',
  properties: properties({
    data: shaped<string | number | number[]>({
      type: ['string', 'number', 'array'],
      items: { type: 'number' },
      markdownDescription:
        '**Required.** The cell value: text or a number for Text/Category/Button columns, a percentage (0–100) for SparkRing, a list of numbers for SparkLine/SparkBar, e.g. `[4, 6, 5, 9]`.',
    }).from('N premium/DataTable.ts IDataTableCell'),
    color: colourVar('the text or spark chart').from('N'),
    // British pair (the renderer reads both).
    colour: colourVar('the text or spark chart (British spelling of `color`)').spellingOf('color'),
    url_link: nullableStr('Address opened by a Button cell, e.g. `"https://example.com/orders/1042"`.').from('N'),
    bar_radius: num('Corner radius of SparkBar bars, e.g. `2`.', { minimum: 0 }).from('N'),
    // N category_color; the British pair because the renderer reads both.
    ...colourPair('category', (note) =>
      enumOf(CATEGORY_COLOURS, `Colour of the pill in a Category column${note}, e.g. \`"green"\`.`).from('N category_color'),
    ),
    caption: nullableStr('Small caption under the cell value, e.g. `"+12% MoM"`.').from('N'),
  }),
  required: ['data'],
  additionalProperties: false,
});

const COLUMN_TYPES = [
  ['Text', 'Plain text or numbers.'],
  ['SparkLine', 'A tiny line chart of the cell\u2019s list of numbers.'],
  ['SparkBar', 'A tiny bar chart of the cell\u2019s list of numbers.'],
  ['SparkRing', 'A tiny progress ring of the cell\u2019s percentage (0–100).'],
  ['Category', 'A coloured pill (set `category_color` on the cell).'],
  ['Button', 'A button linking to the cell\u2019s `url_link`.'],
] as const;

export const SparkChartLine = component({
  markdownDescription: 'A compact card with a title, a headline figure, a percentage change and a small line chart of `data`.',
  required: ['data', 'title', 'subtitle'],
  snippetOptions: { data: ['^${1:3}', '^${2:5}', '^${3:4}', '^${4:8}'], title: '${5:Title}', subtitle: '${6:Subtitle}' },
  options: {
    data: arrayOf(num('A value of the series.'), '**Required.** The series to draw, oldest first, e.g. `[120, 132, 128, 150]`.').from('N'),
    ...sparkCommon(),
    perc_change: enumOf(
      [
        ['+', 'An increase (green, up arrow).'],
        ['-', 'A decrease (red, down arrow).'],
      ],
      'Direction of the change shown next to `perc_diff`, e.g. `"+"`.',
      { nullable: true, nullDescription: 'null — no change indicator (default).' },
    ).from('N ("-" | "+" | null)'),
    perc_diff: num('Size of the change in percent, e.g. `12.5` (shown as 12.5%).').unit('percent').from('N'),
    aspect_ratio: num(
      'Width divided by height of the chart, used when `chart_height` is not set, e.g. `4` (without either, the chart is 40 pt tall).',
      { exclusiveMinimum: 0 },
    ).from('N (no default given)'),
    chart_height: anyNumber(
      `Height of the chart in points, from ${SPARK_CHART_HEIGHT_PT.minimum} to ${SPARK_CHART_HEIGHT_PT.maximum}, e.g. \`60\` or \`40.5\`.`,
      SPARK_CHART_HEIGHT_PT,
    )
      .unit('pt')
      .from('N (number)'),
  },
  outline: { role: 'card', label: ['title', 'subtitle'] },
});

export const SparkChartRing = component({
  markdownDescription: 'A compact card with a title, a headline figure and a progress ring showing `value` (a percentage).',
  required: ['value', 'title', 'subtitle'],
  snippetOptions: { value: '^${1:75}', title: '${2:Title}', subtitle: '${3:Subtitle}' },
  options: {
    value: num('**Required.** The percentage the ring shows (0–100), e.g. `75`.').unit('percent').from('N'),
    ...sparkCommon(),
    radius: num('Radius of the ring in points, e.g. `36`.', { exclusiveMinimum: 0 }).default(30).unit('pt').from('N'),
    stroke_width: num('Thickness of the ring in points, e.g. `8`.', { exclusiveMinimum: 0 }).default(6).unit('pt').from('N'),
  },
  outline: { role: 'card', label: ['title', 'subtitle'] },
});

export const ProgressBar = component({
  markdownDescription: 'A bar divided into named `stages`, filled up to `progress` percent, e.g. a project timeline.',
  required: ['progress', 'stages'],
  snippetOptions: { progress: '^${1:50}', stages: [{ name: '${2:Plan}' }, { name: '${3:Build}' }, { name: '${4:Ship}' }] },
  options: {
    // N types a plain number: 150 is accepted and drawn full, -5 empty.
    progress: anyNumber('**Required.** How far along the bar is filled, in percent (0–100), e.g. `60` or `62.5`.', {
      minimum: 0,
      maximum: 100,
    })
      .unit('percent')
      .from('N premium/ProgressBar.ts (number)'),
    stages: arrayOf(
      shaped<{ name: string }>({
        type: 'object',
        markdownDescription: 'A stage, e.g. `{"name": "Design"}`.',
        properties: properties({ name: str('**Required.** Name of the stage, e.g. `"Design"`.').from('N') }),
        required: ['name'],
        additionalProperties: false,
      }),
      '**Required.** The stages, in order, e.g. `[{"name": "Plan"}, {"name": "Build"}, {"name": "Ship"}]`.',
    ).from('N'),
    title: nullableStr('Title above the bar, e.g. `"Migration progress"`.').from('N'),
    width: width().from('N'),
  },
  outline: { role: 'progress', label: ['title'] },
});

export const BetaDataTable = component({
  markdownDescription:
    'A rich table whose columns can show text, spark lines/bars/rings, category pills or buttons (`col_types`). Beta: the options may change.',
  required: ['rows', 'col_types'],
  snippetOptions: {
    headings: ['${1:Name}', '${2:Trend}'],
    col_types: ['Text', 'SparkLine'],
    rows: [[{ data: '${3:Item}' }, { data: ['^${4:3}', '^${5:5}', '^${6:4}'] }]],
  },
  // N premium/DataTable.ts IDataTableOptions.
  options: {
    rows: arrayOf(
      arrayOf(dataTableCell, 'One row: a list of cells, one per column.'),
      '**Required.** The rows, each a list of cells, e.g. `[[{"data": "EU"}, {"data": [3, 5, 8]}]]`.',
    ).from('N'),
    col_types: arrayOf(
      enumOf(COLUMN_TYPES, 'How this column draws its cells.'),
      '**Required.** How each column draws its cells, in column order, e.g. `["Text", "SparkLine", "Category"]`.',
    ).from('N'),
    headings: arrayOf(str('A column heading, e.g. `"Region"`.'), 'Column headings, e.g. `["Region", "Trend"]`.').from('N'),
    title: nullableStr('Title above the table, e.g. `"Regional performance"`.').from('N'),
    striped: bool('Shade every other row.').default(false).from('N'),
    col_borders: bool('Draw borders between columns.').default(false).from('N'),
    table_border: bool('Draw a border around the table.').default(false).from('N'),
    col_bg: arrayOf(
      enumOf(COLOUR_VARIABLES, 'Background colour of this column.', { nullable: true, nullDescription: 'null — no background.' }),
      'Background colour of each column, e.g. `[null, "background-muted"]`.',
    ).from('N'),
    col_align: arrayOf(
      enumOf(
        [
          ['left', 'Align to the left.'],
          ['center', 'Centre the content.'],
          ['right', 'Align to the right.'],
        ],
        'Alignment of this column.',
      ),
      'Alignment of each column, e.g. `["left", "center", "right"]`.',
    ).from('N'),
    col_width: arrayOf(
      shaped<number | null>({
        type: ['number', 'null'],
        markdownDescription: 'Width of this column in percent of the table width, or `null` to share what the numbered columns leave.',
      }),
      'Width of each column in percent, e.g. `[40, null, null]`: `null` entries share equally what the numbers leave; all numbers are scaled to fill the table.',
    )
      .unit('percent')
      .from('N'),
    headings_font_size: fontSize('the headings').default('xs').from('N'),
    rows_font_size: fontSize('the rows').default('sm').from('N'),
    width: width().from('N'),
    ...margins('N'),
  },
  outline: { role: 'table', label: ['title', 'headings'] },
  aliases: ['datatable'],
});
