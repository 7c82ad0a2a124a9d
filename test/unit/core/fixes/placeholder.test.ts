import { strict as assert } from 'node:assert';
import { parseTree } from 'jsonc-parser';
import { placeholderFor, snippetBodyValue } from '../../../../src/core/fixes/placeholder';
import { reportSchemaIndex } from '../../../../src/core/schema/reportSchema';

const SCHEMA = reportSchemaIndex();

const tree = (value: unknown) => parseTree(JSON.stringify(value));

describe('fixes: placeholders for missing fields', () => {
  it('expands snippet bodies: ${1:Title} → Title, "^${2:0}" → 0, "^$0" dropped, choices → first', () => {
    assert.deepEqual(snippetBodyValue({ title: '${1:Title}', value: '^${2:0}', components: ['^$0'], theme: '${3|default,summer|}' }), {
      title: 'Title',
      value: 0,
      components: [],
      theme: 'default',
    });
  });

  it("takes a component's option from its snippet (what completion inserts)", () => {
    const doc = tree({ type: 'Report', components: [{ type: 'Card', options: { title: 'x' } }] });
    assert.deepEqual(placeholderFor(SCHEMA, doc, ['components', 0, 'options'], 'value'), { value: 0, source: 'snippet' });
    const chart = tree({ type: 'Report', components: [{ type: 'Chart.Line', options: { data: [] } }] });
    assert.deepEqual(placeholderFor(SCHEMA, chart, ['components', 0, 'options'], 'x_label'), { value: 'Month', source: 'snippet' });
  });

  it('follows the snippet into lists: the fourth data point gets the last example point', () => {
    const doc = tree({
      type: 'Report',
      components: [{ type: 'BarChart', options: { data: [{ x: 'a', y: 1 }, { x: 'b', y: 2 }, { x: 'c', y: 3 }, { x: 'd' }] } }],
    });
    assert.deepEqual(placeholderFor(SCHEMA, doc, ['components', 0, 'options', 'data', 3], 'y'), { value: 128, source: 'snippet' });
  });

  it('a whole missing options object comes from the snippet, required options filled', () => {
    const doc = tree({ type: 'Report', components: [{ type: 'ProgressBar' }] });
    const p = placeholderFor(SCHEMA, doc, ['components', 0], 'options');
    assert.equal(p?.source, 'snippet');
    assert.deepEqual(Object.keys(p?.value as object), ['progress', 'stages']);
  });

  it('report-level fields come from the "New report" snippet', () => {
    const doc = tree({ type: 'Report', options: {} });
    assert.deepEqual(placeholderFor(SCHEMA, doc, ['options'], 'report_title'), { value: 'Report title', source: 'snippet' });
  });

  it('otherwise from the description example (webhook url), else a neutral value', () => {
    const doc = tree({ type: 'Report', config: { webhooks: [{}] } });
    assert.deepEqual(placeholderFor(SCHEMA, doc, ['config', 'webhooks', 0], 'url'), {
      value: 'https://example.com/hooks/report-done',
      source: 'example',
    });
    const cover = tree({ type: 'Report', cover_page: { components: [{ type: 'VerticalSpacer', options: {} }] } });
    assert.deepEqual(placeholderFor(SCHEMA, cover, ['cover_page', 'components', 0, 'options'], 'space'), { value: 8, source: 'snippet' });
  });

  it('children are never invented: a missing components list is []', () => {
    assert.deepEqual(placeholderFor(SCHEMA, tree({ type: 'Report' }), [], 'components'), { value: [], source: 'type' });
  });

  it('unknown fields have no placeholder', () => {
    const doc = tree({ type: 'Report', components: [{ type: 'Card', options: {} }] });
    assert.equal(placeholderFor(SCHEMA, doc, ['components', 0, 'options'], 'subtitle'), undefined);
  });
});
