/**
 * WebP decoding with libwebp compiled to WASM (@jsquash/webp). Its glue code is built
 * for browsers and cannot fetch its .wasm in Node, so the module is compiled here from
 * the file beside the bundle (dist/webp_dec.wasm, copied by scripts/render-assets.mjs)
 * or in node_modules, and handed to the package's documented manual `init`. Compiled
 * once per process, on the first WebP.
 *
 * libwebp's simple decoder reads still images only; for an animation the first frame
 * is cut out into a still WebP first (the same rule as GIF: the first frame is shown).
 * The sizes it decodes to were checked before (webpLayout.ts, through sniff.ts).
 */
import { rendererFile } from '../assets';
import { DamagedImage, type Rgba } from './raster';
import { readWebpLayout, type WebpChunk } from './webpLayout';

type Decode = (buffer: ArrayBuffer) => Promise<{ width: number; height: number; data: Uint8ClampedArray }>;

let ready: Promise<Decode> | undefined;

function webpWasm(): Uint8Array {
  return rendererFile('webp_dec.wasm', 'dist/webp_dec.wasm', 'node_modules/@jsquash/webp/codec/dec/webp_dec.wasm');
}

function decoder(): Promise<Decode> {
  ready ??= (async () => {
    const { default: decode, init } = await import('@jsquash/webp/decode.js');
    const module = new WebAssembly.Module(webpWasm());
    await (init as unknown as (m: WebAssembly.Module) => Promise<void>)(module);
    return decode as unknown as Decode;
  })();
  ready.catch(() => (ready = undefined));
  return ready;
}

function riff(body: Buffer[]): Buffer {
  const payload = Buffer.concat([Buffer.from('WEBP', 'latin1'), ...body]);
  const head = Buffer.alloc(8);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(payload.length, 4);
  return Buffer.concat([head, payload]);
}

/**
 * A still WebP holding the first frame of an animated one (VP8X with ANMF chunks), or the
 * input for a still image. Every frame was checked to fit the canvas (webpLayout.ts), so the
 * still decodes to at most the canvas the pixel budget was charged for.
 */
function firstWebpFrame(d: Buffer): { still: Buffer; width: number; height: number } {
  const layout = readWebpLayout(d);
  if (typeof layout === 'string') throw new DamagedImage(`the WebP header is unusable: ${layout}`);
  const { first } = layout;
  if (!layout.animated) return { still: d, width: layout.width, height: layout.height };
  const copy = (c: WebpChunk): Buffer => d.subarray(c.at, c.at + 8 + c.size + (c.size & 1));
  const size = { width: first.width, height: first.height };
  if (!first.alpha) return { still: riff([copy(first.bitstream)]), ...size };
  const vp8x = Buffer.alloc(18);
  vp8x.write('VP8X', 0, 'latin1');
  vp8x.writeUInt32LE(10, 4);
  vp8x[8] = 0x10; // alpha
  vp8x.writeUIntLE(first.width - 1, 12, 3);
  vp8x.writeUIntLE(first.height - 1, 15, 3);
  return { still: riff([vp8x, copy(first.alpha), copy(first.bitstream)]), ...size };
}

/** RGBA pixels of a WebP (the first frame of an animation), never larger than its header said. */
export async function decodeWebp(data: Buffer): Promise<Rgba> {
  const { still, width, height } = firstWebpFrame(data);
  const decode = await decoder();
  const bytes = new Uint8Array(still).buffer;
  let img;
  try {
    img = await decode(bytes);
  } catch {
    throw new DamagedImage('the WebP data is damaged');
  }
  if (img.width !== width || img.height !== height) throw new DamagedImage('the WebP data does not have the size its header says');
  return { width: img.width, height: img.height, data: new Uint8Array(img.data.buffer, img.data.byteOffset, img.data.byteLength) };
}
