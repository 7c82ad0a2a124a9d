import { strict as assert } from 'node:assert';
import { sharedRenderer, report } from '../../helpers/render';
import { decodeJpeg, isJpeg, meanLuminance, type DecodedImage } from '../../helpers/jpeg';
import { initPdfium } from '../../../src/render/pdfium';
import { PREVIEW_MAX_PAGES, planStrips, renderPreviewPart } from '../../../src/render/preview';
import { joinPreviewParts } from '../../../src/render/jpegStrips';

/** `pages` nearly blank pages: a tiny label at the top of each, nothing in the middle. */
const blank = (pages: number) =>
  report(
    Array.from({ length: pages }, (_, i) => [{ type: 'Text', options: { text: `p${i + 1}`, size: '3xs' } }, { type: 'PageBreak' }])
      .flat()
      .slice(0, -1),
    { options: { enable_header: false } },
  );
/** PDFium rounds the A4 page's 841.89 pt down. */
const H = 841;

interface BlankPreview {
  pdf: Uint8Array;
  pageCount: number;
  image: DecodedImage;
}
/**
 * `blank(pages)` rendered and previewed whole once for the file: the tests that look at the
 * same pages (stacking, the page limit, the parts) share the render and the decoding.
 */
const blankPreviews = new Map<number, Promise<BlankPreview>>();
function blankPreview(pages: number): Promise<BlankPreview> {
  let p = blankPreviews.get(pages);
  if (!p) {
    p = (async () => {
      const r = await sharedRenderer();
      const { pdf, pageCount } = await r.renderPdf(blank(pages));
      return { pdf, pageCount, image: decodeJpeg(await r.renderPreviewJpeg(pdf)) };
    })();
    blankPreviews.set(pages, p);
  }
  return p;
}

/** Pixels noticeably darker than white in the middle band of a blank page = the watermark. */
function greyPixels(img: DecodedImage, y0: number, h: number): number {
  let n = 0;
  for (let y = y0; y < y0 + h; y++) {
    for (let x = 0; x < img.width; x++) {
      const i = (y * img.width + x) * 4;
      const l = (img.data[i] + img.data[i + 1] + img.data[i + 2]) / 3;
      if (l < 235 && l > 120) n++;
    }
  }
  return n;
}

describe('renderer: preview JPEG', () => {
  it('is a JPEG of the page at 72 dpi, watermarked PREVIEW', async () => {
    const r = await sharedRenderer();
    const { pdf } = await r.renderPdf(blank(1));
    const jpg = await r.renderPreviewJpeg(pdf);
    assert.ok(isJpeg(jpg));
    const img = decodeJpeg(jpg);
    assert.equal(img.width, 595);
    assert.equal(img.height, H);
    // A blank page: the only grey is the diagonal PREVIEW watermark across the middle.
    const middle = greyPixels(img, 300, 240);
    assert.ok(middle > 5_000, `watermark pixels: ${middle}`);
    assert.ok(meanLuminance(img, 0, 0, img.width, 40) > 250, 'the top edge stays white');
  });

  it('stacks all pages (with gaps) and watermarks each one', async () => {
    const { pageCount, image: img } = await blankPreview(3);
    assert.equal(pageCount, 3);
    assert.equal(img.width, 595);
    assert.equal(img.height, 3 * H + 2 * 12);
    for (let p = 0; p < 3; p++) assert.ok(greyPixels(img, p * (H + 12) + 300, 240) > 5_000, `page ${p + 1} watermarked`);
    // The gap between pages is grey.
    assert.ok(meanLuminance(img, 0, H + 1, img.width, 10) < 230);
  });

  it(`shows at most ${PREVIEW_MAX_PAGES} pages and a note for the rest`, async () => {
    const { pageCount, image: img } = await blankPreview(PREVIEW_MAX_PAGES + 2);
    assert.equal(pageCount, PREVIEW_MAX_PAGES + 2);
    assert.equal(img.height, PREVIEW_MAX_PAGES * H + PREVIEW_MAX_PAGES * 12 + 40);
  });

  it('a landscape report previews landscape', async () => {
    const r = await sharedRenderer();
    const { pdf } = await r.renderPdf(report([{ type: 'Card', options: { title: 'x', value: 1 } }], { config: { landscape: true } }));
    const img = decodeJpeg(await r.renderPreviewJpeg(pdf));
    assert.equal(img.width, H);
    assert.equal(img.height, 595);
  });

  it('parts rendered apart join into the same pixels as the whole preview, whatever order they come in', async function () {
    // Ten part renders and four decodes of up to 12 pages: a loaded 2-core machine needs more than 20 s.
    this.timeout(60_000);
    const lib = await initPdfium();
    try {
      for (const pages of [3, PREVIEW_MAX_PAGES + 2]) {
        const { pdf, image: whole } = await blankPreview(pages);
        for (const parts of [2, 3]) {
          const done = await Promise.all(Array.from({ length: parts }, (_, part) => renderPreviewPart(lib, pdf, part, parts)));
          assert.equal(done[0].count, parts, `${pages} pages in ${parts} parts: one strip a part`);
          const bytes = joinPreviewParts(done.reverse());
          const joined = decodeJpeg(bytes);
          assert.deepEqual([joined.width, joined.height], [whole.width, whole.height]);
          assert.ok(Buffer.from(joined.data).equals(Buffer.from(whole.data)), `${pages} pages in ${parts} parts: pixels differ`);
        }
      }
    } finally {
      lib.destroy();
    }
  });

  it('a part that is missing or twice there is refused', async () => {
    const r = await sharedRenderer();
    const { pdf } = await r.renderPdf(blank(2));
    const [a, b] = await Promise.all([0, 1].map((part) => r.renderPreviewPart!(pdf, part, 2)));
    assert.throws(() => joinPreviewParts([a]), /do not add up to its 2 strips/);
    assert.throws(() => joinPreviewParts([a, a]), /do not add up to its 2 strips/);
    assert.ok(isJpeg(joinPreviewParts([b, a])));
  });

  it('plans whole-MCU strips, no more than parts or pictures, within a restart interval', () => {
    assert.deepEqual(planStrips(595, 841, 1, 1), [[0, 841]]);
    assert.deepEqual(planStrips(595, 841, 2, 1), [[0, 841]], 'one page is not cut between parts');
    assert.deepEqual(planStrips(595, 1694, 2, 2), [
      [0, 848],
      [848, 1694],
    ]);
    const h = 12 * 841 + 12 * 12 + 40;
    for (const [width, parts] of [
      [595, 2],
      [595, 3],
      [841, 2],
      [9000, 2],
    ]) {
      const strips = planStrips(width, h, parts, 13);
      assert.equal(strips[0][0], 0);
      assert.equal(strips[strips.length - 1][1], h);
      for (let i = 1; i < strips.length; i++) assert.equal(strips[i][0], strips[i - 1][1]);
      const first = strips[0][1] - strips[0][0];
      assert.equal(first % 8, 0);
      assert.ok(strips.every(([a, b]) => b - a <= first));
      assert.ok((first / 8) * Math.ceil(width / 8) <= 0xffff, `${width} px: restart interval`);
      assert.ok(strips.length >= parts);
    }
    assert.ok(planStrips(9000, h, 2, 13).length > 2, 'a wide image needs more, shorter strips');
  });
});
