/**
 * Options as the official SDKs send them mean here what they mean there (docs/sdk-defaults.md):
 * units and defaults read back from the PDF.
 */
import { strict as assert } from 'node:assert';
import type { ReportBody, ReportComponent } from '../../../src/core/report/types';
import { itemOf, render, report, textItems, type TextItem } from '../../helpers/render';
import { contentStreams } from './charts/helpers';
import { renderReportPdf } from '../../../src/render/renderPdf';
import { MARGIN_UNIT_PT } from '../../../src/render/painter';

async function items(body: ReportBody): Promise<TextItem[]> {
  return textItems((await render(body)).pdf);
}

/** True when the content sets `hex` as a fill colour ("r g b scn" as pdfkit writes it). */
function fills(pdf: Uint8Array, hex: string): boolean {
  const operands = [1, 3, 5].map((i) => String(parseInt(hex.slice(i, i + 2), 16) / 255)).join(' ');
  return contentStreams(pdf).some((c) => c.split('\n').some((line) => line === `${operands} scn`));
}

/** Straight segments the content draws ("x y m" then "x y l"), in page coordinates from the top. */
function segments(pdf: Uint8Array): Array<{ x1: number; y1: number; x2: number; y2: number }> {
  const out: Array<{ x1: number; y1: number; x2: number; y2: number }> = [];
  for (const c of contentStreams(pdf)) {
    const lines = c.split('\n');
    for (let i = 1; i < lines.length; i++) {
      const m = /^(-?[\d.]+) (-?[\d.]+) m$/.exec(lines[i - 1]);
      const l = /^(-?[\d.]+) (-?[\d.]+) l$/.exec(lines[i]);
      if (m && l) out.push({ x1: +m[1], y1: +m[2], x2: +l[1], y2: +l[2] });
    }
  }
  return out;
}

