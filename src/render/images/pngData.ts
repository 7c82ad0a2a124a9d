/**
 * A PNG's pixel data must inflate to no more than its header says. pdfkit inflates the data of
 * a PNG with alpha (and a PDF viewer that of any PNG) without a bound, so a 1 × 1 header over
 * 400 KB of deflated zeros cost 2.4 s of CPU and 800 MB in the renderer, and 10 MB of them would
 * ask for 10 GB. The data is inflated here first, as a stream that only counts (no pixels are
 * kept), and refused as soon as it passes the size of the header's rows.
 */
import { createInflate } from 'node:zlib';
import { DamagedImage } from './raster';

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** Adam7 passes: start column/row and step. */
const ADAM7: ReadonlyArray<[number, number, number, number]> = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];

/** Bytes the pixel data of a PNG with this header inflates to: each row's filter byte and pixels (each Adam7 pass's when interlaced). */
export function pngDataBytes(width: number, height: number, bitDepth: number, colourType: number, interlaced: boolean): number {
  const bitsPerPixel = (CHANNELS[colourType] ?? 4) * bitDepth;
  const rows = (w: number, h: number): number => (w > 0 && h > 0 ? h * (1 + Math.ceil((w * bitsPerPixel) / 8)) : 0);
  if (!interlaced) return rows(width, height);
  return ADAM7.reduce((sum, [x0, y0, dx, dy]) => sum + rows(Math.ceil((width - x0) / dx), Math.ceil((height - y0) / dy)), 0);
}

/** The IDAT chunks' data, in order (a PNG whose header sniff.ts read). */
function idatParts(d: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  for (let at = 8; at + 8 <= d.length;) {
    const length = d.readUInt32BE(at);
    const type = d.toString('latin1', at + 4, at + 8);
    if (type === 'IDAT') parts.push(d.subarray(at + 8, Math.min(d.length, at + 8 + length)));
    if (type === 'IEND') break;
    at += 12 + length;
  }
  return parts;
}

/** Throws DamagedImage when the PNG's pixel data inflates to more than its header's size, or not at all (read as a stream, nothing kept). */
export async function checkPngData(d: Buffer): Promise<void> {
  const limit = pngDataBytes(d.readUInt32BE(16), d.readUInt32BE(20), d[24], d[25], d[28] === 1);
  const inflate = createInflate();
  let total = 0;
  const outcome = await new Promise<'fits' | 'over' | 'damaged'>((resolve) => {
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) {
        inflate.destroy();
        resolve('over');
      }
    });
    // pdfkit would throw on damaged data from inside a zlib callback, out of reach of any catch.
    inflate.on('error', () => resolve('damaged'));
    inflate.on('end', () => resolve('fits'));
    for (const part of idatParts(d)) inflate.write(part);
    inflate.end();
  });
  if (outcome === 'over')
    throw new DamagedImage(`the PNG data inflates to more than its ${d.readUInt32BE(16)} × ${d.readUInt32BE(20)} pixels`);
  if (outcome === 'damaged') throw new DamagedImage('the PNG data is damaged');
}
