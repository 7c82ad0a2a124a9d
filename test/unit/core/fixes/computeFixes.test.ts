import { strict as assert } from 'node:assert';
import { applyEdits } from 'jsonc-parser';
import { computeFixes, problemFromEntry, problemsFromValidation } from '../../../../src/core/fixes';
import type { FixableProblem, QuickFix } from '../../../../src/core/fixes';
import { valueSnippet } from '../../../../src/core/fixes/snippetPlaceholder';
import { expandSnippetDefaults } from '../../../../src/core/snippets/snippetText';
import { SourceText } from '../../../../src/core/loc/locToRange';
import { validateReport } from '../../../../src/service/validation/reportValidator';
import { parse } from 'jsonc-parser';
import { reportSchemaIndex } from '../../../../src/core/schema/reportSchema';

const SCHEMA = reportSchemaIndex();

/** The fixes of every strict (editor) problem of the text, in document order. */
function editorFixes(text: string): { problem: FixableProblem; fixes: QuickFix[] }[] {
  return problemsFromValidation(SCHEMA, text, 'strict').map((problem) => ({ problem, fixes: computeFixes(SCHEMA, text, problem) }));
}

/** The fixes of every 422 entry the local service's validator gives for the text. */
function serviceFixes(text: string): { problem: FixableProblem | undefined; fixes: QuickFix[] }[] {
  const source = new SourceText(text);
  return validateReport(parse(text)).map((entry) => {
    const problem = problemFromEntry(SCHEMA, source, entry);
    return { problem, fixes: problem ? computeFixes(SCHEMA, text, problem) : [] };
  });
}

const apply = (text: string, fix: QuickFix) => applyEdits(text, [fix.edit]);
const titles = (fixes: QuickFix[]) => fixes.map((f) => `${f.preferred ? '* ' : ''}${f.title}`);

const report = (components: string, extra = '') => `{
  "type": "Report",
  "options": { "report_title": "T" },${extra}
  "components": ${components}
}`;

describe('fixes: add a missing required option', () => {
  it("inserts it in the document's indentation with a placeholder from the snippet", () => {
    const text = report(`[
    {
      "type": "Card",
      "options": {
        "title": "Views"
      }
    }
  ]`);
    const [{ fixes }] = editorFixes(text);
    assert.deepEqual(titles(fixes), ['* Add missing option "value": 0']);
    assert.equal(apply(text, fixes[0]), text.replace('"title": "Views"\n', '"title": "Views",\n        "value": 0\n'));
    // Minimal edit: only the inserted text, nothing else rewritten.
    assert.deepEqual(fixes[0].edit, { offset: text.indexOf('"Views"') + 7, length: 0, content: ',\n        "value": 0' });
    // In the editor the same valid 0 is a selected tab stop (issue 30: a type name left there was invalid JSON).
    assert.deepEqual(fixes[0].snippet, { offset: text.indexOf('"Views"') + 7, length: 0, content: ',\n        "value": ${1:0}' });
  });

  it('the snippet is shaped by the schema: a string selected inside its quotes, a choice of enum values, a default kept', () => {
    const text = report('[\n    { "type": "Card", "options": { "value": 3 } }\n  ]');
    const [{ fixes }] = editorFixes(text);
    assert.equal(fixes[0].title, 'Add missing option "title": "Title"');
    const { offset, length, content } = fixes[0].snippet!;
    assert.match(content, /"\$\{1:Title\}"/);
    const expanded = text.slice(0, offset) + expandSnippetDefaults(content) + text.slice(offset + length);
    assert.equal(expanded, apply(text, fixes[0]), 'its placeholder left as it is, the snippet gives the fixed text');
    assert.equal(valueSnippet('b', { enum: ['a', 'b', 'c|d'] }), '${1|"b","a","c\\|d"|}');
    assert.equal(valueSnippet(false, { type: 'boolean' }), '${1|false,true|}');
    assert.equal(valueSnippet(8, { type: 'integer', default: 8 }), '${1:8}');
    assert.equal(valueSnippet(0, { type: 'integer' }), '${1:0}');
    assert.equal(valueSnippet('', { type: 'string' }), '"$1"');
    assert.equal(valueSnippet([], { type: 'array' }), '${1:[]}');
    assert.equal(valueSnippet('a $1 {x}', { type: 'string' }), '"${1:a \\$1 {x\\}}"');
    assert.equal(valueSnippet([1], { type: 'array' }), undefined, 'lists with items and objects are inserted as they are');
  });

  it('keeps a one-line object on one line, tabs and CRLF, and comments', () => {
    const inline = report('[ { "type": "Card", "options": { "title": "Views" } } ]');
    assert.ok(apply(inline, editorFixes(inline)[0].fixes[0]).includes('{ "title": "Views", "value": 0 }'));
    const card = (inner: string) =>
      `{\r\n\t"type": "Report",\r\n\t"options": {},\r\n\t"components": [\r\n\t\t{\r\n\t\t\t"type": "Card",\r\n\t\t\t"options": {\r\n\t\t\t\t// figure\r\n\t\t\t\t${inner}, // trailing comma next\r\n\t\t\t},\r\n\t\t},\r\n\t],\r\n}`;
    const jsonc = card('"title": "Views"');
    const [{ fixes }] = editorFixes(jsonc);
    assert.equal(fixes[0].title, 'Add missing option "value": 0');
    assert.equal(apply(jsonc, fixes[0]), card('"title": "Views",\r\n\t\t\t\t"value": 0'));
  });

  it('adds a whole missing "options" object, required options filled', () => {
    const text = report('[\n    { "type": "Spacer" }\n  ]');
    const [{ fixes }] = editorFixes(text);
    assert.deepEqual(titles(fixes), ['* Add missing field "options": {"space":4}']);
    assert.ok(apply(text, fixes[0]).includes('{ "type": "Spacer", "options": { "space": 4 } }'));
  });

  it('offers renaming a near-miss key instead, as the preferred fix', () => {
    const text = '{\n  "type": "Report",\n  "options": { "report_title": "T" },\n  "component": []\n}';
    const missing = editorFixes(text).find((f) => f.problem.kind === 'missing');
    assert.deepEqual(titles(missing!.fixes), ['* Rename "component" to "components"', 'Add missing field "components": []']);
    assert.equal(apply(text, missing!.fixes[0]), text.replace('"component"', '"components"'));
  });
});

