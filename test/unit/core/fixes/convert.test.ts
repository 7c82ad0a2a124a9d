import { strict as assert } from 'node:assert';
import { conversions, looseNumber } from '../../../../src/core/fixes/convert';

const to = (value: unknown, expected: Parameters<typeof conversions>[1]) => conversions(value, expected).map((c) => [c.value, c.preferred]);

describe('fixes: trivial conversions', () => {
  it('reads numbers written as text', () => {
    assert.deepEqual(looseNumber('12'), { value: 12, plain: true });
    assert.deepEqual(looseNumber(' 12 '), { value: 12, plain: false });
    assert.deepEqual(looseNumber('1,200'), { value: 1200, plain: false });
    assert.deepEqual(looseNumber('-2.5e3'), { value: -2500, plain: true });
    assert.deepEqual(looseNumber('three'), { value: 3, plain: false });
    assert.equal(looseNumber('12px'), undefined);
    assert.equal(looseNumber('1,20'), undefined);
  });

  it('"12" → 12 for a number, not for an integer when fractional', () => {
    assert.deepEqual(to('12', ['integer', 'null']), [[12, true]]);
    assert.deepEqual(to('2.5', ['number']), [[2.5, true]]);
    assert.deepEqual(to('2.5', ['integer']), []);
    assert.deepEqual(to('three', ['integer']), [[3, true]]);
  });

  it('booleans from words and 0/1', () => {
    assert.deepEqual(to('true', ['boolean']), [[true, true]]);
    assert.deepEqual(to('No', ['boolean']), [[false, true]]);
    assert.deepEqual(to('maybe', ['boolean']), []);
    assert.deepEqual(to(1, ['boolean']), [[true, true]]);
    assert.deepEqual(to(2, ['boolean']), []);
  });

  it('12 → "12" where text is expected; 2.5 → 3 or 2 where an integer is', () => {
    assert.deepEqual(to(2024, ['string']), [['2024', true]]);
    assert.deepEqual(to(2.5, ['integer', 'null']), [
      [3, false],
      [2, false],
    ]);
    assert.deepEqual(to(2.4, ['integer']), [[2, false]]);
  });

  it('lists: unwrap a single element, wrap an object', () => {
    assert.deepEqual(to(['x'], ['string']), [['x', true]]);
    assert.deepEqual(to(['12'], ['integer']), [[12, false]]);
    assert.deepEqual(to(['a', 'b'], ['string']), []);
    assert.deepEqual(to({ type: 'Text' }, ['array']), [[[{ type: 'Text' }], true]]);
    assert.deepEqual(to({ a: 1 }, ['string']), []);
  });

  it('nothing for values already of an expected type, or null', () => {
    assert.deepEqual(to(3, ['integer']), []);
    assert.deepEqual(to(3, ['number']), []);
    assert.deepEqual(to(null, ['string', 'number']), []);
  });
});
