/**
 * The preview JPEG: every page (up to PREVIEW_MAX_PAGES) of the PDF that
 * renderPdf produced, rasterised by PDFium at 72 dpi, stacked vertically with a
 * grey gap, watermarked "PREVIEW" and encoded at JPEG quality 40.
 *
 * Why all pages and not page 1: the preview is how an author checks layout
 * offline — where content breaks onto the next page, whether a table repeats its
 * headings, what the cover looks like — and most of that is not on page 1. The
 * cap keeps a long report's JPEG small (≈30–40 kB a page at q40) and the encode
 * fast; pages beyond it are summarised by a note band at the bottom.
 *
 * Speed: encoding the ≈ 8,500 px high image of 10 pages was most of the time, so it is
 * libjpeg-turbo (jpegEncoder.ts), and each page is watermarked while it is copied into the
 * encoder's RGB buffer (one pass, integer arithmetic). The image is also cut into horizontal
 * strips (planStrips) that independent parts can rasterise, stack and encode at the same time —
 * the local service's render pool gives a preview to its free workers this way — and that are
 * joined into one JPEG with restart markers (jpegStrips.ts), the same pixels as one encode.
 */
import { endianness } from 'node:os';
import { PREVIEW_LAYOUT } from '../core/report/previewLayout';
import { newDocument, documentBytes } from './pdfkitSetup';
import { registerFonts, FALLBACK_FILES } from './fonts';
import { rasterise, type PdfiumLibrary, type RgbaImage } from './pdfium';
import { jpegEncoder } from './jpegEncoder';
import { joinPreviewParts } from './jpegStrips';
import type { PreviewPart } from './renderer';

/** The layout the viewer also reads (source ↔ preview sync finds the pages inside the image by it). */
const PREVIEW_SCALE = PREVIEW_LAYOUT.pxPerPt; // 1 px per pt = 72 dpi
export const PREVIEW_MAX_PAGES = PREVIEW_LAYOUT.maxPages;
const GAP = PREVIEW_LAYOUT.gapPx;
const PREVIEW_QUALITY = 40;
const GAP_GREY = 0xd4;
const WATERMARK_OPACITY = 0.25;
const WATERMARK_RGB = [0x70, 0x70, 0x78];
const BAND_HEIGHT = 40;
/** A restart interval (MCUs between restart markers, 8×8 px each at 4:4:4) is a 16-bit field. */
const MAX_RESTART_INTERVAL = 0xffff;

const fallbackSpec = { ...FALLBACK_FILES, heading: FALLBACK_FILES.bold, headingStyle: 'bold' as const };

/** The pixels the "PREVIEW" watermark covers (index) and its coverage there (1–255), one per page size. */
interface Watermark {
  at: Uint32Array;
  coverage: Uint8Array;
}
const watermarks = new Map<string, Watermark>();

/**
 * The watermark blend in 16-bit fixed point, per coverage m: the opacity a = m/255 × 25 % as
 * a/65536 (ALPHA) and the watermark colour's share plus rounding (INK), so that a channel c
 * becomes (c × (65536 − ALPHA[m]) + INK[channel][m]) >>> 16.
 */
const ALPHA = Uint32Array.from({ length: 256 }, (_, m) => Math.round((m / 255) * WATERMARK_OPACITY * 65536));
const INK = WATERMARK_RGB.map((c) => Uint32Array.from(ALPHA, (a) => c * a + 32768));

async function drawnText(
  lib: PdfiumLibrary,
  width: number,
  height: number,
  draw: (doc: PDFKit.PDFDocument, fonts: ReturnType<typeof registerFonts>) => void,
): Promise<RgbaImage> {
  const doc = newDocument({ width: width / PREVIEW_SCALE, height: height / PREVIEW_SCALE });
  const fonts = registerFonts(doc, fallbackSpec);
  doc.addPage();
  draw(doc, fonts);
  const { pages } = await rasterise(lib, await documentBytes(doc), PREVIEW_SCALE, 1);
  return pages[0];
}

async function watermark(lib: PdfiumLibrary, width: number, height: number): Promise<Watermark> {
  const key = `${width}x${height}`;
  const cached = watermarks.get(key);
  if (cached) return cached;
  const img = await drawnText(lib, width, height, (doc, fonts) => {
    const w = width / PREVIEW_SCALE;
    const h = height / PREVIEW_SCALE;
    const size = Math.min(w, h) * 0.22;
    doc.save().rotate(-Math.atan2(h, w) * (180 / Math.PI), { origin: [w / 2, h / 2] });
    doc.font(fonts.bold).fontSize(size).fillColor('#000000');
    doc.text('PREVIEW', w / 2 - w, h / 2 - size * 0.6, { width: w * 2, align: 'center', lineBreak: false });
    doc.restore();
  });
  const at: number[] = [];
  for (let i = 0; i < width * height; i++) if (img.data[i * 4] !== 255) at.push(i);
  const mark = { at: Uint32Array.from(at), coverage: Uint8Array.from(at, (i) => 255 - img.data[i * 4]) };
  watermarks.set(key, mark);
  return mark;
}

