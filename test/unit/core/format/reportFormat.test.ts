// The report-aware Format Document: VS Code's JSON formatting with short lists (table rows,
// data points, lists of scalars) kept on one line when they fit, never changing the value.
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyEdits, format, parse, type ParseError } from 'jsonc-parser';
import { formatReportEdits, formatReportText, type ReportFormatOptions } from '../../../../src/core/format/reportFormat';

const OPTIONS: ReportFormatOptions = { tabSize: 2, insertSpaces: true, eol: '\n', compactLists: true, printWidth: 100 };
const ROOT = join(__dirname, '..', '..', '..', '..');

/** A 5×3 table written the way VS Code's JSON formatter spreads it: one cell per line. */
const TABLE = JSON.stringify(
  {
    type: 'Report',
    options: { report_title: 'Sales' },
    components: [
      {
        type: 'Table',
        options: {
          headings: ['Region', 'Q1', 'Q2'],
          rows: [
            ['North', 120, 135.5],
            ['South', 80, 95],
            ['East', 45, 60],
            ['West', 99, 101],
            ['Online', 300, 320],
          ],
        },
      },
      {
        type: 'BarChart',
        options: {
          data: [
            { x: 'Jan', y: 1 },
            { x: 'Feb', y: 2 },
            { x: 'Mar', y: 3 },
          ],
          x_label: 'Month',
          y_label: 'Units',
        },
      },
    ],
  },
  null,
  2,
);

function parsed(text: string): unknown {
  const errors: ParseError[] = [];
  const value = parse(text, errors, { allowTrailingComma: true });
  assert.deepEqual(errors, [], 'parses');
  return value;
}

describe('format: report-aware Format Document', () => {
  it('keeps each row of a 5×3 table on one line: the table takes 10 lines, not 30', () => {
    const out = formatReportText(TABLE, OPTIONS);
    assert.ok(out.includes('\n          ["North", 120, 135.5],\n'), out);
    assert.ok(out.includes('"headings": ["Region", "Q1", "Q2"],'));
    // The table's options, from `"options": {` to its `}`.
    const linesOfTable = (text: string) => {
      const start = text.indexOf('"options"', text.indexOf('"type": "Table"'));
      const indent = start - text.lastIndexOf('\n', start) - 1;
      return text.slice(start, text.indexOf(`\n${' '.repeat(indent)}}`, start)).split('\n').length + 1;
    };
    assert.ok(linesOfTable(out) <= 10, `${linesOfTable(out)} lines:\n${out}`);
    assert.ok(linesOfTable(TABLE) >= 25, `${linesOfTable(TABLE)} lines before`);
    assert.ok(out.includes('{ "x": "Jan", "y": 1 },'), 'a data point on one line');
    assert.deepEqual(parsed(out), parsed(TABLE));
  });

  it('never changes the parsed value and is idempotent, for every example and a commented JSONC', () => {
    const files = readdirSync(join(ROOT, 'examples')).filter((f) => f.endsWith('.report.json'));
    assert.ok(files.length >= 5);
    const texts = files.map((f) => readFileSync(join(ROOT, 'examples', f), 'utf8'));
    texts.push(`{
  // a comment before
  "type": "Report", "options": {"report_title": "C"},
  "components": [ { "type": "Table", "options": { "rows": [ [ "a", /* inline */ 1 ], [ "b",
  2 ], ] } }, ],
}`);
    for (const text of texts) {
      const out = formatReportText(text, OPTIONS);
      assert.deepEqual(parsed(out), parsed(text));
      assert.equal(formatReportText(out, OPTIONS), out, 'formatting twice changes nothing');
      assert.equal(applyEdits(text, formatReportEdits(text, OPTIONS)), out, 'the edits give the formatted text');
    }
  });

  it("leaves a list spread when it holds a comment or would pass the width; off, it is VS Code's JSON formatting", () => {
    const commented = '{\n  "rows": [\n    ["a", 1], // first\n    [\n      "b", // why\n      2\n    ]\n  ]\n}';
    const out = formatReportText(commented, OPTIONS);
    assert.ok(out.includes('["a", 1], // first'));
    assert.ok(out.includes('"b", // why'), 'the list with a comment stays spread');
    const long = JSON.stringify({ headings: Array.from({ length: 12 }, (_, i) => `Heading number ${i}`) }, null, 2);
    assert.equal(formatReportText(long, OPTIONS), long, 'too wide for one line');
    assert.ok(formatReportText(long, { ...OPTIONS, printWidth: 1000 }).includes('"headings": ["Heading number 0", '));
    const plain = applyEdits(TABLE, format(TABLE, undefined, { tabSize: 2, insertSpaces: true, eol: '\n' }));
    assert.equal(formatReportText(TABLE, { ...OPTIONS, compactLists: false }), plain);
  });

  it('edits only the whitespace between tokens', () => {
    const text = '{"type":"Report","components":[{"type":"Table","options":{"rows":[["a",1],["b",2]]}}]}';
    for (const edit of formatReportEdits(text, OPTIONS)) {
      assert.match(text.slice(edit.offset, edit.offset + edit.length), /^\s*$/);
      assert.match(edit.content, /^\s*$/);
    }
  });
});
