// JsoncTree: the compact tree read through jsonc-parser's Node shape must be the tree parseTree()
// makes (every node, offset, value and error), on the examples, the broken corpus and random
// JSONC; and a tree that followed an edit (JsoncTree.edit) must be the tree of the new text.
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseTree } from 'jsonc-parser';
import type { Node, ParseError } from 'jsonc-parser';
import { JsoncTree } from '../../../../src/core/loc/jsoncTree';
import { LineIndex } from '../../../../src/core/loc/lineIndex';
import { applyChange } from '../../../../src/core/loc/textChanges';
import { allPaths, loadExamples, randomJson, Rng } from '../../../helpers/fuzz/fuzzKit';
import { corrupt, toJsonc } from '../../../helpers/fuzz/jsoncGen';

const OPTIONS = { allowTrailingComma: true, disallowComments: false };

/** A node as plain data (parent checked by identity on the way down). */
function plain(node: Node | undefined, parent?: Node): unknown {
  if (!node) return undefined;
  assert.equal(node.parent, parent, `parent of the ${node.type} at ${node.offset}`);
  const out: Record<string, unknown> = { type: node.type, offset: node.offset, length: node.length };
  if (node.colonOffset !== undefined) out.colonOffset = node.colonOffset;
  if (node.value !== undefined) out.value = node.value;
  if (node.children) out.children = node.children.map((c) => plain(c, node));
  return out;
}

function assertSameTree(text: string, what: string): void {
  const expectedErrors: ParseError[] = [];
  const expected = parseTree(text, expectedErrors, OPTIONS);
  const errors: ParseError[] = [];
  const tree = JsoncTree.parse(text, errors);
  assert.deepEqual(plain(tree.root), plain(expected), what);
  assert.deepEqual(errors, expectedErrors, `${what}: errors`);
  // A clean text is read from the scanner, which notes the lines on the way; any error goes to the visitor.
  assert.equal(tree.lineStarts !== undefined, expectedErrors.length === 0, `${what}: read by the scanner`);
  if (tree.lineStarts) {
    const noted = new LineIndex(text, tree.lineStarts);
    const scanned = new LineIndex(text);
    for (let offset = 0; offset <= text.length; offset++)
      assert.deepEqual(noted.positionAt(offset), scanned.positionAt(offset), `${what}: line of ${offset}`);
  }
}

const BROKEN = join(__dirname, '..', '..', '..', 'fixtures', 'broken');

