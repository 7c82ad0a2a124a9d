/**
 * The fast page PNG (src/render/images/raster.ts) decodes to exactly the pixels it was given,
 * opaque or not, and is an RGB PNG when every pixel is opaque.
 */
import { strict as assert } from 'node:assert';
import { PNG } from 'pngjs';
import { pagePng } from '../../../../src/render/images/raster';

/** A deterministic page-like image: white with bands and a gradient (fixed, no randomness). */
function image(width: number, height: number, alpha = 255): { width: number; height: number; data: Uint8Array } {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const band = y % 17 < 3;
      data[i] = band ? 20 : 255;
      data[i + 1] = band ? (x * 7) & 0xff : 255;
      data[i + 2] = band ? (y * 5) & 0xff : 250;
      data[i + 3] = x === 3 && y === 5 ? alpha : 255;
    }
  return { width, height, data };
}

describe('pagePng: fast PNG of a rasterised page', () => {
  it('an opaque page: RGB, the same pixels back', () => {
    const img = image(61, 47);
    const png = pagePng(img);
    assert.equal(png[25], 2, 'colour type RGB');
    const back = PNG.sync.read(png);
    assert.equal(back.width, 61);
    assert.equal(back.height, 47);
    assert.deepEqual(new Uint8Array(back.data), img.data);
  });

  it('a pixel that is not opaque keeps the alpha channel', () => {
    const img = image(20, 20, 128);
    const back = PNG.sync.read(pagePng(img));
    assert.deepEqual(new Uint8Array(back.data), img.data);
  });
});
