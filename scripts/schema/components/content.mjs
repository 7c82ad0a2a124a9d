// Content components: Card, Text, Table, Image.
import {
  ALIGNMENTS, COLOUR_VARIABLES, alignment, arrayOf, bool, colourVar, enumOf, fontSize, icon, int, margins,
  nullableStr, str, width,
} from '../vocabulary.mjs';

/** A Table cell: a plain string/number, or an object with per-cell styling. One `type` keyword
 *  (not anyOf) so a wrong cell yields a single precise error. */
const tableCell = {
  type: ['string', 'number', 'object'],
  markdownDescription:
    'A cell: a string or number (e.g. `"Acme Ltd"`, `1250.5`), or an object `{"content": "Total", "col_span": 3, "col_bg": "accent", "col_align": "right", "valign": "middle"}` for a styled cell.',
  properties: {
    content: { type: ['string', 'number'], markdownDescription: '**Required.** The cell text or number, e.g. `"Subtotal"`.' },
    col_span: int('Number of columns this cell spans (default 1), e.g. `3`.', { minimum: 1 }),
    col_bg: colourVar('this cell\u2019s background'),
    col_align: alignment('this cell\u2019s text'),
    valign: enumOf(
      [['top', 'Align to the top of the cell.'], ['middle', 'Centre vertically (default).'], ['bottom', 'Align to the bottom of the cell.']],
      'Vertical alignment of the cell content (default `middle`), e.g. `"top"`.',
    ),
  },
  required: ['content'],
  additionalProperties: false,
};