/** Blends the watermark into a page's pixels, in place. */
function blendWatermark(page: RgbaImage, { at, coverage }: Watermark): void {
  const d = page.data;
  const [inkR, inkG, inkB] = INK;
  for (let k = 0; k < at.length; k++) {
    const s = at[k] * 4;
    const m = coverage[k];
    const keep = 65536 - ALPHA[m];
    d[s] = (d[s] * keep + inkR[m]) >>> 16;
    d[s + 1] = (d[s + 1] * keep + inkG[m]) >>> 16;
    d[s + 2] = (d[s + 2] * keep + inkB[m]) >>> 16;
  }
}

/** A band under the last shown page saying how many pages the preview leaves out. */
async function moreBand(lib: PdfiumLibrary, width: number, hidden: number): Promise<RgbaImage> {
  return drawnText(lib, width, BAND_HEIGHT, (doc, fonts) => {
    doc.rect(0, 0, width, BAND_HEIGHT).fill('#eef0f3');
    doc.font(fonts.regular).fontSize(12).fillColor('#475569');
    doc.text(`+ ${hidden} more page${hidden === 1 ? '' : 's'} not shown in the preview (the build contains them)`, 0, 14, {
      width,
      align: 'center',
      lineBreak: false,
    });
  });
}

/** One picture of the stack: a page (its index) or the "more pages" band, at row `y`. */
interface Placed {
  page?: number;
  y: number;
  width: number;
  height: number;
}

/** The stacked image: pages top to bottom with a gap between each two, the band last. */
function stackLayout(sizes: Array<{ width: number; height: number }>, band: boolean): { width: number; height: number; items: Placed[] } {
  const items: Placed[] = sizes.map((s, page) => ({ page, y: 0, ...s }));
  if (band) items.push({ y: 0, width: sizes[0].width, height: BAND_HEIGHT });
  let y = 0;
  for (const item of items) {
    item.y = y;
    y += item.height + GAP;
  }
  return { width: Math.max(...items.map((i) => i.width)), height: y - GAP, items };
}

/**
 * The preview's horizontal strips, [first row, end row) each: one when `parts` is 1; otherwise
 * one per part but no more than there are pictures (a page cut between two parts is rasterised
 * by both), all but the last of the same height in whole 8-row MCUs (jpegStrips.ts), and more
 * strips when one would exceed a restart interval. Every part computes the same plan.
 */
export function planStrips(width: number, height: number, parts: number, pictures: number): Array<[number, number]> {
  const wanted = Math.min(parts, pictures);
  if (wanted <= 1) return [[0, height]];
  const mcuRows = Math.ceil(height / 8);
  const maxRows = Math.floor(MAX_RESTART_INTERVAL / Math.ceil(width / 8));
  const rows = Math.ceil(mcuRows / Math.max(wanted, Math.ceil(mcuRows / maxRows))) * 8;
  const strips: Array<[number, number]> = [];
  for (let y = 0; y < height; y += rows) strips.push([y, Math.min(height, y + rows)]);
  return strips;
}

const LITTLE_ENDIAN = endianness() === 'LE';

/** Copies pixel `p` of RGBA `d` to pixel `q` of RGB `out`. */
function copyPixel(d: Uint8Array, p: number, out: Uint8Array, q: number): void {
  out[q * 3] = d[p * 4];
  out[q * 3 + 1] = d[p * 4 + 1];
  out[q * 3 + 2] = d[p * 4 + 2];
}

/**
 * Copies rows [from, to) of an RGBA picture into the RGB strip `out` (`width` px a row) at row
 * `at`: four pixels at a time as 32-bit words (little-endian: four RGBA words → three words of
 * RGB) where the output is word-aligned, pixel by pixel at the ends of a row.
 */
