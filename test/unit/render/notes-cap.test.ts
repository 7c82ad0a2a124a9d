import { strict as assert } from 'node:assert';
import { MAX_RENDER_NOTES, type RenderNote } from '../../../src/core/api/types';
import { capNotes } from '../../../src/render/render-pdf';

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
});
