import { strict as assert } from 'node:assert';
import { RenderError } from '../../../../src/render/renderer';
import {
  bandAxis,
  compactNumber,
  compactTimeFormat,
  linearAxis,
  pointAxis,
  safeExtent,
  timeAxis,
} from '../../../../src/render/charts/scales';
import { rng } from './random';

const spec = { path: 'components[0] (Chart.Bar)', optionName: 'format_y_ticks' };

describe('charts/scales', () => {
  it('nice linear ticks cover the data, are evenly spaced and round (property)', () => {
    const rand = rng(7);
    for (let i = 0; i < 300; i++) {
      const mag = 10 ** Math.floor(rand() * 12 - 4);
      const a = (rand() - 0.3) * mag;
      const b = a + rand() * mag * 5;
      const ext = safeExtent([a, b], rand() < 0.5);
      const axis = linearAxis(ext, spec).build(300, 0, 2 + Math.floor(rand() * 8));
      const ticks = axis.ticks;
      assert.ok(ticks.length >= 2, `ticks for ${ext}`);
      // Range [300, 0]: the nice domain covers the extent, so pixels stay inside the range.
      assert.ok(axis.map(ext[0]) <= 300 + 1e-6 && axis.map(ext[1]) >= -1e-6, `extent ${ext} inside nice domain`);
      const steps = ticks.slice(1).map((t, k) => ticks[k].at - t.at);
      for (const s of steps) assert.ok(Math.abs(s - steps[0]) < 1e-6 * Math.max(1, Math.abs(steps[0])), 'even spacing');
      for (const t of ticks) assert.ok(t.at >= -1e-6 && t.at <= 300 + 1e-6, 'tick inside the range');
    }
  });

  it('puts value 0 on the axis when the domain spans it', () => {
    const axis = linearAxis([-8, 20], spec).build(200, 0, 5);
    assert.ok(axis.zero !== undefined && axis.zero > 0 && axis.zero < 200);
    assert.equal(linearAxis([15, 20], spec).build(200, 0, 5).zero, undefined);
  });

  it('widens degenerate extents instead of dividing by zero', () => {
    assert.deepEqual(safeExtent([0, 0], true), [0, 1]);
    assert.deepEqual(safeExtent([5], false), [4.5, 5.5]);
    assert.deepEqual(safeExtent([5, 5], true), [0, 5]);
    assert.deepEqual(safeExtent([-3, -3], true), [-3, 0]);
    assert.deepEqual(safeExtent([], false), [0, 1]);
  });

  it('formats ticks: auto, compact (format_y_ticks), fixed decimals, d3 specifiers', () => {
    const labels = (o: object, ext: [number, number] = [0, 12000]) =>
      linearAxis(ext, { ...spec, ...o })
        .build(200, 0, 4)
        .ticks.map((t) => t.label);
    assert.deepEqual(labels({}), ['0', '2,000', '4,000', '6,000', '8,000', '10,000', '12,000']);
    assert.deepEqual(labels({ format: true }), ['0', '2k', '4k', '6k', '8k', '10k', '12k']);
    assert.deepEqual(labels({ decimals: 1 }, [0, 2]), ['0.0', '0.5', '1.0', '1.5', '2.0']);
    assert.deepEqual(labels({ format: true, decimals: 1 }).slice(0, 3), ['0.0', '2.0k', '4.0k']);
    assert.deepEqual(labels({ format: '$,.0f' }).slice(0, 3), ['$0', '$2,000', '$4,000']);
    assert.deepEqual(labels({}, [0, 3e6]), ['0', '1M', '2M', '3M'], 'millions switch to compact');
    assert.throws(
      () => labels({ format: 'not a format' }),
      (e: unknown) => e instanceof RenderError && /format_y_ticks "not a format"/.test(e.message) && /components\[0\]/.test(e.message),
    );
  });

  it('format_*_ticks: a string the service reads as a boolean is that boolean, never a d3 specifier', () => {
    const labels = (format: boolean | string) =>
      linearAxis([0, 12000], { ...spec, format })
        .build(200, 0, 4)
        .ticks.map((t) => t.label);
    for (const word of ['true', 'Yes', 'on', '1', ' t ']) assert.deepEqual(labels(word), labels(true), JSON.stringify(word));
    for (const word of ['false', 'no', 'off', '0', 'F', '']) assert.deepEqual(labels(word), labels(false), JSON.stringify(word));
    assert.notDeepEqual(labels('1'), ['0', '2000', '4000', '6000', '8000', '10000', '12000'], '"1" is not the d3 width specifier');
  });

  it('compactTimeFormat picks the coarsest unit that shows the instant', () => {
    assert.equal(compactTimeFormat(new Date(Date.UTC(2024, 0, 1))), '2024');
    assert.equal(compactTimeFormat(new Date(Date.UTC(2024, 2, 1))), 'Mar');
    assert.equal(compactTimeFormat(new Date(Date.UTC(2024, 2, 14))), 'Mar 14');
    assert.equal(compactTimeFormat(new Date(Date.UTC(2024, 2, 14, 9, 30))), '09:30');
    assert.equal(compactTimeFormat(new Date(Date.UTC(2024, 2, 14, 9, 30, 5))), ':05');
  });

  it('compactNumber abbreviates by thousands', () => {
    assert.equal(compactNumber(0), '0');
    assert.equal(compactNumber(999), '999');
    assert.equal(compactNumber(1234), '1.23k');
    assert.equal(compactNumber(-2_500_000), '-2.5M');
    assert.equal(compactNumber(7e9), '7B');
    assert.equal(compactNumber(1.5e12, 2), '1.50T');
  });

  it('band and point axes keep category order inside the range', () => {
    const band = bandAxis(['a', 'b', 'c']).build(0, 300, 0);
    assert.deepEqual(
      band.ticks.map((t) => t.label),
      ['a', 'b', 'c'],
    );
    assert.ok(band.bandwidth > 0 && band.map('a') >= 0 && band.map('c') + band.bandwidth <= 300);
    assert.ok(band.map('a') < band.map('b') && band.map('b') < band.map('c'));
    const point = pointAxis(['x']).build(0, 100, 0);
    assert.equal(point.map('x'), 50, 'a single category sits in the middle');
  });

  it('time axis: ascending ticks inside the data range, tick_format applied', () => {
    const t0 = Date.UTC(2024, 0, 1);
    const t1 = Date.UTC(2024, 5, 30);
    const axis = timeAxis([t0, t1], '%b %Y').build(0, 400, 6);
    assert.ok(axis.ticks.length >= 3);
    assert.deepEqual(
      axis.ticks.slice(0, 2).map((t) => t.label),
      ['Jan 2024', 'Feb 2024'],
    );
    for (let i = 1; i < axis.ticks.length; i++) assert.ok(axis.ticks[i].at > axis.ticks[i - 1].at);
    assert.equal(axis.map(t0), 0);
    assert.equal(axis.map(t1), 400);
    const hours = timeAxis([t0, t0 + 86400e3], undefined)
      .build(0, 400, 5)
      .ticks.map((t) => t.label);
    assert.ok(hours.includes('06:00') && hours.includes('12:00'), `24-hour labels within a day: ${hours}`);
    const months = timeAxis([t0, Date.UTC(2025, 5, 1)], undefined)
      .build(0, 400, 6)
      .ticks.map((t) => t.label);
    assert.ok(months.includes('2025') && months.includes('Jul'), `short months, the year at its boundary: ${months}`);
    const single = timeAxis([t0, t0], '%H:%M').build(0, 100, 4);
    assert.ok(single.ticks.length >= 2, 'one instant still gets an axis');
  });
});