function copyRows(src: RgbaImage, from: number, to: number, out: Uint8Array, width: number, at: number): void {
  const d = src.data;
  const words = LITTLE_ENDIAN && d.byteOffset % 4 === 0 && out.byteOffset % 4 === 0;
  const d32 = words ? new Uint32Array(d.buffer, d.byteOffset, d.byteLength >> 2) : undefined;
  const o32 = words ? new Uint32Array(out.buffer, out.byteOffset, out.byteLength >> 2) : undefined;
  for (let y = from; y < to; y++) {
    let p = y * src.width; // source pixel
    let q = (at + y - from) * width; // output pixel
    const end = p + src.width;
    if (d32 && o32) {
      for (; p < end && q % 4 !== 0; p++, q++) copyPixel(d, p, out, q);
      for (let w = (q * 3) >> 2; p + 4 <= end; p += 4, q += 4, w += 3) {
        const a = d32[p];
        const b = d32[p + 1];
        const c = d32[p + 2];
        const e = d32[p + 3];
        o32[w] = (a & 0xffffff) | (b << 24);
        o32[w + 1] = ((b >>> 8) & 0xffff) | (c << 16);
        o32[w + 2] = ((c >>> 16) & 0xff) | (e << 8);
      }
    }
    for (; p < end; p++, q++) copyPixel(d, p, out, q);
  }
}

/**
 * Part `part` of `parts` of the preview (renderer.ts, renderPreviewPart): plans the strips from
 * the page sizes, rasterises the pages its strips show, and encodes each of its strips.
 */
export async function renderPreviewPart(
  lib: PdfiumLibrary,
  pdf: Uint8Array,
  part: number,
  parts: number,
  signal?: AbortSignal,
): Promise<PreviewPart> {
  const encoder = await jpegEncoder();
  const doc = await lib.loadDocument(pdf);
  // Pages are loaded (parsed) once; render() closes a page, so each is rendered exactly once:
  // in full when a strip of this part shows it, else as 1 px to close it.
  const pages = Array.from({ length: Math.min(doc.getPageCount(), PREVIEW_MAX_PAGES) }, (_, i) => doc.getPage(i));
  const open = new Set(pages);
  const render = async (i: number, full: boolean): Promise<RgbaImage> => {
    open.delete(pages[i]);
    const size = full ? {} : { width: 1, height: 1 };
    const r = await pages[i].render({ scale: PREVIEW_SCALE, render: 'bitmap', colorSpace: 'BGRA', ...size });
    return { width: r.width, height: r.height, data: r.data };
  };
  try {
    const pageCount = doc.getPageCount();
    if (pages.length === 0) throw new Error('The PDF has no pages to preview');
    const sizes = pages.map((p) => {
      const { originalWidth, originalHeight } = p.getOriginalSize();
      // What PDFium's render() makes of them.
      return {
        width: Math.floor(Math.floor(originalWidth) * PREVIEW_SCALE),
        height: Math.floor(Math.floor(originalHeight) * PREVIEW_SCALE),
      };
    });
    const hidden = pageCount - pages.length;
    const layout = stackLayout(sizes, hidden > 0);
    const strips = planStrips(layout.width, layout.height, parts, layout.items.length);
    const mine = strips.map((rows, index) => ({ index, rows })).filter((s) => s.index % parts === part);
    const shown = (item: Placed): boolean => mine.some(({ rows: [a, b] }) => item.y < b && item.y + item.height > a);

    const pictures = new Map<Placed, RgbaImage>();
    for (const item of layout.items) {
      signal?.throwIfAborted();
      if (item.page === undefined) {
        if (shown(item)) pictures.set(item, await moreBand(lib, item.width, hidden));
      } else if (shown(item)) {
        const image = await render(item.page, true);
        blendWatermark(image, await watermark(lib, image.width, image.height));
        pictures.set(item, image);
      } else {
        await render(item.page, false);
      }
    }

    const out: PreviewPart['strips'] = [];
    for (const { index, rows } of mine) {
      signal?.throwIfAborted();
      const [a, b] = rows;
      const jpeg = encoder.encode(layout.width, b - a, PREVIEW_QUALITY, (rgb) => {
        rgb.fill(GAP_GREY);
        for (const [item, image] of pictures) {
          const from = Math.max(a, item.y);
          const to = Math.min(b, item.y + image.height);
          if (from < to) copyRows(image, from - item.y, to - item.y, rgb, layout.width, from - a);
        }
      });
      out.push({ index, jpeg });
    }
    return { count: strips.length, strips: out };
  } finally {
    // Pages left open by a failure or an abort are closed before the document goes.
    for (const page of open) await page.render({ scale: PREVIEW_SCALE, width: 1, height: 1 }).catch(() => undefined);
    doc.destroy();
  }
}

/** The whole preview JPEG in this thread. */
export async function renderPreview(lib: PdfiumLibrary, pdf: Uint8Array, signal?: AbortSignal): Promise<Uint8Array> {
  return joinPreviewParts([await renderPreviewPart(lib, pdf, 0, 1, signal)]);
}
