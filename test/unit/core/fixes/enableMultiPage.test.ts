import { strict as assert } from 'node:assert';
import { applyEdits, parse } from 'jsonc-parser';
import { enableMultiPageFix } from '../../../../src/core/fixes/enableMultiPage';

const apply = (text: string): string => {
  const fix = enableMultiPageFix(text);
  assert.ok(fix, 'a fix is offered');
  assert.equal(fix.title, 'Enable multi-page reports');
  assert.equal(fix.kind, 'enable-multi-page');
  return applyEdits(text, [fix.edit]);
};

describe('fixes: enable multi-page reports (single-page overflow)', () => {
  it('adds enable_multi_page to an existing config, keeping its other settings', () => {
    const text = `{\n  "type": "Report",\n  "config": {\n    "colour_theme": "forest"\n  },\n  "components": []\n}\n`;
    const fixed = apply(text);
    assert.deepEqual(parse(fixed).config, { colour_theme: 'forest', enable_multi_page: true });
    assert.ok(fixed.includes('    "colour_theme": "forest",\n    "enable_multi_page": true\n  }'), fixed);
  });

  it('turns a false into true', () => {
    const text = `{ "type": "Report", "config": { "enable_multi_page": false }, "components": [] }`;
    assert.equal(apply(text), `{ "type": "Report", "config": { "enable_multi_page": true }, "components": [] }`);
  });

  it('creates config after the report header when there is none (before components)', () => {
    const text = `{\n    "type": "Report",\n    "options": { "report_title": "T" },\n    "components": [\n        { "type": "Text", "options": { "text": "x" } }\n    ]\n}`;
    const fixed = apply(text);
    assert.deepEqual(Object.keys(parse(fixed)), ['type', 'options', 'config', 'components']);
    assert.deepEqual(parse(fixed).config, { enable_multi_page: true });
    // The document's 4-space indentation is kept.
    assert.match(fixed, /\n {4}"config": \{\n {8}"enable_multi_page": true\n {4}\},\n {4}"components"/);
  });

  it('keeps comments (JSONC) and is one minimal edit', () => {
    const text = `{\n  // the header\n  "type": "Report",\n  "config": { "landscape": true }, // wide\n  "components": []\n}`;
    const fix = enableMultiPageFix(text)!;
    const fixed = applyEdits(text, [fix.edit]);
    assert.ok(fixed.includes('// the header') && fixed.includes('// wide'), fixed);
    assert.equal(fixed.split('\n')[3], `  "config": { "landscape": true, "enable_multi_page": true }, // wide`);
    assert.equal(fix.edit.length, 0, 'an insertion only');
  });

  it('offers nothing when multi-page is already on, the text is broken, or config is not an object', () => {
    assert.equal(enableMultiPageFix(`{ "config": { "enable_multi_page": true }, "components": [] }`), undefined);
    assert.equal(enableMultiPageFix(`{ "config": { "enable_multi_page": tr`), undefined);
    assert.equal(enableMultiPageFix(`[1, 2]`), undefined);
    assert.equal(enableMultiPageFix(`{ "config": "multi", "components": [] }`), undefined);
  });
});
