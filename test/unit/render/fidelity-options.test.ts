/**
 * Options the hosted service accepts and renders, with their visible effect here
 * (docs/local-service.md, Rendered): component margins, headings_margin as a number, cover alignment
 * start/center/end, config.enable_header, config.google_fonts, colour-theme
 * overrides (derived tints, background, highlighted), DoughnutRing and Chart.*
 * font sizes as numbers, background_ring_colour, curve_format null.
 */
import { strict as assert } from 'node:assert';
import type { ReportBody, ReportComponent } from '../../../src/core/report/types';
import { MARGIN_UNIT_PT } from '../../../src/render/painter';
import { buildTheme, mix } from '../../../src/render/theme';
import { itemOf, render, report, sharedRenderer, textItems, type TextItem } from '../../helpers/render';
import { contentStreams } from './charts/helpers';

const FONTS = { regular: 'r', bold: 'b', italic: 'i', boldItalic: 'bi', heading: 'h' };
const UNIT = MARGIN_UNIT_PT;

async function items(body: ReportBody): Promise<TextItem[]> {
  return textItems((await render(body)).pdf);
}

/** True when the content sets `hex` as a fill colour ("r g b scn" with r = R/255 as pdfkit writes it). */
function fills(pdf: Uint8Array, hex: string): boolean {
  const operands = [1, 3, 5].map((i) => String(parseInt(hex.slice(i, i + 2), 16) / 255)).join(' ');
  return contentStreams(pdf).some((c) => c.split('\n').some((line) => line === `${operands} scn`));
}

/** BaseFont names embedded in a PDF (subset prefix dropped), e.g. "Lato-Bold". */
function embeddedFonts(pdf: Uint8Array): string[] {
  return [
    ...Buffer.from(pdf)
      .toString('latin1')
      .matchAll(/\/BaseFont \/(?:[A-Z]{6}\+)?([\w-]+)/g),
  ].map((m) => m[1]);
}

