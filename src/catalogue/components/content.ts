// Content components: Card, Text, Table, Image.
import { component } from '../component';
import { SPACING_UNIT_PT, properties, type Opt, type OptionSet } from '../option';
import {
  ALIGNMENTS,
  COLOUR_VARIABLES,
  MARGIN_VALUES,
  alignment,
  anyNumber,
  arrayOf,
  bool,
  colourPair,
  colourVar,
  enumOf,
  fontSize,
  icon,
  int,
  margin,
  margins,
  nullableInt,
  nullableStr,
  olderForm,
  shaped,
  str,
  width,
  type Alignment,
  type ColourVariable,
} from '../vocabulary';

/** The styled form of a Table cell or heading: N core/Table.ts ITableCell, O ICellDescription. */
export interface TableCellObject {
  content: string | number;
  col_span?: number;
  col_bg?: ColourVariable | null;
  col_align?: Alignment;
  valign?: 'top' | 'middle' | 'bottom';
}
export type TableCell = string | number | null | TableCellObject;

/** The options of a styled Table cell or heading (resolved by resolveTableCell, like a component's). */
export const cellOptions = {
  content: shaped<string | number>({
    type: ['string', 'number'],
    markdownDescription: '**Required.** The cell text or number, e.g. `"Subtotal"`. May hold simple HTML (`<b>`, `<i>`, `<a href>`).',
  }).from('N, O'),
  col_span: int('Number of columns this cell spans, e.g. `3`.', { minimum: 1 }).default(1).from('N, O'),
  col_bg: colourVar('this cell\u2019s background').from('N', 'O RowCellDescription'),
  col_align: alignment('this cell\u2019s text').from('N, O'),
  valign: enumOf(
    [
      ['top', 'Align to the top of the cell.'],
      ['middle', 'Centre vertically.'],
      ['bottom', 'Align to the bottom of the cell.'],
    ],
    'Vertical alignment of the cell content, e.g. `"top"`.',
  )
    .default('middle')
    .from('N'),
} satisfies OptionSet;

const cellObject = (what: string, example: string) => ({
  markdownDescription: `${what}, or an object \`${example}\` for a styled one.`,
  properties: properties(cellOptions),
  required: ['content'],
  additionalProperties: false,
});

/** A Table cell: a string or number, a styled cell object, or null (an empty cell: the
 *  Airtable sample S sends a record's empty fields as null). One `type` keyword (not anyOf)
 *  so a wrong cell yields a single precise error. */
const tableCell = shaped<TableCell>({
  type: ['string', 'number', 'object', 'null'],
  ...cellObject(
    'A cell: a string or number (e.g. `"Acme Ltd"`, `1250.5`, or HTML such as `"<b>Total</b>"`), `null` for an empty cell',
    '{"content": "Total", "col_span": 3, "col_bg": "accent", "col_align": "right", "valign": "middle"}',
  ),
});

/** A Table heading: a string, or a styled cell object (N, O: `Array<string | ITableCell>`). */
const headingCell = shaped<string | TableCellObject>({
  type: ['string', 'object'],
  ...cellObject('A column heading, e.g. `"Amount"`', '{"content": "Amount", "col_span": 2}'),
});

const OLDER_HEADINGS_MARGIN =
  'Older form of `headings_margin`. It still works; the current form is a margin from 0 to 32, e.g. `4` (`false` ≈ `0`).';

/**
 * No default: unset draws 4 pt (rows) and 5 pt (headings), which no integer of the spacing scale
 * gives. N types a plain `number`: any number is accepted, drawn within 0–32 steps.
 */
const padding = (what: string, unset: string): Opt<number> =>
  anyNumber(
    `Vertical padding of ${what} on the spacing scale (${SPACING_UNIT_PT} pt each), from 0 to 32, e.g. \`2\` or \`2.5\`; unset: ${unset}.`,
    MARGIN_VALUES,
  ).from('N (number)');

export const Card = component({
  markdownDescription:
    'A KPI card: a small `title` above a large `value` with optional `units` and icon, e.g. "Monthly revenue — 48,210 USD".',
  required: ['title', 'value'],
  snippetOptions: { title: '${1:Title}', value: '^${2:0}' },
  options: {
    title: str('**Required.** Small caption above the value, e.g. `"Active users"`.').from('N, O core/Card.ts', 'S', 'R'),
    value: shaped<string | number>({
      type: ['string', 'number'],
      markdownDescription: '**Required.** The figure to show: a number (e.g. `987`) or preformatted text (e.g. `"$48.2k"`).',
    }).from('N, O', 'S, R (both forms)'),
    units: nullableStr('Units printed after the value, e.g. `"USD"` or `"%"`.').from('N, O'),
    icon: icon('Tabler icon shown in the card, e.g. `"users"`; `null` or unset for none.').from('N, O', 'S, R'),
    highlighted: bool('Draw the card on the theme `highlight` background.').default(false).from('N, O', 'S'),
    title_uppercase: bool('Print the title in upper case; `false` prints it as written.')
      .default(true)
      .from('N (no default given; drawn upper case)'),
    title_size: fontSize('the title').default('xs').from('N'),
    // No default for the colours: drawn `sub-headline` and `headline`, or `highlight-text` on a highlighted card.
    title_color: colourVar('the title (unset: `sub-headline`, or `highlight-text` on a highlighted card)').from('N'),
    value_color: colourVar('the value (unset: `headline`, or `highlight-text` on a highlighted card)').from('N'),
    // No default: drawn `background-default`, or `highlight` on a highlighted card.
    bg_color: colourVar('the card background (unset: `background-default`, or `highlight` on a highlighted card)').from('N'),
    icon_font_size: fontSize('the icon').default('lg').from('N'),
    // No default: drawn at 18 pt, which no size keyword gives (`2xl` is 17 pt).
    value_font_size: fontSize('the value (18 pt when omitted, between `xl` and `2xl`)').from('N'),
    units_font_size: fontSize('the units').default('sm').from('N'),
    width: width().from('N, O'),
  },
  outline: { role: 'card', label: ['title'] },
  aliases: ['kpi'],
});

