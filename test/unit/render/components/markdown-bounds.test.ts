/**
 * marked is cubic on `[a](` repeated (16 KB held a worker for 112 s) and quadratic in a
 * paragraph's length (1 MB of links: 100 s). What it is given is bounded first
 * (src/render/components/markdownBounds.ts); these tests check the bounds by what they leave
 * (the link-rule work left, block lengths, the text kept), never by time.
 */
import { strict as assert } from 'node:assert';
import {
  escapeCostlyLinkOpenings,
  LINK_SCAN_BUDGET_BASE,
  LINK_SCAN_BUDGET_PER_CHAR,
  linkScanCosts,
  MAX_MARKDOWN_BLOCK_CHARS,
  NOT_A_LINK_PAREN,
  splitLongBlocks,
} from '../../../../src/render/components/markdownBounds';
import { linkTargets } from '../../../helpers/pdf';
import { render, report } from '../../../helpers/render';

/** The link-rule work marked will do on `text`: every `](` still there. */
const workLeft = (text: string): number => linkScanCosts(text).reduce((sum, c) => sum + c.cost, 0);
const budgetOf = (text: string): number => LINK_SCAN_BUDGET_BASE + LINK_SCAN_BUDGET_PER_CHAR * text.length;

describe('renderer: Markdown bounded before marked', () => {
  it("'[a](' repeated over 16 KB: the link-rule work left is within the budget, the rest is plain text", () => {
    const bomb = '[a]('.repeat(4096);
    assert.ok(workLeft(bomb) > 1000 * budgetOf(bomb), 'as written, the work is far over the budget');
    const bounded = escapeCostlyLinkOpenings(bomb);
    assert.ok(workLeft(bounded) <= budgetOf(bounded), `${workLeft(bounded)} left`);
    assert.equal(bounded.split(NOT_A_LINK_PAREN).join('('), bomb, 'only the ( of the openings changed');
  });

  it('real links are never touched: 2,000 links in one paragraph and a long line of CJK text with links', () => {
    const prose = Array.from({ length: 2000 }, (_, i) => `see [page ${i}](https://example.com/p/${i}?q=(x)) and`).join(' ');
    assert.equal(escapeCostlyLinkOpenings(prose), prose);
    const cjk = '[链接](https://example.com/p)中文中文中文中文'.repeat(100);
    assert.equal(escapeCostlyLinkOpenings(cjk), cjk);
  });

  it('blocks over the cap are split at line ends, then spaces; fenced code and short texts are left alone', () => {
    const line = 'word '.repeat(200); // 1,000 characters
    const long = Array.from({ length: 40 }, () => line).join('\n');
    const split = splitLongBlocks(long);
    for (const block of split.split(/\n\s*\n/)) assert.ok(block.length <= MAX_MARKDOWN_BLOCK_CHARS, `${block.length}`);
    assert.equal(split.replace(/\n+/g, '\n'), long, 'only blank lines were added, at line ends');
    const oneLine = 'word '.repeat(5000);
    const cut = splitLongBlocks(oneLine);
    for (const block of cut.split('\n\n')) assert.ok(block.length <= MAX_MARKDOWN_BLOCK_CHARS);
    assert.equal(cut.replace(/\n\n/g, ' ').replace(/ +/g, ' ').trim(), oneLine.trim());
    const fenced = `\`\`\`\n${long}\n\`\`\``;
    assert.equal(splitLongBlocks(fenced), fenced);
    assert.equal(splitLongBlocks(line), line);
    const astral = '😀'.repeat(MAX_MARKDOWN_BLOCK_CHARS);
    assert.ok(!/[\ud800-\udbff](?![\udc00-\udfff])/.test(splitLongBlocks(astral)), 'no surrogate pair is cut');
  });

  it('a Text of 16 KB of brackets renders its text; real links around it stay links', async () => {
    const text = `[before](https://before.example)\n\n${'[a]('.repeat(4096)}\n\n[after](https://after.example) &#40;x&#x29;`;
    const { pdf, text: pdfText } = await render(report([{ type: 'Text', options: { text } }]));
    assert.deepEqual([...new Set(await linkTargets(pdf))].sort(), ['https://after.example', 'https://before.example']);
    assert.ok(pdfText.replace(/\s+/g, '').includes('[a]([a]([a]('), 'the brackets are printed as text');
    assert.ok(pdfText.includes('(x)'), 'numeric entities are decoded');
  });
});
