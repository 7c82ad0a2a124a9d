import { strict as assert } from 'node:assert';
import type { LocSegment } from '../../../../src/core/api/types';
import { locToRange, SourceText } from '../../../../src/core/loc/locToRange';
import { REPORT_JSONC, positionOf } from './fixtures/locFixture';

const doc = new SourceText(REPORT_JSONC);

/** The text the loc marks. */
function marked(loc: LocSegment[], type?: string, source: SourceText = doc): string {
  const m = source.mapLoc(loc, type);
  return source.text.slice(m.range.start, m.range.end);
}

/** Asserts the mark is exactly the `occurrence`-th `needle` in the text. */
function assertMarks(loc: LocSegment[], needle: string, type?: string, occurrence = 0): void {
  const m = doc.mapLoc(loc, type);
  const at = positionOf(REPORT_JSONC, needle, occurrence);
  assert.equal(REPORT_JSONC.slice(m.range.start, m.range.end), needle);
  assert.equal(m.range.start, at.offset, `expected occurrence ${occurrence} of ${needle}`);
}

describe('loc → range: tagged unions and nesting', () => {
  it('skips the tag after an index (Section options)', () => {
    assertMarks(['body', 'components', 0, 'Section', 'options', 'columns'], '"three"', 'int_parsing');
  });

  it('follows a nested container: Section → Card', () => {
    assertMarks(['body', 'components', 0, 'Section', 'components', 0, 'Card', 'options', 'title'], '"Views"', 'string_type');
  });

  it('follows three levels: Section → Row → Card', () => {
    const loc = ['body', 'components', 0, 'Section', 'components', 1, 'Row', 'components', 0, 'Card', 'options', 'title'];
    assertMarks(loc, '"x"', 'string_type');
  });

  it('plain-union suffix "str" stops at the deepest existing node', () => {
    const m = doc.mapLoc(['body', 'components', 0, 'Section', 'components', 0, 'Card', 'options', 'value', 'str'], 'string_type');
    assert.equal(REPORT_JSONC.slice(m.range.start, m.range.end), '[1, 2]');
    assert.equal(m.exact, false);
    assert.deepEqual(m.rest, ['str']);
  });

  it('plain-union suffix "float" marks the same node', () => {
    const a = doc.mapLoc(['body', 'components', 0, 'Section', 'components', 0, 'Card', 'options', 'value', 'str']);
    const b = doc.mapLoc(['body', 'components', 0, 'Section', 'components', 0, 'Card', 'options', 'value', 'float']);
    assert.deepEqual(a.range, b.range);
  });

  it('skips a union member model name (TableCell) when the next segment resolves', () => {
    const m = doc.mapLoc(['body', 'components', 3, 'Table', 'options', 'rows', 0, 1, 'TableCell', 'content'], 'string_type');
    assert.equal(m.range.start, positionOf(REPORT_JSONC, '{"content": 1}').offset + '{"content": '.length);
    assert.equal(m.range.end - m.range.start, 1);
    assert.deepEqual(m.path.slice(-4), ['rows', 0, 1, 'content']);
  });

  it('a union member suffix on an object cell marks the cell', () => {
    assert.equal(marked(['body', 'components', 3, 'Table', 'options', 'rows', 0, 1, 'str'], 'string_type'), '{"content": 1}');
  });

  it('a list member suffix after an index marks the element', () => {
    assertMarks(['body', 'components', 3, 'Table', 'options', 'col_width', 1, 'float'], '"wide"', 'float_parsing');
  });

  it('reports the component type on the path', () => {
    const m = doc.mapLoc(['body', 'components', 0, 'Section', 'components', 0, 'Card', 'options', 'title']);
    assert.equal(m.componentType, 'Card');
    assert.deepEqual(m.path, ['components', 0, 'components', 0, 'options', 'title']);
  });

  it('a short object of the wrong type is marked whole', () => {
    assert.equal(marked(['body', 'components', 3, 'Table', 'options', 'rows', 0], 'list_type'), '["a", {"content": 1}]');
  });

  it('a long object is marked by its key', () => {
    assertMarks(['body', 'cover_page'], '"cover_page"', 'model_attributes_type');
  });
});

describe('loc → range: the cover page', () => {
  it('cover page Text option', () => {
    assertMarks(['body', 'cover_page', 'components', 0, 'Text', 'options', 'text'], '12', 'string_type');
  });

  it('cover page Row → Image', () => {
    const loc = ['body', 'cover_page', 'components', 1, 'Row', 'components', 0, 'Image', 'options', 'image_url'];
    assertMarks(loc, 'null', 'string_type');
  });

  it('cover page field', () => {
    assertMarks(['body', 'cover_page', 'bg_color'], '"accent"', 'literal_error');
  });

  it('missing option on a cover page component marks its options key', () => {
    const loc = ['body', 'cover_page', 'components', 1, 'Row', 'components', 0, 'Image', 'options', 'caption'];
    assertMarks(loc, '"options"', 'missing', 3);
  });

  it('index past the end of the cover page components marks that array', () => {
    const m = doc.mapLoc(['body', 'cover_page', 'components', 7, 'Text', 'options', 'text'], 'string_type');
    assert.equal(m.target, 'array');
    assert.equal(m.range.start, positionOf(REPORT_JSONC, '"components"', 0).offset);
  });
});

