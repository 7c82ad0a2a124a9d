/**
 * Single-page reports: the density that fits the hosted service's one-page designs,
 * and the overflow note that names the first component cut when content does not fit.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderReportPdf } from '../../../src/render/renderPdf';
import { reportPathOf } from '../../../src/render/layout/jsonPath';
import type { ReportBody, UncheckedComponent } from '../../../src/core/report/types';
import { readPdf } from '../../helpers/pdf';
import { textItems, itemOf } from '../../helpers/render';

const FIDELITY = join(__dirname, '../../fixtures/fidelity');
const fixture = (name: string): ReportBody => JSON.parse(readFileSync(join(FIDELITY, `${name}.report.json`), 'utf8')) as ReportBody;

const text = (t: string): UncheckedComponent => ({ type: 'Text', options: { text: t } });
const singlePage = (components: UncheckedComponent[]): ReportBody => ({
  type: 'Report',
  options: { report_title: 'Single page' },
  config: { enable_multi_page: false },
  components: components as ReportBody['components'],
});
const tableSection = (title: string, rows: number): UncheckedComponent => ({
  type: 'Section',
  options: { section_title: title },
  components: [
    {
      type: 'Table',
      options: { headings: ['Key', 'Value'], rows: Array.from({ length: rows }, (_, i) => [`${title} key ${i}`, `value ${i}`]) },
    },
  ],
});

async function pageText(pdf: Uint8Array): Promise<string> {
  return (await readPdf(pdf)).pages.join('\n').replace(/\s+/g, ' ');
}

describe('renderer: single-page reports', () => {
  for (const name of ['colour-theme-sample', 'ruby-standard-request']) {
    it(`${name} (a one-page design of the hosted service) fits one page with every section and no note`, async () => {
      const body = fixture(name);
      const r = await renderReportPdf(body);
      assert.equal(r.pageCount, 1);
      assert.deepEqual(
        r.notes.filter((n) => n.kind === 'overflow'),
        [],
      );
      const all = await pageText(r.pdf);
      assert.ok(!all.includes('enable_multi_page'), 'no overflow notice');
      const components = body.components as UncheckedComponent[];
      const sections = components.map((c) => String(c.options?.section_title));
      for (const title of sections) assert.ok(all.includes(title), `section "${title}" is on the page`);
      // The last row of the last table too: nothing was cut at the page end.
      const lastTable = components[3].components?.[0].options as { rows: string[][] };
      for (const cell of lastTable.rows[3]) assert.ok(all.includes(cell), `"${cell}" is on the page`);
    });
  }

  it('keeps text legible at that density (body ≥ 7.5 pt, tables ≥ 7 pt)', async () => {
    const r = await renderReportPdf(fixture('colour-theme-sample'));
    const items = await textItems(r.pdf);
    const smallest = Math.min(...items.map((i) => i.size));
    assert.ok(smallest >= 7, `smallest text ${smallest.toFixed(2)} pt`);
    const paragraph = itemOf(items, 'Servicing bookings');
    assert.ok(paragraph.size >= 7.5, `paragraph at ${paragraph.size} pt`);
  });

  it('notes the first section that was cut, by its JSON path, and keeps the red notice', async () => {
    const body = fixture('ruby-standard-request');
    (body.components as UncheckedComponent[]).push(tableSection('Extra appendix', 12));
    const r = await renderReportPdf(body);
    assert.equal(r.pageCount, 1);
    const overflow = r.notes.filter((n) => n.kind === 'overflow');
    assert.equal(overflow.length, 1, JSON.stringify(r.notes));
    assert.deepEqual(overflow[0].path, ['components', 4]);
    assert.match(overflow[0].message, /Section "Extra appendix".*did not fit on the single page; set config\.enable_multi_page to true/);
    const all = await pageText(r.pdf);
    assert.ok(all.includes('enable_multi_page'), 'the PDF still carries the notice');
    assert.ok(!all.includes('Extra appendix'), 'the cut section is not drawn');
    assert.ok(all.includes('How readers found us'), 'the sections before it are');
  });

  it('points inside a section when its first rows fit: a split Table is named as partly cut', async () => {
    const body = singlePage([text('Intro'), tableSection('Long list', 80)]);
    const r = await renderReportPdf(body);
    const [note] = r.notes.filter((n) => n.kind === 'overflow');
    assert.deepEqual(note.path, ['components', 1, 'components', 0]);
    assert.match(note.message, /^The rest of Table and everything after it did not fit on the single page/);
  });

  it('names the first card of a grid row that did not fit', async () => {
    const cards = Array.from({ length: 60 }, (_, i) => ({ type: 'Card', options: { title: `Metric ${i}`, value: String(i) } }));
    const r = await renderReportPdf(singlePage([{ type: 'Section', options: { section_title: 'Grid', columns: 3 }, components: cards }]));
    const [note] = r.notes.filter((n) => n.kind === 'overflow');
    assert.equal(note.path.length, 4, JSON.stringify(note.path));
    const [, , , index] = note.path as [string, number, string, number];
    assert.equal(index % 3, 0, `the first cell of a row: ${index}`);
    const all = await pageText(r.pdf);
    assert.ok(all.includes(`METRIC ${index - 1}`), 'the card before it is drawn');
    assert.ok(!all.includes(`METRIC ${index} `) && !all.endsWith(`METRIC ${index}`), 'the named card is not');
  });

  it('a PageBreak cuts what follows it (named), but a trailing PageBreak cuts nothing', async () => {
    const cut = await renderReportPdf(singlePage([text('Before the break'), { type: 'PageBreak' }, text('After the break')]));
    assert.equal(cut.pageCount, 1);
    assert.deepEqual(
      cut.notes.map((n) => [n.kind, n.path]),
      [['overflow', ['components', 2]]],
    );
    const trailing = await renderReportPdf(singlePage([text('Only text'), { type: 'PageBreak' }]));
    assert.equal(trailing.pageCount, 1);
    assert.deepEqual(trailing.notes, []);
    assert.ok(!(await pageText(trailing.pdf)).includes('enable_multi_page'));
  });

  it('the notice has a band of its own: no content is drawn under it', async () => {
    const lines = Array.from({ length: 120 }, (_, i) => text(`Numbered line ${i}`));
    const r = await renderReportPdf(singlePage(lines));
    const items = await textItems(r.pdf);
    const notice = itemOf(items, 'did not fit');
    const below = items.filter((i) => i.str.startsWith('Numbered line') && i.y > notice.y - notice.size - 2);
    assert.deepEqual(
      below.map((i) => i.str),
      [],
    );
    const [note] = r.notes;
    const last = items.filter((i) => i.str.startsWith('Numbered line')).pop()!;
    assert.deepEqual(note.path, ['components', Number(/\d+/.exec(last.str)![0]) + 1], 'the first line not drawn is the one named');
  });

  it('multi-page reports get no overflow note', async () => {
    const r = await renderReportPdf({
      ...singlePage(Array.from({ length: 120 }, (_, i) => text(`Line ${i}`))),
      config: { enable_multi_page: true },
    });
    assert.ok(r.pageCount > 1);
    assert.deepEqual(r.notes, []);
  });

  it('layout node paths map to report JSON paths', () => {
    assert.deepEqual(reportPathOf('components[1].components[0] (Card)'), ['components', 1, 'components', 0]);
    assert.deepEqual(reportPathOf('components[12] (Chart.Bar)'), ['components', 12]);
    assert.deepEqual(reportPathOf('cover_page.components[0] (Text)'), ['cover_page', 'components', 0]);
  });
});
