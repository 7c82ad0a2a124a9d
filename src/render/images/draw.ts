/**
 * Drawing a loaded image into a box: rasters with pdfkit's image(), SVG as vectors, and
 * the placeholder of an image that was not fetched — a dashed box of the size the image
 * would have had, saying so, so the layout of the page is that of the real report.
 */
import type { RenderTheme, Rect } from '../painter';
import { RenderError } from '../renderer';
import { NO_IMAGE_SOURCE, type LoadedImage } from '../images';
import { drawSvg } from './svg';

/** Draws a raster or vector image stretched to `box` (callers keep the aspect ratio). */
export function drawLoadedImage(
  doc: PDFKit.PDFDocument,
  img: Exclude<LoadedImage, { kind: 'placeholder' }>,
  box: Rect,
  theme: RenderTheme,
  where: string,
): void {
  try {
    if (img.kind === 'vector') drawSvg(doc, img.vector, { width: img.width, height: img.height }, box, theme.fonts);
    else doc.image(img.data, box.x, box.y, { width: box.width, height: box.height });
  } catch (err) {
    // pdfkit reads PNG/JPEG data only here: damage past the header shows up now.
    throw new RenderError(`not an image (the ${img.format.toUpperCase()} data cannot be drawn: ${(err as Error).message})`, where);
  }
}

/** The box of an image that was not fetched: what it is, why, and from where (no query string). */
export function drawPlaceholder(
  doc: PDFKit.PDFDocument,
  box: Rect,
  theme: RenderTheme,
  img: Extract<LoadedImage, { kind: 'placeholder' }>,
  what = 'Image',
): void {
  const { x, y, width, height } = box;
  doc.save();
  doc
    .roundedRect(x + 0.5, y + 0.5, Math.max(0, width - 1), Math.max(0, height - 1), 4)
    .fill(theme.colours['background-subtle'] ?? '#f4f4f5');
  doc
    .roundedRect(x + 0.5, y + 0.5, Math.max(0, width - 1), Math.max(0, height - 1), 4)
    .dash(3, { space: 2 })
    .lineWidth(0.75)
    .strokeColor(theme.colours['sub-headline'])
    .stroke();
  doc.undash();
  const inner = Math.max(0, width - 12);
  const lines: Array<{ text: string; font: string; size: number }> = [
    { text: `${what} not loaded`, font: theme.fonts.bold, size: 9 },
    {
      text: height < 60 || img.reason === NO_IMAGE_SOURCE ? img.reason : `not fetched: ${img.reason}`,
      font: theme.fonts.regular,
      size: 7.5,
    },
    { text: img.source, font: theme.fonts.regular, size: 7 },
  ];
  // A small box (a logo) shows what and why; a larger one also where from.
  const shown = height < 60 ? lines.slice(0, 2) : lines;
  const scale = Math.min(1, (height - 6) / (shown.length * 12));
  const lineH = 12 * scale;
  let ty = y + (height - shown.length * lineH) / 2;
  doc.fillColor(theme.colours['sub-headline']);
  for (const line of shown) {
    const size = Math.max(4, line.size * scale);
    doc.font(line.font).fontSize(size);
    doc.text(line.text, x + 6, ty + (lineH - size) / 2, { width: inner, height: lineH, align: 'center', lineBreak: false, ellipsis: true });
    ty += lineH;
  }
  doc.restore();
}
