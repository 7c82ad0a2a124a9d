import { strict as assert } from 'node:assert';
import type { ValidationErrorEntry } from '../../../../src/core/api/types';
import { mapValidationErrors } from '../../../../src/core/loc/diagnostics';
import { jsoncToJson, utf16ToCodePointOffset } from '../../../../src/core/loc/jsoncText';
import { REPORT_JSONC, positionOf } from './fixtures/locFixture';

function entry(
  type: string,
  loc: ValidationErrorEntry['loc'],
  msg: string,
  input: unknown = null,
  ctx?: Record<string, unknown>,
): ValidationErrorEntry {
  return { type, loc, msg, input, ...(ctx ? { ctx } : {}) };
}

/** What Python's json.loads reports: a code-point offset into the body that was sent. */
function pythonOffset(body: string, utf16Index: number): number {
  return utf16ToCodePointOffset(body, utf16Index);
}

describe('422 entries → diagnostics', () => {
  it('missing names the option and the component', () => {
    const [d] = mapValidationErrors(REPORT_JSONC, [
      entry('missing', ['body', 'components', 0, 'Section', 'options', 'section_title'], 'Field required', { columns: 'three' }),
    ]);
    assert.equal(d.message, 'Missing required option "section_title" in Section options');
    assert.equal(d.path, 'components[0].options.section_title');
    const at = positionOf(REPORT_JSONC, '"options"', 4);
    assert.deepEqual(d.start, { line: at.line, character: at.character });
  });

  it('missing on the report itself says "field"', () => {
    const [d] = mapValidationErrors('{"type": "Report"}', [entry('missing', ['body', 'components'], 'Field required', { type: 'Report' })]);
    assert.equal(d.message, 'Missing required field "components" in the report');
  });

  it('missing report option', () => {
    const [d] = mapValidationErrors('{"type": "Report", "options": {}, "components": []}', [
      entry('missing', ['body', 'options', 'report_title'], 'Field required', {}),
    ]);
    assert.equal(d.message, 'Missing required option "report_title" in the report options');
  });

  it('a primitive input is quoted after the message, in plain words', () => {
    const [d] = mapValidationErrors(REPORT_JSONC, [
      entry('literal_error', ['body', 'config', 'colour_theme'], "Input should be 'default', 'summer' or 'forest'", 'nope', {
        expected: "'default', 'summer' or 'forest'",
      }),
    ]);
    assert.equal(d.message, `"colour_theme" should be "default", "summer" or "forest", got "nope"`);
    assert.equal(d.type, 'literal_error');
    assert.equal(d.path, 'config.colour_theme');
  });

  it('union_tag_invalid says the component type is unknown, not which tag the discriminator found', () => {
    const msg = "Input tag 'Sektion' found using 'type' does not match any of the expected tags: 'Section', 'Row'";
    const [d] = mapValidationErrors(REPORT_JSONC, [
      entry(
        'union_tag_invalid',
        ['body', 'components', 1],
        msg,
        { type: 'Sektion' },
        { tag: 'Sektion', expected_tags: "'Section', 'Row'" },
      ),
    ]);
    assert.equal(d.message, 'Unknown component type "Sektion"; the types are "Section" or "Row"');
    assert.equal(REPORT_JSONC.slice(d.range.start, d.range.end), '"Sektion"');
  });

  it('keeps document order and one diagnostic per entry', () => {
    const ds = mapValidationErrors(REPORT_JSONC, [
      entry('less_than_equal', ['body', 'options', 'vertical_margin'], 'Input should be less than or equal to 32', 40, { le: 32 }),
      entry('int_from_float', ['body', 'config', 'n_pages'], 'Input should be a valid integer, got a number with a fractional part', 2.5),
    ]);
    assert.equal(ds.length, 2);
    assert.ok(ds[0].range.start < ds[1].range.start);
    assert.equal(ds[0].message, '"vertical_margin" should be at most 32, got 40');
    assert.equal(ds[1].message, '"n_pages" should be a whole number, got 2.5');
  });

  it('columns count UTF-16 units after non-ASCII text on the same line', () => {
    const [d] = mapValidationErrors(REPORT_JSONC, [
      entry(
        'less_than_equal',
        ['body', 'components', 4, 'Text', 'options', 'inner_padding'],
        'Input should be less than or equal to 17',
        99,
      ),
    ]);
    const at = positionOf(REPORT_JSONC, '99');
    assert.deepEqual(d.start, { line: at.line, character: at.character });
  });

  it('CRLF line endings give the same lines as LF', () => {
    const crlf = REPORT_JSONC.replace(/\n/g, '\r\n');
    const loc = ['body', 'components', 0, 'Section', 'components', 0, 'Card', 'options', 'title'];
    const [lf] = mapValidationErrors(REPORT_JSONC, [entry('string_type', loc, 'Input should be a valid string', 'Views')]);
    const [cr] = mapValidationErrors(crlf, [entry('string_type', loc, 'Input should be a valid string', 'Views')]);
    assert.deepEqual(cr.start, lf.start);
    assert.equal(crlf.slice(cr.range.start, cr.range.end), '"Views"');
  });
});

