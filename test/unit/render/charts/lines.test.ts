import { strict as assert } from 'node:assert';
import { chartPainters } from '../../../../src/render/charts';
import { CURVE_NAMES } from '../../../../src/render/charts/curves';
import { RenderError } from '../../../../src/render/renderer';
import { firstOutOfOrder } from '../../../helpers/pdf';
import { contentStreams, fillOperator, renderOne, testCanvas } from './helpers';

const wave = Array.from({ length: 8 }, (_, i) => ({ x: i, y: 50 + 30 * Math.sin(i) }));

describe('charts/lines', () => {
  it('LineChart with colour_by: one legend entry per series, numeric x ticks', async () => {
    const data = [1, 2, 3, 4, 5].flatMap((x) => [
      { x, y: x * 10, product: 'Widgets' },
      { x, y: 60 - x * 5, product: 'Gadgets' },
    ]);
    const r = await renderOne('LineChart', {
      data,
      colour_by: 'product',
      x_label: 'Week',
      y_label: 'Units',
      chart_title: 'Units per week',
    });
    assert.equal(firstOutOfOrder(r.text, ['Units per week', 'Widgets', 'Gadgets']), undefined, r.text);
    for (const t of ['Week', 'Units', '2', '4', '50']) assert.ok(r.text.includes(t), `${t} in ${r.text}`);
  });

  it('ScatterChart: colour_by legend, both axes numeric, point colours override', async () => {
    const data = Array.from({ length: 20 }, (_, i) => ({ x: i * 5, y: (i * 37) % 50, cluster: i % 2 ? 'odd' : 'even' }));
    data.push({ x: 50, y: 25, cluster: 'even', color: '#123456' } as (typeof data)[number]);
    const r = await renderOne('ScatterChart', { data, colour_by: 'cluster', x_label: 'Spend', y_label: 'Return', radius: 4 });
    assert.equal(firstOutOfOrder(r.text, ['even', 'odd']), undefined, r.text);
    assert.ok(r.text.includes('Spend') && r.text.includes('Return') && r.text.includes('100'), r.text);
    assert.ok(
      contentStreams(r.bytes).some((c) => fillOperator('#123456').test(c)),
      'a point colour is used',
    );
  });

  it('Chart.Line draws every curve_format, with and without dots', async () => {
    for (const curve of CURVE_NAMES) {
      const r = await renderOne('Chart.Line', {
        data: wave,
        x_label: 'x',
        y_label: 'y',
        chart_title: `Curve ${curve}`,
        curve_format: curve,
        plot_dots: true,
      });
      assert.ok(r.text.includes(`Curve ${curve}`), r.text);
      assert.equal(r.pageCount, 1);
    }
    // Curves are paths of Bézier segments ("c") for smooth formats, straight ("l") for steps.
    const smooth = await renderOne('Chart.Line', { data: wave, x_label: 'x', y_label: 'y', curve_format: 'Natural' });
    const step = await renderOne('Chart.Line', { data: wave, x_label: 'x', y_label: 'y', curve_format: 'StepAfter' });
    const beziers = (bytes: Uint8Array) =>
      contentStreams(bytes)
        .join('\n')
        .split('\n')
        .filter((l) => / c$/.test(l)).length;
    assert.ok(beziers(smooth.bytes) >= wave.length - 1, 'natural spline made of cubic segments');
    assert.ok(beziers(step.bytes) < beziers(smooth.bytes), 'steps add no cubic segments of their own');
  });

  it('Chart.Line with text x: categories in order, series by label, colour scheme legend', async () => {
    const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May'];
    const data = months.flatMap((x, i) => [
      { x, y: 10 + i, label: 'North' },
      { x, y: i === 2 ? null : 20 - i, label: 'South' },
    ]);
    const r = await renderOne('Chart.Line', { data, x_label: 'Month', y_label: 'Revenue', color_scheme: 'Dark2' });
    assert.equal(firstOutOfOrder(r.text, ['North', 'South', ...months]), undefined, r.text);
  });

  it('Chart.Timeseries parses dates (service default time_format) and labels ticks with tick_format', async () => {
    const data = Array.from({ length: 10 }, (_, i) => ({ x: `2024-0${1 + Math.floor(i / 2)}-1${i % 2} 09:00:00`, y: i * 3 }));
    const r = await renderOne(
      'Chart.Timeseries',
      { data, x_label: 'Date', y_label: 'Visits', time_format: '%Y-%m-%d %H:%M:%s', tick_format: '%b %Y' },
      400,
    );
    assert.ok(/Feb 2024/.test(r.text) && /Apr 2024/.test(r.text), r.text);
    assert.ok(!r.text.includes('1970'), 'not parsed as epoch seconds');
    const iso = await renderOne('Chart.Timeseries', {
      data: [
        { x: '2024-03-01T00:00:00Z', y: 1 },
        { x: '2024-03-02T00:00:00Z', y: 2 },
      ],
      x_label: 'Time',
      y_label: 'v',
      tick_format: '%H:%M',
    });
    assert.ok(iso.text.includes('12:00'), iso.text);
  });

  it('Chart.Line and Chart.Timeseries honour format_y_ticks and y_ticks_decimals as Chart.Bar does (tick text read back)', async () => {
    const months = [12000, 18000, 15000];
    const data = {
      'Chart.Line': months.map((y, i) => ({ x: ['Jan', 'Feb', 'Mar'][i], y })),
      'Chart.Timeseries': months.map((y, i) => ({ x: `2024-0${i + 1}-01`, y })),
    };
    for (const [type, points] of Object.entries(data)) {
      const ticks = async (extra: object) => (await renderOne(type, { data: points, x_label: 'Month', y_label: 'Orders', ...extra })).text;
      assert.match(await ticks({}), /14,000/, `${type}: plain ticks`);
      const compact = await ticks({ format_y_ticks: true });
      assert.match(compact, /\b14k\b/, `${type}: format_y_ticks true abbreviates: ${compact}`);
      assert.ok(!compact.includes('14,000'), `${type}: ${compact}`);
      assert.match(await ticks({ format_y_ticks: true, y_ticks_decimals: 1 }), /\b14\.0k\b/, `${type}: compact with 1 decimal`);
      assert.match(await ticks({ y_ticks_decimals: 2 }), /14,000\.00/, `${type}: 2 decimals`);
      assert.match(await ticks({ format_y_ticks: '$,.0f' }), /\$14,000/, `${type}: a d3-format specifier`);
      assert.equal(await ticks({ format_y_ticks: 'yes' }), compact, `${type}: "yes" is the boolean true`);
    }
  });

  it('Chart.Timeseries: an x that is not a date fails naming the point', () => {
    const { ctx } = testCanvas({ path: 'components[1] (Chart.Timeseries)' });
    const opts = {
      data: [
        { x: '2024-01-01', y: 1 },
        { x: 'someday', y: 2 },
      ],
      x_label: 'x',
      y_label: 'y',
      time_format: '%Y-%m-%d',
    };
    assert.throws(
      () => chartPainters['Chart.Timeseries'].paint(opts, { x: 0, y: 0, width: 300, height: 200 }, ctx),
      (e: unknown) =>
        e instanceof RenderError &&
        /^components\[1\] \(Chart\.Timeseries\): options\.data\[1\]\.x "someday" is not a date in time_format "%Y-%m-%d"/.test(e.message),
    );
  });

  it('single points, all-equal values and empty data draw without errors', async () => {
    const one = await renderOne('Chart.Line', { data: [{ x: 'Only', y: 5 }], x_label: 'x', y_label: 'y' });
    assert.ok(one.text.includes('Only') && one.text.includes('5'), one.text);
    const flat = await renderOne('LineChart', {
      data: [
        { x: 1, y: 7 },
        { x: 2, y: 7 },
      ],
      x_label: 'x',
      y_label: 'y',
    });
    assert.ok(flat.text.includes('7'), flat.text);
    const ts = await renderOne('Chart.Timeseries', { data: [{ x: '2024-05-01', y: 3 }], x_label: 'x', y_label: 'y' });
    assert.equal(ts.pageCount, 1);
    for (const type of ['LineChart', 'ScatterChart', 'Chart.Line', 'Chart.Timeseries']) {
      const r = await renderOne(type, { data: [], x_label: 'x', y_label: 'y', chart_title: 'Nothing yet' });
      assert.ok(r.text.includes('No data') && r.text.includes('Nothing yet'), `${type}: ${r.text}`);
    }
  });

  it('crowded category labels are rotated or thinned, never dropped entirely', async () => {
    const data = Array.from({ length: 40 }, (_, i) => ({ x: `Category number ${i + 1}`, y: i }));
    const r = await renderOne('Chart.Line', { data, x_label: 'Category', y_label: 'Value' }, 250);
    const shown = (r.text.match(/Category number \d+|Category num…|Category/g) ?? []).length;
    assert.ok(shown >= 3 && shown < 40, `some labels shown (${shown})`);
  });
});
