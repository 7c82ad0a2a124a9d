/**
 * Image: a PNG/JPEG loaded before layout (images.ts), fitted to the cell width
 * (never upscaled past its natural size at 96 dpi, at most MAX_HEIGHT tall),
 * with optional caption, background, border, rounded corners and link.
 */
import type { ComponentPainter, PaintContext } from '../painter';
import { MARGIN_UNIT_PT } from '../painter';
import { RenderError } from '../renderer';
import { attachedImage, type LoadedImage } from '../images';
import { breakLines, drawLines, linesHeight } from './richtext';

const MAX_HEIGHT = 420;
const CAPTION_GAP = 6;

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() ? v : undefined;
}

function image(o: Record<string, unknown>, ctx: PaintContext): LoadedImage {
  const img = attachedImage(o);
  if (!img) throw new RenderError('image was not loaded', ctx.path);
  return img;
}

function layout(o: Record<string, unknown>, width: number, ctx: PaintContext) {
  const img = image(o, ctx);
  const margin = typeof o.margins === 'number' ? Math.max(0, Math.min(32, o.margins)) * MARGIN_UNIT_PT : 0;
  const framed = o.enable_border === true || Boolean(str(o.bg_color));
  const pad = framed ? 6 : 0;
  const avail = Math.max(10, width - 2 * pad);
  let w = Math.min(avail, img.width * 0.75);
  let h = (w * img.height) / img.width;
  if (h > MAX_HEIGHT) {
    h = MAX_HEIGHT;
    w = (h * img.width) / img.height;
  }
  const caption = str(o.caption);
  const captionLines = caption
    ? breakLines(ctx.doc, [{ text: caption, font: ctx.theme.fonts.italic, size: ctx.fontSize(str(o.text_size), 8.5), colour: ctx.theme.resolveColour(str(o.text_color), 'sub-headline') }], width)
    : [];
  const captionH = captionLines.length ? CAPTION_GAP + linesHeight(captionLines) : 0;
  return { img, margin, pad, w, h, captionLines, captionH, height: 2 * margin + 2 * pad + h + captionH };
}

export const imagePainter: ComponentPainter = {
  measure(options, width, ctx) {
    return layout(options, width, ctx).height;
  },
  paint(options, rect, ctx) {
    const { doc, theme } = ctx;
    const l = layout(options, rect.width, ctx);
    const radius = options.rounded === true ? 8 : 0;
    const frameW = l.w + 2 * l.pad;
    const fx = rect.x + (rect.width - frameW) / 2;
    const fy = rect.y + l.margin;
    const frameH = l.h + 2 * l.pad;
    doc.save();
    if (str(options.bg_color)) doc.roundedRect(fx, fy, frameW, frameH, radius).fill(theme.resolveColour(str(options.bg_color), 'background-muted'));
    doc.save();
    if (radius) doc.roundedRect(fx + l.pad, fy + l.pad, l.w, l.h, Math.max(0, radius - l.pad / 2)).clip();
    doc.image(l.img.data, fx + l.pad, fy + l.pad, { width: l.w, height: l.h });
    doc.restore();
    if (options.enable_border === true) {
      doc.roundedRect(fx, fy, frameW, frameH, radius).lineWidth(1).strokeColor(theme.resolveColour(str(options.border_color), 'background-faded')).stroke();
    }
    const link = str(options.link_url);
    if (link) doc.link(fx, fy, frameW, frameH, link);
    if (l.captionLines.length) drawLines(doc, l.captionLines, rect.x, fy + frameH + CAPTION_GAP, rect.width, 'center');
    doc.restore();
  },
};
