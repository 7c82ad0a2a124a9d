/**
 * Decoded-size limits (docs/local-service.md, Limits and safety). Pixel sizes are read
 * from each format's header before anything is decoded, and capped per image and per
 * report; an image over a limit fails the task at the option's JSON path without
 * allocating its pixels.
 */
import { strict as assert } from 'node:assert';
import { createRenderer, RenderError, type ReportRenderer } from '../../../../src/render';
import { sniffImage, svgRootTag, svgSize } from '../../../../src/render/images/sniff';
import { loadImages } from '../../../../src/render/images';
import { DEFAULT_IMAGE_LIMITS } from '../../../../src/render/images/limits';
import { pngDataBytes } from '../../../../src/render/images/pngData';
import { deflateSync } from 'node:zlib';
import { report } from '../../../helpers/render';
import { WEBP, animatedWebp, animatedWebpOf, gif, jpg, png, pngHeaderOnly, pngWithData, solidVp8l } from '../../../helpers/imageFixtures';

const b64 = (b: Buffer): string => b.toString('base64');
const image = (options: Record<string, unknown>) => ({ type: 'Image', options });

describe('renderer: image headers (size before decoding)', () => {
  it('reads width and height of PNG, JPEG, GIF and the three WebP layouts', () => {
    assert.deepEqual(sniffImage(png(64, 32)), { ok: true, format: 'png', width: 64, height: 32 });
    assert.deepEqual(sniffImage(jpg(48, 40)), { ok: true, format: 'jpeg', width: 48, height: 40 });
    assert.deepEqual(sniffImage(gif(30, 20)), { ok: true, format: 'gif', width: 30, height: 20 });
    for (const [name, bytes] of Object.entries({ ...WEBP, animated: animatedWebp() })) {
      assert.deepEqual(sniffImage(bytes), { ok: true, format: 'webp', width: 40, height: 20 }, name);
    }
  });

  it('finds the JPEG frame header after APPn segments and fill bytes', () => {
    const j = jpg(33, 17);
    const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, 0x00, 0x10]), Buffer.alloc(14, 0x41)]);
    const withExtras = Buffer.concat([j.subarray(0, 2), app1, Buffer.from([0xff]), j.subarray(2)]);
    assert.deepEqual(sniffImage(withExtras), { ok: true, format: 'jpeg', width: 33, height: 17 });
    assert.deepEqual(sniffImage(j.subarray(0, 30)), {
      ok: false,
      format: 'jpeg',
      problem: 'a JPEG file whose header is unusable: no frame header',
    });
  });

  it('SVG size: width/height with units, else the viewBox (keeping its ratio), else 300 × 150', () => {
    const size = (attrs: string) => svgSize(svgRootTag(`<svg xmlns="http://www.w3.org/2000/svg" ${attrs}></svg>`)!);
    assert.deepEqual(size('width="200" height="100"'), { width: 200, height: 100 });
    assert.deepEqual(size('width="72pt" height="1in"'), { width: 96, height: 96 });
    assert.deepEqual(size('viewBox="0 0 400 100"'), { width: 400, height: 100 });
    assert.deepEqual(size('width="100%" viewBox="0 0 400 100"'), { width: 400, height: 100 });
    assert.deepEqual(size('width="80" viewBox="0,0,400,100"'), { width: 80, height: 20 });
    assert.deepEqual(size(''), { width: 300, height: 150 });
    assert.equal(typeof size('viewBox="0 0 0 100"'), 'string', 'a viewBox without area is refused');
    assert.ok(
      svgRootTag('\uFEFF<?xml version="1.0"?><!-- c --><!DOCTYPE svg [<!ENTITY a "b">]>\n<svg:svg xmlns:svg="x" width="5" height="6">'),
    );
    assert.equal(svgRootTag('<html><svg></svg></html>'), undefined);
  });
});