describe('renderer: options with their visible effect (fidelity)', () => {
  describe('vertical_margin / horizontal_margin', () => {
    for (const type of ['Text', 'Table'] as const) {
      it(`${type}: the margins move the content by one spacing step (MARGIN_UNIT_PT) per unit`, async () => {
        const base: Record<string, unknown> = type === 'Text' ? { text: 'Marker words here' } : { rows: [['Marker words here']] };
        const before: ReportComponent = { type: 'Text', options: { text: 'Above' } };
        const plain = itemOf(await items(report([before, { type, options: base }])), 'Marker');
        const moved = itemOf(
          await items(report([before, { type, options: { ...base, vertical_margin: 10, horizontal_margin: 20 } }])),
          'Marker',
        );
        assert.ok(Math.abs(moved.y - plain.y - 10 * UNIT) < 0.6, `y moves by ${10 * UNIT} pt: ${plain.y} → ${moved.y}`);
        assert.ok(Math.abs(moved.x - plain.x - 20 * UNIT) < 0.6, `x moves by ${20 * UNIT} pt: ${plain.x} → ${moved.x}`);
        // The bottom margin pushes what follows.
        const after: ReportComponent = { type: 'Text', options: { text: 'Below' } };
        const follow0 = itemOf(await items(report([{ type, options: base }, after])), 'Below');
        const follow1 = itemOf(await items(report([{ type, options: { ...base, vertical_margin: 10 } }, after])), 'Below');
        assert.ok(
          Math.abs(follow1.y - follow0.y - 20 * UNIT) < 0.6,
          `the next component moves by top + bottom: ${follow0.y} → ${follow1.y}`,
        );
      });
    }

    it("Chart.Bar: horizontal_margin / vertical_margin inset the chart (a DoughnutRing's `margin` is its drawing's own: sdk-defaults.test.ts)", async () => {
      const bar = {
        data: [
          { x: 'Alpha', y: 3 },
          { x: 'Beta', y: 5 },
        ],
        x_label: 'Xlab',
        y_label: 'Ylab',
        chart_title: 'Bars title',
      };
      const t0 = itemOf(
        await items(report([{ type: 'Chart.Bar', options: { ...bar, horizontal_margin: 0, vertical_margin: 0 } }])),
        'Bars title',
      );
      const t1 = itemOf(
        await items(report([{ type: 'Chart.Bar', options: { ...bar, horizontal_margin: 8, vertical_margin: 4 } }])),
        'Bars title',
      );
      assert.ok(Math.abs(t1.x - t0.x - 8 * UNIT) < 0.6 && Math.abs(t1.y - t0.y - 4 * UNIT) < 0.6, `${t0.x},${t0.y} → ${t1.x},${t1.y}`);
    });
  });

  it('Text headings_margin: a number sets the space above and below Markdown headings; booleans still work', async () => {
    const text = 'First paragraph\n\n## Middle heading\n\nLast paragraph';
    const gaps = async (headings_margin: unknown) => {
      const it = await items(report([{ type: 'Text', options: { text, headings_margin } }]));
      const [a, h, b] = ['First', 'Middle', 'Last'].map((t) => itemOf(it, t));
      return { above: h.y - a.y, below: b.y - h.y };
    };
    const zero = await gaps(0);
    const wide = await gaps(20);
    assert.ok(Math.abs(wide.above - zero.above - 20 * UNIT) < 0.6, `above: ${zero.above} → ${wide.above}`);
    assert.ok(Math.abs(wide.below - zero.below - 20 * UNIT) < 0.6, `below: ${zero.below} → ${wide.below}`);
    const on = await gaps(true);
    const off = await gaps(false);
    assert.ok(
      on.above > off.above + 5 && on.below > off.below + 3,
      `true keeps the margins, false drops them: ${JSON.stringify({ on, off })}`,
    );
  });

  it('Text: "#Heading" without a space is a heading (invoice sample); inline and block HTML never print raw', async () => {
    const r = await render(
      report([
        {
          type: 'Text',
          options: {
            text: 'Intro line\n#Terms and Conditions\nSome <b>bold</b> and <a href="https://example.com/t">terms</a>\n\n<p>Block <i>html</i> text</p>',
          },
        },
      ]),
    );
    for (const t of ['Terms and Conditions', 'bold', 'terms', 'Block html text']) assert.ok(r.text.includes(t), `${t} in ${r.text}`);
    assert.ok(!r.text.includes('#') && !/<\/?(b|a|p|i)\b/.test(r.text), r.text);
    const it = await textItems(r.pdf);
    assert.ok(itemOf(it, 'Terms and').size > itemOf(it, 'Intro').size + 2, 'the heading is larger than body text');
    assert.ok(Buffer.from(r.pdf).toString('latin1').includes('https://example.com/t'), 'the inline <a href> is a link');
  });

  it('cover_page.align start / center / end (and left / right) moves the cover text', async () => {
    const xOf = async (align: string) => {
      const body = report([{ type: 'Text', options: { text: 'Body' } }], {
        cover_page: { align, components: [{ type: 'Text', options: { text: 'Cover title' } }] },
      });
      return itemOf(await items(body), 'Cover title').x;
    };
    const [start, center, end, left, right] = await Promise.all(['start', 'center', 'end', 'left', 'right'].map(xOf));
    assert.ok(start < center - 50 && center < end - 50, `start ${start} < center ${center} < end ${end}`);
    assert.equal(left, start);
    assert.equal(right, end);
  });

  it('config.enable_header false hides the header (as options.enable_header false does)', async () => {
    const content = [{ type: 'Text', options: { text: 'Content line' } }];
    const shown = await items(report(content, { options: { report_title: 'Header title' } }));
    assert.ok(shown.some((i) => i.str.includes('Header title')));
    for (const extra of [{ config: { enable_header: false } }, { options: { report_title: 'Header title', enable_header: false } }]) {
      const hidden = await items(report(content, { options: { report_title: 'Header title' }, ...extra } as Partial<ReportBody>));
      assert.ok(!hidden.some((i) => i.str.includes('Header title')), JSON.stringify(extra));
      assert.ok(itemOf(hidden, 'Content').y < itemOf(shown, 'Content').y - 40, 'content moves up into the header band');
    }
  });

  describe('config.google_fonts', () => {
    const body = (google_fonts: unknown, typography_theme = 'google-fonts'): ReportBody =>
      report([{ type: 'Text', options: { text: '# Heading words\n\nParagraph words' } }], {
        options: { enable_header: false },
        config: { typography_theme, google_fonts } as ReportBody['config'],
      });

    it('{headings: {family, weight}, paragraph: {family, weight}} loads bundled families', async () => {
      const r = await sharedRenderer();
      const out = await r.renderPdf(
        body({ headings: { family: 'Playfair Display', weight: '700' }, paragraph: { family: 'Lato', weight: '400' } }),
      );
      const fonts = embeddedFonts(out.pdf);
      assert.ok(
        fonts.some((f) => f.startsWith('PlayfairDisplay')),
        fonts.join(', '),
      );
      assert.ok(fonts.includes('Lato-Regular'), fonts.join(', '));
      assert.deepEqual(out.notes, []);
    });

    it('the older {role: "Family"} shape works too', async () => {
      const fonts = embeddedFonts((await (await sharedRenderer()).renderPdf(body({ headings: 'Poppins', body: 'Source Sans 3' }))).pdf);
      assert.ok(fonts.includes('Poppins-Bold'), fonts.join(', '));
      assert.ok(
        fonts.some((f) => f.startsWith('SourceSans3')),
        fonts.join(', '),
      );
    });

    it('the bundled weight nearest the one asked is used', async () => {
      const r = await sharedRenderer();
      const heavy = embeddedFonts((await r.renderPdf(body({ paragraph: { family: 'Lato', weight: '900' } }))).pdf);
      const light = embeddedFonts((await r.renderPdf(body({ paragraph: { family: 'Lato', weight: 300 } }))).pdf);
      assert.ok(heavy.includes('Lato-Bold') && !heavy.includes('Lato-Regular'), `900 → Lato Bold: ${heavy.join(', ')}`);
      assert.ok(light.includes('Lato-Regular') && !light.includes('Lato-Bold'), `300 → Lato Regular: ${light.join(', ')}`);
    });

    it('a family that is not bundled falls back to the theme font with a font-fallback note', async () => {
      const out = await (
        await sharedRenderer()
      ).renderPdf(body({ headings: { family: 'Comic Neue', weight: '700' }, paragraph: { family: 'Lato' } }));
      assert.deepEqual(
        out.notes.map((n) => [n.kind, n.path]),
        [['font-fallback', ['config', 'google_fonts', 'headings']]],
      );
      assert.ok(out.notes[0].message.includes('Comic Neue'), out.notes[0].message);
      const fonts = embeddedFonts(out.pdf);
      assert.ok(fonts.includes('LiberationSans-Bold') && fonts.includes('Lato-Regular'), fonts.join(', '));
    });

    it('google_fonts without typography_theme "google-fonts" is not applied, and a note says why', async () => {
      const out = await (await sharedRenderer()).renderPdf(body({ paragraph: { family: 'Lato' } }, 'default'));
      assert.ok(!embeddedFonts(out.pdf).some((f) => f.startsWith('Lato')));
      assert.deepEqual(
        out.notes.map((n) => n.path),
        [['config', 'google_fonts']],
      );
    });
  });

  describe('colour-theme overrides', () => {
    it('an overridden accent changes the tints derived from it', () => {
      const t = buildTheme('default', { accent: '#00aa00' }, FONTS);
      assert.equal(t.colours['light-background'], mix('#00aa00', '#ffffff', 0.9));
      assert.equal(t.colours['background-faded'], mix('#00aa00', '#ffffff', 0.8));
      assert.equal(t.colours['background-subtle'], mix('#00aa00', '#ffffff', 0.95));
      // An explicit tint still wins over the derived one.
      assert.equal(buildTheme('default', { accent: '#00aa00', 'light-background': 'white' }, FONTS).colours['light-background'], '#ffffff');
    });

    it('a table drawn with an overridden accent uses the derived tint, not the base theme\u2019s', async () => {
      const body = report([{ type: 'Table', options: { headings: ['H1', 'H2'], rows: [['a', 'b']] } }], {
        config: { override_colour_theme: { accent: '#00aa00' } },
      });
      const pdf = (await render(body)).pdf;
      assert.ok(fills(pdf, mix('#00aa00', '#ffffff', 0.9)), 'heading row in the tint of the new accent');
      assert.ok(!fills(pdf, buildTheme('default', {}, FONTS).colours['light-background']), 'not the default lavender');
    });

    it('background colours the content pages and the tints are derived toward it', async () => {
      const body = report([{ type: 'Text', options: { text: 'On a green page' } }], {
        config: { override_colour_theme: { background: '#deefe7' } },
      });
      assert.ok(fills((await render(body)).pdf, '#deefe7'), 'page background painted');
      assert.equal(buildTheme('default', { background: '#deefe7' }, FONTS).colours['light-background'], mix('#4f46e5', '#deefe7', 0.9));
      assert.ok(
        !fills((await render(report([{ type: 'Text', options: { text: 'White' } }]))).pdf, '#ffffff'),
        'a white page paints nothing',
      );
    });

    it('highlighted (nested colours, official sample shape) applies inside highlighted sections', async () => {
      const card = (title: string) => ({ type: 'Card', options: { title, value: 1, highlighted: true } });
      const body = report(
        [
          { type: 'Section', options: { section_title: 'Inside', highlighted: true }, components: [card('In')] },
          { type: 'Section', options: { section_title: 'Outside' }, components: [card('Out')] },
        ],
        {
          config: {
            override_colour_theme: { highlight: '#042940', highlighted: { background: '#fefefe', highlight: '#005c53' } },
          } as ReportBody['config'],
        },
      );
      const pdf = (await render(body)).pdf;
      assert.ok(fills(pdf, '#fefefe'), 'the section panel uses highlighted.background');
      assert.ok(fills(pdf, '#005c53'), 'a highlighted card inside uses highlighted.highlight');
      assert.ok(fills(pdf, '#042940'), 'a highlighted card outside keeps the top-level highlight');
      const t = buildTheme('default', { highlighted: { accent: '#ff0000' } }, FONTS);
      assert.equal(t.highlighted?.colours.accent, '#ff0000');
      assert.equal(t.colours.accent, buildTheme('default', {}, FONTS).colours.accent, 'outside, the accent is unchanged');
    });
  });

  describe('chart font sizes and colours', () => {
    const ring = (extra: Record<string, unknown>) =>
      report([
        {
          type: 'DoughnutRing',
          options: { data: [{ start: 0, end: 60, label: 'Done', colour: 'accent' }], inside_title: '60%', ...extra },
        },
      ]);

    it('DoughnutRing font_size as a number (pixels, 16 = default) and as a keyword', async () => {
      const size = async (font_size: unknown) => itemOf(await items(ring({ font_size })), '60%').size;
      const [small, dflt, big, kw] = [await size(8), await size(undefined), await size(32), await size('3xl')];
      assert.ok(small < dflt && dflt < big, `${small} < ${dflt} < ${big}`);
      assert.ok(kw > dflt, `keyword 3xl is larger than the default xl: ${kw} vs ${dflt}`);
    });

    it('DoughnutRing background_ring_colour and background_ring_color colour the track', async () => {
      assert.ok(fills((await render(ring({ background_ring_colour: '#123456' }))).pdf, '#123456'));
      assert.ok(fills((await render(ring({ background_ring_color: '#654321' }))).pdf, '#654321'));
    });

    it('Chart.* font_size in pixels scales the chart text (16 = default); keywords still work', async () => {
      const chart = (font_size: unknown) =>
        report([
          {
            type: 'Chart.Line',
            options: {
              data: [
                { x: 'Jan', y: 1 },
                { x: 'Feb', y: 3 },
              ],
              x_label: 'Month',
              y_label: 'Value',
              font_size,
              curve_format: null,
            },
          },
        ]);
      const size = async (fs: unknown) => itemOf(await items(chart(fs)), 'Jan').size;
      const [px8, px16, px32, none, kw] = [await size(8), await size(16), await size(32), await size(undefined), await size('lg')];
      assert.equal(px16, none);
      assert.ok(px8 < px16 && px16 < px32, `${px8} < ${px16} < ${px32}`);
      assert.ok(kw > none, `lg > default: ${kw} vs ${none}`);
    });

    it('curve_format null draws the default (straight) line', async () => {
      const line = (curve_format: unknown) =>
        report([
          {
            type: 'Chart.Line',
            options: {
              data: [
                { x: 'A', y: 1 },
                { x: 'B', y: 4 },
                { x: 'C', y: 2 },
              ],
              x_label: 'x',
              y_label: 'y',
              curve_format,
            },
          },
        ]);
      const beziers = (pdf: Uint8Array) =>
        contentStreams(pdf)
          .join('\n')
          .split('\n')
          .filter((l) => / c$/.test(l)).length;
      const [nul, absent, smooth] = [await render(line(null)), await render(line(undefined)), await render(line('Natural'))];
      assert.equal(beziers(nul.pdf), beziers(absent.pdf));
      assert.ok(beziers(smooth.pdf) > beziers(absent.pdf));
    });
  });
});
