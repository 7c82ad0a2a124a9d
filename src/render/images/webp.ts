/**
 * WebP decoding with libwebp compiled to WASM (@jsquash/webp). Its glue code is built
 * for browsers and cannot fetch its .wasm in Node, so the module is compiled here from
 * the file beside the bundle (dist/webp_dec.wasm, copied by scripts/render-assets.mjs)
 * or in node_modules, and handed to the package's documented manual `init`. Compiled
 * once per process, on the first WebP.
 *
 * libwebp's simple decoder reads still images only; for an animation the first frame
 * is cut out into a still WebP first (the same rule as GIF: the first frame is shown).
 */
import { readFileSync } from 'node:fs';
import { locateAsset } from '../assets';
import { DamagedImage, type Rgba } from './raster';

type Decode = (buffer: ArrayBuffer) => Promise<{ width: number; height: number; data: Uint8ClampedArray }>;

let ready: Promise<Decode> | undefined;

export function locateWebpWasm(): string {
  return locateAsset('webp_dec.wasm', 'dist/webp_dec.wasm', 'node_modules/@jsquash/webp/codec/dec/webp_dec.wasm');
}

function decoder(): Promise<Decode> {
  ready ??= (async () => {
    const { default: decode, init } = await import('@jsquash/webp/decode.js');
    const module = new WebAssembly.Module(readFileSync(locateWebpWasm()));
    await (init as unknown as (m: WebAssembly.Module) => Promise<void>)(module);
    return decode as unknown as Decode;
  })();
  ready.catch(() => (ready = undefined));
  return ready;
}

interface Chunk {
  fourcc: string;
  /** Offset of the chunk header in the file. */
  at: number;
  size: number;
}

function chunks(d: Buffer, from: number, to: number): Chunk[] {
  const out: Chunk[] = [];
  for (let at = from; at + 8 <= to;) {
    const size = d.readUInt32LE(at + 4);
    if (at + 8 + size > to) throw new DamagedImage('the WebP data is cut short');
    out.push({ fourcc: d.toString('latin1', at, at + 4), at, size });
    at += 8 + size + (size & 1);
  }
  return out;
}

function riff(body: Buffer[]): Buffer {
  const payload = Buffer.concat([Buffer.from('WEBP', 'latin1'), ...body]);
  const head = Buffer.alloc(8);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(payload.length, 4);
  return Buffer.concat([head, payload]);
}

/**
 * A still WebP holding the first frame of an animated one (VP8X with an ANMF chunk), or
 * the input. `recharge` is told the frame's pixel count when it differs from the canvas.
 */
export function firstWebpFrame(d: Buffer, recharge: (pixels: number) => void): Buffer {
  if (d.toString('latin1', 12, 16) !== 'VP8X' || (d[20] & 0x02) === 0) return d;
  const end = Math.min(d.length, 8 + d.readUInt32LE(4));
  const anmf = chunks(d, 12, end).find((c) => c.fourcc === 'ANMF');
  if (!anmf || anmf.size < 16) throw new DamagedImage('the animated WebP has no frames');
  const frameW = d.readUIntLE(anmf.at + 14, 3) + 1;
  const frameH = d.readUIntLE(anmf.at + 17, 3) + 1;
  if (frameW !== d.readUIntLE(24, 3) + 1 || frameH !== d.readUIntLE(27, 3) + 1) recharge(frameW * frameH);
  const inner = chunks(d, anmf.at + 24, anmf.at + 8 + anmf.size);
  const bitstream = inner.find((c) => c.fourcc === 'VP8 ' || c.fourcc === 'VP8L');
  if (!bitstream) throw new DamagedImage("the animated WebP's first frame has no image data");
  const copy = (c: Chunk): Buffer => d.subarray(c.at, c.at + 8 + c.size + (c.size & 1));
  const alpha = inner.find((c) => c.fourcc === 'ALPH');
  if (!alpha) return riff([copy(bitstream)]);
  const vp8x = Buffer.alloc(18);
  vp8x.write('VP8X', 0, 'latin1');
  vp8x.writeUInt32LE(10, 4);
  vp8x[8] = 0x10; // alpha
  vp8x.writeUIntLE(frameW - 1, 12, 3);
  vp8x.writeUIntLE(frameH - 1, 15, 3);
  return riff([vp8x, copy(alpha), copy(bitstream)]);
}

/** RGBA pixels of a WebP (the first frame of an animation). */
export async function decodeWebp(data: Buffer, recharge: (pixels: number) => void): Promise<Rgba> {
  const still = firstWebpFrame(data, recharge);
  const decode = await decoder();
  const bytes = new Uint8Array(still).buffer;
  let img;
  try {
    img = await decode(bytes);
  } catch {
    throw new DamagedImage('the WebP data is damaged');
  }
  return { width: img.width, height: img.height, data: new Uint8Array(img.data.buffer, img.data.byteOffset, img.data.byteLength) };
}
