import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { markdownTitle } from '../../../../src/core/outline/componentLabel';
import { reportOutline } from '../../../../src/core/outline/reportOutline';
import type { OutlineSymbol } from '../../../../src/core/outline/reportOutline';

const example = (name: string) => readFileSync(join(__dirname, '..', '..', '..', '..', 'examples', `${name}.report.json`), 'utf8');

/** `name — detail` lines, indented by depth. */
function tree(symbols: OutlineSymbol[], depth = 0): string[] {
  return symbols.flatMap((s) => [`${'  '.repeat(depth)}${s.name}${s.detail ? ` — ${s.detail}` : ''}`, ...tree(s.children, depth + 1)]);
}

function walk(symbols: OutlineSymbol[], visit: (s: OutlineSymbol, parent?: OutlineSymbol) => void, parent?: OutlineSymbol): void {
  for (const s of symbols) {
    visit(s, parent);
    walk(s.children, visit, s);
  }
}

describe('outline: the component tree of a report', () => {
  it('names each component by its most descriptive option (kpi-dashboard)', () => {
    const lines = tree(reportOutline(example('kpi-dashboard')));
    assert.deepEqual(lines.slice(0, 6), [
      'Report "Weekly KPI Dashboard" — 17 components',
      '  Options — Northwind Outfitters — week 42, 14–20 October 2024',
      '  Config — theme corporate · type ibm-plex',
      '  Section "Sales" — 4 columns',
      '    Card "Revenue" — $482.3k',
      '    Card "Orders" — 6214',
    ]);
    assert.ok(lines.includes('  Row — 2 columns'));
    assert.ok(lines.includes('    Chart.Bar "Revenue by channel (k$)" — 14 points'));
    assert.ok(lines.includes('    Text "Highlights"'), 'a Text is named by its first heading');
    assert.ok(lines.includes('    Spacer — space 4'));
  });

  it('charts, doughnuts and page breaks (analytics), tables and images (invoice)', () => {
    const analytics = tree(reportOutline(example('analytics')));
    assert.ok(analytics.includes('    DoughnutRing "Annual target" — 2 points'));
    assert.ok(analytics.includes('  PageBreak'));
    assert.ok(analytics.includes('    Chart.Timeseries "Daily sessions, September–October" — 45 points'));
    const invoice = tree(reportOutline(example('invoice')));
    assert.ok(invoice.includes('  Table "Services" — 8 rows'));
  });

  it('ranges hold their node; selection ranges name it and sit inside', () => {
    const text = example('kpi-dashboard');
    const [report] = reportOutline(text);
    assert.equal(report.range.start, text.indexOf('{'));
    assert.equal(text.slice(report.selectionRange.start, report.selectionRange.end), '"Weekly KPI Dashboard"');
    walk([report], (s, parent) => {
      assert.ok(s.selectionRange.start >= s.range.start && s.selectionRange.end <= s.range.end, `${s.name}: selection inside range`);
      if (parent) assert.ok(s.range.start >= parent.range.start && s.range.end <= parent.range.end, `${s.name} inside ${parent.name}`);
    });
    const revenue = report.children[2].children[0];
    assert.equal(revenue.name, 'Card "Revenue"');
    assert.equal(text.slice(revenue.selectionRange.start, revenue.selectionRange.end), '"Revenue"');
    assert.ok(
      text.slice(revenue.range.start, revenue.range.end).startsWith('{') &&
        text.slice(revenue.range.start, revenue.range.end).endsWith('}'),
    );
    assert.deepEqual(revenue.path, ['components', 0, 'components', 0]);
  });

  it('cover page components nest under "Cover page"', () => {
    const text = `{
      "type": "Report",
      "options": { "report_title": "Annual" },
      "cover_page": { "components": [ { "type": "Text", "options": { "text": "# Annual review\\n2024" } },
                                      { "type": "Image", "options": { "image_url": "https://example.com/img/logo.png?v=2" } } ] },
      "components": []
    }`;
    assert.deepEqual(tree(reportOutline(text)), [
      'Report "Annual" — 2 components',
      '  Options',
      '  Cover page',
      '    Text "Annual review"',
      '    Image "logo.png"',
    ]);
  });

  it('half-typed JSONC still outlines: comments, a missing type, an unknown type, no title', () => {
    const text = `{
      // draft
      "type": "Report",
      "components": [
        { "options": { "title": "Views", "value": 3 } },
        { "type": "Sektion", "options": { "section_title": "KPIs" } },
        { "type": "Card", "options": { "title": "Unfinished", "value":
    `;
    assert.deepEqual(tree(reportOutline(text)), [
      'Report — 3 components',
      '  Component (no type) "Views"',
      '  Sektion "KPIs"',
      '  Card "Unfinished"',
    ]);
    assert.deepEqual(reportOutline('[1, 2]'), []);
    assert.deepEqual(reportOutline(''), []);
  });

  it('reads a Markdown title: first heading, else first line, markup removed', () => {
    assert.equal(markdownTitle('Intro line\n\n## **Bold** heading'), 'Bold heading');
    assert.equal(markdownTitle('\n- [Link text](https://x.y) and `code`'), 'Link text and code');
    assert.equal(markdownTitle(''), '');
  });
});