describe('core: JsoncTree (compact JSONC tree)', () => {
  it('is the tree parseTree() makes for every example and broken report', () => {
    for (const { name, text } of loadExamples()) assertSameTree(text, name);
    for (const name of readdirSync(BROKEN).filter((n) => n.endsWith('.json')))
      assertSameTree(readFileSync(join(BROKEN, name), 'utf8'), name);
  });

  it('is the tree parseTree() makes for random and broken JSONC (fixed seed)', () => {
    const rng = new Rng(4242);
    for (let i = 0; i < 400; i++) {
      const text = toJsonc(rng, randomJson(rng, 4), rng.pick(['\n', '\r\n', '\r']));
      assertSameTree(text, `random #${i}`);
      assertSameTree(corrupt(rng, text).text, `corrupted #${i}`);
    }
    for (const odd of ['', ' ', '1', '"a', '{"a"', '{"a":}', '[1,,2]', '{"a" 1}', '[1 2]', '1 2', '{,}', '/* x', '{"a":1,}'])
      assertSameTree(odd, JSON.stringify(odd));
  });

  it('keeps each node one object, and decodes escaped and odd literals as the visitor does', () => {
    const text = '{"a\\u0041": "x\\ny", "n": -1.5e3, "bad": 01, "t": true, "f": false, "z": null}';
    assertSameTree(text, 'escapes');
    const root = JsoncTree.parse(text).root!;
    assert.equal(root.children![0], root.children![0]);
    assert.equal(root.children![0].children![0].value, 'aA');
  });

  describe('edit(): the tree of the new text without parsing all of it', () => {
    /** Applies `change` both ways and compares; returns the region (undefined: fell back). */
    function check(text: string, change: { offset: number; length: number; text: string }, what: string) {
      const after = applyChange(text, change)!;
      const edited = JsoncTree.parse(text).edit(change, after);
      if (edited) {
        const expected = parseTree(after, [], OPTIONS);
        assert.deepEqual(plain(edited.tree.root), plain(expected), what);
      }
      return edited?.region;
    }

    const TEXT = `{
  "type": "Report",
  "options": { "report_title": "Ops", "byline": "x" },
  "components": [
    { "type": "Card", "options": { "title": "A", "value": 1 } },
    { "type": "Text", "options": { "text": "B" } },
    { "type": "Card", "options": { "title": "C" } }
  ]
}`;
    const at = (s: string, n = 0) => {
      let i = -1;
      for (let k = 0; k <= n; k++) i = TEXT.indexOf(s, i + 1);
      assert.ok(i >= 0, s);
      return i;
    };

    it('an edit inside a string re-parses that property only', () => {
      const region = check(TEXT, { offset: at('"A"') + 1, length: 1, text: 'Alpha' }, 'title');
      assert.ok(region && region.rekeyed === undefined && !region.reindexed);
      assert.equal(region.delta, 4);
      assert.ok(region.window.end - region.window.start < 20);
    });

    it('inserting an array element says the elements after it moved', () => {
      const region = check(TEXT, { offset: at('    { "type": "Text"'), length: 0, text: '    { "type": "Spacer" },\n' }, 'insert');
      assert.ok(region?.reindexed);
      const removed = check(
        TEXT,
        { offset: at('    { "type": "Text"'), length: at('    { "type": "Card"', 1) - at('    { "type": "Text"'), text: '' },
        'remove',
      );
      assert.ok(removed?.reindexed);
    });

    it('renaming a key or changing a type tag says the object was re-keyed', () => {
      assert.deepEqual(
        check(TEXT, { offset: at('"byline"') + 1, length: 6, text: 'report_byline' }, 'key')?.rekeyed,
        new Set(['byline', 'report_byline']),
      );
      assert.deepEqual(check(TEXT, { offset: at('"Text"') + 1, length: 4, text: 'Table' }, 'tag')?.rekeyed, new Set(['type']));
    });

    it('falls back (undefined) when the edit breaks the text or touches the document edge', () => {
      assert.equal(check(TEXT, { offset: at('"A"'), length: 0, text: '{' }, 'brace'), undefined);
      assert.equal(check(TEXT, { offset: 0, length: 0, text: ' ' }, 'edge'), undefined);
    });

    it('matches a full parse for random edits of random JSONC (fixed seed)', () => {
      const rng = new Rng(77);
      const PIECES = [
        '',
        ' ',
        ',',
        '1',
        '"x"',
        '{',
        '}',
        '[',
        ']',
        ':',
        '{"k": 2}',
        '[3, 4]',
        '"',
        '//c\n',
        '/* c */',
        '\n',
        'null',
        'type',
        '"type": "Row"',
      ];
      let incremental = 0;
      for (let i = 0; i < 1500; i++) {
        const doc = randomJson(rng, 4);
        const text = toJsonc(rng, { type: 'Report', components: [doc, randomJson(rng, 3)] }, rng.pick(['\n', '\r\n']));
        const offset = rng.int(0, text.length);
        const length = Math.min(rng.int(0, 6), text.length - offset);
        const region = check(text, { offset, length, text: rng.pick(PIECES) }, `edit #${i}`);
        if (region) incremental++;
      }
      assert.ok(incremental > 300, `only ${incremental} edits followed incrementally`);
    });

    it('follows every path of an example through edits inside its values', () => {
      const { text, body } = loadExamples()[0];
      for (const path of allPaths(body).slice(0, 200)) {
        const key = path[path.length - 1];
        const i = typeof key === 'string' ? text.indexOf(JSON.stringify(key)) : -1;
        if (i > 0) check(text, { offset: i + 1, length: 0, text: 'x' }, `key ${String(key)}`);
      }
    });
  });
});
