/**
 * Patterns that run on report text are linear: each of these inputs made a pattern rescan a
 * long run from every one of its characters (quadratic — 40,000 characters took 1–2 s, the
 * sizes here minutes). The outcome is checked, never the time.
 */
import { strict as assert } from 'node:assert';
import { decodeBase64Strict } from '../../../src/render/images';
import { parseColourLiteral } from '../../../src/render/theme';

const RUN = 400_000;

describe('renderer: patterns on report text run in linear time', () => {
  it("base64 with a long run of '=' before more data is refused at once", () => {
    assert.throws(() => decodeBase64Strict(`${'='.repeat(RUN)}AAAA`), /"=" padding inside the data/);
    assert.equal(decodeBase64Strict('QUJD==').toString(), 'ABC');
  });

  it('an rgb() colour with a long run of spaces is read (or refused) at once', () => {
    assert.equal(parseColourLiteral(`rgb(1${' '.repeat(RUN)}x`), undefined);
    assert.equal(parseColourLiteral('rgb(255, 0 ,0)'), '#ff0000');
    assert.equal(parseColourLiteral('rgb(0 128 255)'), '#0080ff');
  });
});
