/**
 * The picture of one changed page: the old page on the left, the new one on the right, the
 * changed regions tinted and framed in red on both (so the eye finds what was there and what
 * is there now), as a PNG.
 */
import type { DiffRegion } from '../../core/diff/diffTypes';
import { rgbaToPng } from '../images/raster';
import type { RgbaImage } from '../pdfium';

const GAP = 16;
const BORDER = 2;
const HIGHLIGHT: [number, number, number] = [230, 30, 60];
const TINT = 0.22;
const GAP_GREY = 200;

/** Old | new with the regions highlighted; either side may be missing (a blank area of the other's size). */
export function sideBySide(old: RgbaImage | undefined, next: RgbaImage | undefined, regions: readonly DiffRegion[]): Uint8Array {
  const left = old ?? blankLike(next as RgbaImage);
  const right = next ?? blankLike(left);
  const width = left.width + GAP + right.width;
  const height = Math.max(left.height, right.height);
  const out = new Uint8Array(width * height * 4).fill(GAP_GREY);
  for (let i = 3; i < out.length; i += 4) out[i] = 255; // opaque: the PNG is RGB
  blit(out, width, left, 0);
  blit(out, width, right, left.width + GAP);
  for (const r of regions) {
    highlight(out, width, height, r, 0, left.width);
    highlight(out, width, height, r, left.width + GAP, right.width);
  }
  return rgbaToPng({ width, height, data: out });
}

function blankLike(image: RgbaImage): RgbaImage {
  return { width: image.width, height: image.height, data: new Uint8Array(image.width * image.height * 4).fill(255) };
}

function blit(out: Uint8Array, outWidth: number, image: RgbaImage, left: number): void {
  for (let y = 0; y < image.height; y++) {
    out.set(image.data.subarray(y * image.width * 4, (y + 1) * image.width * 4), (y * outWidth + left) * 4);
  }
}

function highlight(out: Uint8Array, outWidth: number, outHeight: number, r: DiffRegion, left: number, pageWidth: number): void {
  const x1 = Math.min(r.x + r.width, pageWidth);
  const y1 = Math.min(r.y + r.height, outHeight);
  for (let y = r.y; y < y1; y++) {
    for (let x = r.x; x < x1; x++) {
      const edge = x - r.x < BORDER || x1 - 1 - x < BORDER || y - r.y < BORDER || y1 - 1 - y < BORDER;
      const at = (y * outWidth + left + x) * 4;
      for (let c = 0; c < 3; c++) out[at + c] = edge ? HIGHLIGHT[c] : Math.round(out[at + c] * (1 - TINT) + HIGHLIGHT[c] * TINT);
      out[at + 3] = 255;
    }
  }
}
