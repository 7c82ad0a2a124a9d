import { strict as assert } from 'node:assert';
import { problemFromEntry, problemMatchesRange, problemsFromValidation } from '../../../../src/core/fixes';
import { SourceText } from '../../../../src/core/loc/locToRange';
import { jsonDiagnostics } from '../schema/jsonLanguageService';
import { reportSchemaIndex } from '../../../../src/core/schema/reportSchema';

const SCHEMA = reportSchemaIndex();

const TEXT = `{
  "type": "Report",
  "options": { "report_title": "Ops" },
  "cover_page": { "components": [ { "type": "Row", "options": {}, "components": [ { "type": "Txt", "options": { "text": "x" } } ] } ] },
  "components": [
    { "options": { "title": "Views", "value": 3 } },
    { "type": "Section", "options": { "section_title": "S", "columns": 2.5, "icon": "truk" }, "components": [] }
  ]
}`;
const source = new SourceText(TEXT);
const at = (needle: string) => ({ start: TEXT.indexOf(needle), end: TEXT.indexOf(needle) + needle.length });

describe('fixes: problems from both checkers', () => {
  it('a 422 `missing` names the object that lacks the field', () => {
    const title = problemFromEntry(SCHEMA, new SourceText(TEXT.replace('"section_title": "S", ', '')), {
      type: 'missing',
      loc: ['body', 'components', 1, 'Section', 'options', 'section_title'],
      msg: 'Field required',
      input: {},
    });
    assert.deepEqual([title?.kind, title?.name, title?.path], ['missing', 'section_title', ['components', 1, 'options']]);
  });

  it('tags: union_tag_invalid inside a cover-page Row, union_tag_not_found in the body', () => {
    const bad = problemFromEntry(SCHEMA, source, {
      type: 'union_tag_invalid',
      loc: ['body', 'cover_page', 'components', 0, 'Row', 'components', 0],
      msg: '',
      input: {},
      ctx: { tag: 'Txt' },
    });
    assert.equal(bad?.kind, 'unknown-tag');
    assert.deepEqual(bad?.allowed, ['Row', 'Text', 'Image', 'VerticalSpacer']);
    const none = problemFromEntry(SCHEMA, source, { type: 'union_tag_not_found', loc: ['body', 'components', 0], msg: '', input: {} });
    assert.deepEqual([none?.kind, none?.path], ['missing-tag', ['components', 0]]);
  });

  it('pydantic types become expected JSON types from the schema (int_from_float → integer or null)', () => {
    const p = problemFromEntry(SCHEMA, source, {
      type: 'int_from_float',
      loc: ['body', 'components', 1, 'Section', 'options', 'columns'],
      msg: '',
      input: 2.5,
    });
    assert.deepEqual([p?.kind, p?.expected], ['type', ['integer', 'null']]);
    assert.deepEqual(p?.range, at('2.5'));
  });

  it('an entry whose node changed meanwhile yields no problem', () => {
    const p = problemFromEntry(SCHEMA, source, {
      type: 'string_type',
      loc: ['body', 'components', 1, 'Section', 'options', 'section_title', 'str'],
      msg: '',
      input: 7,
    });
    assert.equal(p, undefined);
  });

  it('strict problems sit where the JSON language service puts its diagnostics', async () => {
    const problems = problemsFromValidation(SCHEMA, TEXT, 'strict');
    const diagnostics = await jsonDiagnostics(TEXT);
    assert.equal(diagnostics.length, 4, JSON.stringify(diagnostics));
    for (const d of diagnostics) {
      const matched = problems.filter((p) => problemMatchesRange(p, d));
      assert.ok(matched.length > 0, `no problem matches "${d.message}" at ${JSON.stringify(TEXT.slice(d.start, d.end))}`);
    }
    // "Missing property type" marks the object's opening brace, not a key.
    const missingType = diagnostics.find((d) => TEXT.slice(d.start, d.end) === '{' && d.start > TEXT.indexOf('"components": ['));
    assert.ok(missingType);
    assert.deepEqual(
      problems.filter((p) => problemMatchesRange(p, missingType)).map((p) => p.kind),
      ['missing-tag'],
    );
  });
});
