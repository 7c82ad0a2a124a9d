/**
 * The preview JPEG: every page (up to PREVIEW_MAX_PAGES) of the PDF that
 * renderPdf produced, rasterised by PDFium at 72 dpi, stacked vertically with a
 * grey gap, watermarked "PREVIEW" and encoded at JPEG quality 40.
 *
 * Why all pages and not page 1: the preview is how an author checks layout
 * offline — where content breaks onto the next page, whether a table repeats its
 * headings, what the cover looks like — and most of that is not on page 1. The
 * cap keeps a long report's JPEG small (≈40–70 kB a page at q40) and the encode
 * fast; pages beyond it are summarised by a note band at the bottom.
 */
import * as jpeg from 'jpeg-js';
import { newDocument, documentBytes } from './pdfkit-setup';
import { registerFonts, FALLBACK_FILES } from './fonts';
import { rasterise, type PdfiumLibrary, type RgbaImage } from './pdfium';

export const PREVIEW_SCALE = 1; // px per pt = 72 dpi
export const PREVIEW_QUALITY = 40;
export const PREVIEW_MAX_PAGES = 12;
const GAP = 12;
const GAP_GREY = 0xd4;
const WATERMARK_OPACITY = 0.25;
const WATERMARK_RGB = [0x70, 0x70, 0x78];

const fallbackSpec = { ...FALLBACK_FILES, heading: FALLBACK_FILES.bold, headingStyle: 'bold' as const };

/** Alpha masks (0–255 per pixel) of the "PREVIEW" watermark, one per page size. */
const maskCache = new Map<string, Uint8Array>();

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

async function watermarkMask(lib: PdfiumLibrary, width: number, height: number): Promise<Uint8Array> {
  const key = `${width}x${height}`;
  const cached = maskCache.get(key);
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
  const mask = new Uint8Array(width * height);
  for (let i = 0; i < mask.length; i++) mask[i] = 255 - img.data[i * 4];
  maskCache.set(key, mask);
  return mask;
}

function blendMask(page: RgbaImage, mask: Uint8Array): void {
  const d = page.data;
  for (let i = 0; i < mask.length; i++) {
    const a = (mask[i] / 255) * WATERMARK_OPACITY;
    if (a === 0) continue;
    const o = i * 4;
    d[o] = d[o] * (1 - a) + WATERMARK_RGB[0] * a;
    d[o + 1] = d[o + 1] * (1 - a) + WATERMARK_RGB[1] * a;
    d[o + 2] = d[o + 2] * (1 - a) + WATERMARK_RGB[2] * a;
  }
}

function stack(images: RgbaImage[]): RgbaImage {
  const width = Math.max(...images.map((p) => p.width));
  const height = images.reduce((h, p) => h + p.height, 0) + GAP * (images.length - 1);
  const data = new Uint8Array(width * height * 4).fill(GAP_GREY);
  let y = 0;
  for (const img of images) {
    for (let row = 0; row < img.height; row++) {
      data.set(img.data.subarray(row * img.width * 4, (row + 1) * img.width * 4), (y + row) * width * 4);
    }
    y += img.height + GAP;
  }
  for (let i = 3; i < data.length; i += 4) data[i] = 255;
  return { width, height, data };
}

/** A band under the last shown page saying how many pages the preview leaves out. */
async function moreBand(lib: PdfiumLibrary, width: number, hidden: number): Promise<RgbaImage> {
  return drawnText(lib, width, 40, (doc, fonts) => {
    doc.rect(0, 0, width, 40).fill('#eef0f3');
    doc.font(fonts.regular).fontSize(12).fillColor('#475569');
    doc.text(`+ ${hidden} more page${hidden === 1 ? '' : 's'} not shown in the preview (the build contains them)`, 0, 14, {
      width,
      align: 'center',
      lineBreak: false,
    });
  });
}

export async function renderPreview(lib: PdfiumLibrary, pdf: Uint8Array, signal?: AbortSignal): Promise<Uint8Array> {
  const { pages, pageCount } = await rasterise(lib, pdf, PREVIEW_SCALE, PREVIEW_MAX_PAGES, signal);
  if (pages.length === 0) throw new Error('The PDF has no pages to preview');
  for (const page of pages) {
    signal?.throwIfAborted();
    blendMask(page, await watermarkMask(lib, page.width, page.height));
  }
  const parts = [...pages];
  if (pageCount > pages.length) parts.push(await moreBand(lib, pages[0].width, pageCount - pages.length));
  const image = parts.length === 1 ? parts[0] : stack(parts);
  signal?.throwIfAborted();
  const encoded = jpeg.encode({ data: image.data, width: image.width, height: image.height }, PREVIEW_QUALITY);
  return new Uint8Array(encoded.data);
}
