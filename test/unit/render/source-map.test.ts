/**
 * The renderer's source map (core/report/sourceMap.ts): every drawn component with its JSON
 * path, page and box, read back against the PDF's own text positions; a Section as its header
 * plus its children; a component on a later page; the cursor → component and click →
 * component lookups the live view's sync uses.
 */
import { strict as assert } from 'node:assert';
import { renderReportPdf } from '../../../src/render/renderPdf';
import { MAX_SOURCE_BOXES } from '../../../src/core/report/sourceMap';
import { boxesOf, componentAt } from '../../../src/webview/viewer/sourceBoxes';
import { componentPathAt, componentRange } from '../../../src/core/report/cursorComponent';
import type { ReportBody } from '../../../src/core/report/types';

const REPORT: ReportBody = {
  type: 'Report',
  options: { report_title: 'Source map' },
  config: { enable_multi_page: true },
  components: [
    {
      type: 'Section',
      options: { section_title: 'Overview' },
      components: [
        { type: 'Text', options: { text: 'First paragraph' } },
        { type: 'Card', options: { title: 'Revenue', value: '42' } },
      ],
    },
    { type: 'PageBreak' },
    { type: 'Text', options: { text: 'On page two' } },
  ],
};

describe('renderer: source map', () => {
  let boxes: NonNullable<Awaited<ReturnType<typeof renderReportPdf>>['boxes']>;

  before(async () => {
    const r = await renderReportPdf(REPORT, {});
    assert.equal(r.pageCount, 2);
    boxes = r.boxes ?? [];
  });

  it('records each drawn component with its path, type and page', () => {
    const seen = boxes.map((b) => `${b.page} ${b.path.join('.')} ${b.type}`);
    assert.ok(seen.includes('1 components.0 Section'), seen.join('\n'));
    assert.ok(seen.includes('1 components.0.components.0 Text'), seen.join('\n'));
    assert.ok(
      seen.some((s) => /^1 components\.0\.components\.1 Card$/.test(s)),
      seen.join('\n'),
    );
    assert.ok(seen.includes('2 components.2 Text'), seen.join('\n'));
    for (const b of boxes) {
      assert.ok(b.width > 0 && b.height > 0, `${b.path.join('.')} has an area`);
      assert.ok(b.x >= 0 && b.y >= 0 && b.x + b.width <= 595.28 + 0.01 && b.y + b.height <= 841.89 + 0.01, 'inside an A4 page');
    }
    assert.ok(MAX_SOURCE_BOXES >= 10_000);
  });

  it('a Section is its header and its children, on each page it is drawn on', () => {
    const [section] = boxesOf(boxes, ['components', 0]);
    const [card] = boxesOf(boxes, ['components', 0, 'components', 1]);
    assert.equal(section.page, 1);
    assert.equal(section.type, 'Section');
    assert.ok(section.x <= card.x && section.y <= card.y, 'the card lies inside its section');
    assert.ok(section.x + section.width >= card.x + card.width - 0.01 && section.y + section.height >= card.y + card.height - 0.01);
    assert.deepEqual(boxesOf(boxes, ['components', 1]), [], 'a PageBreak draws nothing');
  });

  it('a click finds the innermost component; outside every box, none', () => {
    const [card] = boxesOf(boxes, ['components', 0, 'components', 1]);
    const hit = componentAt(boxes, 1, card.x + card.width / 2, card.y + card.height / 2);
    assert.deepEqual(hit?.path, ['components', 0, 'components', 1]);
    assert.equal(hit?.type, 'Card');
    assert.equal(componentAt(boxes, 1, 1, 1), undefined, 'the page margin');
    assert.equal(componentAt(boxes, 3, card.x + 1, card.y + 1), undefined, 'no page 3');
  });

  it('the cursor anywhere inside a component names it, as typed (JSONC, half-finished)', () => {
    const text = `{
  // draft
  "type": "Report",
  "options": { "report_title": "T" },
  "components": [
    { "type": "Section", "options": { "section_title": "S" }, "components": [
      { "type": "Card", "options": { "title": "Revenue", "value": "4`;
    assert.deepEqual(componentPathAt(text, text.indexOf('Revenue') + 2), ['components', 0, 'components', 0]);
    assert.deepEqual(componentPathAt(text, text.indexOf('"S"')), ['components', 0]);
    assert.equal(componentPathAt(text, text.indexOf('"T"')), undefined, "the report's own options");
  });

  it('a clicked component is selected as its whole JSON object, comments and trailing commas allowed', () => {
    const text = `{ "type": "Report", /* c */ "components": [ { "type": "Text", "options": { "text": "x" }, }, { "type": "Card" } ] }`;
    const r = componentRange(text, ['components', 1]);
    assert.equal(r && text.slice(r.offset, r.offset + r.length), '{ "type": "Card" }');
    assert.equal(componentRange(text, ['components', 5]), undefined, 'gone since the render');
  });
});
