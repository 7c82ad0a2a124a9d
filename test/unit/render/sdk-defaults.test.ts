/**
 * Options as the official SDKs send them mean here what they mean there (docs/sdk-defaults.md):
 * units and defaults read back from the PDF.
 */
import { strict as assert } from 'node:assert';
import type { ReportBody, ReportComponent } from '../../../src/core/report/types';
import { itemOf, render, report, textItems, type TextItem } from '../../helpers/render';
import { contentStreams } from './charts/helpers';

async function items(body: ReportBody): Promise<TextItem[]> {
  return textItems((await render(body)).pdf);
}

/** True when the content sets `hex` as a fill colour ("r g b scn" as pdfkit writes it). */
function fills(pdf: Uint8Array, hex: string): boolean {
  const operands = [1, 3, 5].map((i) => String(parseInt(hex.slice(i, i + 2), 16) / 255)).join(' ');
  return contentStreams(pdf).some((c) => c.split('\n').some((line) => line === `${operands} scn`));
}

/** Text and positions of a page, to compare two renders for the same drawing. */
const layout = (its: TextItem[]) => its.map((i) => `${i.str}@${i.x.toFixed(1)},${i.y.toFixed(1)},${i.size.toFixed(1)}`);

describe('options as the SDKs send them (docs/sdk-defaults.md)', () => {
  describe('DoughnutRing', () => {
    // The older SDK's DoughnutRing defaults, sent with every ring it builds.
    const SDK = {
      margin: 10,
      min_val: 0,
      max_val: 100,
      chart_radius_percent: 0.9,
      arc_thickness_percent: 0.33,
      ticks_count: 10,
      background_ring_colour: '#f0f0f0',
      font_size: 12,
    };
    const ring = (options: Record<string, unknown>): ReportComponent => ({
      type: 'DoughnutRing',
      options: {
        data: [{ start: 0, end: 72, label: 'Done', colour: 'accent' }],
        inside_title: '72%',
        inside_subtitle: 'of target',
        ...options,
      },
    });

    it('radius 0.9 and thickness 0.33 are fractions: the ring fills its area and the inside title is whole', async () => {
      const its = await items(report([ring(SDK)]));
      assert.equal(itemOf(its, '72').str, '72%', 'the inside title is not cut');
      // Tick labels sit just outside the ring: "0" at 12 o'clock, "50" at 6 o'clock.
      const top = itemOf(its, '0');
      const bottom = its.find((i) => i.str === '50');
      assert.ok(bottom, 'the 50 tick is labelled');
      assert.ok(bottom.y - top.y > 150, `the ring is drawn large (tick span ${(bottom.y - top.y).toFixed(1)} pt)`);
    });

    it('a value above 1 is a percentage: 90 / 33 draw what 0.9 / 0.33 draw', async () => {
      const fraction = layout(await items(report([ring(SDK)])));
      const percent = layout(await items(report([ring({ ...SDK, chart_radius_percent: 90, arc_thickness_percent: 33 })])));
      assert.deepEqual(percent, fraction);
    });

    it('omitted options draw what the SDK defaults written out draw (margin 10, 10 ticks, #f0f0f0 track)', async () => {
      const { font_size: _fs, ...sdkDefaults } = SDK;
      const omitted = await render(report([ring({})]));
      const explicit = await render(report([ring(sdkDefaults)]));
      assert.deepEqual(layout(await textItems(omitted.pdf)), layout(await textItems(explicit.pdf)));
      assert.ok(fills(omitted.pdf, '#f0f0f0'), 'the track is #f0f0f0');
      assert.ok(omitted.text.includes('90'), `10 labelled ticks: ${omitted.text}`);
    });

    it('arcs without start follow each other: the first from min_val, each next from the previous end', async () => {
      const data = (arcs: Array<Record<string, unknown>>) =>
        report([{ type: 'DoughnutRing', options: { data: arcs.map((a, i) => ({ colour: ['#aa0000', '#00aa00'][i], ...a })) } }]);
      const omitted = await render(data([{ end: 55 }, { end: 78 }]));
      const stacked = await render(
        data([
          { start: 0, end: 55 },
          { start: 55, end: 78 },
        ]),
      );
      assert.deepEqual(contentStreams(omitted.pdf), contentStreams(stacked.pdf));
    });
  });
});
