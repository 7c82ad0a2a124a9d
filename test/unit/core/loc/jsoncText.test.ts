import { strict as assert } from 'node:assert';
import { codePointToUtf16Offset, jsoncToJson, parseJsonc, utf16ToCodePointOffset } from '../../../../src/core/loc/jsoncText';
import { LineIndex } from '../../../../src/core/loc/lineIndex';
import { applyChange } from '../../../../src/core/loc/textChanges';
import { Rng } from '../../../helpers/fuzz/fuzzKit';
import { REPORT_JSONC } from './fixtures/locFixture';

describe('jsoncToJson: the body actually sent', () => {
  it('turns the JSONC fixture into strict JSON with the same tree', () => {
    const { body } = jsoncToJson(REPORT_JSONC);
    const parsed = JSON.parse(body);
    assert.equal(parsed.type, 'Report');
    assert.equal(parsed.components.length, 5);
    assert.equal(parsed.cover_page.components.length, 2);
    assert.ok(!body.includes('//') || body.includes('://'));
    assert.ok(!body.includes('/*'));
  });

  it('keeps comment-like text and commas inside strings', () => {
    const text = '{"url": "https://example.com/a//b", "t": "/* not a comment */", "c": "a, ]"}';
    assert.equal(jsoncToJson(text).body, text);
  });

  it('removes trailing commas in objects and arrays, also before a comment', () => {
    const { body } = jsoncToJson('{"a": [1, 2, /* x */], "b": {"c": 1,\n // y\n },}');
    assert.deepEqual(JSON.parse(body), { a: [1, 2], b: { c: 1 } });
  });

  it('keeps a comma between elements that are separated by a comment', () => {
    const { body } = jsoncToJson('[1, /* two */ 2]');
    assert.deepEqual(JSON.parse(body), [1, 2]);
  });

  it('drops a leading byte order mark', () => {
    const { body, toSourceOffset } = jsoncToJson('\uFEFF{"a": 1}');
    assert.equal(body, '{"a": 1}');
    assert.equal(toSourceOffset(0), 1);
  });

  it('maps body offsets back past removed comments', () => {
    const text = '{\n  // first\n  "a": /* inline */ 1\n}';
    const { body, toSourceOffset } = jsoncToJson(text);
    const inBody = body.indexOf('1');
    assert.equal(toSourceOffset(inBody), text.indexOf('1'));
    assert.equal(toSourceOffset(body.indexOf('"a"')), text.indexOf('"a"'));
  });

  it('maps the end of the body to the end of the last kept text', () => {
    const text = '{"a": 1} // trailing';
    const { body, toSourceOffset } = jsoncToJson(text);
    assert.equal(toSourceOffset(body.length), text.indexOf('// trailing'));
  });

  it('leaves plain JSON untouched (identity map)', () => {
    const text = '{"type": "Report", "components": []}';
    const { body, toSourceOffset } = jsoncToJson(text);
    assert.equal(body, text);
    for (const i of [0, 5, text.length]) assert.equal(toSourceOffset(i), i);
  });
});

describe('code points ↔ UTF-16', () => {
  it('counts an astral character as one code point and two UTF-16 units', () => {
    const s = 'a😀b';
    assert.equal(codePointToUtf16Offset(s, 2), 3);
    assert.equal(utf16ToCodePointOffset(s, 3), 2);
  });

  it('is the identity for BMP text (é)', () => {
    assert.equal(codePointToUtf16Offset('été', 2), 2);
  });
});

describe('parseJsonc and LineIndex', () => {
  it('accepts comments and trailing commas without errors', () => {
    assert.deepEqual(parseJsonc(REPORT_JSONC).errors, []);
  });

  it('a leading byte order mark is not a syntax error', () => {
    const parsed = parseJsonc('\uFEFF{"a": [1]}');
    assert.deepEqual(parsed.errors, []);
    assert.equal(parsed.root?.children?.[0].children?.[1].offset, 7);
  });

  it('reports a syntax error with an offset and a readable message', () => {
    const { errors } = parseJsonc('{"a": 1 "b": 2}');
    assert.equal(errors.length, 1);
    assert.equal(errors[0].offset, 8);
    assert.equal(errors[0].message, 'Comma expected');
  });

  it('LineIndex handles \\n, \\r\\n and a lone \\r', () => {
    const idx = new LineIndex('a\r\nb\rc\nd');
    assert.deepEqual(idx.positionAt(3), { line: 1, character: 0 });
    assert.deepEqual(idx.positionAt(5), { line: 2, character: 0 });
    assert.deepEqual(idx.positionAt(7), { line: 3, character: 0 });
    assert.equal(idx.offsetAt({ line: 2, character: 0 }), 5);
    assert.equal(idx.lineCount, 4);
  });

  it('LineIndex.afterChange() is the index of the changed text, \r\n pairs split and joined included', () => {
    const PIECES = ['', 'a', '\n', '\r', '\r\n', 'ab\ncd', '\n\n', 'x\r'];
    const rng = new Rng(9);
    const lines = (idx: LineIndex, length: number) => Array.from({ length: length + 1 }, (_, o) => idx.positionAt(o));
    for (let i = 0; i < 3000; i++) {
      const text = Array.from({ length: rng.int(0, 10) }, () => rng.pick(PIECES)).join('');
      const offset = rng.int(0, text.length);
      const change = { offset, length: rng.int(0, text.length - offset), text: rng.pick(PIECES) };
      const after = applyChange(text, change)!;
      const followed = new LineIndex(text).afterChange(change, after);
      assert.deepEqual(lines(followed, after.length), lines(new LineIndex(after), after.length), JSON.stringify({ text, change }));
    }
  });
});
