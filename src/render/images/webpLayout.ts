/**
 * What a WebP file will decode to, read from its RIFF chunks before anything is decoded: the
 * canvas and, for every frame, its place and the size its bitstream really has. Every size a
 * decoder would allocate comes from a bitstream header ('VP8 ' key frame or 'VP8L'), not from
 * the container's own fields — an animation frame whose VP8L header said 14000 × 14000 inside
 * a 40 × 20 canvas used to be decoded at 196 megapixels (3.4 GB, 28 s of CPU for 94 bytes). So
 * every frame's bitstream must have the size its frame declares and lie on the canvas, and a
 * still image's bitstream the canvas's size (as libwebp itself requires); the canvas is then the
 * most any frame can decode to, and it is what the pixel budget is charged.
 */

/** A chunk of the RIFF container. */
export interface WebpChunk {
  fourcc: string;
  /** Offset of the chunk header in the file. */
  at: number;
  size: number;
}

interface WebpFrame {
  x: number;
  y: number;
  width: number;
  height: number;
  /** The 'VP8 ' or 'VP8L' chunk, and the frame's 'ALPH' chunk when there is one. */
  bitstream: WebpChunk;
  alpha?: WebpChunk;
}

export interface WebpLayout {
  width: number;
  height: number;
  animated: boolean;
  /** The first frame (the one shown); a still image's covers the canvas. Every frame was checked. */
  first: WebpFrame;
  frameCount: number;
}

/** Chunks of `d` from `from` to `to`; a string saying what is wrong when one runs past `to`. */
function webpChunks(d: Buffer, from: number, to: number): WebpChunk[] | string {
  const out: WebpChunk[] = [];
  for (let at = from; at + 8 <= to;) {
    const size = d.readUInt32LE(at + 4);
    if (at + 8 + size > to) return 'the WebP data is cut short';
    out.push({ fourcc: d.toString('latin1', at, at + 4), at, size });
    at += 8 + size + (size & 1);
  }
  return out;
}

/** The pixel size a 'VP8 ' (key frame) or 'VP8L' bitstream header declares, or what is wrong with it. */
function bitstreamSize(d: Buffer, c: WebpChunk): { width: number; height: number } | string {
  const p = c.at + 8;
  if (c.fourcc === 'VP8 ') {
    if (c.size < 10 || (d[p] & 1) !== 0 || d[p + 3] !== 0x9d || d[p + 4] !== 0x01 || d[p + 5] !== 0x2a) return 'no VP8 key frame';
    return { width: d.readUInt16LE(p + 6) & 0x3fff, height: d.readUInt16LE(p + 8) & 0x3fff };
  }
  if (c.size < 5 || d[p] !== 0x2f) return 'no VP8L signature';
  const bits = d.readUInt32LE(p + 1);
  return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
}

const isBitstream = (c: WebpChunk): boolean => c.fourcc === 'VP8 ' || c.fourcc === 'VP8L';

/** One frame's chunks (a still image's, or an ANMF's inside) → the frame, checked against the size it must have. */
function frameOf(
  d: Buffer,
  chunks: WebpChunk[],
  place: { x: number; y: number; width: number; height: number },
  what: string,
): WebpFrame | string {
  const bitstream = chunks.find(isBitstream);
  if (!bitstream) return `${what} has no image data`;
  const size = bitstreamSize(d, bitstream);
  if (typeof size === 'string') return `${what}: ${size}`;
  if (size.width !== place.width || size.height !== place.height)
    return `${what} holds a ${size.width} × ${size.height} image in a ${place.width} × ${place.height} frame`;
  const alpha = chunks.find((c) => c.fourcc === 'ALPH');
  return { ...place, bitstream, ...(alpha ? { alpha } : {}) };
}

/** The layout of a RIFF/WEBP file, or what is wrong with its header (in words for "a WebP file whose header is unusable: …"). */
export function readWebpLayout(d: Buffer): WebpLayout | string {
  if (d.length < 20) return 'cut short';
  const top = webpChunks(d, 12, Math.min(d.length, 8 + d.readUInt32LE(4)));
  if (typeof top === 'string') return top;
  const head = top[0];
  if (!head) return 'no chunks';
  if (isBitstream(head)) {
    const size = bitstreamSize(d, head);
    if (typeof size === 'string') return size;
    const frame = frameOf(d, [head], { x: 0, y: 0, ...size }, 'the image');
    return typeof frame === 'string' ? frame : { ...size, animated: false, first: frame, frameCount: 1 };
  }
  if (head.fourcc !== 'VP8X') return 'unknown first chunk';
  if (head.size < 10) return 'VP8X chunk cut short';
  const width = d.readUIntLE(head.at + 12, 3) + 1;
  const height = d.readUIntLE(head.at + 15, 3) + 1;
  const animated = (d[head.at + 8] & 0x02) !== 0;
  if (!animated) {
    const frame = frameOf(d, top, { x: 0, y: 0, width, height }, 'the image');
    return typeof frame === 'string' ? frame : { width, height, animated, first: frame, frameCount: 1 };
  }
  let first: WebpFrame | undefined;
  let frameCount = 0;
  for (const c of top) {
    if (c.fourcc !== 'ANMF') continue;
    const what = `frame ${++frameCount}`;
    if (c.size < 16) return `${what} is cut short`;
    const h = c.at + 8;
    const place = {
      x: 2 * d.readUIntLE(h, 3),
      y: 2 * d.readUIntLE(h + 3, 3),
      width: d.readUIntLE(h + 6, 3) + 1,
      height: d.readUIntLE(h + 9, 3) + 1,
    };
    if (place.x + place.width > width || place.y + place.height > height)
      return `${what} (${place.width} × ${place.height} at ${place.x}, ${place.y}) lies outside the ${width} × ${height} canvas`;
    const inner = webpChunks(d, h + 16, c.at + 8 + c.size);
    if (typeof inner === 'string') return inner;
    const frame = frameOf(d, inner, place, what);
    if (typeof frame === 'string') return frame;
    first ??= frame;
  }
  if (!first) return 'the animation has no frames';
  return { width, height, animated, first, frameCount };
}
