/** Caps on strings echoed from a report (src/core/api/echoLimits.ts): render notes, error messages. */
import { strict as assert } from 'node:assert';
import { MAX_RENDER_NOTES, type RenderNote } from '../../../../src/core/api/types';
import {
  capNote,
  capNotes,
  capText,
  MAX_NOTE_KEY_CHARS,
  MAX_NOTE_MESSAGE_CHARS,
  MAX_NOTE_PATH_SEGMENTS,
} from '../../../../src/core/api/echoLimits';

const note = (i: number): RenderNote => ({
  kind: 'image-unavailable',
  path: ['components', i, 'options', 'image_url'],
  message: `image ${i} not fetched`,
});

describe('render notes are capped per task', () => {
  it('keeps every note up to the cap', () => {
    const notes = Array.from({ length: MAX_RENDER_NOTES }, (_, i) => note(i));
    assert.deepEqual(capNotes(notes), notes);
  });

  it('beyond the cap keeps the first ones in report order and says how many more there were', () => {
    const notes = Array.from({ length: 2_500 }, (_, i) => note(i));
    const capped = capNotes(notes);
    assert.equal(capped.length, MAX_RENDER_NOTES);
    assert.deepEqual(capped.slice(0, MAX_RENDER_NOTES - 1), notes.slice(0, MAX_RENDER_NOTES - 1));
    assert.deepEqual(capped[MAX_RENDER_NOTES - 1].path, ['components', MAX_RENDER_NOTES - 1, 'options', 'image_url']);
    assert.equal(
      capped[MAX_RENDER_NOTES - 1].message,
      `image ${MAX_RENDER_NOTES - 1} not fetched (and ${2_500 - MAX_RENDER_NOTES} more notes of this render not listed)`,
    );
  });

  it('caps each note: a 9 MB font family, a 1 MB key and a path deeper than any report', () => {
    const family = 'F'.repeat(9_000_000);
    const capped = capNote({
      kind: 'font-fallback',
      path: ['config', 'google_fonts', 'k'.repeat(1_000_000), ...Array.from({ length: 100 }, (_, i) => i)],
      message: `Google font "${family}" is not bundled`,
    });
    assert.ok(capped.message.length <= MAX_NOTE_MESSAGE_CHARS);
    assert.match(capped.message, /^Google font "FFFF.*FFF… \(9000029 characters in all\)$/);
    assert.equal(capped.path.length, MAX_NOTE_PATH_SEGMENTS);
    assert.ok(String(capped.path[2]).length <= MAX_NOTE_KEY_CHARS);
    assert.match(String(capped.path[2]), /^k+… \(1000000 characters in all\)$/);
  });

  it('leaves short text alone and never cuts a surrogate pair in half', () => {
    assert.equal(capText('short', 10), 'short');
    const emoji = '😀'.repeat(100);
    const cut = capText(emoji, 50);
    assert.ok(cut.length <= 50);
    assert.ok(!/[\ud800-\udbff](?![\udc00-\udfff])/.test(cut), 'no lone high surrogate');
  });
});
