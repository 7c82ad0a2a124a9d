/**
 * `pngjs` for the browser bundle (pngjs is built on Node streams and zlib): the one use the
 * renderer has for it, writing decoded GIF and WebP pixels as an 8-bit RGB or RGBA PNG for pdfkit
 * (src/render/images/raster.ts). Every row unfiltered, deflated with fflate.
 */
import { Buffer } from 'buffer';
import { zlibSync } from 'fflate';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

interface WriteOptions {
  /** 2: RGB (the alpha bytes dropped), 6: RGBA. */
  colorType: 2 | 6;
  deflateLevel?: number;
}

export class PNG {
  readonly width: number;
  readonly height: number;
  data: Uint8Array;

  constructor(o: { width: number; height: number }) {
    this.width = o.width;
    this.height = o.height;
    this.data = new Uint8Array(o.width * o.height * 4);
  }

  static readonly sync = {
    write(png: PNG, o: WriteOptions): Buffer {
      const channels = o.colorType === 6 ? 4 : 3;
      const stride = 1 + png.width * channels;
      const raw = new Uint8Array(stride * png.height);
      for (let y = 0, from = 0; y < png.height; y++) {
        let to = y * stride + 1; // filter byte 0 (None)
        for (let x = 0; x < png.width; x++, from += 4) {
          raw[to++] = png.data[from];
          raw[to++] = png.data[from + 1];
          raw[to++] = png.data[from + 2];
          if (channels === 4) raw[to++] = png.data[from + 3];
        }
      }
      const header = Buffer.alloc(13);
      header.writeUInt32BE(png.width, 0);
      header.writeUInt32BE(png.height, 4);
      header.set([8, o.colorType, 0, 0, 0], 8);
      const level = Math.max(0, Math.min(9, o.deflateLevel ?? 6)) as 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
      return Buffer.concat([
        Buffer.from(SIGNATURE),
        chunk('IHDR', header),
        chunk('IDAT', zlibSync(raw, { level })),
        chunk('IEND', new Uint8Array(0)),
      ]);
    },
  };
}
