import { strict as assert } from 'node:assert';
import { parse } from 'jsonc-parser';
import { DiagnosticMapper } from '../../../../src/core/loc/diagnostics';
import { parsePointer as pointerToSegments } from '../../../../src/core/loc/jsonPointer';
import { mapSchemaErrors } from '../../../../src/core/loc/schemaErrors';
import { reportSchemaIndex } from '../../../../src/core/schema/reportSchema';

const SCHEMA = reportSchemaIndex();

const validator = SCHEMA.validator('strict');

function check(text: string): Array<{ at: string; marked: string; message: string }> {
  const mapper = new DiagnosticMapper(text);
  return mapSchemaErrors(mapper, validator.validate(parse(text))).map((d) => ({
    at: `${d.start.line + 1}:${d.start.character + 1}`,
    marked: text.slice(d.range.start, d.range.end),
    message: d.message,
  }));
}

describe('schema errors (JSON pointers) → diagnostics', () => {
  it('decodes ~0 and ~1 in pointers', () => {
    assert.deepEqual(pointerToSegments('/a~1b/c~0d/0'), ['a/b', 'c~d', '0']);
    assert.deepEqual(pointerToSegments(''), []);
  });

  it('a valid report gives no diagnostics', () => {
    assert.deepEqual(check('{"type": "Report", "options": {"report_title": "ok"}, "components": []}'), []);
  });

  it('required → marks the options key and names the option', () => {
    const text =
      '{\n  "type": "Report", "options": {"report_title": "t"},\n  "components": [\n    { "type": "Section", "options": { "columns": 2 } }\n  ]\n}';
    const [d] = check(text);
    assert.deepEqual(d, { at: '4:26', marked: '"options"', message: 'Missing required option "section_title" in Section options' });
  });

  it('additionalProperties → marks the unknown key', () => {
    const text = '{"type": "Report", /* c */ "options": {"report_title": "t", "bogus": 1,}, "components": []}';
    const [d] = check(text);
    assert.equal(d.marked, '"bogus"');
    assert.equal(d.message, 'Unknown option "bogus" in the report options');
  });

  it('type and enum errors mark the value and say what was found, in the words of the service entry for the same mistake', () => {
    const text =
      '{"type": "Report", "options": {"report_title": "t"}, "config": {"colour_theme": "nope"}, "components": [{"type": "Card", "options": {"title": 3, "value": 1}}]}';
    const ds = check(text);
    assert.equal(ds.length, 2);
    assert.equal(ds[0].marked, '"nope"');
    assert.match(ds[0].message, /^"colour_theme" should be "default", "summer", .*, … 14 in all, got "nope"$/);
    assert.equal(ds[1].marked, '3');
    assert.equal(ds[1].message, '"title" should be text in quotes, got 3');
  });

  it('a misspelt component type reads as the service says it; a number over its maximum too', () => {
    const ds = check(
      '{"type": "Report", "options": {"report_title": "t", "vertical_margin": 99}, "components": [{"type": "Crad", "options": {}}]}',
    );
    assert.deepEqual(
      ds.map((d) => [d.marked, d.message]),
      [
        ['99', '"vertical_margin" should be at most 32, got 99'],
        ['"Crad"', 'Unknown component type "Crad"; the types are "Section", "Row", "Card", "Text", "Table", "Image", … 21 in all'],
      ],
    );
  });

  it('Image without image_url or base64 → one line naming both', () => {
    const ds = check('{"type": "Report", "options": {"report_title": "t"}, "components": [{"type": "Image", "options": {}}]}');
    assert.equal(ds.length, 1);
    assert.equal(ds[0].message, 'Missing required option in Image options: one of "image_url", "base64"');
  });

  it('the report without options → marks the report type', () => {
    const [d] = check('{\n  "type": "Report",\n  "components": []\n}');
    assert.deepEqual(d, { at: '2:3', marked: '"type": "Report"', message: 'Missing required field "options" in the report' });
  });

  it('a component without type in a nested container', () => {
    const text = '{"type": "Report", "options": {"report_title": "t"}, "components": [{"type": "Row", "components": [{"options": {}}]}]}';
    const ds = check(text);
    assert.ok(
      ds.some((d) => d.message === 'Missing required field "type" in components[0].components[0]' && d.marked === '{"options": {}}'),
    );
  });
});
