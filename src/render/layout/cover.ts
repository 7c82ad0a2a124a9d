/**
 * The cover page: its own first page, filled with bg_color (a theme variable or
 * colour, default accent) or bg_image (cover-fitted), with its components (Row,
 * Image, Text, VerticalSpacer) stacked and centred vertically. Text without its
 * own colour/alignment gets a colour readable on the background and the cover's
 * `align`; so does an Image caption without its own `text_colour`.
 */
import { resolveReportObject } from '../../catalogue';
import type { CoverPage, ReportComponent } from '../../core/report/types';
import { MARGIN_UNIT_PT, type RenderTheme } from '../painter';
import { luminance } from '../theme';
import type { LoadedImage } from '../images';
import { drawLoadedImage } from '../images/draw';

const COVER_MARGIN = 56;

export interface CoverGeometry {
  x: number;
  width: number;
  top: number;
  bottom: number;
}

export function coverGeometry(cover: CoverPage, pageWidth: number, pageHeight: number): CoverGeometry {
  const o = resolveReportObject('cover_page', cover);
  const mx = COVER_MARGIN + o.horizontal_margin * MARGIN_UNIT_PT;
  const my = COVER_MARGIN + o.vertical_margin * MARGIN_UNIT_PT;
  return { x: mx, width: pageWidth - 2 * mx, top: my, bottom: pageHeight - my };
}

export function coverBackground(cover: CoverPage, theme: RenderTheme): string {
  return theme.resolveColour(resolveReportObject('cover_page', cover).bg_color, 'accent');
}

/** The cover's horizontal alignment: the newer SDK's `start`/`center`/`end`, the older `left`/`centre`/`center`/`right`. */
const COVER_ALIGN = { start: 'left', left: 'left', center: 'center', centre: 'center', end: 'right', right: 'right' } as const;

/** Copies Text components (and Image captions) with a readable default colour and the cover alignment (other components keep identity). */
export function coverComponents(cover: CoverPage, background: string): ReportComponent[] {
  const dark = luminance(background) < 0.35;
  const align = COVER_ALIGN[resolveReportObject('cover_page', cover).align];
  const adapt = (c: ReportComponent): ReportComponent => {
    if (!c || typeof c !== 'object') return c;
    if (c.type === 'Text') {
      const o = c.options ?? {};
      const colour = o.color ?? o.colour ?? (dark ? '#ffffff' : undefined);
      // Cover text is display text: one step larger than body text unless sized.
      return { ...c, options: { ...o, ...(colour ? { color: colour } : {}), align: o.align ?? align, size: o.size ?? 'xl' } };
    }
    if (c.type === 'Image') {
      // The caption is cover text too: readable on the background unless it has its own colour.
      const o = c.options ?? {};
      if (!dark || o.text_color != null || o.text_colour != null) return c;
      return { ...c, options: { ...o, text_color: '#ffffff' } };
    }
    if (c.type === 'Row') return { ...c, options: { align, ...(c.options ?? {}) }, components: (c.components ?? []).map(adapt) };
    return c;
  };
  return (cover.components ?? []).map(adapt);
}

export function paintCoverBackground(
  doc: PDFKit.PDFDocument,
  width: number,
  height: number,
  colour: string,
  image: LoadedImage | undefined,
  theme: RenderTheme,
): void {
  doc.save();
  doc.rect(0, 0, width, height).fill(colour);
  // bg_image covers the page (cropped to it); one that was not fetched leaves the
  // cover colour alone (its note says why).
  if (image && image.kind !== 'placeholder') {
    const scale = Math.max(width / image.width, height / image.height);
    const w = image.width * scale;
    const h = image.height * scale;
    doc.rect(0, 0, width, height).clip();
    drawLoadedImage(doc, image, { x: (width - w) / 2, y: (height - h) / 2, width: w, height: h }, theme, 'cover_page.bg_image');
  }
  doc.restore();
}
