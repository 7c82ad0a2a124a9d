/**
 * The mapper against what the local service really emits: the body is validated by
 * the service's own validator (src/service/validation) and decoded by its Python-compatible
 * JSON decoder, then every entry is mapped back onto the JSONC text the user wrote.
 */
import { strict as assert } from 'node:assert';
import type { ValidationErrorEntry } from '../../../../src/core/api/types';
import { DiagnosticMapper } from '../../../../src/core/loc/diagnostics';
import { jsoncToJson } from '../../../../src/core/loc/jsoncText';
import { parsePythonJson, PythonJsonError } from '../../../../src/service/validation/pythonJson';
import { MISSING_BODY, notJsonEntry, validateReport } from '../../../../src/service/validation/reportValidator';
import { FAULTS_JSONC } from './fixtures/serviceErrorsFixture';

const mapper = new DiagnosticMapper(FAULTS_JSONC);
const entries: ValidationErrorEntry[] = validateReport(JSON.parse(jsoncToJson(FAULTS_JSONC).body));

function find(type: string, locText: string): { marked: string; exact: boolean; message: string } {
  const entry = entries.find((e) => e.type === type && JSON.stringify(e.loc).includes(locText));
  assert.ok(
    entry,
    `the service emitted no ${type} at ${locText}; it emitted: ${entries.map((e) => `${e.type} ${JSON.stringify(e.loc)}`).join('; ')}`,
  );
  const d = mapper.fromValidationEntry(entry);
  return { marked: FAULTS_JSONC.slice(d.range.start, d.range.end), exact: d.exact, message: d.message };
}

/** [type, part of the loc (JSON), the text that must be marked]. */
const CASES: Array<[string, string, string]> = [
  ['string_type', '"options","report_title"', '42'],
  ['greater_than_equal', '"vertical_margin"', '-1'],
  ['less_than_equal', '"horizontal_margin"', '99'],
  ['literal_error', '"colour_theme"', '"nope"'],
  ['bool_parsing', '"landscape"', '"maybe"'],
  ['bool_type', '"enable_pagination"', '[]'],
  ['int_from_float', '"n_pages"', '2.5'],
  ['model_attributes_type', '"override_colour_theme"', '3'],
  ['url_parsing', '"webhooks",0,"url"', '"not a url"'],
  ['int_parsing', '"cover_page","components",0,"Text","options","inner_padding"', '"x"'],
  ['union_tag_invalid', '"cover_page","components",1]', '"Card"'],
  ['int_parsing', '"Section","options","columns"', '"three"'],
  ['string_type', '"Card","options","value","str"', '[1, 2]'],
  ['float_type', '"Card","options","value","float"', '[1, 2]'],
  ['missing', '"Row","components",0,"Card","options","value"', '"options"'],
  ['union_tag_invalid', '["body","components",1]', '"Sektion"'],
  ['union_tag_not_found', '["body","components",2]', '{ "options": { "text": "no type" } }'],
  ['string_type', '"dict[str,any]","content","str"', '[]'],
  ['float_parsing', '"col_width",1', '"wide"'],
  ['literal_error', '"rows_font_size"', '3'],
  ['less_than_equal', '"Text","options","inner_padding"', '99'],
  ['bool_parsing', '"markdown_format"', '"maybe"'],
  ['greater_than', '"radius"', '0'],
  ['int_type', '"Row","options","columns"', '[]'],
  ['list_type', '"SparkChart.Line","options","data"', '"x"'],
  ['literal_error', '"perc_change"', '"up"'],
  ['dict_type', '"PageBreak","options"', '5'],
  ['model_attributes_type', '["body","components",9]', '"not a component"'],
];

describe('loc → range for every error type the local service emits', () => {
  for (const [type, loc, marked] of CASES) {
    it(`${type} at …${loc}`, () => {
      const got = find(type, loc);
      assert.equal(got.marked, marked);
    });
  }

  it('every entry the service emitted for the fixture is mapped inside the document', () => {
    assert.ok(entries.length >= CASES.length);
    for (const e of entries) {
      const d = mapper.fromValidationEntry(e);
      assert.ok(d.range.end > d.range.start, `${e.type} ${JSON.stringify(e.loc)} maps to an empty range`);
    }
  });

  it('the missing option is named in the message and counts as exact', () => {
    const got = find('missing', '"Row","components",0,"Card","options","value"');
    assert.equal(got.message, 'Missing required option "value" in Card options');
    assert.equal(got.exact, true);
  });

  it('a plain-union suffix is marked but flagged inexact', () => {
    assert.equal(find('string_type', '"Card","options","value","str"').exact, false);
  });
});

describe('body-level entries of the service', () => {
  it('missing body → the start of the (empty) document', () => {
    const d = new DiagnosticMapper('').fromValidationEntry(MISSING_BODY);
    assert.deepEqual(
      [d.start, d.end],
      [
        { line: 0, character: 0 },
        { line: 0, character: 0 },
      ],
    );
  });

  it('a body that is not an object → the whole value', () => {
    const text = '"hello"';
    const d = new DiagnosticMapper(text).fromValidationEntry(notJsonEntry(text));
    assert.equal(text.slice(d.range.start, d.range.end), '"hello"');
  });

  it('value_error on cloud_storage of a preview → the cloud_storage value', () => {
    const text = '{"type": "Report", "config": {"cloud_storage": {"s3": "bucket"}}, "components": []}';
    const entry: ValidationErrorEntry = {
      type: 'value_error',
      loc: ['body', 'config', 'cloud_storage'],
      msg: 'Value error, cloud storage upload is not supported for previews',
      input: { s3: 'bucket' },
      ctx: { error: {} },
    };
    const d = new DiagnosticMapper(text).fromValidationEntry(entry);
    assert.equal(text.slice(d.range.start, d.range.end), '{"s3": "bucket"}');
    assert.equal(d.message, 'Value error, cloud storage upload is not supported for previews');
  });
});

describe("json_invalid from the service's Python-compatible decoder", () => {
  function decodeError(text: string): ValidationErrorEntry {
    const body = jsoncToJson(text).body;
    try {
      parsePythonJson(body);
    } catch (error) {
      assert.ok(error instanceof PythonJsonError);
      return { type: 'json_invalid', loc: ['body', error.pos], msg: 'JSON decode error', input: {}, ctx: { error: error.pythonMessage } };
    }
    throw new Error('the body decoded without error');
  }

  it('after comments, an emoji and CRLF line endings, marks the offending character', () => {
    const text = '{\r\n  // 😀 note\r\n  "title": "😀 é", /* c */\r\n  "n": 01\r\n}';
    const e = decodeError(text);
    const d = new DiagnosticMapper(text).fromValidationEntry(e);
    assert.equal(text.slice(d.range.start, d.range.end), '1');
    assert.deepEqual(d.start, { line: 3, character: 8 });
    assert.match(d.message, /^JSON decode error: /);
  });

  it('a missing comma after a trailing comment', () => {
    const text = '{"a": "😀" // c\n "b": 2}';
    const d = new DiagnosticMapper(text).fromValidationEntry(decodeError(text));
    assert.equal(d.start.line, 1);
    assert.equal(d.message, "JSON decode error: Expecting ',' delimiter");
  });
});
