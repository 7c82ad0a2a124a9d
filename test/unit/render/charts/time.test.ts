import { strict as assert } from 'node:assert';
import { dateParser } from '../../../../src/render/charts/time';

const utc = (...a: [number, number, number, number?, number?, number?]) => Date.UTC(a[0], a[1] - 1, a[2], a[3] ?? 0, a[4] ?? 0, a[5] ?? 0);

describe('charts/time', () => {
  it('parses the shapes reports use, as UTC', () => {
    const p = dateParser();
    assert.equal(p('2024-03-01'), utc(2024, 3, 1));
    assert.equal(p('2024-03-01 09:30:15'), utc(2024, 3, 1, 9, 30, 15));
    assert.equal(p('2024-03-01 09:30'), utc(2024, 3, 1, 9, 30));
    assert.equal(p('2024-03-01T09:30:00'), utc(2024, 3, 1, 9, 30));
    assert.equal(p('2024-03-01T09:30:00Z'), utc(2024, 3, 1, 9, 30));
    assert.equal(p('2024-03-01T09:30:00+02:00'), utc(2024, 3, 1, 7, 30));
    assert.equal(p('2024-03'), utc(2024, 3, 1));
    assert.equal(p(1_700_000_000_000), 1_700_000_000_000, 'numbers are epoch milliseconds');
  });

  it('uses time_format first, reading the documented "%M:%s" default as seconds', () => {
    assert.equal(dateParser('%d/%m/%Y')('31/01/2024'), utc(2024, 1, 31));
    assert.equal(dateParser('%Y-%m-%d %H:%M:%s')('2022-01-02 09:00:00'), utc(2022, 1, 2, 9));
    // A format that does not match still falls back to the common shapes.
    assert.equal(dateParser('%d/%m/%Y')('2024-01-31'), utc(2024, 1, 31));
  });

  it('returns undefined for what is not a date', () => {
    const p = dateParser();
    for (const v of ['yesterday', '', '  ', '2024-13-45', null, undefined, {}, Number.NaN]) assert.equal(p(v), undefined, String(v));
  });
});
