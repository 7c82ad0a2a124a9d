import * as assert from 'node:assert/strict';
import { reportSchema } from '../../../../src/core/schema/reportSchema';
import { expandSnippetDefaults, findDefaultSnippet, snippetText } from '../../../../src/core/snippets/snippetText';

describe('snippetText', () => {
  it('renders a body like VS Code does: tabs, quoted strings, ^ for raw values', () => {
    const text = snippetText({ body: { type: 'Card', options: { title: '${1:Views}', value: '^${2:987}', tags: [], extra: {} } } });
    assert.equal(
      text,
      '{\n\t"type": "Card",\n\t"options": {\n\t\t"title": "${1:Views}",\n\t\t"value": ${2:987},\n\t\t"tags": [],\n\t\t"extra": {}\n\t}\n}',
    );
  });

  it('renders arrays one element per line and prefers bodyText', () => {
    assert.equal(snippetText({ body: [1, 'a', null, true] }), '[\n\t1,\n\t"a",\n\tnull,\n\ttrue\n]');
    assert.equal(snippetText({ body: { a: 1 }, bodyText: '{"b": $1}' }), '{"b": $1}');
  });

  it('names the snippet when it has no body', () => {
    assert.throws(() => snippetText({ label: 'Empty' }), /"Empty" has neither body nor bodyText/);
  });
});

describe('findDefaultSnippet', () => {
  it('finds the root "New report" snippet of the real schema', () => {
    const snippet = findDefaultSnippet(reportSchema, 'New report');
    assert.equal(typeof snippet.body, 'object');
  });

  it('lists the labels it has when the label is missing', () => {
    assert.throws(
      () => findDefaultSnippet({ defaultSnippets: [{ label: 'A' }, { label: 'B' }] }, 'C'),
      /no root-level default snippet labelled "C" \(found "A", "B"\)/,
    );
    assert.throws(() => findDefaultSnippet({}, 'C'), /no root-level "defaultSnippets" array/);
  });
});

describe('expandSnippetDefaults', () => {
  it('keeps defaults, drops tab stops, takes the first choice and unescapes', () => {
    assert.equal(expandSnippetDefaults('a ${1:one} $2 ${3} ${4|x,y|} $0 \\$5 \\} ${6:outer ${7:inner}}'), 'a one   x  $5 } outer inner');
  });

  it('expands the real "New report" template into a report of the expected shape', () => {
    const text = expandSnippetDefaults(snippetText(findDefaultSnippet(reportSchema, 'New report')));
    const report = JSON.parse(text);
    assert.equal(report.type, 'Report');
    assert.ok(Array.isArray(report.components) && report.components.length > 0);
    assert.doesNotMatch(text, /\$\{?\d/);
  });
});

describe('component snippets have realistic shapes', () => {
  const bodyOf = (type: string): { options: Record<string, unknown> } => {
    const definition = (reportSchema as { definitions: Record<string, { defaultSnippets?: Array<{ body: unknown }> }> }).definitions[type];
    const body = definition?.defaultSnippets?.[0]?.body as { options: Record<string, unknown> } | undefined;
    assert.ok(body, `${type} has a snippet`);
    return body;
  };

  it('Table: three headings and three rows of three cells', () => {
    const { options } = bodyOf('Table');
    assert.equal((options.headings as unknown[]).length, 3);
    assert.deepEqual(
      (options.rows as unknown[][]).map((r) => r.length),
      [3, 3, 3],
    );
  });

  it('the charts: three data points each', () => {
    for (const type of ['BarChart', 'LineChart', 'ScatterChart', 'Chart.Bar', 'Chart.Line', 'Chart.HorizontalBar', 'Chart.Timeseries']) {
      assert.equal((bodyOf(type).options.data as unknown[]).length, 3, type);
    }
  });
});