describe('fixes: invalid values', () => {
  it('replaces an enum value by the closest valid one; preferred only when clear', () => {
    const text = report('[]', '\n  "config": { "colour_theme": "Forest", "typography_theme": "comic" },');
    const [theme, typography] = editorFixes(text);
    assert.deepEqual(titles(theme.fixes)[0], '* Replace "Forest" with "forest"');
    assert.ok(typography.fixes.length > 0 && typography.fixes.every((f) => !f.preferred), 'no clear winner for "comic"');
    assert.ok(apply(text, theme.fixes[0]).includes('"colour_theme": "forest"'));
  });

  it('changes a misspelt component type, but never to a type that breaks its options', () => {
    const text = report('[ { "type": "Sektion", "options": { "section_title": "KPIs" }, "components": [] } ]');
    assert.deepEqual(titles(editorFixes(text)[0].fixes), ['* Change type "Sektion" to "Section"']);
    const cover = report('[]', '\n  "cover_page": { "components": [ { "type": "Table", "options": { "rows": [["a"]] } } ] },');
    const [tag] = editorFixes(cover);
    assert.equal(tag.problem.kind, 'unknown-tag');
    assert.deepEqual(tag.fixes, [], 'Text/Image would not accept "rows"');
  });

  it('infers the type of a component without one from its options', () => {
    const card = report('[ { "options": { "title": "Views", "value": 3 } } ]');
    const [{ fixes }] = editorFixes(card);
    assert.deepEqual(titles(fixes), ['* Add "type": "Card"']);
    assert.ok(apply(card, fixes[0]).includes('{ "type": "Card", "options"'));
    const spacer = report('[ { "options": { "space": 4 } } ]');
    // Two types take exactly these options: both offered, neither preferred.
    assert.deepEqual(titles(editorFixes(spacer)[0].fixes), ['Add "type": "VerticalSpacer"', 'Add "type": "Spacer"']);
  });

  it('converts trivially convertible values and clamps out-of-range numbers', () => {
    const text = report(
      '[ { "type": "Section", "options": { "section_title": 2024, "columns": "3", "vertical_margin": 40 }, "components": [] } ]',
    );
    const all = editorFixes(text).flatMap((f) => titles(f.fixes));
    assert.deepEqual(all, ['* Convert 2024 to the string "2024"', '* Convert "3" to the number 3', '* Set to 32 (the maximum)']);
  });

  it('wraps an object given where a list is expected', () => {
    const text = report('[]', '\n  "cover_page": { "components": { "type": "Text", "options": { "text": "Hi" } } },');
    const [{ fixes }] = editorFixes(text);
    assert.deepEqual(titles(fixes), ['* Wrap the object in a list']);
    assert.deepEqual(parse(apply(text, fixes[0])).cover_page.components, [{ type: 'Text', options: { text: 'Hi' } }]);
  });
});