export const contentComponents = [
  {
    type: 'Card',
    markdownDescription: 'A KPI card: a small `title` above a large `value` with optional `units` and icon, e.g. "Monthly revenue — 48,210 USD".',
    required: ['title', 'value'],
    snippetOptions: { title: '${1:Title}', value: '^${2:0}' },
    options: {
      title: str('**Required.** Small caption above the value, e.g. `"Active users"`.'),
      value: { type: ['string', 'number'], markdownDescription: '**Required.** The figure to show: a number (e.g. `987`) or preformatted text (e.g. `"$48.2k"`).' },
      units: nullableStr('Units printed after the value, e.g. `"USD"` or `"%"` (default none).'),
      icon: icon('Tabler icon shown in the card, e.g. `"users"`; `null` for none (default).'),
      highlighted: bool('Draw the card on the theme `highlight` background (default `false`).'),
      title_uppercase: bool('Print the title in upper case (default `false`).'),
      title_size: fontSize('the title', 'sm'),
      title_color: colourVar('the title', { dflt: 'sub-headline' }),
      value_color: colourVar('the value', { dflt: 'headline' }),
      bg_color: colourVar('the card background', { dflt: 'background-subtle' }),
      icon_font_size: fontSize('the icon', 'lg'),
      value_font_size: fontSize('the value', '2xl'),
      units_font_size: fontSize('the units', 'sm'),
      width: width(),
    },
  },
  {
    type: 'Text',
    coverPage: true,
    markdownDescription: 'A block of Markdown text: paragraphs, **bold**, _italic_, lists, headings and links.',
    required: ['text'],
    snippetOptions: { text: '${1:Markdown text}' },
    options: {
      text: str('**Required.** The text, in Markdown (unless `markdown_format` is `false`), e.g. `"## Summary\\nRevenue grew **12%**."`.'),
      align: alignment('the text'),
      size: fontSize('the text', 'sm'),
      color: colourVar('the text', { dflt: 'paragraph' }),
      colour: colourVar('the text (British spelling of `color`)', { dflt: 'paragraph' }),
      bg_color: colourVar('the background behind the text'),
      bg_colour: colourVar('the background behind the text (British spelling of `bg_color`)'),
      inner_padding: int('Padding inside the text box, an integer from 1 to 17, e.g. `4` (default none).', { minimum: 1, maximum: 17 }),
      markdown_format: bool('Interpret `text` as Markdown (default `true`); `false` prints it verbatim.'),
      align_list: bool('Apply `align` to list items as well as paragraphs (default `false`).'),
      headings_margin: bool('Keep the vertical margin above and below Markdown headings (default `true`).'),
      width: width(),
      ...margins(),
    },
  },
  {
    type: 'Table',
    markdownDescription: 'A table of rows and columns with optional headings, stripes and per-column alignment, widths and backgrounds.',
    required: ['rows'],
    snippetOptions: { headings: ['${1:Item}', '${2:Amount}'], rows: [['${3:Widget}', '^${4:100}']] },
    options: {
      rows: arrayOf(arrayOf(tableCell, 'One table row: a list of cells.'), '**Required.** The rows, each a list of cells, e.g. `[["Widgets", 120], ["Gadgets", 80]]`.'),
      headings: arrayOf(str('A column heading, e.g. `"Amount"`.'), 'Column headings, e.g. `["Item", "Amount"]` (default none).'),
      title: nullableStr('Title above the table, e.g. `"Line items"` (default none).'),
      striped: bool('Shade every other row (default `false`).'),
      table_border: bool('Draw a border around the table (default `false`).'),
      col_border: bool('Draw borders between columns (default `false`).'),
      col_borders: bool('Draw borders between columns (default `false`); same as `col_border`.'),
      rows_font_size: fontSize('the rows', 'sm'),
      headings_font_size: fontSize('the headings', 'sm'),
      rows_vertical_padding: int('Vertical padding of each row, an integer from 0 to 32 (default 1), e.g. `2`.', { minimum: 0, maximum: 32 }),
      headings_vertical_padding: int('Vertical padding of the heading row, an integer from 0 to 32 (default 1), e.g. `2`.', { minimum: 0, maximum: 32 }),
      col_align: arrayOf(
        enumOf(ALIGNMENTS, 'Alignment of this column.'),
        'Alignment of each column, in column order, e.g. `["left", "right", "right"]` (default left).',
      ),
      col_width: arrayOf(
        { type: ['number', 'null'], markdownDescription: 'Relative width of this column (e.g. `2` is twice as wide as `1`), or `null` for automatic.' },
        'Relative width of each column, e.g. `[3, 1, 1]`; `null` entries are sized automatically.',
      ),
      col_bg: arrayOf(
        enumOf(COLOUR_VARIABLES, 'Background colour of this column.', { nullable: true, nullDescription: 'null — no background.' }),
        'Background colour of each column, e.g. `[null, "background-muted"]`.',
      ),
      width: width(),
      ...margins(),
    },
  },
  {
    type: 'Image',
    coverPage: true,
    markdownDescription:
      'A picture from `image_url`, or embedded as `base64` data (with `base64_extension`) so the report needs no network. One of `image_url` or `base64` is required.',
    required: [],
    requiredOneOf: ['image_url', 'base64'],
    snippetOptions: { image_url: '${1:https://example.com/logo.png}' },
    options: {
      image_url: nullableStr('**Required unless `base64` is given.** Address of the image (PNG, JPEG, SVG), e.g. `"https://example.com/chart.png"`.'),
      base64: nullableStr('**Required unless `image_url` is given.** The image bytes, base64-encoded (no `data:` prefix), e.g. `"iVBORw0KGgo..."`.'),
      base64_extension: str('File type of the `base64` data (default `"jpeg"`), e.g. `"png"`.', { examples: ['png', 'jpeg', 'jpg', 'gif', 'svg'] }),
      link_url: nullableStr('Address opened when the image is clicked in the PDF, e.g. `"https://example.com"` (default none).'),
      caption: nullableStr('Caption printed under the image, e.g. `"Figure 1: Store layout"` (default none).'),
      text_size: fontSize('the caption', 'xs'),
      text_color: colourVar('the caption', { dflt: 'paragraph' }),
      bg_color: colourVar('the background behind the image'),
      border_color: colourVar('the border', { dflt: 'background-muted' }),
      enable_border: bool('Draw a border around the image (default `false`).'),
      rounded: bool('Round the image corners (default `false`).'),
      width: width(),
      ...margins(),
    },
  },
];
