import { strict as assert } from 'node:assert';
import { jpegEncoder } from '../../../src/render/jpegEncoder';
import { joinJpegStrips } from '../../../src/render/jpegStrips';
import { decodeJpeg } from '../../helpers/jpeg';

/** An RGB test image: gradients, hard edges and seeded noise, so every block has AC and DC detail. */
function picture(width: number, height: number, seed = 7): Uint8Array {
  const rgb = new Uint8Array(width * height * 3);
  let s = seed;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      s = (s * 1103515245 + 12345) >>> 0;
      const o = (y * width + x) * 3;
      rgb[o] = (x * 255) / width;
      rgb[o + 1] = (y * 7) % 256;
      rgb[o + 2] = ((x >> 4) + (y >> 4)) % 2 ? 40 + (s >>> 28) : 220 - (s >>> 27);
    }
  }
  return rgb;
}

async function encodeRows(rgb: Uint8Array, width: number, from: number, to: number, quality = 40): Promise<Uint8Array> {
  const encoder = await jpegEncoder();
  return encoder.encode(width, to - from, quality, (out) => out.set(rgb.subarray(from * width * 3, to * width * 3)));
}

async function strips(rgb: Uint8Array, width: number, height: number, rows: number): Promise<Uint8Array[]> {
  const out: Uint8Array[] = [];
  for (let y = 0; y < height; y += rows) out.push(await encodeRows(rgb, width, y, Math.min(height, y + rows)));
  return out;
}

const markers = (jpeg: Uint8Array, first: number, last: number): number =>
  jpeg.reduce((n, b, i) => n + (i > 0 && jpeg[i - 1] === 0xff && b >= first && b <= last ? 1 : 0), 0);

describe('renderer: JPEG strips joined with restart markers', () => {
  // 203 px: not a whole number of 8-px blocks across; 331 rows: the last strip is partial.
  const width = 203;
  const height = 331;
  const rgb = picture(width, height);

  for (const rows of [168, 112, 72, 32]) {
    it(`strips of ${rows} rows decode to the same pixels as one encode of the whole image`, async () => {
      const whole = decodeJpeg(await encodeRows(rgb, width, 0, height));
      const parts = await strips(rgb, width, height, rows);
      const joined = joinJpegStrips(parts);
      const img = decodeJpeg(joined);
      assert.equal(img.width, width);
      assert.equal(img.height, height);
      assert.ok(Buffer.from(img.data).equals(Buffer.from(whole.data)), 'decoded pixels differ');
      // One restart marker between each two strips (RST0…RST7, wrapping after 8).
      assert.equal(markers(joined, 0xd0, 0xd7), parts.length - 1);
    });
  }

  it('a single strip comes back unchanged', async () => {
    const one = await encodeRows(rgb, width, 0, height);
    assert.equal(joinJpegStrips([one]), one);
  });

  it('refuses strips that cannot be one image', async () => {
    const [a, b] = await strips(rgb, width, height, 168);
    assert.throws(() => joinJpegStrips([a, b, b]), /strip 1 cannot be joined: it is 163 rows high, the first 168/);
    assert.throws(() => joinJpegStrips([b, a]), /the first is 163 rows high, not a multiple of 8/);
    assert.throws(() => joinJpegStrips([a, a.subarray(0, a.length - 1)]), /strip 1 cannot be joined: no EOI marker/);
    const otherQuality = await encodeRows(rgb, width, 168, height, 80);
    assert.throws(() => joinJpegStrips([a, otherQuality]), /strip 1 cannot be joined: its tables differ/);
    const narrower = await encodeRows(picture(200, 163), 200, 0, 163);
    assert.throws(() => joinJpegStrips([a, narrower]), /strip 1 cannot be joined: it is 200 px wide, the first 203/);
  });
});
