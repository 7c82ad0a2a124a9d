/**
 * Table cells as real reports write them (docs/local-service.md, Compatibility → Rendered):
 * the HTML subset of the official invoice and Airtable samples, numbers as given,
 * null cells, heading cells with col_span, col_width with nulls. Each test renders
 * a small report and reads the PDF back.
 */
import { strict as assert } from 'node:assert';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import type { ReportComponent } from '../../../src/core/report/types';
import { itemOf, render, report, textItems } from '../../helpers/render';
import { contentStreams } from './charts/helpers';

interface LinkAnnotation {
  url?: string;
  /** [x1, y1, x2, y2] from the page's top-left, in points. */
  rect: [number, number, number, number];
}

/** The link annotations of page 1, read by pdf.js (the viewer's engine). */
async function links(pdf: Uint8Array): Promise<LinkAnnotation[]> {
  const url = pathToFileURL(join(process.cwd(), 'node_modules/pdfjs-dist/legacy/build/pdf.mjs')).href;
  const pdfjs = (await new Function('u', 'return import(u)')(url)) as typeof import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const page = await doc.getPage(1);
    const h = page.getViewport({ scale: 1 }).height;
    const annots = (await page.getAnnotations()) as Array<{ subtype: string; url?: string; rect: number[] }>;
    return annots
      .filter((a) => a.subtype === 'Link')
      .map((a) => ({ url: a.url, rect: [a.rect[0], h - a.rect[3], a.rect[2], h - a.rect[1]] }));
  } finally {
    await doc.destroy();
  }
}

const table = (options: Record<string, unknown>): ReportComponent[] => [{ type: 'Table', options }];

/** Number of stroked paths (pdfkit's underline is a stroked line). */
function strokes(pdf: Uint8Array): number {
  return contentStreams(pdf)
    .join('\n')
    .split('\n')
    .filter((l) => l.trim() === 'S').length;
}

