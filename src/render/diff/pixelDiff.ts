/**
 * Where two rasters of a page differ: pixelmatch (anti-aliasing ignored, so a glyph drawn a
 * hair differently is not a change) gives the differing pixels; they are gathered into boxes
 * that a person can see — cells of CELL px holding a changed pixel, joined with their
 * neighbours within JOIN cells, each group's bounding box padded by PAD px.
 */
import pixelmatch from 'pixelmatch';
import type { DiffRegion } from '../../core/diff/diffTypes';
import type { RgbaImage } from '../pdfium';

const CELL = 8;
const JOIN = 2;
const PAD = 4;
/** pixelmatch's colour distance below which two pixels are equal (its default is 0.1). */
const THRESHOLD = 0.1;

export interface PixelDiff {
  changedPixels: number;
  regions: DiffRegion[];
}

export function pixelDiff(a: RgbaImage, b: RgbaImage): PixelDiff {
  if (a.width !== b.width || a.height !== b.height) {
    // A new page size: the whole page changed.
    const width = Math.max(a.width, b.width);
    const height = Math.max(a.height, b.height);
    return { changedPixels: width * height, regions: [{ x: 0, y: 0, width, height }] };
  }
  const { width, height } = a;
  const mask = new Uint8Array(width * height * 4);
  const changedPixels = pixelmatch(a.data, b.data, mask, width, height, { threshold: THRESHOLD, diffMask: true });
  return { changedPixels, regions: changedPixels ? regionsOf(mask, width, height) : [] };
}

function regionsOf(mask: Uint8Array, width: number, height: number): DiffRegion[] {
  const cols = Math.ceil(width / CELL);
  const rows = Math.ceil(height / CELL);
  const cells = new Uint8Array(cols * rows);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) if (mask[(y * width + x) * 4 + 3]) cells[Math.floor(y / CELL) * cols + Math.floor(x / CELL)] = 1;
  }
  const seen = new Uint8Array(cols * rows);
  const regions: DiffRegion[] = [];
  for (let start = 0; start < cells.length; start++) {
    if (!cells[start] || seen[start]) continue;
    let [x0, y0, x1, y1] = [cols, rows, -1, -1];
    const stack = [start];
    seen[start] = 1;
    while (stack.length) {
      const cell = stack.pop() as number;
      const cx = cell % cols;
      const cy = (cell - cx) / cols;
      [x0, y0, x1, y1] = [Math.min(x0, cx), Math.min(y0, cy), Math.max(x1, cx), Math.max(y1, cy)];
      for (let ny = Math.max(0, cy - JOIN); ny <= Math.min(rows - 1, cy + JOIN); ny++) {
        for (let nx = Math.max(0, cx - JOIN); nx <= Math.min(cols - 1, cx + JOIN); nx++) {
          const n = ny * cols + nx;
          if (cells[n] && !seen[n]) {
            seen[n] = 1;
            stack.push(n);
          }
        }
      }
    }
    const x = Math.max(0, x0 * CELL - PAD);
    const y = Math.max(0, y0 * CELL - PAD);
    regions.push({ x, y, width: Math.min(width, (x1 + 1) * CELL + PAD) - x, height: Math.min(height, (y1 + 1) * CELL + PAD) - y });
  }
  return regions.sort((p, q) => p.y - q.y || p.x - q.x);
}