export const Text = component({
  coverPage: true,
  markdownDescription: 'A block of Markdown (or simple HTML) text: paragraphs, **bold**, _italic_, lists, headings and links.',
  required: ['text'],
  snippetOptions: { text: '${1:Markdown text}' },
  options: {
    text: str(
      '**Required.** The text, in Markdown or HTML (HTML only when `markdown_format` is `false`), e.g. `"## Summary\\nRevenue grew **12%**."`.',
    ).from('N, O core/Text.ts', 'D components/text'),
    align: alignment('the text').default('left').from('N, O'),
    // No default: drawn at 10 pt, which no size keyword of the schema gives (`sm` is 9 pt).
    size: fontSize('the text (unset: 10 pt, which no size keyword gives)').from('N', 'O (sm…4xl)', 'S invoice'),
    // No default: omitted, headings take `headline` and the rest `paragraph`; set, both take it.
    color: colourVar('the text (unset: `paragraph`, and `headline` for Markdown headings)').from('N'),
    colour: colourVar('the text (British spelling of `color`; unset: `paragraph`, and `headline` for Markdown headings)')
      .spellingOf('color')
      .from('O', 'S invoice'),
    bg_color: colourVar('the background behind the text').from('N'),
    bg_colour: colourVar('the background behind the text (British spelling of `bg_color`)')
      .spellingOf('bg_color')
      .from('O', 'D components/row example', 'S invoice'),
    inner_padding: nullableInt(
      'Padding inside the text box, an integer from 1 to 17 (2 pt each), e.g. `4`; unset: none, or 4 on a background.',
      {
        minimum: 1,
        maximum: 17,
      },
    ).from('N (1–17)', 'O (number | null)'),
    markdown_format: bool(
      'Read `text` as Markdown; `false` turns Markdown syntax off, not HTML (tags such as `<b>` and entities such as `&amp;` are still read).',
    )
      .default(true)
      .from('N'),
    align_list: bool('Apply `align` to list items as well as paragraphs.').default(false).from('N'),
    // N types a MarginValue 0–32; A had a boolean (kept, with a warning).
    headings_margin: shaped<number | boolean>({
      markdownDescription:
        'Vertical margin above and below Markdown headings, an integer from 0 to 32, e.g. `4`; unset: the theme\u2019s heading spacing. ' +
        'The older form `true`/`false` (keep/remove the theme\u2019s heading spacing) still works.',
      anyOf: [{ type: 'integer', minimum: 0, maximum: 32 }, { type: 'boolean' }],
      ...olderForm({ type: 'boolean' }, OLDER_HEADINGS_MARGIN),
    }).from('N core/Text.ts', 'A (boolean)'),
    width: width().from('N, O', 'D components/text'),
    ...margins('N, O'),
  },
  outline: { role: 'text', label: ['text'] },
  aliases: ['paragraph', 'markdown'],
});

