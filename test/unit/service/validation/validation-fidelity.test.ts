// The local service's 422s for the options of docs/local-service.md, Accepted: the union of the
// public sources is accepted, what fits none of its forms still gets a pydantic-exact entry
// (an `anyOf` union reads as pydantic's smart union: one entry per member, labelled).
import { strict as assert } from 'node:assert';
import { validateReport } from '../../../../src/service/validation/reportValidator';

type Json = Record<string, unknown>;
const report = (components: Json[], config: Json = {}, options: Json = { report_title: 'T' }) => ({
  type: 'Report',
  options,
  config,
  components,
});
const text = (options: Json) => ({ type: 'Text', options: { text: 'x', ...options } });
const ring = (options: Json) => ({ type: 'DoughnutRing', options: { data: [{ start: 0, end: 50 }], ...options } });
const loc = (...tail: Array<string | number>) => ['body', 'components', 0, ...tail];

const SIZES = "'3xs', '2xs', 'xs', 'sm', 'lg', 'xl', '2xl', '3xl' or '4xl'";
const SIZE_LABEL = "literal['3xs','2xs','xs','sm','lg','xl','2xl','3xl','4xl']";

describe('local service validation: the forms the hosted service takes (Compatibility → Accepted)', () => {
  it('widths: every n/d with d in 2, 3, 4, 5, 6, 12 and n ≤ d, or null; anything else is a literal_error listing them', () => {
    for (const d of [2, 3, 4, 5, 6, 12]) {
      for (let n = 1; n <= d; n++) assert.deepEqual(validateReport(report([text({ width: `${n}/${d}` })])), [], `${n}/${d}`);
    }
    assert.deepEqual(validateReport(report([text({ width: null })])), []);
    const [e, ...rest] = validateReport(report([text({ width: '13/12' })]));
    assert.equal(rest.length, 0);
    assert.deepEqual([e.type, e.loc, e.input], ['literal_error', loc('Text', 'options', 'width'), '13/12']);
    assert.match(e.msg, /^Input should be '1\/2', '2\/2', '1\/3', .* '11\/12' or '12\/12'$/);
  });

  it('report_title may be absent or null; a number is still a string_type', () => {
    assert.deepEqual(validateReport(report([], {}, { report_byline: 'Invoice' })), []);
    assert.deepEqual(validateReport(report([], {}, { report_title: null })), []);
    assert.deepEqual(validateReport(report([], {}, { report_title: 7 })), [
      { type: 'string_type', loc: ['body', 'options', 'report_title'], msg: 'Input should be a valid string', input: 7 },
    ]);
  });

  it('Spacer / VerticalSpacer space: numbers (0.5), still ≥ 0', () => {
    assert.deepEqual(
      validateReport(
        report([
          { type: 'VerticalSpacer', options: { space: 0.5 } },
          { type: 'Spacer', options: { space: '1.5' } },
        ]),
      ),
      [],
    );
    assert.deepEqual(validateReport(report([{ type: 'VerticalSpacer', options: { space: -0.5 } }])), [
      {
        type: 'greater_than_equal',
        loc: loc('VerticalSpacer', 'options', 'space'),
        msg: 'Input should be greater than or equal to 0',
        input: -0.5,
        ctx: { ge: 0 },
      },
    ]);
  });

  it('headings_margin: 0–32 or a boolean; 40 fits neither member', () => {
    for (const v of [0, 4, 32, true, false, '8', 'no'])
      assert.deepEqual(validateReport(report([text({ headings_margin: v })])), [], String(v));
    assert.deepEqual(validateReport(report([text({ headings_margin: 40 })])), [
      {
        type: 'less_than_equal',
        loc: loc('Text', 'options', 'headings_margin', 'int'),
        msg: 'Input should be less than or equal to 32',
        input: 40,
        ctx: { le: 32 },
      },
      {
        type: 'bool_parsing',
        loc: loc('Text', 'options', 'headings_margin', 'bool'),
        msg: 'Input should be a valid boolean, unable to interpret input',
        input: 40,
      },
    ]);
  });

  it('DoughnutRing and chart font_size: a size keyword or pixels; a word that is neither → both members reported', () => {
    assert.deepEqual(validateReport(report([ring({ font_size: 14 }), ring({ font_size: 'xl' }), ring({ font_size: '12.5' })])), []);
    const chart = { type: 'Chart.Timeseries', options: { data: [{ x: '2025-01-01', y: 1 }], font_size: 16 } };
    assert.deepEqual(validateReport(report([chart])), []);
    assert.deepEqual(validateReport(report([ring({ font_size: 'medium' })])), [
      {
        type: 'literal_error',
        loc: loc('DoughnutRing', 'options', 'font_size', SIZE_LABEL),
        msg: `Input should be ${SIZES}`,
        input: 'medium',
        ctx: { expected: SIZES },
      },
      {
        type: 'float_parsing',
        loc: loc('DoughnutRing', 'options', 'font_size', 'float'),
        msg: 'Input should be a valid number, unable to parse string as a number',
        input: 'medium',
      },
    ]);
  });

  it('Table headings: strings or cell objects; rows: null cells', () => {
    const table = (options: Json) => ({ type: 'Table', options: { rows: [['a', null, 3]], ...options } });
    assert.deepEqual(validateReport(report([table({ headings: [{ content: 'Region', col_span: 2 }, 'Units'] })])), []);
    assert.deepEqual(validateReport(report([table({ headings: [{ content: 'Region', col_span: 0 }] })])), [
      {
        type: 'string_type',
        loc: loc('Table', 'options', 'headings', 0, 'str'),
        msg: 'Input should be a valid string',
        input: { content: 'Region', col_span: 0 },
      },
      {
        type: 'greater_than_equal',
        loc: loc('Table', 'options', 'headings', 0, 'dict[str,any]', 'col_span'),
        msg: 'Input should be greater than or equal to 1',
        input: 0,
        ctx: { ge: 1 },
      },
    ]);
  });

  it('cover_page.align: start/center/end and left/centre/center/right', () => {
    for (const align of ['start', 'center', 'end', 'left', 'centre', 'right']) {
      assert.deepEqual(validateReport({ ...report([]), cover_page: { align, components: [] } }), [], align);
    }
    assert.equal(
      validateReport({ ...report([]), cover_page: { align: 'middle' } })[0]?.msg,
      "Input should be 'start', 'center', 'end', 'left', 'centre' or 'right'",
    );
  });

  it('config: google_fonts in both forms, enable_header, override highlighted/background, at most 3 webhooks', () => {
    const ok = [
      { google_fonts: { headings: { family: 'Playfair Display', weight: '700' }, paragraph: { family: 'Inter', weight: 400 } } },
      { google_fonts: { headings: 'Playfair Display', body: 'Inter' } },
      { enable_header: false },
      { override_colour_theme: { background: '#deefe7', highlighted: { background: '#fff', 'highlight-text': '#fff' } } },
      {
        webhooks: [
          { url: 'https://a.example/1' },
          { url: 'https://a.example/2', auth_header: 'tok' },
          { url: 'https://a.example/3', auth_header: null },
        ],
      },
    ];
    for (const config of ok) assert.deepEqual(validateReport(report([], config)), [], JSON.stringify(config));
    const four = [1, 2, 3, 4].map((i) => ({ url: `https://a.example/${i}` }));
    assert.deepEqual(validateReport(report([], { webhooks: four })), [
      {
        type: 'too_long',
        loc: ['body', 'config', 'webhooks'],
        msg: 'List should have at most 3 items after validation, not 4',
        input: four,
        ctx: { field_type: 'List', max_length: 3, actual_length: 4 },
      },
    ]);
  });

  it('both spellings of the Image and DoughnutRing colours; curve_format null', () => {
    const image = {
      type: 'Image',
      options: {
        image_url: 'https://a.example/x.png',
        text_colour: 'accent',
        bg_colour: 'background-muted',
        border_colour: 'accent',
        text_color: 'accent',
      },
    };
    const line = { type: 'Chart.Line', options: { data: [], x_label: 'x', y_label: 'y', curve_format: null } };
    assert.deepEqual(
      validateReport(report([image, ring({ background_ring_colour: '#eee' }), ring({ background_ring_color: '#eee' }), line])),
      [],
    );
    // A bad theme variable under the British spelling is still a literal_error at that key.
    const bad = validateReport(report([{ type: 'Image', options: { image_url: 'https://a.example/x.png', border_colour: 'blue' } }]));
    assert.deepEqual([bad.length, bad[0]?.type, bad[0]?.loc], [1, 'literal_error', loc('Image', 'options', 'border_colour')]);
  });

  it('DoughnutRing arcs without start (a real @hybiscus/web-api client posts end only); end is still required', () => {
    assert.deepEqual(validateReport(report([ring({ data: [{ end: 55 }, { end: 78 }] })])), []);
    const [e, ...rest] = validateReport(report([ring({ data: [{ start: 0 }] })]));
    assert.equal(rest.length, 0);
    assert.deepEqual([e.type, e.loc], ['missing', loc('DoughnutRing', 'options', 'data', 0, 'end')]);
  });
});
