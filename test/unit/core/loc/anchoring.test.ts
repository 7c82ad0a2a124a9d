// Anchoring.update(): 422 entries and render notes that follow an edit incrementally end up
// exactly where anchoring afresh on the new text puts them (and are dropped and brought back
// the same way), while an edit away from them moves them without resolving them again. Random
// edits of generated reports, against anchoring afresh: fuzz-anchoring.test.ts (a fixed-seed
// sample in `npm test`).
import { strict as assert } from 'node:assert';
import { anchorEntries, anchorEntriesOn } from '../../../../src/core/loc/anchorEntries';
import { applyChanges } from '../../../../src/core/loc/textChanges';
import type { TextChange } from '../../../../src/core/loc/textChanges';
import { ENTRIES, SENT } from './fixtures/anchoringFixture';

/** Applies `changes` to the anchoring of the sent text; checks it against a fresh anchoring. */
function follow(changes: TextChange[], from = anchorEntriesOn(SENT, ENTRIES, { sentText: SENT })) {
  const text = applyChanges(from.text, changes)!;
  const next = from.update(text, changes);
  assert.deepEqual(next.shown, anchorEntries(text, ENTRIES, { sentText: SENT }));
  return { next, text, marked: next.shown.map((a) => text.slice(a.diagnostic.range.start, a.diagnostic.range.end)) };
}
const at = (s: string) => SENT.indexOf(s);

describe('core: anchoring that follows edits (Anchoring.update)', () => {
  it('the 422 has the entries the cases below rely on', () => {
    assert.deepEqual(
      ENTRIES.map((e) => e.type),
      ['missing', 'int_parsing', 'greater_than_equal'],
    );
  });

  it('an edit after every node moves nothing and resolves nothing', () => {
    const { next } = follow([{ offset: SENT.length - 1, length: 0, text: '\n' }]);
    assert.equal(next.resolved, 0);
  });

  it('an edit before every node moves each one by the length delta, lines included, without resolving it', () => {
    const { next, marked } = follow([{ offset: at('"options"'), length: 0, text: '"version_number": "2",\n  ' }]);
    assert.equal(next.resolved, 0);
    assert.deepEqual(marked, ['"options"', '"three"', '-2']);
    assert.equal(next.shown[1].diagnostic.start.line, 8);
  });

  it('an edit inside an errored value resolves that entry only, and drops it when the cause is gone', () => {
    const { next, marked } = follow([{ offset: at('"three"'), length: 7, text: '3' }]);
    assert.equal(next.resolved, 1);
    assert.deepEqual(marked, ['"options"', '-2']);
  });

  it('adding the missing option drops its entry; undoing brings it back on the sent text', () => {
    const add: TextChange = { offset: at('"title"'), length: 0, text: '"value": 1, ' };
    const { next, marked } = follow([add]);
    assert.deepEqual(marked, ['"three"', '-2']);
    const undone = follow([{ offset: add.offset, length: add.text.length, text: '' }], next);
    assert.deepEqual(undone.marked, ['"options"', '"three"', '-2']);
    assert.equal(undone.text, SENT);
  });

  it('a component inserted or removed before errored ones re-resolves the ones after it (their index names another node)', () => {
    const insert = follow([{ offset: at('{ "type": "Text"'), length: 0, text: '{ "type": "Spacer", "options": { "space": 1 } },\n    ' }]);
    assert.deepEqual(insert.marked, ['"options"']);
    assert.equal(insert.next.resolved, 2);
    const remove = follow([{ offset: at('{ "type": "Text"'), length: at('{ "type": "Row"') - at('{ "type": "Text"'), text: '' }]);
    assert.deepEqual(remove.marked, ['"options"']);
  });

  it('a renamed key or type tag re-resolves what lies in that object', () => {
    assert.deepEqual(follow([{ offset: at('"options": { "columns"'), length: 9, text: '"optionz"' }]).marked, ['"options"', '-2']);
    // A Card renamed Text still lacks its value: pydantic's tag in the loc is skipped as a union member name.
    assert.deepEqual(follow([{ offset: at('"Card"'), length: 6, text: '"Text"' }]).marked, ['"options"', '"three"', '-2']);
    assert.deepEqual(follow([{ offset: at('"Card"'), length: 6, text: '"Text"' }]).next.resolved, 1);
  });

  it('several changes in one event (multi-cursor, from the end backwards) and in successive batches compose', () => {
    const changes: TextChange[] = [
      { offset: at('-2'), length: 2, text: '-5' },
      { offset: at('"three"'), length: 0, text: ' ' },
      { offset: at('"Ops"') + 1, length: 3, text: 'Operations' },
    ];
    const once = follow(changes);
    assert.deepEqual(once.marked, ['"options"', '"three"']);
    const twice = follow([{ offset: 0, length: 0, text: '// top\n' }], once.next);
    assert.deepEqual(twice.marked, ['"options"', '"three"']);
  });

  it('falls back to anchoring everything when the changes do not add up to the text', () => {
    const from = anchorEntriesOn(SENT, ENTRIES, { sentText: SENT });
    const text = SENT.replace('"three"', '"four"');
    const next = from.update(text, [{ offset: 0, length: 0, text: ' ' }]);
    assert.deepEqual(next.shown, anchorEntries(text, ENTRIES, { sentText: SENT }));
    assert.equal(next.resolved, ENTRIES.length);
  });

  it('a syntax error on the way is followed by full anchoring until the text is whole again', () => {
    const broken = follow([{ offset: at('"three"'), length: 0, text: '{' }]);
    const mended = follow([{ offset: at('"three"'), length: 1, text: '' }], broken.next);
    assert.deepEqual(mended.marked, ['"options"', '"three"', '-2']);
  });
});
