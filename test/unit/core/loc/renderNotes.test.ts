import { strict as assert } from 'node:assert';
import type { RenderNote } from '../../../../src/core/api/types';
import { anchorNotes, NOTE_SEVERITY, recordNotes } from '../../../../src/core/loc/renderNotes';

const SENT = `{
  "type": "Report",
  "options": { "report_title": "Ops", "logo_url": "https://example.invalid/logo.png" },
  "config": { "google_fonts": { "headings": "Unobtainium Sans" } },
  "components": [
    { "type": "Text", "options": { "text": "short" } },
    {
      "type": "Section",
      "options": { "section_title": "A section long enough to be marked by its type only" },
      "components": [ { "type": "Card", "options": { "title": "Cut card", "value": 1 } } ]
    }
  ]
}`;

const NOTES: RenderNote[] = [
  { kind: 'font-fallback', path: ['config', 'google_fonts', 'headings'], message: 'font "Unobtainium Sans" is not bundled' },
  { kind: 'image-unavailable', path: ['options', 'logo_url'], message: 'the logo could not be fetched' },
  {
    kind: 'overflow',
    path: ['components', 1],
    message: 'Section "A section" and everything after it did not fit on the single page; set config.enable_multi_page to true',
  },
];

const marked = (text: string, sent = SENT) =>
  anchorNotes(text, recordNotes(sent, NOTES), { sentText: sent }).map((a) => [
    a.note.kind,
    text.slice(a.diagnostic.range.start, a.diagnostic.range.end),
  ]);

describe('core: render notes → diagnostics', () => {
  it('marks each note at its node on the text that was rendered: a long component by its "type", values whole', () => {
    const anchored = anchorNotes(SENT, recordNotes(SENT, NOTES), { sentText: SENT });
    assert.deepEqual(
      anchored.map((a) => [a.note.kind, SENT.slice(a.diagnostic.range.start, a.diagnostic.range.end), a.severity]),
      [
        ['font-fallback', '"Unobtainium Sans"', 'information'],
        ['image-unavailable', '"https://example.invalid/logo.png"', 'warning'],
        ['overflow', '"type": "Section"', 'warning'],
      ],
    );
    const overflow = anchored[2].diagnostic;
    assert.equal(overflow.start.line, 7);
    assert.equal(overflow.message, NOTES[2].message);
    assert.equal(overflow.type, 'overflow');
    assert.equal(overflow.path, 'components[1]');
  });

  it('a short component is marked whole, a nested path reaches inside a section', () => {
    const notes: RenderNote[] = [
      { kind: 'overflow', path: ['components', 0], message: 'cut' },
      { kind: 'overflow', path: ['components', 1, 'components', 0], message: 'cut' },
    ];
    const [a, b] = anchorNotes(SENT, recordNotes(SENT, notes), { sentText: SENT });
    assert.equal(SENT.slice(a.diagnostic.range.start, a.diagnostic.range.end), '{ "type": "Text", "options": { "text": "short" } }');
    assert.equal(
      SENT.slice(b.diagnostic.range.start, b.diagnostic.range.end),
      '{ "type": "Card", "options": { "title": "Cut card", "value": 1 } }',
    );
  });

  it('follows its node when lines are inserted above it', () => {
    const edited = SENT.replace('"type": "Report",', '"type": "Report",\n\n\n');
    assert.deepEqual(marked(edited), [
      ['font-fallback', '"Unobtainium Sans"'],
      ['image-unavailable', '"https://example.invalid/logo.png"'],
      ['overflow', '"type": "Section"'],
    ]);
    const moved = anchorNotes(edited, recordNotes(SENT, NOTES), { sentText: SENT })[2].diagnostic;
    assert.equal(moved.start.line, 10);
  });

  it('drops the overflow once config.enable_multi_page is true, and a note whose value changed', () => {
    const multi = SENT.replace('"config": {', '"config": { "enable_multi_page": true,');
    assert.deepEqual(
      marked(multi).map(([k]) => k),
      ['font-fallback', 'image-unavailable'],
    );
    const newUrl = SENT.replace('logo.png', 'logo.svg');
    assert.deepEqual(
      marked(newUrl).map(([k]) => k),
      ['font-fallback', 'overflow'],
    );
  });

  it('drops a component note when the path now leads to another type (a component was removed above it)', () => {
    const removed = SENT.replace('{ "type": "Text", "options": { "text": "short" } },\n', '');
    assert.deepEqual(
      marked(removed).map(([k]) => k),
      ['font-fallback', 'image-unavailable'],
    );
  });

  it('keeps every note on the unchanged text even when its path does not resolve; drops it after an edit', () => {
    const odd: RenderNote[] = [{ kind: 'overflow', path: ['components', 9], message: 'cut' }];
    assert.equal(anchorNotes(SENT, recordNotes(SENT, odd), { sentText: SENT }).length, 1);
    assert.equal(anchorNotes(`${SENT}\n`, recordNotes(SENT, odd), { sentText: SENT }).length, 0);
  });

  it('has a severity for every note kind', () => {
    assert.deepEqual(Object.keys(NOTE_SEVERITY).sort(), ['column-squeezed', 'font-fallback', 'image-unavailable', 'overflow']);
  });
});
