/**
 * Small images in every format the renderer reads, made in the test (PNG, JPEG, GIF) or
 * kept as bytes (WebP: made once with libwebp's encoder, @jsquash/webp), plus tools to
 * look inside a PDF: its image XObjects and its decompressed content streams.
 */
import { crc32, inflateSync } from 'node:zlib';
import { PNG } from 'pngjs';
import * as jpeg from 'jpeg-js';
import { GifWriter } from 'omggif';

export function png(width = 64, height = 32, rgba: [number, number, number, number] = [120, 120, 120, 255]): Buffer {
  const img = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) img.data.set(rgba, i * 4);
  // RGB when opaque: pdfkit then embeds one image XObject (an RGBA PNG gets a second, its soft mask).
  return PNG.sync.write(img, { colorType: rgba[3] === 255 ? 2 : 6 });
}

export function jpg(width = 48, height = 48): Buffer {
  return jpeg.encode({ data: Buffer.alloc(width * height * 4, 200), width, height }, 80).data;
}

/** A GIF of `frames` frames, each a solid colour index into a red/blue/green palette. */
export function gif(width = 30, height = 20, frames: number[] = [0, 1]): Buffer {
  const buf = Buffer.alloc(width * height * frames.length + 1024);
  const writer = new GifWriter(buf, width, height, { palette: [0xff0000, 0x0000ff, 0x00ff00, 0x000000], loop: 0 });
  for (const colour of frames) writer.addFrame(0, 0, width, height, new Array(width * height).fill(colour), { delay: 10 });
  return buf.subarray(0, writer.end());
}

/** 40 × 20 WebP files made with libwebp (red left half, blue right half). */
export const WEBP = {
  /** Lossy, opaque: a 'VP8 ' first chunk. */
  lossy: Buffer.from(
    'UklGRnQAAABXRUJQVlA4IGgAAADwBACdASooABQAPm0uk0WkIqGYBABABsSgB5A/APxg/GbkAhgH4AV3/uAAGAgm/YAA/ulpH//wpmJSTQ//+yrOIae8F/dn9kP/8Gv/gGcDITaWBoeQCd6b4Fvc2U9w+9zaCx/TKuAAAA==',
    'base64',
  ),
  /** Lossless: a 'VP8L' first chunk. */
  lossless: Buffer.from('UklGRioAAABXRUJQVlA4TB4AAAAvJ8AEAA8wPBfiPgro/McSBAKE/1oHBgRE9D/A2gM=', 'base64'),
  /** Lossy with alpha (left quarter transparent): 'VP8X' + ALPH + 'VP8 '. */
  alpha: Buffer.from(
    'UklGRqQAAABXRUJQVlA4WAoAAAAQAAAAJwAAEwAAQUxQSBUAAAABDzD/ERGCQICi/5vDAQMi+h+47R4AVlA4IGgAAADwBACdASooABQAPm0uk0WkIqGYBABABsSgB5A/APxg/GbkAhgH4AV3/uAAGAgm/YAA/ulpH//wpmJSTQ//+yrOIae8F/dn9kP/8Gv/gGcDITaWBoeQCd6b4Fvc2U9w+9zaCx/TKuAAAA==',
    'base64',
  ),
};