async function tinyPng(): Promise<string> {
  const { PNG } = await import('pngjs');
  const png = new PNG({ width: 40, height: 20 });
  png.data.fill(120);
  return PNG.sync.write(png).toString('base64');
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

    it("margin is the chart's own margin in CSS pixels inside its drawing: the title stays, the ring shrinks by 10 px = 7.5 pt a side", async () => {
      const at = async (margin: number) => {
        const its = await items(report([ring({ ...SDK, margin, chart_title: 'Ring title' })]));
        const [title, top, bottom] = [itemOf(its, 'Ring title'), itemOf(its, '0'), its.find((i) => i.str === '50')!];
        return { title, span: bottom.y - top.y };
      };
      const [none, sdk] = [await at(0), await at(10)];
      assert.ok(
        Math.abs(sdk.title.x - none.title.x) < 0.1 && Math.abs(sdk.title.y - none.title.y) < 0.1,
        'the chart title keeps its place',
      );
      // The radius loses the margin times the radius fraction: 7.5 pt × 0.9 on each side.
      assert.ok(Math.abs(none.span - sdk.span - 2 * 7.5 * 0.9) < 0.2, `tick span ${none.span.toFixed(2)} → ${sdk.span.toFixed(2)} pt`);
    });

    it('SDK rings a third wide (side by side with a chart, as in the older SDK test report) keep their inside title whole and large', async () => {
      const third = { ...SDK, width: '1/3' };
      const its = await items(
        report([
          {
            type: 'Section',
            options: { section_title: 'Rings', columns: null },
            components: [ring(third), ring({ ...third, inside_title: '38%' }), ring({ ...third, inside_title: '55%' })],
          },
        ]),
      );
      for (const title of ['72%', '38%', '55%']) {
        const it = itemOf(its, title.slice(0, 2));
        assert.equal(it.str, title, 'the inside title is not cut');
        // At least the chart title size: the ring fills its charting area (width / 1.6 tall), so a third-wide
        // ring is small, but its title is never the 7 pt floor a ring read as 0.9 % of its box gets.
        assert.ok(it.size >= 10, `${title} is drawn at ${it.size.toFixed(1)} pt`);
      }
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

  describe('drifts between the documentation and the drawing', () => {
    it('Section without columns (or null, as the older SDK sends it) lays its children side by side, as the docs say', async () => {
      for (const columns of [undefined, null]) {
        const its = await items(
          report([
            {
              type: 'Section',
              options: { section_title: 'Side by side', ...(columns === null ? { columns } : {}) },
              components: [
                { type: 'Text', options: { text: 'Leftmost words' } },
                { type: 'Text', options: { text: 'Rightmost words' } },
              ],
            },
          ]),
        );
        const [a, b] = [itemOf(its, 'Leftmost'), itemOf(its, 'Rightmost')];
        assert.ok(Math.abs(a.y - b.y) < 0.5 && b.x > a.x + 100, `columns ${columns}: ${a.x},${a.y} / ${b.x},${b.y}`);
      }
    });

    it('Section without columns: sized children keep their width, the others share the rest; a VerticalSpacer takes a row', async () => {
      const its = await items(
        report([
          {
            type: 'Section',
            options: { section_title: 'Shares' },
            components: [
              { type: 'Text', options: { text: 'Third wide', width: '1/3' } },
              { type: 'Text', options: { text: 'Rest wide' } },
              { type: 'VerticalSpacer', options: { space: 2 } },
              { type: 'Text', options: { text: 'Whole row' } },
            ],
          },
        ]),
      );
      const [third, rest, whole] = [itemOf(its, 'Third'), itemOf(its, 'Rest'), itemOf(its, 'Whole')];
      assert.ok(Math.abs(third.y - rest.y) < 0.5 && rest.x > third.x + 100, 'the unsized Text sits beside the 1/3 one');
      assert.ok(whole.y > rest.y + 5 && Math.abs(whole.x - third.x) < 0.5, 'after the spacer, a row of its own');
    });

    it('width fractions as the docs list them: twelfths and n/n', async () => {
      const row = (widths: string[]) =>
        report([
          {
            type: 'Row',
            options: { columns: null },
            components: widths.map((width, i) => ({ type: 'Text', options: { text: `Cell${i} words`, width } })),
          },
        ]);
      const its = await items(row(['5/12', '7/12']));
      const [a, b] = [itemOf(its, 'Cell0'), itemOf(its, 'Cell1')];
      const full = await items(row(['1/2', '1/2']));
      const half = itemOf(full, 'Cell1').x - itemOf(full, 'Cell0').x;
      assert.ok(Math.abs((b.x - a.x) / half - 10 / 12) < 0.03, `5/12 is 5/12 of the row: ${b.x - a.x} vs half ${half}`);
      const wide = await items(row(['2/2', '1/2']));
      assert.ok(itemOf(wide, 'Cell1').y > itemOf(wide, 'Cell0').y + 5, '"2/2" fills its row');
    });

    it('a narrow ProgressBar wraps its stage names instead of cutting them', async () => {
      const r = await render(
        report([
          {
            type: 'Row',
            options: { columns: 4 },
            components: [
              {
                type: 'ProgressBar',
                options: { progress: 40, stages: [{ name: 'Plans approved' }, { name: 'Funds raised' }, { name: 'Built' }] },
              },
            ],
          },
        ]),
      );
      // pdf.js may split a wrapped word into runs: compare without spaces.
      const text = r.text.replace(/\s+/g, '');
      for (const name of ['Plansapproved', 'Fundsraised', 'Built']) assert.ok(text.includes(name), `${name}: ${r.text}`);
      assert.ok(!r.text.includes('…'), r.text);
    });

    it("Text align_list is a boolean (newer SDK): true gives list items the text's align, false or unset keeps them left", async () => {
      const listX = async (align_list: unknown) =>
        itemOf(
          await items(report([{ type: 'Text', options: { text: 'Intro line\n\n- Listed words', align: 'right', align_list } }])),
          'Listed',
        ).x;
      const [on, off, unset] = [await listX(true), await listX(false), await listX(undefined)];
      assert.ok(on > off + 100, `right-aligned list: ${on} vs ${off}`);
      assert.equal(off, unset);
    });

    it("Chart.* without margins takes the docs' defaults (horizontal 3, vertical 1); a uniform margin keeps its meaning", async () => {
      const chart = (extra: Record<string, unknown>): ReportComponent => ({
        type: 'Chart.Line',
        options: {
          data: [
            { x: 'Jan', y: 1 },
            { x: 'Feb', y: 2 },
          ],
          x_label: 'Month',
          y_label: 'Count',
          chart_title: 'Margins title',
          ...extra,
        },
      });
      const at = async (extra: Record<string, unknown>) => layout(await items(report([chart(extra)])));
      assert.deepEqual(await at({}), await at({ horizontal_margin: 3, vertical_margin: 1 }));
      assert.notDeepEqual(await at({}), await at({ horizontal_margin: 0, vertical_margin: 0 }));
      assert.deepEqual(await at({ margin: 2 }), await at({ horizontal_margin: 2, vertical_margin: 2 }));
    });

    it("column_spacing is on Tailwind's spacing scale (3 pt a step): the docs' default 3 leaves 9 pt between columns", async () => {
      const gapOf = async (extra: Record<string, unknown>) => {
        const its = await items(
          report([
            {
              type: 'Section',
              options: { section_title: 'Columns', columns: 2, ...extra },
              components: [
                { type: 'Text', options: { text: 'Leftmost words' } },
                { type: 'Text', options: { text: 'Rightmost words' } },
              ],
            },
          ]),
        );
        return itemOf(its, 'Rightmost').x - itemOf(its, 'Leftmost').x;
      };
      // Two equal columns: the right one starts half the width plus half the gap further right.
      const flush = await gapOf({ column_spacing: 0 });
      for (const [extra, pt] of [
        [{}, 9],
        [{ column_spacing: 3 }, 9],
        [{ column_spacing: 16 }, 48],
      ] as const) {
        const gap = 2 * ((await gapOf(extra)) - flush);
        assert.ok(Math.abs(gap - pt) < 0.1, `${JSON.stringify(extra)}: ${gap.toFixed(2)} pt between the columns, expected ${pt}`);
      }
    });

    it("Row vertical_margin defaults to 1, as the docs' Row page says", async () => {
      const below = async (options: Record<string, unknown>) =>
        itemOf(
          await items(
            report([
              { type: 'Text', options: { text: 'Before row' } },
              { type: 'Row', options, components: [{ type: 'Text', options: { text: 'Inside row' } }] },
              { type: 'Text', options: { text: 'After row' } },
            ]),
          ),
          'After row',
        ).y;
      assert.equal(await below({}), await below({ vertical_margin: 1 }));
      assert.ok(
        Math.abs((await below({})) - (await below({ vertical_margin: 0 })) - 2 * MARGIN_UNIT_PT) < 0.1,
        'top and bottom, one step each',
      );
    });

    it('Image enable_border (documented default true) is the rule below the caption; false or a background turns it off', async () => {
      const base64 = await tinyPng();
      const rulesBelow = async (extra: Record<string, unknown>) => {
        const r = await render(report([{ type: 'Image', options: { base64, caption: 'Figure caption', ...extra } }]));
        const caption = itemOf(await textItems(r.pdf), 'Figure caption');
        return segments(r.pdf).filter((s) => s.y1 === s.y2 && s.y1 > caption.y && s.y1 < caption.y + 20 && s.x2 - s.x1 > 20).length;
      };
      assert.equal(await rulesBelow({}), 1, 'default: one rule under the caption');
      assert.equal(await rulesBelow({ enable_border: true }), 1);
      assert.equal(await rulesBelow({ enable_border: false }), 0);
      assert.equal(await rulesBelow({ bg_colour: 'background-muted' }), 0);
    });

    it('a col_span cell is not crossed by the column borders of the columns it spans', async () => {
      const r = await render(
        report([
          {
            type: 'Table',
            options: {
              col_border: true,
              headings: ['Alpha', 'Beta', 'Gamma'],
              rows: [
                ['one', 'two', 'three'],
                [{ content: 'Spanned total', col_span: 2 }, 'end'],
              ],
            },
          },
        ]),
      );
      const its = await textItems(r.pdf);
      const verticals = segments(r.pdf).filter((s) => Math.abs(s.x1 - s.x2) < 0.01 && Math.abs(s.y1 - s.y2) > 1);
      const crossing = (y: number) => verticals.filter((s) => Math.min(s.y1, s.y2) < y && y < Math.max(s.y1, s.y2));
      assert.equal(crossing(itemOf(its, 'two').y - 2).length, 2, 'a plain row has both column borders');
      const spanned = itemOf(its, 'Spanned total');
      const end = itemOf(its, 'end');
      const across = crossing(spanned.y - 2);
      assert.equal(across.length, 1, 'the spanned row has one border');
      assert.ok(across[0].x1 < end.x && across[0].x1 > spanned.x + 100, `the border is between the span and "end": ${across[0].x1}`);
    });

    it('an Image caption on a dark cover takes the cover text colour (white) unless it has its own', async () => {
      const base64 = await tinyPng();
      const whiteFills = async (options: Record<string, unknown>) => {
        const r = await render(
          report([{ type: 'Text', options: { text: 'Body' } }], {
            cover_page: { bg_color: '#1a2b3c', components: [{ type: 'Image', options: { base64, caption: 'Cover caption', ...options } }] },
          }),
        );
        return contentStreams(r.pdf).reduce((n, c) => n + c.split('\n').filter((l) => l === '1 1 1 scn').length, 0);
      };
      const own = await whiteFills({ text_colour: 'paragraph' });
      const inherited = await whiteFills({});
      assert.ok(inherited > own, `the caption is drawn white: ${inherited} white fills vs ${own} with its own colour`);
    });
  });

  it("config.n_pages without enable_multi_page (the older SDK's page switch): content continues onto at most n_pages pages", async () => {
    const body = (config: Record<string, unknown>, paragraphs = 120): ReportBody => ({
      type: 'Report',
      options: { report_title: 'Pages' },
      config,
      components: Array.from({ length: paragraphs }, (_, i) => ({
        type: 'Text',
        options: { text: `Paragraph ${i} with enough words to fill a line.` },
      })),
    });
    const capped = await renderReportPdf(body({ n_pages: 2 }));
    assert.equal(capped.pageCount, 2);
    const [note] = capped.notes.filter((n) => n.kind === 'overflow');
    assert.match(
      note.message,
      /did not fit on the 2 pages config\.n_pages allows; raise config\.n_pages or set config\.enable_multi_page to true/,
    );
    // A maximum, not a count: a short report takes the pages it needs.
    const short = await renderReportPdf(body({ n_pages: 3 }, 40));
    assert.ok(short.pageCount === 2 && !short.notes.some((n) => n.kind === 'overflow'), `${short.pageCount} pages`);
    // The explicit switch wins.
    const off = await renderReportPdf(body({ n_pages: 3, enable_multi_page: false }, 40));
    assert.equal(off.pageCount, 1);
    assert.match(off.notes.find((n) => n.kind === 'overflow')!.message, /did not fit on the single page; set config\.enable_multi_page/);
    const multi = await renderReportPdf(body({ n_pages: 2, enable_multi_page: true }));
    assert.ok(multi.pageCount > 2 && !multi.notes.some((n) => n.kind === 'overflow'), 'with the switch, nothing is cut');
  });
});
