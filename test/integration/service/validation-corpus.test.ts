/**
 * The broken-report corpus (test/fixtures/broken) POSTed to build-report: each 422 body
 * must equal the hand-written FastAPI/pydantic v2 body below (type, loc, msg, input, ctx),
 * and a 422 must cost nothing. Cases the service accepts (unknown options, any icon
 * name, lax coercions) must answer 200.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  COLOR_SCHEMES,
  COLOUR_THEMES as CATALOGUE_COLOUR_THEMES,
  COLOUR_VARIABLES,
  CURVE_FORMATS,
  FONT_SIZES as CATALOGUE_FONT_SIZES,
  TYPOGRAPHY_THEMES,
  WIDTHS as CATALOGUE_WIDTHS,
} from '../../../src/catalogue';
import { COMPONENT_TYPES, COVER_PAGE_COMPONENT_TYPES } from '../../../src/core/report/componentTypes.generated';
import { startHarness, type Harness } from './helpers';

const FIX = join(__dirname, '../../fixtures/broken');
const load = (file: string): unknown => JSON.parse(readFileSync(join(FIX, file), 'utf8'));

/** A pydantic literal list: `'a', 'b' or 'c'`. */
const literals = (values: readonly string[]) =>
  values
    .map((v) => `'${v}'`)
    .join(', ')
    .replace(/, ('[^']*')$/, ' or $1');
const names = (pairs: readonly (readonly [string, string])[]) => literals(pairs.map(([v]) => v));
// The value lists of the catalogue, as pydantic prints them.
const COLOUR_VARS = names(COLOUR_VARIABLES);
const WIDTHS = names(CATALOGUE_WIDTHS);
const FONT_SIZES = names(CATALOGUE_FONT_SIZES);
const COLOUR_THEMES = names(CATALOGUE_COLOUR_THEMES);
const TYPO_THEMES = names(TYPOGRAPHY_THEMES);
const SCHEMES = names(COLOR_SCHEMES);
const CURVES = names(CURVE_FORMATS);
// pydantic lists the tags of a discriminated union without an `or`.
const tags = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');
const BODY_TAGS = tags(COMPONENT_TYPES);
const COVER_TAGS = tags(COVER_PAGE_COMPONENT_TYPES);
const REQUIRED = 'Field required';
const DICT = 'Input should be a valid dictionary or object to extract fields from';

const lit = (loc: unknown[], input: unknown, expected: string): object => ({
  type: 'literal_error',
  loc,
  msg: `Input should be ${expected}`,
  input,
  ctx: { expected },
});
const missing = (loc: unknown[], input: unknown): object => ({ type: 'missing', loc, msg: REQUIRED, input });
const tagInvalid = (loc: unknown[], input: unknown, tag: string, expected: string): object => ({
  type: 'union_tag_invalid',
  loc,
  input,
  msg: `Input tag '${tag}' found using 'type' does not match any of the expected tags: ${expected}`,
  ctx: { discriminator: "'type'", tag, expected_tags: expected },
});

/** file → the exact `detail` a FastAPI/pydantic v2 service answers. */
const EXPECTED: Record<string, object[]> = {
  '01-card-missing-value.report.json': [
    missing(['body', 'components', 0, 'Section', 'components', 0, 'Card', 'options', 'value'], { title: 'Deliveries' }),
  ],
  '02-section-missing-title.report.json': [missing(['body', 'components', 0, 'Section', 'options', 'section_title'], { columns: 2 })],
  '03-row-text-missing-text.report.json': [
    missing(['body', 'components', 0, 'Row', 'components', 1, 'Text', 'options', 'text'], { align: 'left' }),
  ],
  '04-cover-text-missing-text.report.json': [missing(['body', 'cover_page', 'components', 0, 'Text', 'options', 'text'], { size: 'xl' })],
  '05-chart-missing-axis-labels.report.json': [
    missing(['body', 'components', 0, 'Chart.Line', 'options', 'x_label'], {
      data: [
        { x: 'Jan', y: 4 },
        { x: 'Feb', y: 6 },
      ],
    }),
    missing(['body', 'components', 0, 'Chart.Line', 'options', 'y_label'], {
      data: [
        { x: 'Jan', y: 4 },
        { x: 'Feb', y: 6 },
      ],
    }),
  ],
  '06-datatable-missing-col-types.report.json': [
    missing(['body', 'components', 0, 'Beta.DataTable', 'options', 'col_types'], { rows: [[{ data: 'North' }, { data: 12 }]] }),
  ],
  '07-card-missing-options.report.json': [missing(['body', 'components', 0, 'Card', 'options'], { type: 'Card' })],
  '08-report-title-number.report.json': [
    { type: 'string_type', loc: ['body', 'options', 'report_title'], msg: 'Input should be a valid string', input: 2025 },
  ],
  '09-webhook-missing-url.report.json': [missing(['body', 'config', 'webhooks', 0, 'url'], { auth_header: 'Bearer 7f3c' })],
  '10-progressbar-missing-stages.report.json': [
    missing(['body', 'components', 0, 'Section', 'components', 0, 'Row', 'components', 0, 'ProgressBar', 'options', 'stages'], {
      progress: 40,
    }),
  ],
  '11-datapoint-missing-y.report.json': [missing(['body', 'components', 0, 'BarChart', 'options', 'data', 2, 'y'], { x: 'Hull' })],
  '12-spacer-missing-space.report.json': [missing(['body', 'components', 0, 'Row', 'components', 1, 'Spacer', 'options', 'space'], {})],
  '13-columns-string.report.json': [
    {
      type: 'int_parsing',
      loc: ['body', 'components', 0, 'Section', 'options', 'columns'],
      msg: 'Input should be a valid integer, unable to parse string as an integer',
      input: 'three',
    },
  ],
  '14-title-number.report.json': [
    { type: 'string_type', loc: ['body', 'components', 0, 'Card', 'options', 'title'], msg: 'Input should be a valid string', input: 2024 },
  ],
  '15-rows-object.report.json': [
    {
      type: 'list_type',
      loc: ['body', 'components', 0, 'Table', 'options', 'rows'],
      msg: 'Input should be a valid list',
      input: { Leeds: 410, York: 388 },
    },
  ],
  '16-options-list.report.json': [
    { type: 'model_attributes_type', loc: ['body', 'components', 0, 'Text', 'options'], msg: DICT, input: ['On-time rate improved.'] },
  ],
  '17-highlighted-string.report.json': [
    {
      type: 'bool_parsing',
      loc: ['body', 'components', 0, 'Card', 'options', 'highlighted'],
      msg: 'Input should be a valid boolean, unable to interpret input',
      input: 'maybe',
    },
  ],
  '18-columns-float.report.json': [
    {
      type: 'int_from_float',
      loc: ['body', 'components', 0, 'Row', 'options', 'columns'],
      msg: 'Input should be a valid integer, got a number with a fractional part',
      input: 2.5,
    },
  ],
  '19-card-value-null.report.json': [
    {
      type: 'string_type',
      loc: ['body', 'components', 0, 'Card', 'options', 'value', 'str'],
      msg: 'Input should be a valid string',
      input: null,
    },
    {
      type: 'float_type',
      loc: ['body', 'components', 0, 'Card', 'options', 'value', 'float'],
      msg: 'Input should be a valid number',
      input: null,
    },
  ],
  '20-spark-ring-value-string.report.json': [
    {
      type: 'float_parsing',
      loc: ['body', 'components', 0, 'SparkChart.Ring', 'options', 'value'],
      msg: 'Input should be a valid number, unable to parse string as a number',
      input: 'high',
    },
  ],
  '22-cover-components-object.report.json': [
    {
      type: 'list_type',
      loc: ['body', 'cover_page', 'components'],
      msg: 'Input should be a valid list',
      input: { type: 'Text', options: { text: 'Cover' } },
    },
  ],
  '23-width-bad.report.json': [lit(['body', 'components', 0, 'Row', 'components', 0, 'Card', 'options', 'width'], '6/8', WIDTHS)],
  '24-font-size-bad.report.json': [lit(['body', 'components', 0, 'Card', 'options', 'value_font_size'], 'medium', FONT_SIZES)],
  '25-colour-variable-bad.report.json': [lit(['body', 'components', 0, 'Text', 'options', 'color'], 'blue', COLOUR_VARS)],
  '26-colour-theme-bad.report.json': [lit(['body', 'config', 'colour_theme'], 'ocean', COLOUR_THEMES)],
  '27-typography-theme-bad.report.json': [lit(['body', 'config', 'typography_theme'], 'comic-sans', TYPO_THEMES)],
  '28-color-scheme-bad.report.json': [lit(['body', 'components', 0, 'Chart.Bar', 'options', 'color_scheme'], 'Viridis', SCHEMES)],
  '29-curve-format-bad.report.json': [lit(['body', 'components', 0, 'Chart.Line', 'options', 'curve_format'], 'Smooth', CURVES)],
  '30-align-bad.report.json': [
    lit(['body', 'components', 0, 'Text', 'options', 'align'], 'justify', "'left', 'centre', 'center' or 'right'"),
  ],
  '31-datatable-col-type-bad.report.json': [
    lit(
      ['body', 'components', 0, 'Beta.DataTable', 'options', 'col_types', 1],
      'Sparkline',
      "'Text', 'SparkLine', 'SparkBar', 'SparkRing', 'Category' or 'Button'",
    ),
  ],
  '32-perc-change-bad.report.json': [lit(['body', 'components', 0, 'SparkChart.Line', 'options', 'perc_change'], 'up', "'+' or '-'")],
  '33-report-type-bad.report.json': [lit(['body', 'type'], 'report', "'Report'")],
  '34-unknown-component-type.report.json': [
    tagInvalid(
      ['body', 'components', 0],
      {
        type: 'Sektion',
        options: { section_title: 'Fleet' },
        components: [{ type: 'Card', options: { title: 'Deliveries', value: 1284 } }],
      },
      'Sektion',
      BODY_TAGS,
    ),
  ],
  '35-component-missing-type.report.json': [
    {
      type: 'union_tag_not_found',
      loc: ['body', 'components', 1],
      msg: "Unable to extract tag using discriminator 'type'",
      input: { options: { title: 'Deliveries', value: 1284 } },
      ctx: { discriminator: "'type'" },
    },
  ],
  '37-table-in-cover-page.report.json': [
    tagInvalid(['body', 'cover_page', 'components', 1], { type: 'Table', options: { rows: [['a', 1]] } }, 'Table', COVER_TAGS),
  ],
  '38-cover-row-with-card.report.json': [
    tagInvalid(
      ['body', 'cover_page', 'components', 0, 'Row', 'components', 1],
      { type: 'Card', options: { title: 'Deliveries', value: 1284 } },
      'Card',
      COVER_TAGS,
    ),
  ],
  '39-margin-40.report.json': [
    {
      type: 'less_than_equal',
      loc: ['body', 'components', 0, 'Text', 'options', 'vertical_margin'],
      msg: 'Input should be less than or equal to 32',
      input: 40,
      ctx: { le: 32 },
    },
  ],
  '40-margin-negative.report.json': [
    {
      type: 'greater_than_equal',
      loc: ['body', 'components', 0, 'Section', 'options', 'horizontal_margin'],
      msg: 'Input should be greater than or equal to 0',
      input: -1,
      ctx: { ge: 0 },
    },
  ],
  '41-inner-padding-20.report.json': [
    {
      type: 'less_than_equal',
      loc: ['body', 'components', 0, 'Text', 'options', 'inner_padding'],
      msg: 'Input should be less than or equal to 17',
      input: 20,
      ctx: { le: 17 },
    },
  ],
  '42-n-pages-zero.report.json': [
    {
      type: 'greater_than_equal',
      loc: ['body', 'config', 'n_pages'],
      msg: 'Input should be greater than or equal to 1',
      input: 0,
      ctx: { ge: 1 },
    },
  ],
  // A plain union (str | float | cell object): pydantic reports every member, labelled.
  '43-col-span-zero.report.json': [
    {
      type: 'string_type',
      loc: ['body', 'components', 0, 'Table', 'options', 'rows', 1, 0, 'str'],
      msg: 'Input should be a valid string',
      input: { content: 'Total', col_span: 0 },
    },
    {
      type: 'float_type',
      loc: ['body', 'components', 0, 'Table', 'options', 'rows', 1, 0, 'float'],
      msg: 'Input should be a valid number',
      input: { content: 'Total', col_span: 0 },
    },
    {
      type: 'greater_than_equal',
      loc: ['body', 'components', 0, 'Table', 'options', 'rows', 1, 0, 'dict[str,any]', 'col_span'],
      msg: 'Input should be greater than or equal to 1',
      input: 0,
      ctx: { ge: 1 },
    },
  ],
  '46-top-level-typo.report.json': [
    missing(['body', 'components'], {
      type: 'Report',
      options: { report_title: 'Monthly Operations Report' },
      component: [{ type: 'Text', options: { text: 'On-time rate improved to **96%**.' } }],
    }),
  ],
  '49-image-without-source.report.json': [missing(['body', 'components', 0, 'Image', 'options', 'image_url'], { caption: 'Depot map' })],
};

/** Accepted by the service although the editor flags them: unknown options are ignored, icons are free, pydantic lax mode. */
const ACCEPTED = [
  '21-table-cell-boolean.report.json', // lax: True is a valid float (1.0) for the number member
  '36-card-with-components.report.json',
  '44-unknown-option.report.json',
  '45-unknown-icon.report.json',
  '47-pagebreak-with-options.report.json',
  '48-cover-page-unknown-key.report.json',
  '50-row-in-row-allowed.report.json',
  '51-mixed-spellings-allowed.report.json',
];

describe('local service: 422 bodies for the broken corpus', function () {
  let h: Harness;
  before(async () => (h = await startHarness()));
  after(async () => h.stop());

  it('covers every corpus file', () => {
    const cases = (load('cases.json') as { cases: Array<{ file: string }> }).cases.map((c) => c.file).sort();
    assert.deepEqual([...Object.keys(EXPECTED), ...ACCEPTED].sort(), cases);
    assert.ok(Object.keys(EXPECTED).length >= 25);
  });

  for (const [file, detail] of Object.entries(EXPECTED)) {
    it(`${file} → 422 exactly as pydantic`, async () => {
      const res = await h.post('/build-report', load(file));
      assert.equal(res.status, 422);
      assert.equal(res.headers.get('content-type'), 'application/json');
      assert.equal(res.headers.get('x-single-page-reports-remaining'), '100', 'a 422 costs nothing');
      assert.deepEqual(await res.json(), { detail });
    });
  }

  for (const file of ACCEPTED) {
    it(`${file} → accepted (200)`, async () => {
      const res = await h.post('/preview-report', load(file));
      assert.equal(res.status, 200, await res.clone().text());
    });
  }
});
