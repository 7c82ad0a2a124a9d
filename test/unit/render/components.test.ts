import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import type { ReportBody } from '../../../src/core/report/types';
import { itemOf, render, report, textItems } from '../../helpers/render';
import { firstOutOfOrder } from '../../helpers/pdf';
import { contentStreams } from './charts/helpers';

/** A small PNG (solid colour) as base64, made with pngjs. */
export function pngBase64(width = 40, height = 20, rgb: [number, number, number] = [200, 30, 30]): string {
  const png = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) png.data.set([...rgb, 255], i * 4);
  return PNG.sync.write(png).toString('base64');
}

describe('renderer: components', () => {
  it('Card: title (uppercased), value, units; numbers are formatted', async () => {
    const r = await render(
      report([{ type: 'Card', options: { title: 'Revenue', value: 128450, units: 'USD', icon: 'coin', highlighted: true } }]),
    );
    assert.equal(firstOutOfOrder(r.text, ['REVENUE', '128,450', 'USD']), undefined, r.text);
    const raw = await render(report([{ type: 'Card', options: { title: 'Keep case', value: 'n/a', title_uppercase: false } }]));
    assert.ok(raw.text.includes('Keep case'), raw.text);
  });

  it('Text: markdown headings, emphasis, lists, links and line breaks', async () => {
    const md =
      '# Big heading\n\nSome **bold** and *italic* text with a [link](https://example.com/docs).\n\n- first item\n- second item\n\n1. one\n2. two\n\nline A\nline B';
    const r = await render(report([{ type: 'Text', options: { text: md } }]));
    assert.equal(
      firstOutOfOrder(r.text, [
        'Big heading',
        'bold',
        'italic',
        'link',
        'first item',
        'second item',
        '1.',
        'one',
        '2.',
        'two',
        'line A',
        'line B',
      ]),
      undefined,
      r.text,
    );
    assert.ok(!r.text.includes('**') && !r.text.includes('# Big'), 'markdown syntax is not printed');
    // "line A\nline B" is a hard line break: the two are on separate text lines.
    assert.ok(/line A\s*\n\s*line B/.test(r.read.pages[0]), r.read.pages[0]);
    // The link is a real PDF link annotation.
    assert.ok(Buffer.from(r.pdf).toString('latin1').includes('https://example.com/docs'));
  });

  it('Text with markdown_format false prints Markdown syntax as is but reads HTML: no tags or entities, <a href> a link', async () => {
    const r = await render(report([{ type: 'Text', options: { text: 'Literal **stars**', markdown_format: false } }]));
    assert.ok(r.text.includes('Literal **stars**'), r.text);
    const html = await render(
      report([
        {
          type: 'Text',
          options: {
            text: '<h2>Opening hours</h2><p>Fish &amp; chips&nbsp;daily, <b>11:30</b>.</p>See the <a href="https://kiosk.example/book">booking page</a>.',
            markdown_format: false,
          },
        },
      ]),
    );
    assert.match(html.text, /Opening hours Fish & chips\s+daily, 11:30 ?\. See the booking page\./);
    assert.doesNotMatch(html.text, /<|&amp;|&nbsp;/);
    assert.ok(Buffer.from(html.pdf).toString('latin1').includes('/URI (https://kiosk.example/book)'), 'a link annotation');
  });

  it('Table: title, headings, string/number/object cells in reading order', async () => {
    const r = await render(
      report([
        {
          type: 'Table',
          options: {
            title: 'Top accounts',
            headings: ['Account', 'Region', 'Revenue'],
            striped: true,
            table_border: true,
            col_border: true,
            col_width: [2, 1, 1],
            col_align: ['left', 'center', 'right'],
            col_bg: [null, 'background-muted', null],
            rows: [
              ['Acme', 'EMEA', 12000],
              ['Globex', 'NA', 9800.5],
              [
                { content: 'Initech merged', col_span: 2, col_bg: 'highlight' },
                { content: 4500, valign: 'top' },
              ],
            ],
          },
        },
      ]),
    );
    assert.equal(
      firstOutOfOrder(r.text, [
        'Top accounts',
        'Account',
        'Region',
        'Revenue',
        'Acme',
        'EMEA',
        '12000',
        'Globex',
        'NA',
        '9800.5',
        'Initech merged',
        '4500',
      ]),
      undefined,
      r.text,
    );
  });

  it('Table: a table longer than a page splits by rows and repeats its headings', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => [`Row ${i}`, i]);
    const r = await render(report([{ type: 'Table', options: { title: 'Long table', headings: ['Name', 'Value'], rows } }]));
    assert.ok(r.pageCount >= 3, `pages: ${r.pageCount}`);
    r.read.pages.forEach((page) => assert.ok(/Name\s+Value/.test(page), `headings repeated on every page: ${page.slice(0, 200)}`));
    assert.ok(r.read.pages[1].includes('(continued)'));
    // Every row appears exactly once, in order.
    assert.equal(
      firstOutOfOrder(
        r.text,
        rows.map((row) => `${row[0]} `),
      ),
      undefined,
    );
    for (const row of rows) assert.equal(r.text.split(`${row[0]} `).length - 1, 1, `${row[0]} appears once`);
  });

  it("Table: a body cell's col_bg is painted under the heading rule, not over its lower half", async () => {
    const r = await render(
      report([{ type: 'Table', options: { headings: ['Site', 'Plots'], rows: [[{ content: 'Mill Lane', col_bg: '#ff0000' }, '24']] } }]),
    );
    const red = '\n1 0 0 scn\n';
    const page = contentStreams(r.pdf).find((c) => c.includes(red))!;
    const fill = page.indexOf(red);
    // The heading rule is the table's only 1 pt line: it must be stroked after the cell's fill.
    assert.ok(page.lastIndexOf('\n1 w\n') > fill, 'the heading rule is stroked after the cell background');
  });

  it('Image: base64 PNG with caption and border', async () => {
    const r = await render(
      report([
        {
          type: 'Image',
          options: { base64: pngBase64(), base64_extension: 'png', caption: 'Figure 1: a red box', enable_border: true, rounded: true },
        },
      ]),
    );
    assert.ok(r.text.includes('Figure 1: a red box'));
    assert.ok(Buffer.from(r.pdf).toString('latin1').includes('/Subtype /Image'), 'the image is embedded');
  });

  it('Section: title, icon and columns lay children out side by side', async () => {
    const cards = ['Alpha', 'Beta', 'Gamma'].map((t, i) => ({ type: 'Card', options: { title: t, value: i + 1 } }));
    const r = await render(
      report([
        { type: 'Section', options: { section_title: 'Key metrics', icon: 'chart-bar', columns: 3, highlighted: true }, components: cards },
      ]),
    );
    // Side by side: the three titles come out on one text line, before the values.
    assert.equal(firstOutOfOrder(r.text, ['Key metrics', 'ALPHA', 'BETA', 'GAMMA']), undefined, r.text);
    const items = await textItems(r.pdf);
    const [a, b, g] = ['ALPHA', 'BETA', 'GAMMA'].map((t) => itemOf(items, t));
    assert.ok(Math.abs(a.y - b.y) < 1 && Math.abs(b.y - g.y) < 1, 'same row');
    assert.ok(a.x < b.x && b.x < g.x, 'left to right');
    assert.ok(g.x > 595 * 0.6, 'third column in the right third of the page');
  });

  it('Row: width fractions, align and column_spacing place cells on one line', async () => {
    const r = await render(
      report([
        {
          type: 'Row',
          options: { align: 'center', column_spacing: 4 },
          components: [
            { type: 'Card', options: { title: 'Left', value: 1, width: '1/3' } },
            { type: 'Card', options: { title: 'Right', value: 2, width: '2/3' } },
          ],
        },
      ]),
    );
    const items = await textItems(r.pdf);
    const left = itemOf(items, 'LEFT');
    const right = itemOf(items, 'RIGHT');
    assert.ok(Math.abs(left.y - right.y) < 1, 'same row');
    // 1/3 + 2/3 of the content width: the right card starts about a third of the way in.
    const contentWidth = 595.28 - 72;
    assert.ok(Math.abs(right.x - left.x - contentWidth / 3) < 12, `offset ${right.x - left.x}`);
  });

  it('a rotated y-axis title stays inside its cell (a cell clips what leaves it)', async () => {
    // Seen in examples/analytics: the right-hand chart's "Conversion (%)" sat 6 pt left of its
    // cell and came out half cut by the cell's clip. Its layout ended on a pass that moved the
    // plot for an overhanging x label while the title was placed from a newer tick width.
    const body = JSON.parse(readFileSync(join(process.cwd(), 'examples', 'analytics.report.json'), 'utf8')) as ReportBody;
    const items = await textItems((await render(body)).pdf);
    const charts = [
      { title: 'Sessions per month', yTitle: 'Sessions' },
      { title: 'Conversion rate by month', yTitle: 'Conversion' },
      { title: 'Time on site', yTitle: 'Order' },
    ];
    for (const c of charts) {
      const title = itemOf(items, c.title);
      const yTitle = items.find((i) => i.rotated && i.page === title.page && i.str.startsWith(c.yTitle));
      assert.ok(yTitle, `the y title of "${c.title}"`);
      // Rotated anticlockwise, the glyphs rise left of the baseline by the ascent (~0.9 em).
      const left = yTitle.x - 0.9 * yTitle.size;
      assert.ok(left >= title.x - 0.5, `"${yTitle.str}" reaches ${left.toFixed(1)} pt, left of its chart at ${title.x.toFixed(1)} pt`);
      // And the tick labels between the title and the plot are there, not ellipsized away.
      const ticks = items.filter(
        (i) =>
          !i.rotated &&
          i.page === title.page &&
          i.x > yTitle.x &&
          i.x < title.x + 30 &&
          Math.abs(i.y - yTitle.y) < 120 &&
          /^-?[\d.,]+$/.test(i.str),
      );
      assert.ok(ticks.length >= 3, `"${c.title}": y tick labels ${JSON.stringify(ticks.map((t) => t.str))}`);
    }
  });

  it('PageBreak, Spacer and VerticalSpacer', async () => {
    const r = await render(
      report([
        { type: 'Text', options: { text: 'Before break' } },
        { type: 'PageBreak' },
        { type: 'VerticalSpacer', options: { space: 20 } },
        { type: 'Text', options: { text: 'After break' } },
        { type: 'Spacer', options: { space: 10 } },
        { type: 'Text', options: { text: 'After spacer' } },
      ]),
    );
    assert.equal(r.pageCount, 2);
    assert.ok(r.read.pages[0].includes('Before break') && !r.read.pages[0].includes('After break'));
    assert.ok(r.read.pages[1].includes('After break') && r.read.pages[1].includes('After spacer'));
  });

  it('content that overflows flows onto new pages (multi-page)', async () => {
    const sections = Array.from({ length: 8 }, (_, s) => ({
      type: 'Section',
      options: { section_title: `Section ${s}`, columns: 2 },
      components: Array.from({ length: 6 }, (_, c) => ({ type: 'Card', options: { title: `S${s} card ${c}`, value: s * 10 + c } })),
    }));
    const r = await render(report(sections));
    assert.ok(r.pageCount >= 2, `pages: ${r.pageCount}`);
    assert.equal(
      firstOutOfOrder(
        r.text,
        sections.map((s) => String(s.options.section_title)),
      ),
      undefined,
    );
    for (let s = 0; s < 8; s++) for (let c = 0; c < 6; c++) assert.ok(r.text.includes(`S${s} CARD ${c}`), `S${s} CARD ${c}`);
  });

  it('a component taller than a whole page is clipped, never loops', async () => {
    const huge = { type: 'Card', options: { title: 'Huge', value: 'x '.repeat(4000) } };
    const r = await render(report([huge, { type: 'Text', options: { text: 'After the giant' } }]));
    assert.ok(r.pageCount <= 3, `pages: ${r.pageCount}`);
    assert.ok(r.text.includes('After the giant'));
  });
});
