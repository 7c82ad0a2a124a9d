/**
 * SVG images drawn as vectors on the pdfkit page (svg-to-pdfkit): text stays text,
 * lines stay sharp, nothing is rasterised — so an SVG's declared size costs no memory.
 * What an SVG may pull in is closed off: raster images inside it only as data: URLs of
 * PNG/JPEG, checked and charged to the pixel budget like any other image; no files, no
 * URLs, no external documents. Its text uses the report's fonts.
 */
import SVGtoPDF from 'svg-to-pdfkit';
import type { ThemeFonts } from '../painter';
import { sniffImage } from './sniff';
import type { PixelBudget } from './limits';
import { checkPngData } from './pngData';

export interface VectorImage {
  svg: string;
  /** Data URLs of the raster images inside it that were checked and charged. */
  embedded: ReadonlySet<string>;
}

/** data:image/png|jpeg;base64,… inside attributes or CSS url(), whitespace allowed in the data. */
const EMBEDDED = /data:image\/(?:png|jpe?g)\s*;\s*base64\s*,[A-Za-z0-9+/=\s]*/gi;

/** The SVG's text and its embedded rasters, each sniffed and charged to `budget` (a PNG's data checked against its header). */
export async function prepareSvg(data: Buffer, budget: PixelBudget): Promise<VectorImage> {
  const svg = data.toString('utf8').replace(/^\uFEFF/, '');
  const embedded = new Set<string>();
  for (const m of svg.matchAll(EMBEDDED)) {
    const url = m[0].replace(/\s+/g, '');
    if (embedded.has(url)) continue;
    const bytes = Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
    const head = sniffImage(bytes);
    if (!head.ok || (head.format !== 'png' && head.format !== 'jpeg')) continue; // drawn as nothing
    budget.charge(head.width, head.height);
    if (head.format === 'png') await checkPngData(bytes);
    embedded.add(url);
  }
  return { svg, embedded };
}

/** Draws the SVG scaled into the box (x, y, width × height); `natural` is its own size in px. */
export function drawSvg(
  doc: PDFKit.PDFDocument,
  image: VectorImage,
  natural: { width: number; height: number },
  box: { x: number; y: number; width: number; height: number },
  fonts: ThemeFonts,
): void {
  doc.save();
  doc.rect(box.x, box.y, box.width, box.height).clip();
  doc.translate(box.x, box.y).scale(box.width / natural.width, box.height / natural.height);
  SVGtoPDF(doc, image.svg, 0, 0, {
    // One SVG unit = one unit of this scaled space; the viewport is the SVG's own size.
    assumePt: true,
    width: natural.width,
    height: natural.height,
    warningCallback: () => undefined,
    fontCallback: (_family, bold, italic) =>
      bold && italic ? fonts.boldItalic : bold ? fonts.bold : italic ? fonts.italic : fonts.regular,
    // Anything not checked above becomes an empty buffer, which pdfkit refuses (the <image> is skipped).
    imageCallback: (href) => {
      const url = href.replace(/\s+/g, '');
      return image.embedded.has(url) ? Buffer.from(url.slice(url.indexOf(',') + 1), 'base64') : Buffer.alloc(0);
    },
    documentCallback: () => [],
  });
  doc.restore();
}