describe('loc → range: report options and config', () => {
  it('less_than_equal on a report margin', () => assertMarks(['body', 'options', 'vertical_margin'], '40', 'less_than_equal'));
  it('literal_error on the colour theme', () => assertMarks(['body', 'config', 'colour_theme'], '"nope"', 'literal_error'));
  it('int_from_float on n_pages', () => assertMarks(['body', 'config', 'n_pages'], '2.5', 'int_from_float'));
  it('string_type inside a webhook', () => assertMarks(['body', 'config', 'webhooks', 0, 'url'], '5', 'string_type', 1));
  it('bool_parsing', () => assertMarks(['body', 'components', 4, 'Text', 'options', 'markdown_format'], '"maybe"', 'bool_parsing'));
  it('less_than_equal on inner_padding', () =>
    assertMarks(['body', 'components', 4, 'Text', 'options', 'inner_padding'], '99', 'less_than_equal'));
  it('extra_forbidden marks the key, not the value', () =>
    assertMarks(['body', 'options', 'vertical_margin'], '"vertical_margin"', 'extra_forbidden'));
});

describe('loc → range: missing', () => {
  it('marks the key of the object that lacks the field', () => {
    const m = doc.mapLoc(['body', 'components', 0, 'Section', 'options', 'section_title'], 'missing');
    assert.equal(REPORT_JSONC.slice(m.range.start, m.range.end), '"options"');
    assert.equal(m.range.start, positionOf(REPORT_JSONC, '"options"', 4).offset);
    assert.deepEqual(m.rest, ['section_title']);
    assert.equal(m.componentType, 'Section');
  });

  it('a component without options (array element) marks its type property', () => {
    assert.equal(marked(['body', 'components', 0, 'Section', 'components', 1, 'Row', 'options'], 'missing'), '"type": "Row"');
  });

  it('a nested Card lacking value marks that Card options key', () => {
    const loc = ['body', 'components', 0, 'Section', 'components', 1, 'Row', 'components', 0, 'Card', 'options', 'value'];
    assertMarks(loc, '"options"', 'missing', 6);
  });

  it('a report without components marks the report type', () => {
    const src = new SourceText('{\n  "type": "Report",\n  "options": {"report_title": "x"}\n}');
    assert.equal(marked(['body', 'components'], 'missing', src), '"type": "Report"');
  });

  it('report options lacking the title mark "options"', () => {
    const src = new SourceText('{"type": "Report", "options": {"report_byline": "b"}, "components": []}');
    assert.equal(marked(['body', 'options', 'report_title'], 'missing', src), '"options"');
  });

  it('missing body marks the start of the document', () => {
    const src = new SourceText('');
    const m = src.mapLoc(['body'], 'missing');
    assert.deepEqual(m.range, { start: 0, end: 0 });
  });

  it('a field that was added after sending still marks its object', () => {
    assertMarks(['body', 'config', 'colour_theme'], '"config"', 'missing');
  });
});

describe('loc → range: unions, indexes and odd locs', () => {
  it('union_tag_invalid marks the wrong type value', () => assertMarks(['body', 'components', 1], '"Sektion"', 'union_tag_invalid'));

  it('union_tag_not_found marks the component without type', () => {
    assert.equal(marked(['body', 'components', 2], 'union_tag_not_found'), '{ "options": { "text": "no type" } }');
  });

  it('an index past the end marks the array key', () => {
    const m = doc.mapLoc(['body', 'components', 9, 'Card', 'options', 'title'], 'string_type');
    assert.equal(m.target, 'array');
    assert.equal(m.stop, 'index-past-end');
    assert.equal(m.range.start, positionOf(REPORT_JSONC, '"components"', 2).offset);
  });

  it('an index past the end of a nested array marks that nested array', () => {
    const m = doc.mapLoc(['body', 'components', 0, 'Section', 'components', 5], 'union_tag_not_found');
    assert.equal(m.range.start, positionOf(REPORT_JSONC, '"components"', 3).offset);
  });

  it('an index past the end of a root array marks its bracket', () => {
    const src = new SourceText('[1, 2]');
    assert.equal(marked(['body', 4], 'int_type', src), '[');
  });

  it('a loc outside the body (query parameter) marks the document start', () => {
    const m = doc.mapLoc(['query', 'task_id'], 'missing');
    assert.equal(m.target, 'document');
    assert.deepEqual(m.range, { start: 0, end: 0 });
  });

  it('["body"] with model_attributes_type on a primitive body marks it', () => {
    assert.equal(marked(['body'], 'model_attributes_type', new SourceText('"just a string"')), '"just a string"');
  });

  it('duplicate keys: the last one wins, as in JSON.parse', () => {
    const src = new SourceText('{"type": "Report", "config": {"n_pages": 1, "n_pages": 2.5}}');
    assert.equal(marked(['body', 'config', 'n_pages'], 'int_from_float', src), '2.5');
  });

  it('locToRange() is the one-shot form of SourceText.mapLoc', () => {
    assert.deepEqual(locToRange(REPORT_JSONC, ['body', 'config', 'n_pages']), doc.mapLoc(['body', 'config', 'n_pages']));
  });

  it('a text cut off inside a comment: the range stays inside the text (found by fuzzing)', () => {
    const text = '{"type": "Report", "C": [\n  {\n    "a": [\n      true,\n      /*';
    const m = new SourceText(text).mapLoc(['body', 'C', 0, 'x'], 'model_attributes_type');
    assert.ok(m.range.start >= 0 && m.range.start <= m.range.end && m.range.end <= text.length, JSON.stringify(m.range));
    assert.equal(m.range.start, text.indexOf('{\n    "a"'));
  });
});
