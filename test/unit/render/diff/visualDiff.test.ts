/**
 * The visual diff's pure parts: where two rasters differ (pixelDiff), the side-by-side picture,
 * the summaries, and the CLI's reading of `a..b`.
 */
import { strict as assert } from 'node:assert';
import { PNG } from 'pngjs';
import type { ReportDiff } from '../../../../src/core/diff/diffTypes';
import { describeChanges, hasChanges } from '../../../../src/core/diff/diffTypes';
import { htmlSummary, markdownSummary, summaryHeadline } from '../../../../src/core/diff/summary';
import { sideBySide } from '../../../../src/render/diff/diffImage';
import { createVisualDiffer } from '../../../../src/render/diff/visualDiff';
import PDFDocument from 'pdfkit';
import { pixelDiff } from '../../../../src/render/diff/pixelDiff';
import type { RgbaImage } from '../../../../src/render/pdfium';
import { parseRange } from '../../../../src/cli/commands/diffGit';

function blank(width: number, height: number): RgbaImage {
  return { width, height, data: new Uint8Array(width * height * 4).fill(255) };
}

function fillRect(img: RgbaImage, x0: number, y0: number, w: number, h: number): RgbaImage {
  const data = img.data.slice();
  for (let y = y0; y < y0 + h; y++)
    for (let x = x0; x < x0 + w; x++) {
      const i = (y * img.width + x) * 4;
      data[i] = data[i + 1] = data[i + 2] = 0;
    }
  return { ...img, data };
}

const diffOf = (pages: ReportDiff['pages']): ReportDiff => ({ oldLabel: 'a', newLabel: 'b', oldPages: 3, newPages: 3, pages });

describe('visual diff', () => {
  it('finds no change between equal rasters', () => {
    assert.deepEqual(pixelDiff(blank(100, 80), blank(100, 80)), { changedPixels: 0, regions: [] });
  });

  it('frames each separate change in its own box around it', () => {
    const old = blank(200, 200);
    const next = fillRect(fillRect(old, 20, 30, 10, 6), 150, 160, 12, 12);
    const { changedPixels, regions } = pixelDiff(old, next);
    assert.equal(changedPixels, 10 * 6 + 12 * 12);
    assert.equal(regions.length, 2);
    const [a, b] = regions;
    assert.ok(a.x <= 20 && a.y <= 30 && a.x + a.width >= 30 && a.y + a.height >= 36, JSON.stringify(a));
    assert.ok(b.x <= 150 && b.y <= 160 && b.x + b.width >= 162 && b.y + b.height >= 172, JSON.stringify(b));
    assert.ok(a.width < 40 && b.width < 40, 'boxes stay close to the change');
  });

  it('a new page size is a change of the whole page', () => {
    assert.deepEqual(pixelDiff(blank(100, 100), blank(100, 120)).regions, [{ x: 0, y: 0, width: 100, height: 120 }]);
  });

  it('draws old | new with the regions framed in red on both', () => {
    const old = blank(50, 40);
    const png = PNG.sync.read(Buffer.from(sideBySide(old, fillRect(old, 10, 10, 5, 5), [{ x: 8, y: 8, width: 10, height: 10 }])));
    assert.equal(png.width, 50 + 16 + 50);
    assert.equal(png.height, 40);
    const at = (x: number, y: number) => [...png.data.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 3)];
    assert.deepEqual(at(8, 8), [230, 30, 60], 'frame on the old page');
    assert.deepEqual(at(66 + 8, 8), [230, 30, 60], 'frame on the new page');
    assert.deepEqual(at(30, 30), [255, 255, 255], 'the page elsewhere');
    assert.deepEqual(at(55, 5), [200, 200, 200], 'the gap');
  });

  it('summaries: what changed in words, Markdown escaped, HTML showing the pictures', () => {
    const changed = diffOf([
      { page: 1, status: 'unchanged', changedPixels: 0, regions: [] },
      { page: 2, status: 'changed', changedPixels: 9, regions: [] },
      { page: 3, status: 'added', changedPixels: 0, regions: [] },
    ]);
    assert.equal(describeChanges(changed), 'page 2 changed; page 3 added');
    assert.ok(hasChanges(changed));
    const same = diffOf([{ page: 1, status: 'unchanged', changedPixels: 0, regions: [] }]);
    assert.equal(describeChanges(same), 'no change');
    const entries = [
      { name: 'reports/q3|x.report.json', diff: changed, images: { 2: 'reports_q3_x-p2.png' } },
      { name: 'same.report.json', diff: same },
      { name: 'bad.report.json', error: 'not valid JSON' },
    ];
    assert.equal(summaryHeadline(entries), '3 reports compared: 1 changed, 1 unchanged, 1 could not be compared');
    const md = markdownSummary(entries);
    assert.match(md, /\| `reports\/q3\\\|x\.report\.json` \| 3 \| page 2 changed; page 3 added \|/);
    assert.match(md, /\| `bad\.report\.json` \| — \| could not be compared: `not valid JSON` \|/);
    assert.match(md, /page 2: `reports_q3_x-p2\.png`/);
    const html = htmlSummary(entries);
    assert.match(html, /<img src="reports_q3_x-p2\.png" alt="Page 2: old left, new right">/);
    assert.match(html, /<h2><code>reports\/q3\|x\.report\.json<\/code><\/h2>/);
    assert.doesNotMatch(htmlSummary([{ name: '<script>', error: 'x' }]), /<script>/);
  });

  it('reads a..b as two revisions and nothing else as a range', () => {
    assert.deepEqual(parseRange('main..HEAD'), { base: 'main', head: 'HEAD' });
    assert.deepEqual(parseRange('v1.2..HEAD~1'), { base: 'v1.2', head: 'HEAD~1' });
    assert.equal(parseRange('old.report.json'), undefined);
    assert.equal(parseRange('..HEAD'), undefined);
    assert.equal(parseRange('main...HEAD'), undefined);
  });
  it('draws the pages in their own colours (a blue page stays blue, not red)', async function () {
    this.timeout(30_000);
    const pdfOf = (x: number) =>
      new Promise<Uint8Array>((resolve) => {
        const doc = new PDFDocument({ size: [100, 100], margin: 0 });
        const chunks: Buffer[] = [];
        doc.on('data', (c: Buffer) => chunks.push(c));
        doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
        doc.rect(x, 10, 30, 30).fill('#0000ff');
        doc.end();
      });
    const differ = await createVisualDiffer();
    try {
      const { images } = await differ.diff(differ.pdfSide(await pdfOf(10), 'old.pdf'), differ.pdfSide(await pdfOf(60), 'new.pdf'));
      const old = PNG.sync.read(Buffer.from(images[0].old!));
      const at = (x: number, y: number) => [...old.data.subarray((y * old.width + x) * 4, (y * old.width + x) * 4 + 3)];
      assert.deepEqual(at(25, 25), [0, 0, 255], 'the blue square of the old page');
    } finally {
      differ.dispose();
    }
  });
});
