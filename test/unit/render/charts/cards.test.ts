import { strict as assert } from 'node:assert';
import { chartPainters } from '../../../../src/render/charts';
import { RenderError } from '../../../../src/render/renderer';
import { firstOutOfOrder } from '../../../helpers/pdf';
import { contentStreams, fillOperator, linkUris, renderOne, testCanvas } from './helpers';

describe('charts/doughnut, spark cards, progress bar', () => {
  it('DoughnutRing: title, legend of labelled arcs, inside texts, tick labels, caption', async () => {
    const r = await renderOne('DoughnutRing', {
      data: [
        { start: 0, end: 45, label: 'Done', colour: 'accent' },
        { start: 45, end: 70, label: 'Review', colour: '#123456' },
      ],
      chart_title: 'Sprint',
      inside_title: '70%',
      inside_subtitle: 'of 120 tasks',
      ticks_count: 4,
      caption: 'Updated daily',
    });
    assert.equal(firstOutOfOrder(r.text, ['Sprint', 'Done', 'Review']), undefined, r.text);
    for (const t of ['70%', 'of 120 tasks', '0', '25', '50', '75', 'Updated daily']) assert.ok(r.text.includes(t), `${t} in ${r.text}`);
    assert.ok(
      contentStreams(r.bytes).some((c) => fillOperator('#123456').test(c)),
      'arc colour used',
    );
  });

  it('DoughnutRing: derives max_val beyond 100, tolerates empty data, rejects non-numeric ends', async () => {
    const big = await renderOne('DoughnutRing', { data: [{ start: 0, end: 640 }], ticks_count: 2 });
    assert.ok(big.text.includes('320'), `ticks over 0..640: ${big.text}`);
    const empty = await renderOne('DoughnutRing', { data: [], inside_title: '0%' });
    assert.ok(empty.text.includes('0%'));
    const { ctx } = testCanvas({ path: 'components[0] (DoughnutRing)' });
    assert.throws(
      () => chartPainters.DoughnutRing.measure({ data: [{ start: 0, end: 'half' }] }, 200, ctx),
      (e: unknown) => e instanceof RenderError && /options\.data\[0\]\.end must be a number, got "half"/.test(e.message),
    );
  });

  it('SparkChart.Line: title, subtitle, change badge, button with its link', async () => {
    const r = await renderOne('SparkChart.Line', {
      data: [3, 5, 4, 8, 9],
      title: 'Weekly signups',
      subtitle: '1,284',
      perc_change: '+',
      perc_diff: 12.5,
      button_text: 'Open report',
      button_link: 'https://example.com/signups',
    });
    assert.equal(firstOutOfOrder(r.text, ['12.5%', 'Weekly signups', '1,284', 'Open report']), undefined, r.text);
    assert.deepEqual(linkUris(r.bytes), ['https://example.com/signups']);
    const down = await renderOne('SparkChart.Line', { data: [9, 4], title: 'Churn', subtitle: '2%', perc_change: '-', perc_diff: 3 });
    assert.ok(down.text.includes('3%') && !down.text.includes('View'), 'no button without button_link');
  });

  it('SparkChart.Line: height follows chart_height, empty data says so', async () => {
    const { ctx } = testCanvas();
    const p = chartPainters['SparkChart.Line'];
    const base = { data: [1, 2], title: 't', subtitle: 's' };
    assert.equal(p.measure({ ...base, chart_height: 100 }, 200, ctx) - p.measure({ ...base, chart_height: 40 }, 200, ctx), 60);
    const r = await renderOne('SparkChart.Line', { ...base, data: [] });
    assert.ok(r.text.includes('No data'));
  });

  it('SparkChart.Ring: percentage in the ring, texts beside it, bad value rejected', async () => {
    const r = await renderOne('SparkChart.Ring', {
      value: 72,
      title: 'Storage',
      subtitle: '720 GB of 1 TB',
      button_link: 'https://example.com/s',
    });
    assert.equal(firstOutOfOrder(r.text, ['72%', 'Storage', '720 GB of 1 TB', 'View']), undefined, r.text);
    assert.deepEqual(linkUris(r.bytes), ['https://example.com/s']);
    const over = await renderOne('SparkChart.Ring', { value: 140.25, title: 't', subtitle: 's' });
    assert.ok(over.text.includes('140.3%'), 'value shown as given, ring clamped');
    const { ctx } = testCanvas();
    assert.throws(
      () =>
        chartPainters['SparkChart.Ring'].paint({ value: 'lots', title: 't', subtitle: 's' }, { x: 0, y: 0, width: 200, height: 80 }, ctx),
      RenderError,
    );
  });

  it('spark cards wrap a long title or subtitle in a narrow column instead of cutting it', async () => {
    const subtitle = 'Accepted by mail servers of every recipient domain';
    const narrow = await renderOne('SparkChart.Ring', { value: 97, title: 'Delivery rate this month', subtitle }, 170);
    const words = narrow.text.replace(/\s+/g, ' ');
    assert.ok(!words.includes('…'), `nothing ellipsized: ${words}`);
    for (const w of subtitle.split(' ')) assert.ok(words.includes(w), `"${w}" printed: ${words}`);
    const wide = await renderOne('SparkChart.Ring', { value: 97, title: 'Delivery rate this month', subtitle }, 520);
    assert.ok(narrow.height > wide.height, `the wrapped card is taller (${narrow.height} vs ${wide.height})`);
    const line = await renderOne(
      'SparkChart.Line',
      { data: [1, 3, 2], title: 'Messages accepted by the receiving servers', subtitle, perc_change: '+', perc_diff: 3 },
      170,
    );
    for (const w of subtitle.split(' ')) assert.ok(line.text.includes(w), `"${w}" printed in the line card: ${line.text}`);
  });

  it('spark cards at quarter width break their texts between words, never inside one (PDF text read back)', async () => {
    /** The printed words: whole, or a word cut at its end with an ellipsis — never a piece from its middle. */
    const whole = (text: string, words: string[]) => {
      const printed = text.split(/\s+/);
      for (const w of words) assert.ok(printed.includes(w), `"${w}" printed whole: ${JSON.stringify(text)}`);
    };
    for (const subtitle of ['Conversion rate', 'Subscriptions renewed', '1,284 signups']) {
      // A quarter of an A4 column: about 40 pt beside the ring, so the texts go under it.
      const ring = await renderOne('SparkChart.Ring', { value: 72, title: 'Storage used', subtitle }, 128);
      whole(ring.text, ['Storage', 'used', ...subtitle.split(' ')]);
      const line = await renderOne('SparkChart.Line', { data: [1, 3, 2], title: 'Storage used', subtitle }, 96);
      whole(line.text, subtitle.split(' '));
    }
    // One word wider than the card even shrunk: cut at its end with an ellipsis, not split over lines.
    const tiny = await renderOne('SparkChart.Line', { data: [1, 2], title: 'Status', subtitle: 'Internationalisation done' }, 60);
    const pieces = tiny.text.split(/\s+/).filter((w) => /^[A-Za-z]/.test(w) && w !== 'Status');
    assert.ok(pieces[0].endsWith('…') && 'Internationalisation'.startsWith(pieces[0].slice(0, -1)), `cut with an ellipsis: ${tiny.text}`);
    assert.ok(
      pieces.slice(1).every((w) => w === 'done'),
      `no piece from inside a word: ${tiny.text}`,
    );
  });

  it('ProgressBar: title, percentage and every stage name in order', async () => {
    const stages = ['Discovery', 'Design', 'Build', 'Test', 'Launch'].map((name) => ({ name }));
    const r = await renderOne('ProgressBar', { title: 'Migration', progress: 62, stages }, 450);
    assert.equal(firstOutOfOrder(r.text, ['Migration', '62%', 'Discovery', 'Design', 'Build', 'Test', 'Launch']), undefined, r.text);
    const plain = await renderOne('ProgressBar', { progress: 150, stages: [] });
    assert.ok(plain.text.includes('100%'), 'progress clamps to 100');
    const { ctx } = testCanvas();
    const p = chartPainters.ProgressBar;
    assert.ok(p.measure({ progress: 1, stages }, 300, ctx) > p.measure({ progress: 1, stages: [] }, 300, ctx), 'stage names need a line');
    assert.throws(
      () => p.measure({ progress: 1, stages: [42] }, 300, ctx),
      (e: unknown) => e instanceof RenderError && /options\.stages\[0\] must be an object like \{"name": "Design"\}/.test(e.message),
    );
  });
});