describe('renderer: decoded-size limits', () => {
  let renderer: ReportRenderer;
  before(async () => {
    renderer = await createRenderer();
  });
  after(() => renderer.dispose());

  const failure = async (r: ReportRenderer, components: object[]): Promise<RenderError> => {
    try {
      await r.renderPdf(report(components as never));
    } catch (err) {
      assert.ok(err instanceof RenderError, String(err));
      return err;
    }
    throw new Error('expected the render to fail');
  };

  it('a small PNG whose header claims 16000 × 16000 fails at its path without allocating its pixels', async () => {
    const bomb = pngHeaderOnly(16000, 16000);
    assert.ok(bomb.length < 100);
    const before = process.memoryUsage().arrayBuffers;
    const err = await failure(renderer, [
      { type: 'Text', options: { text: 'x' } },
      { type: 'Section', options: {}, components: [image({ base64: b64(bomb) })] },
    ]);
    assert.equal(
      err.message,
      'components[1].components[0].options.base64: the image is 16000 × 16000 pixels (256 megapixels); one image may have at most 40 megapixels',
    );
    // 1 GB of RGBA was never allocated (a generous margin for anything else in flight).
    assert.ok(process.memoryUsage().arrayBuffers - before < 64 * 1024 * 1024);
  });

  it('GIF and WebP bombs (large declared screens, tiny files) fail before decoding', async () => {
    const g = gif(2, 2, [0]);
    g.writeUInt16LE(65535, 6);
    g.writeUInt16LE(65535, 8);
    const gifErr = await failure(renderer, [image({ image_url: `data:image/gif;base64,${b64(g)}` })]);
    assert.equal(
      gifErr.message,
      'components[0].options.image_url: the image is 65535 × 65535 pixels (4295 megapixels); one image may have at most 40 megapixels',
    );
    const w = Buffer.from(WEBP.alpha);
    w.writeUIntLE(16382, 24, 3); // VP8X canvas 16383 × 16383 …
    w.writeUIntLE(16382, 27, 3);
    const vp8 = w.indexOf('VP8 ', 30, 'latin1') + 8;
    w.writeUInt16LE(16383, vp8 + 6); // … and a key frame of that size (a VP8 dimension has 14 bits)
    w.writeUInt16LE(16383, vp8 + 8);
    const webpErr = await failure(renderer, [image({ base64: b64(w) })]);
    assert.match(webpErr.message, /^components\[0\]\.options\.base64: the image is 16383 × 16383 pixels \(268 megapixels\)/);
  });

  it('an animated WebP of 94 bytes whose frame bitstream says 14000 × 14000 on a 40 × 20 canvas is refused before decoding', async () => {
    const canvas = { width: 40, height: 20 };
    const bomb = animatedWebpOf(canvas, [{ width: 40, height: 20, chunks: [solidVp8l(14000, 14000)] }]);
    assert.ok(bomb.length < 100, `${bomb.length} bytes`);
    const before = process.memoryUsage().arrayBuffers;
    const err = await failure(renderer, [image({ base64: b64(bomb) })]);
    assert.equal(
      err.message,
      'components[0].options.base64: not an image (a WebP file whose header is unusable: frame 1 holds a 14000 × 14000 image in a 40 × 20 frame)',
    );
    assert.ok(process.memoryUsage().arrayBuffers - before < 64 * 1024 * 1024, '196 megapixels were never allocated');
    // The same checks hold for every frame, not only the first one shown; and a frame must lie on the canvas.
    const good = { width: 40, height: 20, chunks: [solidVp8l(40, 20)] };
    const late = animatedWebpOf(canvas, [good, good, { width: 40, height: 20, chunks: [solidVp8l(9000, 9000)] }]);
    assert.deepEqual(sniffImage(late), {
      ok: false,
      format: 'webp',
      problem: 'a WebP file whose header is unusable: frame 3 holds a 9000 × 9000 image in a 40 × 20 frame',
    });
    const off = animatedWebpOf(canvas, [{ x: 20, width: 40, height: 20, chunks: [solidVp8l(40, 20)] }]);
    assert.match((sniffImage(off) as { problem: string }).problem, /frame 1 \(40 × 20 at 20, 0\) lies outside the 40 × 20 canvas/);
    // A still image's bitstream must have the canvas's size too.
    const still = Buffer.from(WEBP.alpha);
    still.writeUIntLE(9, 24, 3);
    assert.match((sniffImage(still) as { problem: string }).problem, /the image holds a 40 × 20 image in a 10 × 20 frame/);
    // A well-formed one-colour animation decodes (the crafted bitstream is real VP8L).
    const ok = await renderer.renderPdf(report([image({ base64: b64(animatedWebpOf(canvas, [good])) })] as never));
    assert.ok(ok.pageCount >= 1);
  });

  it("the report's images together are capped, counted in report order (logo and cover included)", async () => {
    const small = await createRenderer({ images: { maxReportPixels: 5_000 } });
    try {
      // 64 × 32 = 2,048 pixels each: the logo and two components fit, the third component does not.
      const body = report([image({ base64: b64(png()) }), image({ base64: b64(png()) }), image({ base64: b64(png()) })] as never, {
        options: { logo_url: `data:image/png;base64,${b64(png(10, 10))}` },
      });
      await assert.rejects(small.renderPdf(body), (e: Error) => {
        assert.equal(
          e.message,
          "components[2].options.base64: with this image (64 × 32 pixels) the report's images add up to 0.0062 megapixels; a report's images may have at most 0.005 megapixels together",
        );
        return true;
      });
    } finally {
      await small.dispose();
    }
  });

  it('raster images inside an SVG count too; a GIF frame beyond its screen is charged at its real size', async () => {
    const inner = pngHeaderOnly(9000, 9000);
    const svg = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><image href="data:image/png;base64,${b64(inner)}" width="10" height="10"/></svg>`,
    );
    const err = await failure(renderer, [image({ base64: b64(svg) })]);
    assert.match(err.message, /^components\[0\]\.options\.base64: the image is 9000 × 9000 pixels \(81 megapixels\)/);

    // A 2 × 2 screen whose first frame is drawn at (0, 0) with 3000 × 3000 pixels.
    const g = gif(3000, 3000, [0]);
    g.writeUInt16LE(2, 6);
    g.writeUInt16LE(2, 8);
    const loads = loadImages([{ path: ['components', 0, 'options', 'base64'], source: { kind: 'base64', text: b64(g) } }], {
      maxImagePixels: 1_000_000,
    });
    await assert.rejects(
      loads,
      /components\[0\]\.options\.base64: the image is larger once decoded than its header says \(9 megapixels\); one image may have at most 1 megapixels/,
    );
  });

  it('a 1 × 1 PNG whose data inflates to 16 MB is refused before pdfkit inflates it, alone or inside an SVG', async () => {
    const bomb = pngWithData(1, 1, deflateSync(Buffer.alloc(16 * 1024 * 1024)));
    assert.ok(bomb.length < 64 * 1024, `${bomb.length} bytes`);
    const err = await failure(renderer, [image({ base64: b64(bomb) })]);
    assert.equal(err.message, 'components[0].options.base64: not an image (the PNG data inflates to more than its 1 × 1 pixels)');
    const svg = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><image href="data:image/png;base64,${b64(bomb)}" width="10" height="10"/></svg>`,
    );
    const inSvg = await failure(renderer, [image({ base64: b64(svg) })]);
    assert.match(inSvg.message, /^components\[0\]\.options\.base64: not an image \(the PNG data inflates to more than its 1 × 1 pixels\)/);
    // Exactly the header's rows (one filter byte and 4 bytes of RGBA) is fine; so are interlaced sizes.
    assert.ok(
      (await renderer.renderPdf(report([image({ base64: b64(pngWithData(1, 1, deflateSync(Buffer.alloc(5)))) })] as never))).pageCount,
    );
    assert.equal(pngDataBytes(1, 1, 8, 6, true), 5);
    assert.equal(pngDataBytes(8, 8, 8, 2, false), 8 * (1 + 24));
    // Adam7 passes of 8 × 8 RGB: 1×1, 1×1, 2×1, 2×2, 4×2, 4×4, 8×4 pixels, each row with its filter byte.
    assert.equal(pngDataBytes(8, 8, 8, 2, true), 4 + 4 + 7 + 14 + 26 + 52 + 100);
  });

  it('documents 40 megapixels per image and per report as the defaults', () => {
    assert.equal(DEFAULT_IMAGE_LIMITS.maxImagePixels, 40_000_000);
    assert.equal(DEFAULT_IMAGE_LIMITS.maxReportPixels, 40_000_000);
  });
});