describe('renderer: Table cells (HTML subset, numbers, spans, widths)', () => {
  it('<b>/<strong>/<i>/<em> in cells are styled, never printed raw (official invoice sample)', async () => {
    const r = await render(
      report(
        table({
          rows: [
            ['<b>Invoice No.</b>', '908Y7T'],
            ['<strong>Due date</strong>', '<i>2022/09/12</i>'],
            ['<em>Note</em>', '<b><i>both</i></b>'],
          ],
          col_bg: ['background-faded', null],
        }),
        { options: { enable_header: false } },
      ),
    );
    for (const t of ['Invoice No.', '908Y7T', 'Due date', '2022/09/12', 'Note', 'both']) assert.ok(r.text.includes(t), `${t} in ${r.text}`);
    assert.ok(!/<\/?(b|strong|i|em)>/.test(r.text), `no raw tags: ${r.text}`);
    // Styled runs use the bold and bold-italic faces (no header, and no cell is bold without markup).
    const fontsOf = (pdf: Uint8Array) =>
      Buffer.from(pdf)
        .toString('latin1')
        .match(/\/BaseFont \/[A-Z]{6}\+[\w-]+/g) ?? [];
    assert.ok(
      fontsOf(r.pdf).some((f) => f.endsWith('-Bold') || f.endsWith('Bold')),
      `a bold face is embedded: ${fontsOf(r.pdf).join(', ')}`,
    );
    assert.ok(
      fontsOf(r.pdf).some((f) => /BoldItalic$/.test(f)),
      `<b><i> uses the bold italic face: ${fontsOf(r.pdf).join(', ')}`,
    );
  });

  it('<a href> is a clickable link annotation over the cell text (Airtable sample)', async () => {
    const r = await render(
      report(
        table({
          headings: ['Company', 'Website'],
          rows: [
            ['Acme', '<a href="https://acme.example/about?x=1&amp;y=2">acme.example</a>'],
            ['Globex', '<a href="javascript:alert(1)">unsafe</a>'],
          ],
        }),
      ),
    );
    assert.ok(r.text.includes('acme.example') && r.text.includes('unsafe'), r.text);
    assert.ok(!r.text.includes('href') && !r.text.includes('</a>'), r.text);
    const all = await links(r.pdf);
    assert.deepEqual(
      all.map((l) => l.url),
      ['https://acme.example/about?x=1&y=2'],
      'only the http(s) link, entity decoded',
    );
    const text = itemOf(await textItems(r.pdf), 'acme.example');
    const [x1, y1, x2, y2] = all[0].rect;
    assert.ok(
      text.x >= x1 - 1 && text.x < x2 && text.y >= y1 && text.y <= y2 + 1,
      `link rect ${all[0].rect} covers the text at ${text.x},${text.y}`,
    );
  });

  it('<u> draws an underline', async () => {
    const plain = await render(report(table({ rows: [['under', 'x']] })));
    const underlined = await render(report(table({ rows: [['<u>under</u>', 'x']] })));
    assert.ok(underlined.text.includes('under') && !underlined.text.includes('<u>'), underlined.text);
    assert.equal(strokes(underlined.pdf), strokes(plain.pdf) + 1, 'one more stroked line: the underline');
  });

  it('<br> breaks the line; other tags are dropped with their text kept; entities are decoded', async () => {
    const r = await render(
      report(
        table({
          rows: [
            ['Line one<br>Line two', '<span class="tag">kept text</span> <font color="red">red</font>'],
            ['Fish &amp; Chips &lt;3 &quot;ok&quot;', '<script>hidden()</script>shown'],
          ],
        }),
      ),
    );
    assert.ok(!/<\/?(span|font|br|script)/.test(r.text) && !r.text.includes('&amp;') && !r.text.includes('&lt;'), r.text);
    for (const t of ['kept text', 'red', 'Fish & Chips <3 "ok"', 'shown']) assert.ok(r.text.includes(t), `${t} in ${r.text}`);
    assert.ok(!r.text.includes('hidden()'), 'script content is not text');
    const items = await textItems(r.pdf);
    const one = itemOf(items, 'Line one');
    const two = itemOf(items, 'Line two');
    assert.ok(two.y > one.y + 5 && Math.abs(two.x - one.x) < 1, `Line two under Line one: ${one.y} → ${two.y}`);
  });

  it('headings take the same HTML subset', async () => {
    const r = await render(report(table({ headings: ['<b>Item</b>', 'Price <i>(EUR)</i>'], rows: [['Pen', '2']] })));
    assert.ok(r.text.includes('Item') && r.text.includes('Price (EUR)') && !r.text.includes('<'), r.text);
  });

  it('numbers are printed exactly as given: no thousands separators', async () => {
    const r = await render(
      report(
        table({
          headings: ['Year', 'Amount', 'Big'],
          rows: [
            [2004, 1250.5, 1000000],
            [{ content: 1999 }, -0.25, 12345.678],
          ],
        }),
      ),
    );
    for (const t of ['2004', '1250.5', '1000000', '1999', '-0.25', '12345.678']) assert.ok(r.text.includes(t), `${t} in ${r.text}`);
    for (const t of ['2,004', '1,250.5', '1,000,000', '1,999', '12,345.678'])
      assert.ok(!r.text.includes(t), `${t} must not appear: ${r.text}`);
  });

  it('null cells are empty cells that keep their column', async () => {
    const r = await render(
      report(
        table({
          headings: ['A', 'B', 'C'],
          rows: [
            ['left', null, 'right'],
            [null, 'middle', null],
          ],
        }),
      ),
    );
    const items = await textItems(r.pdf);
    const [c, right, middle, b] = ['C', 'right', 'middle', 'B'].map((t) => items.find((i) => i.str.trim() === t) ?? itemOf(items, t));
    assert.ok(Math.abs(right.x - c.x) < 2, `"right" under heading C: ${right.x} vs ${c.x}`);
    assert.ok(Math.abs(middle.x - b.x) < 2, `"middle" under heading B: ${middle.x} vs ${b.x}`);
    assert.ok(!r.text.includes('null'), r.text);
  });

  it('a heading cell with col_span 2 spans two columns', async () => {
    const r = await render(
      report(
        table({
          headings: [{ content: 'Customer', col_span: 2 }, 'Total'],
          rows: [
            ['Acme', 'EMEA', 'X1'],
            ['Globex', 'NA', 'X2'],
          ],
        }),
      ),
    );
    assert.ok(!r.text.includes('[object Object]'), r.text);
    const items = await textItems(r.pdf);
    const total = itemOf(items, 'Total');
    const x1 = itemOf(items, 'X1');
    assert.ok(Math.abs(total.x - x1.x) < 2, `"Total" over the third column: ${total.x} vs ${x1.x}`);
    assert.ok(itemOf(items, 'Customer').x < itemOf(items, 'EMEA').x, 'Customer starts in the first column');
  });

  it('col_width: numbers are percentages and nulls share the rest (invoice: [null, 70, null, null])', async () => {
    const r = await render(
      report(
        table({
          headings: ['Qty', 'Description', 'Unit price', 'Amount'],
          rows: [['q', 'd', 'u', 'a']],
          col_width: [null, 70, null, null],
          col_align: ['left', 'left', 'left', 'left'],
        }),
      ),
    );
    const items = await textItems(r.pdf);
    const [qty, desc, unit, amount] = ['Qty', 'Description', 'Unit', 'Amount'].map((t) => itemOf(items, t));
    const left = qty.x;
    const width = (amount.x - left) / 0.9; // Amount starts at 90 % of the table
    assert.ok(Math.abs((desc.x - left) / width - 0.1) < 0.01, `Description starts at 10 %: ${(desc.x - left) / width}`);
    assert.ok(Math.abs((unit.x - left) / width - 0.8) < 0.01, `Unit price starts at 80 %: ${(unit.x - left) / width}`);
    // Every column numbered: weights scaled to the width ([3, 1, 1] → 60 %, 20 %, 20 %).
    const w = await render(report(table({ headings: ['A', 'B', 'C'], rows: [['a', 'b', 'c']], col_width: [3, 1, 1] })));
    const wi = await textItems(w.pdf);
    const [a, b, c] = ['A', 'B', 'C'].map((t) => wi.find((i) => i.str.trim() === t)!);
    assert.ok(Math.abs((b.x - a.x) / (c.x - b.x) - 3) < 0.05, `3:1 columns: ${(b.x - a.x) / (c.x - b.x)}`);
  });

  it('Beta.DataTable col_width with nulls uses the same rule', async () => {
    const r = await render(
      report([
        {
          type: 'Beta.DataTable',
          options: {
            headings: ['One', 'Two', 'Three'],
            col_types: ['Text', 'Text', 'Text'],
            col_width: [50, null, null],
            rows: [[{ data: 'a' }, { data: 'b' }, { data: 'c' }]],
          },
        },
      ]),
    );
    const items = await textItems(r.pdf);
    const [one, two, three] = ['One', 'Two', 'Three'].map((t) => itemOf(items, t));
    assert.ok(Math.abs((two.x - one.x) / (three.x - two.x) - 2) < 0.05, `50 % then 25 % + 25 %: ${(two.x - one.x) / (three.x - two.x)}`);
  });
});
