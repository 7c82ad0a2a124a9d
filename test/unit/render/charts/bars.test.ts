import { strict as assert } from 'node:assert';
import { chartPainters } from '../../../../src/render/charts';
import { RenderError } from '../../../../src/render/renderer';
import { firstOutOfOrder } from '../../../helpers/pdf';
import { contentStreams, fillOperator, renderOne, testCanvas } from './helpers';

const months = ['Jan', 'Feb', 'Mar', 'Apr'];

describe('charts/bars', () => {
  it('BarChart: title, axis labels, category and value ticks, caption', async () => {
    const r = await renderOne('BarChart', {
      data: months.map((x, i) => ({ x, y: 100 + i * 30 })),
      x_label: 'Month',
      y_label: 'Sales',
      chart_title: 'Monthly sales',
      caption: 'Source: ledger',
    });
    assert.equal(r.pageCount, 1);
    assert.equal(firstOutOfOrder(r.text, ['Monthly sales', 'Jan', 'Feb', 'Mar', 'Apr', 'Month', 'Source: ledger']), undefined, r.text);
    for (const t of ['0', '50', '100', '150', '200', 'Sales']) assert.ok(r.text.includes(t), `${t} in ${r.text}`);
  });

  it('Chart.Bar grouped by label: legend entries in order, compact y ticks with decimals', async () => {
    const data = months.flatMap((x, i) => [
      { x, y: 12000 + i * 1000, label: '2023' },
      { x, y: 15000 + i * 1000, label: '2024' },
    ]);
    const r = await renderOne('Chart.Bar', {
      data,
      grouped_bars: true,
      x_label: 'Month',
      y_label: 'Revenue',
      format_y_ticks: true,
      y_ticks_decimals: 1,
      color_scheme: 'Set2',
    });
    assert.equal(firstOutOfOrder(r.text, ['2023', '2024']), undefined);
    assert.ok(r.text.includes('10.0k') && r.text.includes('0.0'), r.text);
    assert.ok(!r.text.includes('10,000'), 'format_y_ticks abbreviates');
  });

  it('Chart.Bar stacks series when grouped_bars is false: the axis reaches the sums', async () => {
    const data = [
      { x: 'A', y: 60, label: 's1' },
      { x: 'A', y: 70, label: 's2' },
      { x: 'B', y: 10, label: 's1' },
    ];
    const stacked = await renderOne('Chart.Bar', { data, x_label: 'x', y_label: 'y' });
    const grouped = await renderOne('Chart.Bar', { data, x_label: 'x', y_label: 'y', grouped_bars: true });
    assert.ok(stacked.text.includes('120'), `stacked axis reaches 130: ${stacked.text}`);
    assert.ok(!grouped.text.includes('120'), `grouped axis stops at 70: ${grouped.text}`);
  });

  it('Chart.HorizontalBar: categories top to bottom, x tick format', async () => {
    const r = await renderOne('Chart.HorizontalBar', {
      data: [
        { x: 'Chrome', y: 64.7 },
        { x: 'Safari', y: 18.6 },
        { x: 'Edge', y: 5.2 },
      ],
      x_label: 'Share',
      y_label: 'Browser',
      x_ticks_decimals: 1,
    });
    assert.equal(firstOutOfOrder(r.text, ['Chrome', 'Safari', 'Edge']), undefined, r.text);
    assert.ok(r.text.includes('20.0') && r.text.includes('Share') && r.text.includes('Browser'), r.text);
  });

  it('handles negatives, one bar, all-equal and huge values without throwing', async () => {
    const neg = await renderOne('Chart.Bar', {
      data: [
        { x: 'a', y: -5 },
        { x: 'b', y: 8 },
      ],
      x_label: 'x',
      y_label: 'y',
    });
    assert.ok(/-\s?4/.test(neg.text) || neg.text.includes('−4'), `negative ticks: ${neg.text}`);
    const one = await renderOne('BarChart', { data: [{ x: 'only', y: 3 }], x_label: 'x', y_label: 'y' });
    assert.ok(one.text.includes('only'));
    const flat = await renderOne('BarChart', {
      data: [
        { x: 'a', y: 0 },
        { x: 'b', y: 0 },
      ],
      x_label: 'x',
      y_label: 'y',
    });
    assert.ok(flat.text.includes('1'), 'all-zero data still gets a 0..1 axis');
    const huge = await renderOne('BarChart', { data: [{ x: 'a', y: 4.2e12 }], x_label: 'x', y_label: 'y' });
    assert.ok(/\dT/.test(huge.text), `trillions abbreviated: ${huge.text}`);
  });

  it('draws "No data" for empty data and errors clearly on a non-array', async () => {
    const r = await renderOne('BarChart', { data: [], x_label: 'x', y_label: 'y', chart_title: 'Empty' });
    assert.ok(r.text.includes('Empty') && r.text.includes('No data'), r.text);
    const { ctx } = testCanvas({ path: 'components[2] (BarChart)' });
    assert.throws(
      () => chartPainters.BarChart.measure({ data: 'x' }, 300, ctx),
      (e: unknown) => e instanceof RenderError && e.message === 'components[2] (BarChart): options.data must be an array, got "x"',
    );
  });

  it('measure honours aspect_ratio, grows with chrome, and leaves the font alone', () => {
    const { ctx, doc } = testCanvas();
    const p = chartPainters['Chart.Bar'];
    // margin 0: the docs' default margins (horizontal 3, vertical 1) would take from the body.
    const base = { data: [{ x: 'a', y: 1 }], x_label: 'x', y_label: 'y', margin: 0 };
    doc.font('Helvetica').fontSize(13);
    const h2 = p.measure({ ...base, aspect_ratio: 2 }, 400, ctx);
    const h1 = p.measure({ ...base, aspect_ratio: 1 }, 400, ctx);
    assert.equal(h2, 200);
    assert.equal(h1, 400);
    assert.ok(p.measure({ ...base, aspect_ratio: 2, chart_title: 'T', caption: 'C' }, 400, ctx) > h2);
    assert.ok(p.measure({ ...base, aspect_ratio: 2, margin: 8 }, 400, ctx) > h2, 'margins add to the height');
    const st = doc as unknown as { _fontSize: number; _font: { name: string } };
    assert.equal(st._fontSize, 13);
    assert.match(st._font.name, /Helvetica/);
  });

  it('aspect_ratio: one rule for a written and an omitted ratio — width / ratio (default 1.6), kept within 60–700 pt', () => {
    const { ctx } = testCanvas();
    const base = { data: [{ x: 'a', y: 1 }], x_label: 'x', y_label: 'y', margin: 0 };
    for (const type of ['BarChart', 'Chart.Bar', 'Chart.HorizontalBar', 'Chart.Line', 'Chart.Timeseries'] as const) {
      const p = chartPainters[type];
      const points = type === 'Chart.Timeseries' ? { data: [{ x: '2024-01-01', y: 1 }] } : {};
      for (const width of [150, 300, 480]) {
        const omitted = p.measure({ ...base, ...points }, width, ctx);
        assert.equal(p.measure({ ...base, ...points, aspect_ratio: 1.6 }, width, ctx), omitted, `${type} at ${width} pt: 1.6 written`);
      }
      assert.equal(p.measure({ ...base, ...points }, 480, ctx), 300, `${type}: 480 / 1.6`);
      const floor = p.measure({ ...base, ...points, aspect_ratio: 20 }, 480, ctx);
      assert.ok(floor >= 60 && p.measure({ ...base, ...points, aspect_ratio: 50 }, 480, ctx) === floor, `${type}: at least 60 pt`);
      assert.equal(p.measure({ ...base, ...points, aspect_ratio: 0 }, 480, ctx), 300, `${type}: 0 is no ratio: the default`);
    }
  });

  it('a point colour overrides the bar colour (visible in the PDF content)', async () => {
    const r = await renderOne('BarChart', { data: [{ x: 'a', y: 1, color: '#123456' }], x_label: 'x', y_label: 'y' });
    assert.ok(
      contentStreams(r.bytes).some((c) => fillOperator('#123456').test(c)),
      'fill colour #123456 in the content',
    );
    assert.ok(!contentStreams(r.bytes).some((c) => fillOperator('#4f46e5').test(c)), 'not the accent');
  });
});
