import { strict as assert } from 'node:assert';
import { RenderError } from '../../../../src/render/renderer';
import { bySeries, readPoints, seriesColours, seriesKeyOf } from '../../../../src/render/charts/data';
import { testCanvas } from './helpers';

const { ctx } = testCanvas({ path: 'components[3] (Chart.Line)' });

describe('charts/data', () => {
  it('reads {x, y} points, numeric strings, null gaps and [x, y] tuples', () => {
    const set = readPoints({ data: [{ x: 'a', y: 1 }, { x: 'b', y: '2.5' }, { x: 'c', y: null }, ['d', 4]] }, ctx);
    assert.deepEqual(
      set.points.map((p) => [p.x, p.y]),
      [
        ['a', 1],
        ['b', 2.5],
        ['c', null],
        ['d', 4],
      ],
    );
    assert.deepEqual(set.categories, ['a', 'b', 'c', 'd']);
    assert.equal(set.xKind, 'category');
    assert.equal(
      readPoints(
        {
          data: [
            { x: 1, y: 1 },
            { x: 2.5, y: 3 },
          ],
        },
        ctx,
      ).xKind,
      'number',
    );
  });

  it('splits series by label, by colour_by, or by group; keeps first-seen order', () => {
    const data = [
      { x: 1, y: 1, label: 'B', kind: 'k1' },
      { x: 1, y: 2, label: 'A', kind: 'k2' },
      { x: 2, y: 3, label: 'B', kind: 'k1' },
    ];
    assert.equal(seriesKeyOf({ data }), 'label');
    assert.deepEqual(readPoints({ data }, ctx, seriesKeyOf({ data })).series, ['B', 'A']);
    assert.equal(seriesKeyOf({ data, colour_by: 'kind' }), 'kind');
    assert.equal(seriesKeyOf({ data, color_by: 'kind' }), 'kind');
    assert.equal(seriesKeyOf({ data: [{ x: 1, y: 1, group: 'g' }] }), 'group');
    const set = readPoints({ data }, ctx, 'kind');
    assert.deepEqual(
      [...bySeries(set).entries()].map(([k, v]) => [k, v.length]),
      [
        ['k1', 2],
        ['k2', 1],
      ],
    );
  });

  it('takes a series colour from its first coloured point', () => {
    const set = readPoints(
      {
        data: [
          { x: 1, y: 1, label: 'a' },
          { x: 2, y: 1, label: 'a', color: 'custom-1' },
          { x: 1, y: 2, label: 'b' },
        ],
      },
      ctx,
      'label',
    );
    const colours = seriesColours(set, ['#111111', '#222222'], (c, fb) => ctx.theme.resolveColour(c, fb));
    assert.deepEqual(colours, [ctx.theme.colours['custom-1'], '#222222']);
  });

  it('skips points without x and treats a missing data option as empty', () => {
    assert.equal(readPoints({ data: [{ y: 1 }, { x: null, y: 2 }, { x: '', y: 3 }] }, ctx).points.length, 0);
    assert.equal(readPoints({}, ctx).points.length, 0);
  });

  it('rejects unrenderable input with the component path and the data index', () => {
    const fails = (data: unknown, pattern: RegExp) =>
      assert.throws(
        () => readPoints({ data }, ctx),
        (e: unknown) => e instanceof RenderError && pattern.test(e.message) && e.message.startsWith('components[3] (Chart.Line): '),
      );
    fails('nope', /options\.data must be an array, got "nope"/);
    fails([{ x: 1, y: 1 }, 7], /options\.data\[1\] must be an object/);
    fails([{ x: 1, y: 'lots' }], /options\.data\[0\]\.y must be a number, got "lots"/);
    fails([{ x: { a: 1 }, y: 1 }], /options\.data\[0\]\.x must be a string or a number/);
  });
});
