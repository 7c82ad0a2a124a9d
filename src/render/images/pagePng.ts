/**
 * A rasterised page as PNG, fast: PDFium's pages are opaque, so RGB, every row
 * with the "Up" filter (a page is mostly rows like the one above: long runs of zeros) and zlib at
 * level 1. pngjs's adaptive filtering tries five filters per row in JavaScript, which made the
 * encoding several times slower than the rasterising; this is what an agent waits for on every
 * `render` (src/core/agent/). Files come out somewhat larger; decoders read them the same.
 */
import { deflateSync } from 'node:zlib';
import { rgbaToPng, type Rgba } from './raster';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = (() => {
  const table = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = -1;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** The page as an 8-bit RGB PNG; a page with any transparent pixel keeps its alpha (pngjs, as before). */
export function pagePng(img: Rgba): Buffer {
  const { width, height, data } = img;
  for (let i = 3; i < data.length; i += 4) if (data[i] !== 255) return rgbaToPng(img);
  const stride = width * 3;
  const raw = Buffer.alloc((stride + 1) * height);
  const row = new Uint8Array(stride);
  const previous = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const from = y * width * 4;
    for (let x = 0, i = from, j = 0; x < width; x++, i += 4, j += 3) {
      row[j] = data[i];
      row[j + 1] = data[i + 1];
      row[j + 2] = data[i + 2];
    }
    const at = y * (stride + 1);
    raw[at] = 2; // Up
    for (let j = 0; j < stride; j++) raw[at + 1 + j] = (row[j] - previous[j]) & 0xff;
    previous.set(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: 1 })), chunk('IEND', new Uint8Array(0))]);
}
