/**
 * Formats pdfkit cannot embed, turned into one it can: the first frame of a GIF
 * (omggif) and a WebP (libwebp as WASM, webp.ts) are decoded to RGBA and written as a
 * PNG (pngjs) — RGB when every pixel is opaque, so pdfkit embeds it without splitting
 * an alpha channel. Callers check the pixel size (sniff.ts, limits.ts) BEFORE calling.
 */
import { PNG } from 'pngjs';
import { GifReader } from 'omggif';

export interface Rgba {
  width: number;
  height: number;
  data: Uint8Array;
}

/** A decoder's complaint about damaged data (→ "not an image (…)" at the option's path). */
export class DamagedImage extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DamagedImage';
  }
}

function opaque(data: Uint8Array): boolean {
  for (let i = 3; i < data.length; i += 4) if (data[i] !== 255) return false;
  return true;
}

export function rgbaToPng(img: Rgba): Buffer {
  const png = new PNG({ width: img.width, height: img.height });
  png.data = Buffer.from(img.data.buffer, img.data.byteOffset, img.data.byteLength);
  // Level 3: these PNGs only travel into the PDF (re-compressed by nothing); speed matters more.
  return PNG.sync.write(png, { colorType: opaque(img.data) ? 2 : 6, deflateLevel: 3 });
}

/**
 * A rasterised page as PNG, for a person or a model to look at (export --png, the agents' render
 * tool), fast: pngjs's one "Sub" filter and zlib level 1 rather than its per-row search of five
 * filters at level 3 — measured on the KPI dashboard at 96 dpi: 80 ms instead of 280 ms, 174 KB
 * instead of 125 KB. A page with any transparent pixel keeps its alpha.
 */
export function pagePng(img: Rgba): Buffer {
  if (!opaque(img.data)) return rgbaToPng(img);
  const png = new PNG({ width: img.width, height: img.height });
  png.data = Buffer.from(img.data.buffer, img.data.byteOffset, img.data.byteLength);
  return PNG.sync.write(png, { colorType: 2, filterType: 1, deflateLevel: 1 });
}

/**
 * The first frame of a GIF on its logical screen (transparent where the frame does not
 * cover it). A first frame reaching beyond the screen grows the canvas to hold it (as
 * browsers do); `recharge` is told the grown pixel count first and may refuse it.
 */
export function gifFirstFrame(data: Buffer, recharge: (pixels: number) => void): Rgba {
  let reader: GifReader;
  try {
    reader = new GifReader(data);
  } catch (err) {
    throw new DamagedImage(`the GIF data is damaged (${(err as Error).message})`);
  }
  if (reader.numFrames() < 1) throw new DamagedImage('the GIF has no frames');
  const f = reader.frameInfo(0);
  const width = Math.max(reader.width, f.x + f.width);
  const height = Math.max(reader.height, f.y + f.height);
  if (width !== reader.width || height !== reader.height) {
    if (width > 0xffff || height > 0xffff) throw new DamagedImage("the GIF's first frame lies outside any possible screen");
    recharge(width * height);
    // omggif blits at the logical screen's stride: declare the grown canvas in a copy.
    const grown = Buffer.from(data);
    grown.writeUInt16LE(width, 6);
    grown.writeUInt16LE(height, 8);
    reader = new GifReader(grown);
  }
  const pixels = new Uint8Array(width * height * 4);
  try {
    reader.decodeAndBlitFrameRGBA(0, pixels);
  } catch (err) {
    throw new DamagedImage(`the GIF data is damaged (${(err as Error).message})`);
  }
  return { width, height, data: pixels };
}