describe('json_invalid offsets', () => {
  it('maps an offset in the stripped body back past comments before it', () => {
    const text = '{\n  // the title\n  "type": "Report", /* c */\n  "components": [1,,2]\n}';
    const body = jsoncToJson(text).body;
    const pos = pythonOffset(body, body.indexOf(',,') + 1);
    const [d] = mapValidationErrors(text, [entry('json_invalid', ['body', pos], 'JSON decode error', {}, { error: 'Expecting value' })]);
    assert.equal(d.range.start, text.indexOf(',,') + 1);
    assert.equal(d.message, 'JSON decode error: Expecting value');
    assert.deepEqual(d.start, { line: 3, character: text.split('\n')[3].indexOf(',,') + 1 });
  });

  it('counts code points: an emoji before the error', () => {
    const text = '{"title": "😀😀", /* note */ "b": }';
    const body = jsoncToJson(text).body;
    const pos = pythonOffset(body, body.lastIndexOf('}'));
    assert.equal(pos, body.lastIndexOf('}') - 2);
    const [d] = mapValidationErrors(text, [entry('json_invalid', ['body', pos], 'JSON decode error', {}, { error: 'Expecting value' })]);
    assert.equal(d.range.start, text.lastIndexOf('}'));
  });

  it('with CRLF line endings', () => {
    const text = '{\r\n  // c\r\n  "type": "Report"\r\n  "components": []\r\n}';
    const body = jsoncToJson(text).body;
    const pos = pythonOffset(body, body.indexOf('"components"'));
    const [d] = mapValidationErrors(text, [
      entry('json_invalid', ['body', pos], 'JSON decode error', {}, { error: "Expecting ',' delimiter" }),
    ]);
    assert.deepEqual(d.start, { line: 3, character: 2 });
  });

  it('at the end of the body (unterminated document)', () => {
    const text = '{"type": "Report", // more to come\n';
    const body = jsoncToJson(text).body;
    const [d] = mapValidationErrors(text, [
      entry(
        'json_invalid',
        ['body', pythonOffset(body, body.length)],
        'JSON decode error',
        {},
        { error: 'Expecting property name enclosed in double quotes' },
      ),
    ]);
    assert.equal(d.range.start, text.length);
    assert.deepEqual(d.start, { line: 1, character: 0 });
  });

  it('at offset 0 of an empty-looking body', () => {
    const [d] = mapValidationErrors('  // nothing\n', [
      entry('json_invalid', ['body', 0], 'JSON decode error', {}, { error: 'Expecting value' }),
    ]);
    assert.equal(d.start.line, 0);
  });
});
