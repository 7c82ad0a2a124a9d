import { strict as assert } from 'node:assert';
import { itemOf, render, report, textItems } from '../../helpers/render';
import { firstOutOfOrder } from '../../helpers/pdf';
import { renderReportPdf } from '../../../src/render/renderPdf';

const card = (title: string, value: string | number) => ({ type: 'Card', options: { title, value } });

describe('renderer: page model', () => {
  it('renders A4 portrait by default and landscape with config.landscape', async () => {
    const portrait = await render(report([card('A', 1)]));
    assert.equal(portrait.pageCount, 1);
    assert.equal(Math.round(portrait.read.sizes[0].width), 595);
    assert.equal(Math.round(portrait.read.sizes[0].height), 842);
    const landscape = await render(report([card('A', 1)], { config: { landscape: true } }));
    assert.equal(Math.round(landscape.read.sizes[0].width), 842);
    assert.equal(Math.round(landscape.read.sizes[0].height), 595);
  });

  it('draws the header (title, byline, version) above the content, and omits it when enable_header is false', async () => {
    const opts = { report_title: 'Ops Review', report_byline: 'By the ops team', version_number: 'v9.1' };
    const on = await render(report([card('Uptime', '99.9%')], { options: opts }));
    assert.equal(
      firstOutOfOrder(on.read.pages[0], ['Ops Review', 'By the ops team', 'v9.1', 'UPTIME', '99.9%']),
      undefined,
      on.read.pages[0],
    );
    const off = await render(report([card('Uptime', '99.9%')], { options: { ...opts, enable_header: false } }));
    assert.ok(!off.text.includes('Ops Review'), off.text);
    assert.ok(off.text.includes('99.9%'));
  });

  it('prints footer_text and "Page N of M" on every page with enable_pagination', async () => {
    const body = report([card('One', 1), { type: 'PageBreak' }, card('Two', 2), { type: 'PageBreak' }, card('Three', 3)], {
      options: { footer_text: 'Internal only' },
      config: { enable_pagination: true, enable_multi_page: true },
    });
    const r = await render(body);
    assert.equal(r.pageCount, 3);
    r.read.pages.forEach((page, i) => {
      assert.ok(page.includes('Internal only'), page);
      assert.ok(page.includes(`Page ${i + 1} of 3`), page);
    });
  });

  it('puts the cover page (its components) on its own first page', async () => {
    const body = report([card('Body card', 5)], {
      cover_page: {
        bg_color: 'accent',
        align: 'center',
        components: [{ type: 'Text', options: { text: '# Cover Title\n\nSubtitle here' } }],
      },
    });
    const r = await render(body);
    assert.equal(r.pageCount, 2);
    assert.ok(r.read.pages[0].includes('Cover Title') && r.read.pages[0].includes('Subtitle here'), r.read.pages[0]);
    assert.ok(!r.read.pages[0].includes('BODY CARD'));
    assert.ok(r.read.pages[1].includes('BODY CARD'));
  });

  it('fills the cover with bg_image when given', async () => {
    const { PNG } = await import('pngjs');
    const png = new PNG({ width: 8, height: 8 });
    png.data.fill(90);
    const url = `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
    const r = await render(
      report([card('Body', 1)], { cover_page: { bg_image: url, components: [{ type: 'Text', options: { text: 'Over the image' } }] } }),
    );
    assert.equal(r.pageCount, 2);
    assert.ok(r.read.pages[0].includes('Over the image'));
    assert.ok(Buffer.from(r.pdf).toString('latin1').includes('/Subtype /Image'));
  });

  it('cuts a single-page report (enable_multi_page false) at one page and says so', async () => {
    const many = Array.from({ length: 30 }, (_, i) => ({
      type: 'Text',
      options: { text: `Paragraph number ${i} with some words to fill the line.` },
    }));
    const single = await render(report(many, { config: { enable_multi_page: false } }));
    assert.equal(single.pageCount, 1);
    const multi = await render(report(many.concat(many), { config: { enable_multi_page: true } }));
    assert.ok(multi.pageCount >= 2, `pages: ${multi.pageCount}`);
    const tall = await render(
      report(
        Array.from({ length: 120 }, (_, i) => ({ type: 'Text', options: { text: `Line ${i}` } })),
        { config: { enable_multi_page: false } },
      ),
    );
    assert.equal(tall.pageCount, 1);
    assert.ok(tall.text.includes('enable_multi_page'), 'the overflow notice names the setting');
  });

  it('a section title moves with its first component: an unsplittable chart, a chart inside a Row', async () => {
    const filler = Array.from({ length: 5 }, () => ({ type: 'VerticalSpacer', options: { space: 32 } }));
    const chart = (title: string) => ({
      type: 'Chart.Bar',
      options: { chart_title: title, data: ['A', 'B', 'C'].map((x, i) => ({ x, y: 10 + i, label: 's' })) },
    });
    const cases = [
      { title: 'Spend by quarter', first: chart('Quarterly spend chart') },
      { title: 'Spend in a row', first: { type: 'Row', options: { columns: 1 }, components: [chart('Row spend chart')] } },
    ];
    for (const { title, first } of cases) {
      const r = await render(report([...filler, { type: 'Section', options: { section_title: title }, components: [first] }]));
      const items = await textItems(r.pdf);
      const heading = itemOf(items, title);
      const firstText = items.find((i) => /spend chart$/.test(i.str))!;
      assert.equal(r.pageCount, 2, title);
      assert.equal(heading.page, firstText.page, `"${title}" on page ${heading.page}, its chart on page ${firstText.page}`);
    }
  });

  it('a narrow column keeps its longest word whole: the spacing gives way, then its neighbours, and a note says so', async () => {
    const row = (spacing: number | undefined, narrow: string, wide: string, text: string) => ({
      type: 'Row',
      options: spacing === undefined ? {} : { column_spacing: spacing },
      components: [
        { type: 'Text', options: { width: narrow, text } },
        { type: 'Text', options: { width: wide, text: 'Revenue grew in every region this quarter, led by the coastal stores.' } },
      ],
    });
    const body = report([row(16, '1/12', '5/12', 'Quarterly'), row(undefined, '1/12', '11/12', 'Throughput')]);
    const r = await renderReportPdf(body);
    const items = await textItems(r.pdf);
    // Each word is one text item: present and never broken between characters.
    for (const word of ['Quarterly', 'Throughput'])
      assert.ok(
        items.some((i) => i.str.includes(word)),
        `"${word}" whole in the PDF`,
      );
    const notes = r.notes.filter((n) => n.kind === 'column-squeezed');
    assert.deepEqual(
      notes.map((n) => n.path),
      [
        ['components', 0, 'components', 0],
        ['components', 1, 'components', 0],
      ],
    );
    assert.match(
      notes[0].message,
      /^Text at width "1\/12" would be 0 pt wide but its longest word needs \d+ pt; the column spacing shrank from 48 pt to 3 pt/,
    );
    assert.match(notes[1].message, /the other columns of its row were narrowed/);
    // Wide enough columns are laid out as asked, without a note.
    const roomy = await renderReportPdf(report([row(undefined, '1/4', '3/4', 'Quarterly')]));
    assert.equal(roomy.notes.length, 0);
  });

  it('margins from the report options move the content inwards', async () => {
    const narrow = await render(report([{ type: 'Text', options: { text: 'word '.repeat(300) } }], { options: { horizontal_margin: 32 } }));
    const wide = await render(report([{ type: 'Text', options: { text: 'word '.repeat(300) } }], { options: { horizontal_margin: 0 } }));
    // Fewer words fit per line with larger margins, so the text needs more lines.
    const lines = (t: string) => t.split('\n').filter((l) => l.includes('word')).length;
    assert.ok(lines(narrow.read.pages[0]) > lines(wide.read.pages[0]), `${lines(narrow.read.pages[0])} vs ${lines(wide.read.pages[0])}`);
  });
});