export const Table = component({
  markdownDescription: 'A table of rows and columns with optional headings, stripes and per-column alignment, widths and backgrounds.',
  required: ['rows'],
  // Three columns by three rows: a table a person would start from (one row reads as a stub).
  snippetOptions: {
    headings: ['${1:Item}', '${2:Q1}', '${3:Q2}'],
    rows: [
      ['${4:Widgets}', '^${5:120}', '^${6:135}'],
      ['${7:Gadgets}', '^${8:80}', '^${9:95}'],
      ['${10:Gizmos}', '^${11:45}', '^${12:60}'],
    ],
  },
  options: {
    rows: arrayOf(
      arrayOf(tableCell, 'One table row: a list of cells.'),
      '**Required.** The rows, each a list of cells, e.g. `[["Widgets", 120], ["Gadgets", 80]]`.',
    ).from('N, O (string | cell)', 'S (numbers, HTML, null)'),
    headings: arrayOf(headingCell, 'Column headings, e.g. `["Item", "Amount"]` or `[{"content": "Item", "col_span": 2}, "Amount"]`.').from(
      'N, O (string | cell)',
      'S, R',
    ),
    title: nullableStr('Title above the table, e.g. `"Line items"`.').from('N, O', 'S, R ("")'),
    striped: bool('Shade every other row; `false` for plain rows.').default(true).from('N, O', 'S, R (no default given; drawn striped)'),
    table_border: bool('Draw a border around the table.').default(false).from('N, O'),
    col_border: bool('Draw borders between columns.').default(false).from('N, O'),
    col_borders: bool('Draw borders between columns; same as `col_border`.').default(false).spellingOf('col_border').from('S invoice'),
    rows_font_size: fontSize('the rows').default('sm').from('N'),
    headings_font_size: fontSize('the headings').default('sm').from('N'),
    rows_vertical_padding: padding('each row', '4 pt'),
    headings_vertical_padding: padding('the heading row', '5 pt'),
    col_align: arrayOf(
      enumOf(ALIGNMENTS, 'Alignment of this column.'),
      'Alignment of each column, in column order, e.g. `["left", "right", "right"]`; unset: left, or right for a column of numbers.',
    ).from('N, O', 'S invoice'),
    col_width: arrayOf(
      shaped<number | null>({
        type: ['number', 'null'],
        markdownDescription:
          'Width of this column in percent of the table width (e.g. `70`), or `null` to share what the numbered columns leave equally. When every column has a number they are scaled to fill the table, so weights like `[3, 1, 1]` also work.',
      }),
      'Width of each column in percent, e.g. `[null, 70, null, null]`: `null` entries share equally what the numbers leave; all numbers (e.g. `[3, 1, 1]`) are scaled to fill the table.',
    ).from('N, O (numbers)', 'S invoice ([null, 70, null, null])'),
    col_bg: arrayOf(
      enumOf(COLOUR_VARIABLES, 'Background colour of this column.', { nullable: true, nullDescription: 'null — no background.' }),
      'Background colour of each column, e.g. `[null, "background-muted"]`.',
    ).from('N, O', 'S invoice'),
    width: width().from('N, O', 'S invoice ("1/3")'),
    ...margins('N, O'),
  },
  outline: { role: 'table', label: ['title', 'headings'] },
});

export const Image = component({
  coverPage: true,
  markdownDescription:
    'A picture from `image_url`, or embedded as `base64` data (with `base64_extension`) so the report needs no network. One of `image_url` or `base64` is required.',
  required: [],
  requiredOneOf: ['image_url', 'base64'],
  snippetOptions: { image_url: '${1:https://example.com/logo.png}' },
  options: {
    image_url: nullableStr(
      '**Required unless `base64` is given.** Address of the image (JPG, PNG, GIF, WebP or SVG; under 2 MB), e.g. `"https://example.com/chart.png"`.',
    ).from('N, O', 'D components/image'),
    base64: nullableStr(
      '**Required unless `image_url` is given.** The image bytes, base64-encoded (no `data:` prefix), e.g. `"iVBORw0KGgo..."`.',
    ).from('N, O', 'D'),
    // The bytes decide how the image is read (../render/images.ts sniffs them); D names png.
    base64_extension: nullableStr('File type of the `base64` data, e.g. `"jpeg"`.', {
      examples: ['png', 'jpeg', 'jpg', 'gif', 'webp', 'svg'],
    })
      .default('png')
      .from('N, O (string | null)', 'D (default png)'),
    link_url: nullableStr('Address opened when the image is clicked in the PDF, e.g. `"https://example.com"`.').from('N'),
    caption: nullableStr('Caption printed under the image, e.g. `"Figure 1: Store layout"`.').from('N, O', 'D'),
    // The docs' Image page: sm (was drawn at 8.5 pt, which no keyword gives).
    text_size: fontSize('the caption').default('sm').from('N, O', 'D (default sm)'),
    // Colours: D and O spell them text_colour/bg_colour/border_colour, N text_color/…; both work.
    ...colourPair('text', (note) => colourVar(`the caption${note}`).default('sub-headline').from('N text_color', 'D, O text_colour')),
    ...colourPair('bg', (note) =>
      colourVar(`the background behind the image${note}; a background drops the border`).from('N bg_color', 'D, O bg_colour'),
    ),
    ...colourPair('border', (note) =>
      colourVar(`the border${note}`).default('background-faded').from('N border_color', 'D, O border_colour'),
    ),
    enable_border: bool('Draw the border below the caption text; an image without a caption has none.')
      .default(true)
      .from('N, O', 'D (documented default `true`)'),
    rounded: bool('Round the image corners.').default(false).from('O', 'D'),
    width: width().from('N, O', 'D'),
    // The docs' Image page: 1 above and below when omitted.
    vertical_margin: margin('Top and bottom', 1).from('N, O', 'D (default 1)'),
    horizontal_margin: margin('Left and right').from('N, O', 'D'),
  },
  outline: { role: 'image', label: ['caption', 'image_url'] },
  aliases: ['image', 'img', 'picture'],
});