function chunk(fourcc: string, payload: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(fourcc, 0, 'latin1');
  head.writeUInt32LE(payload.length, 4);
  return Buffer.concat([head, payload, payload.length & 1 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

function riff(chunks: Buffer[]): Buffer {
  const body = Buffer.concat([Buffer.from('WEBP', 'latin1'), ...chunks]);
  const head = Buffer.alloc(8);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body]);
}

/** An animated WebP (VP8X + ANIM + two ANMF frames) whose first frame is the lossy image above. */
export function animatedWebp(): Buffer {
  const frameData = WEBP.lossy.subarray(12); // the 'VP8 ' chunk
  const vp8x = Buffer.alloc(10);
  vp8x[0] = 0x02; // animation
  vp8x.writeUIntLE(39, 4, 3);
  vp8x.writeUIntLE(19, 7, 3);
  const anim = Buffer.alloc(6); // background colour, loop count
  const frame = (): Buffer => {
    const h = Buffer.alloc(16);
    h.writeUIntLE(39, 6, 3);
    h.writeUIntLE(19, 9, 3);
    h.writeUIntLE(100, 12, 3);
    return chunk('ANMF', Buffer.concat([h, frameData]));
  };
  return riff([chunk('VP8X', vp8x), chunk('ANIM', anim), frame(), frame()]);
}

/**
 * A 'VP8L' chunk of a one-colour `width` × `height` image in a few bytes: every prefix code has a
 * single symbol, so the pixels take no bits at all — what a decompression bomb's frame holds.
 */
export function solidVp8l(width: number, height: number): Buffer {
  const bits: number[] = [];
  const put = (value: number, n: number): void => {
    for (let i = 0; i < n; i++) bits.push((value >>> i) & 1);
  };
  put(0x2f, 8); // signature
  put(width - 1, 14);
  put(height - 1, 14);
  put(0, 4); // no alpha hint, version 0
  put(0, 3); // no transform, no colour cache, no meta prefix codes
  // Green, red, blue, alpha, distance: a "simple" code of one 8-bit symbol (opaque black).
  for (let k = 0; k < 5; k++) put(0b101 | ((k === 3 ? 255 : 0) << 3), 11);
  const payload = Buffer.alloc(Math.ceil(bits.length / 8) + 4);
  bits.forEach((b, i) => (payload[i >> 3] |= b << (i & 7)));
  return chunk('VP8L', payload);
}

/** An animated WebP on a `canvas`, with ANMF frames holding the given bitstream chunks at the declared places. */
export function animatedWebpOf(
  canvas: { width: number; height: number },
  frames: Array<{ x?: number; y?: number; width: number; height: number; chunks: Buffer[] }>,
): Buffer {
  const vp8x = Buffer.alloc(10);
  vp8x[0] = 0x02; // animation
  vp8x.writeUIntLE(canvas.width - 1, 4, 3);
  vp8x.writeUIntLE(canvas.height - 1, 7, 3);
  const anmf = frames.map((f) => {
    const h = Buffer.alloc(16);
    h.writeUIntLE((f.x ?? 0) / 2, 0, 3);
    h.writeUIntLE((f.y ?? 0) / 2, 3, 3);
    h.writeUIntLE(f.width - 1, 6, 3);
    h.writeUIntLE(f.height - 1, 9, 3);
    h.writeUIntLE(100, 12, 3);
    return chunk('ANMF', Buffer.concat([h, ...f.chunks]));
  });
  return riff([chunk('VP8X', vp8x), chunk('ANIM', Buffer.alloc(6)), ...anmf]);
}

export const SVG = (text = 'SVG vector text'): Buffer =>
  Buffer.from(
    `<?xml version="1.0"?>\n<!-- a logo -->\n<svg xmlns="http://www.w3.org/2000/svg" width="160" height="40" viewBox="0 0 160 40">` +
      `<rect x="2" y="2" width="156" height="36" rx="6" fill="#2255aa"/><path d="M10 30 L30 10 L50 30 Z" fill="#ffcc00"/>` +
      `<text x="60" y="26" font-family="Helvetica" font-size="12" fill="#ffffff">${text}</text></svg>`,
  );

/** A PNG whose IHDR claims `width` × `height`, with almost no data (a decompression bomb's header). */
export function pngHeaderOnly(width: number, height: number): Buffer {
  const p = png(1, 1);
  const out = Buffer.from(p);
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  return out;
}

/** An 8-bit RGBA PNG of `width` × `height` whose IDAT holds `zdata` (zlib data), whatever it inflates to. */
export function pngWithData(width: number, height: number, zdata: Buffer): Buffer {
  const pngChunk = (type: string, data: Buffer): Buffer => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA: pdfkit inflates it to split the alpha channel
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk('IHDR', ihdr), pngChunk('IDAT', zdata), pngChunk('IEND', Buffer.alloc(0))]);
}

/** Number of image XObjects in a PDF. */
export function imageXObjects(pdf: Uint8Array): number {
  return (
    Buffer.from(pdf)
      .toString('latin1')
      .match(/\/Subtype \/Image/g) ?? []
  ).length;
}

/** Every Flate stream of a PDF, inflated, joined (content streams: drawing operators). */
export function pdfStreams(pdf: Uint8Array): string {
  const raw = Buffer.from(pdf);
  const text = raw.toString('latin1');
  const out: string[] = [];
  const re = /stream\r?\n/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    try {
      out.push(inflateSync(raw.subarray(start, end)).toString('latin1'));
    } catch {
      // not a Flate stream (JPEG data, fonts that failed) — skip
    }
    re.lastIndex = end + 'endstream'.length;
  }
  return out.join('\n');
}
