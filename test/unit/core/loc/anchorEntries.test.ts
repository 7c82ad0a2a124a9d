import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyEdits, parse } from 'jsonc-parser';
import { computeFixes, problemFromEntry } from '../../../../src/core/fixes';
import { anchorEntries } from '../../../../src/core/loc/anchorEntries';
import { SourceText } from '../../../../src/core/loc/locToRange';
import type { ValidationErrorEntry } from '../../../../src/core/api/types';
import { validateReport } from '../../../../src/service/validation/reportValidator';
import { reportSchemaIndex } from '../../../../src/core/schema/reportSchema';

const SCHEMA = reportSchemaIndex();

const corpus = (file: string) => readFileSync(join(__dirname, '..', '..', '..', 'fixtures', 'broken', file), 'utf8');
/** What each still-applying entry marks in `text`, the entries having come from `sent`. */
const marked = (text: string, entries: ValidationErrorEntry[], sent = TEXT) =>
  anchorEntries(text, entries, { sentText: sent }).map((a) => text.slice(a.diagnostic.range.start, a.diagnostic.range.end));

const TEXT = `{
  "type": "Report",
  "options": { "report_title": "Ops" },
  "config": { "colour_theme": "ocean" },
  "components": [
    { "type": "Card", "options": { "title": "Deliveries" } },
    { "type": "Sektion", "options": { "section_title": "Fleet" }, "components": [] }
  ]
}`;

describe('fixes: 422 diagnostics while the user edits', () => {
  const entries = validateReport(parse(TEXT));

  it('maps every entry on the text that was sent, with a fixable problem where one exists', () => {
    assert.deepEqual(
      entries.map((e) => e.type),
      ['literal_error', 'missing', 'union_tag_invalid'],
    );
    const anchored = anchorEntries(TEXT, entries, { sentText: TEXT });
    assert.deepEqual(marked(TEXT, entries), ['"ocean"', '"options"', '"Sektion"']);
    assert.deepEqual(
      anchored.map((a) => problemFromEntry(SCHEMA, new SourceText(TEXT), a.entry)?.kind),
      ['enum', 'missing', 'unknown-tag'],
    );
    assert.match(anchored[1].diagnostic.message, /Missing required option "value" in Card options/);
  });

  it('follows its node when lines are inserted above it', () => {
    const edited = TEXT.replace('{\n', '{\n  // three new lines\n  // of comments\n  // above everything\n');
    const anchored = anchorEntries(edited, entries, { sentText: TEXT });
    assert.deepEqual(
      anchored.map((a) => edited.slice(a.diagnostic.range.start, a.diagnostic.range.end)),
      ['"ocean"', '"options"', '"Sektion"'],
    );
    assert.deepEqual(
      anchored.map((a) => a.diagnostic.start.line),
      [6, 8, 9],
    );
  });

  it('drops an entry once its cause is gone, and brings it back on undo', () => {
    const fixed = TEXT.replace('"title": "Deliveries"', '"title": "Deliveries", "value": 3');
    assert.deepEqual(marked(fixed, entries), ['"ocean"', '"Sektion"']);
    const renamed = TEXT.replace('"Sektion"', '"Section"');
    assert.deepEqual(marked(renamed, entries), ['"ocean"', '"options"']);
    // Another invalid value is a different problem: only a new submission can say so.
    const otherTheme = TEXT.replace('"ocean"', '"sea"');
    assert.deepEqual(anchorEntries(otherTheme, entries, { sentText: TEXT }).length, 2);
    assert.deepEqual(marked(TEXT, entries), ['"ocean"', '"options"', '"Sektion"']);
  });

  it('a quick fix on one entry leaves the others in place', () => {
    const anchored = anchorEntries(TEXT, entries, { sentText: TEXT });
    const fix = computeFixes(SCHEMA, TEXT, problemFromEntry(SCHEMA, new SourceText(TEXT), anchored[2].entry)!).find((f) => f.preferred)!;
    const after = applyEdits(TEXT, [fix.edit]);
    assert.deepEqual(
      anchorEntries(after, entries, { sentText: TEXT }).map((a) => a.entry.type),
      ['literal_error', 'missing'],
    );
  });

  it('on the text that was sent, every entry is shown, aligned with the 422', () => {
    const anchored = anchorEntries(TEXT, entries, { sentText: TEXT });
    assert.deepEqual(
      anchored.map((a) => a.entry),
      entries,
    );
  });

  it('keeps plain-union entries (loc ending in a member name) while the value is unchanged', () => {
    const text = corpus('43-col-span-zero.report.json');
    const found = validateReport(parse(text));
    assert.deepEqual(
      found.map((e) => e.loc[e.loc.length - 1]),
      ['str', 'float', 'col_span'],
    );
    assert.equal(anchorEntries(text, found, { sentText: text }).length, 3);
    const fixed = text.replace('"col_span": 0', '"col_span": 2');
    assert.deepEqual(anchorEntries(fixed, found, { sentText: text }), []);
  });

  it('json_invalid offsets only hold on the exact text that was sent', () => {
    const entry: ValidationErrorEntry = {
      type: 'json_invalid',
      loc: ['body', 5],
      msg: 'JSON decode error',
      input: {},
      ctx: { error: 'Expecting value' },
    };
    const sent = '{ "a": , }';
    assert.equal(anchorEntries(sent, [entry], { sentText: sent }).length, 1);
    assert.equal(anchorEntries('{ "a": 1 }', [entry], { sentText: sent }).length, 0);
  });
});