describe('fixes: unknown options (the editor\'s "Property x is not allowed")', () => {
  it('renames to the closest known option (preferred) or removes it', () => {
    const text = report('[]', '\n  "config": { "colour_them": "forest" },');
    const [{ fixes }] = editorFixes(text);
    assert.deepEqual(titles(fixes), ['* Rename "colour_them" to "colour_theme"', 'Remove unknown field "colour_them"']);
    assert.equal(parse(apply(text, fixes[1])).config && Object.keys(parse(apply(text, fixes[1])).config).length, 0);
  });

  it('only removes when nothing is close, and never renames onto an existing key', () => {
    const text = report('[ { "type": "Card", "options": { "title": "a", "value": 1, "subtitle": "b", "titel": "c" } } ]');
    const byName = Object.fromEntries(editorFixes(text).map((f) => [f.problem.name, titles(f.fixes)]));
    assert.deepEqual(byName.subtitle, ['Remove unknown option "subtitle"']);
    assert.deepEqual(byName.titel, ['Remove unknown option "titel"'], '"title" is already there');
    assert.equal(apply(text, editorFixes(text)[0].fixes[0]).includes('"subtitle"'), false);
  });
});

describe("fixes: from the service's 422 entries (lenient rules)", () => {
  it('gives the same repairs for the pydantic error types', () => {
    const text = report(
      '[ { "type": "Row", "options": { "columns": 2.5 }, "components": [ { "type": "Card", "options": { "title": "x", "value": 1, "width": "6/8" } } ] } ]',
    );
    const found = serviceFixes(text);
    assert.deepEqual(
      found.map((f) => f.problem?.type),
      ['int_from_float', 'literal_error'],
    );
    assert.deepEqual(titles(found[0].fixes), ['Round 2.5 to 3', 'Truncate 2.5 to 2']);
    assert.deepEqual(titles(found[1].fixes), ['* Replace "6/8" with "3/4"', 'Replace "6/8" with "9/12"', 'Replace "6/8" with "6/6"']);
  });

  it('unknown options and lax strings are no problem for the service', () => {
    const text = report(
      '[ { "type": "Section", "options": { "section_title": "a", "columns": "3", "subtitle": "x" }, "components": [] } ]',
    );
    assert.deepEqual(serviceFixes(text), []);
    // (Our lenient schema does not model pydantic's lax coercion of "3"; the service's translator does.)
    assert.deepEqual(
      problemsFromValidation(SCHEMA, text, 'lenient').map((p) => p.kind),
      ['type'],
    );
    assert.deepEqual(
      problemsFromValidation(SCHEMA, text, 'strict')
        .map((p) => p.kind)
        .sort(),
      ['type', 'unknown-key'],
    );
  });

  it('offers nothing while the JSON does not parse', () => {
    const text = report('[ { "type": "Card", "options": { "title": "a" } } ]');
    const problem = problemFromEntry(SCHEMA, new SourceText(text), {
      type: 'missing',
      loc: ['body', 'components', 0, 'Card', 'options', 'value'],
      msg: 'Field required',
      input: {},
    });
    assert.ok(problem);
    assert.equal(computeFixes(SCHEMA, text, problem).length, 1);
    // The user is mid-edit: a stray brace at the end.
    assert.deepEqual(computeFixes(SCHEMA, `${text} }`, problem), []);
  });
});
