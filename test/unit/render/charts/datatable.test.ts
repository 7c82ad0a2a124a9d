import { strict as assert } from 'node:assert';
import { chartPainters } from '../../../../src/render/charts';
import { RenderError } from '../../../../src/render/renderer';
import { firstOutOfOrder } from '../../../helpers/pdf';
import { linkUris, renderOne, testCanvas } from './helpers';

const options = {
  title: 'Top products',
  headings: ['Product', 'Trend', 'Weekly', 'Share', 'Target', 'Status', 'Action'],
  col_types: ['Text', 'SparkLine', 'SparkBar', 'SparkBar', 'SparkRing', 'Category', 'Button'],
  striped: true,
  col_borders: true,
  table_border: true,
  col_bg: [null, 'background-muted'],
  col_align: ['left', 'left', 'left', 'left', 'left', 'center', 'right'],
  rows: [
    [
      { data: 'Arduino kit', caption: 'SKU 1001', url_link: 'https://example.com/a' },
      { data: [3, 5, 4, 6] },
      { data: [4, 6, 3] },
      { data: 64 },
      { data: 80 },
      { data: 'On track', category_color: 'green' },
      { data: 'Open', url_link: 'https://example.com/open' },
    ],
    [
      { data: 'Raspberry Pi' },
      { data: [9, 7, 8], color: 'crimson' },
      { data: [7, 5, 4], bar_radius: 0 },
      { data: 22.5 },
      { data: 35 },
      { data: 'At risk', category_color: 'red' },
      { data: 'Review' },
    ],
  ],
};

describe('charts/datatable (Beta.DataTable)', () => {
  it('draws title, headings and every cell kind with its text', async () => {
    const r = await renderOne('Beta.DataTable', options, 515);
    assert.equal(
      firstOutOfOrder(r.text, [
        'Top products',
        'Product',
        'Trend',
        'Weekly',
        'Share',
        'Target',
        'Status',
        'Action',
        'Arduino kit',
        'SKU 1001',
        '64%',
        '80%',
        'On track',
        'Open',
        'Raspberry Pi',
        '22.5%',
        '35%',
        'At risk',
        'Review',
      ]),
      undefined,
      r.text,
    );
    assert.deepEqual(linkUris(r.bytes).sort(), ['https://example.com/a', 'https://example.com/open']);
  });

  it('grows with rows and wraps long text in narrow columns', () => {
    const { ctx } = testCanvas();
    const p = chartPainters['Beta.DataTable'];
    const one = p.measure({ ...options, rows: options.rows.slice(0, 1) }, 515, ctx);
    const two = p.measure(options, 515, ctx);
    assert.ok(two > one);
    const long = { col_types: ['Text', 'Text'], rows: [[{ data: 'word '.repeat(60) }, { data: 'x' }]] };
    assert.ok(p.measure(long, 200, ctx) > p.measure(long, 500, ctx), 'narrower table wraps into more lines');
    const weighted = { ...long, col_width: [1, 3] };
    assert.ok(p.measure(weighted, 500, ctx) > p.measure(long, 500, ctx), 'col_width gives the text column less room');
  });

  it('falls back to text for spark cells without numbers and accepts bare values', async () => {
    const r = await renderOne('Beta.DataTable', {
      col_types: ['SparkLine', 'Text', 'Category'],
      rows: [['n/a', 42, { data: 'Paused', category_color: 'purple' }]],
    });
    assert.equal(firstOutOfOrder(r.text, ['n/a', '42', 'Paused']), undefined, r.text);
  });

  it('says "No rows" for an empty table and rejects a row that is not a list', async () => {
    const r = await renderOne('Beta.DataTable', { col_types: ['Text'], headings: ['Name'], rows: [] });
    assert.ok(r.text.includes('Name') && r.text.includes('No rows'), r.text);
    const { ctx } = testCanvas({ path: 'components[4] (Beta.DataTable)' });
    assert.throws(
      () => chartPainters['Beta.DataTable'].measure({ col_types: ['Text'], rows: [{ data: 'x' }] }, 300, ctx),
      (e: unknown) =>
        e instanceof RenderError &&
        e.message === 'components[4] (Beta.DataTable): options.rows[0] must be an array of cells, got an object',
    );
  });
});
