import { strict as assert } from 'node:assert';
import { sharedRenderer, report } from '../../helpers/render';
import { decodeJpeg, isJpeg, meanLuminance, type DecodedImage } from '../../helpers/jpeg';
import { PREVIEW_MAX_PAGES } from '../../../src/render/preview';

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
    const r = await sharedRenderer();
    const { pdf, pageCount } = await r.renderPdf(blank(3));
    assert.equal(pageCount, 3);
    const img = decodeJpeg(await r.renderPreviewJpeg(pdf));
    assert.equal(img.width, 595);
    assert.equal(img.height, 3 * H + 2 * 12);
    for (let p = 0; p < 3; p++) assert.ok(greyPixels(img, p * (H + 12) + 300, 240) > 5_000, `page ${p + 1} watermarked`);
    // The gap between pages is grey.
    assert.ok(meanLuminance(img, 0, H + 1, img.width, 10) < 230);
  });

  it(`shows at most ${PREVIEW_MAX_PAGES} pages and a note for the rest`, async () => {
    const r = await sharedRenderer();
    const { pdf, pageCount } = await r.renderPdf(blank(PREVIEW_MAX_PAGES + 3));
    assert.equal(pageCount, PREVIEW_MAX_PAGES + 3);
    const img = decodeJpeg(await r.renderPreviewJpeg(pdf));
    assert.equal(img.height, PREVIEW_MAX_PAGES * H + PREVIEW_MAX_PAGES * 12 + 40);
  });

  it('a landscape report previews landscape', async () => {
    const r = await sharedRenderer();
    const { pdf } = await r.renderPdf(report([{ type: 'Card', options: { title: 'x', value: 1 } }], { config: { landscape: true } }));
    const img = decodeJpeg(await r.renderPreviewJpeg(pdf));
    assert.equal(img.width, H);
    assert.equal(img.height, 595);
  });
});
