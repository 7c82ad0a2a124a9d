/**
 * Image: a picture loaded before layout (../images.ts), fitted to the cell width (never
 * upscaled past its natural size at 96 dpi, at most MAX_HEIGHT tall), with optional
 * caption, background, border, rounded corners and link. An image that could not be
 * fetched is a placeholder box of the width it would fill.
 *
 * Options as documented (hybiscus.dev/docs/components/image), resolved by the catalogue
 * (src/catalogue/components/content.ts): `vertical_margin` (default 1) and
 * `horizontal_margin` (default 0) on the margin scale; `text_colour`, `bg_colour`,
 * `border_colour` in both spellings. `enable_border` (documented default true) is the rule
 * below the caption text, so an image without a caption has none; a background turns it off.
 */
import { resolveOptions, type Resolved } from '../../catalogue';
import type { ComponentPainter, PaintContext } from '../painter';
import { RenderError } from '../renderer';
import { attachedImage, type LoadedImage } from '../images';
import { reportPathOf } from '../layout/jsonPath';
import { drawLoadedImage, drawPlaceholder } from '../images/draw';
import { componentMargins } from '../margins';
import { formatPath } from '../../core/loc/treeWalk';
import { breakLines, drawLines, linesHeight } from './richtext';
import { nonBlank } from '../values';
import { FONT_SCALE } from '../fontScale';
import { drawLink } from '../links';

const MAX_HEIGHT = 420;
const CAPTION_GAP = 6;
const BORDER_WIDTH = 1;
/** A placeholder has no natural size: the cell width at 16:9, within these bounds. */
const PLACEHOLDER_MIN_H = 60;
const PLACEHOLDER_MAX_H = 160;
/** The picture loaded for these options (preload attaches it to the options as written). */
function image(raw: object, ctx: PaintContext): LoadedImage {
  const img = attachedImage(raw);
  if (!img) throw new RenderError('no image given (image_url, or base64 with base64_extension)', ctx.path);
  return img;
}

function layout(raw: Record<string, unknown>, width: number, ctx: PaintContext) {
  const img = image(raw, ctx);
  const o: Resolved<'Image'> = resolveOptions('Image', raw);
  const m = componentMargins(o);
  const inner = Math.max(10, width - m.left - m.right);
  const bg = nonBlank(o.bg_color);
  const pad = bg ? 6 : 0;
  const avail = Math.max(10, inner - 2 * pad);
  let w: number;
  let h: number;
  if (img.kind === 'placeholder') {
    w = avail;
    h = Math.max(PLACEHOLDER_MIN_H, Math.min(PLACEHOLDER_MAX_H, (avail * 9) / 16));
  } else {
    // Natural size at 96 dpi (CSS px → pt), never upscaled.
    w = Math.min(avail, img.width * 0.75);
    h = (w * img.height) / img.width;
    if (h > MAX_HEIGHT) {
      h = MAX_HEIGHT;
      w = (h * img.width) / img.height;
    }
  }
  const caption = nonBlank(o.caption);
  const captionLines = caption
    ? breakLines(
        ctx.doc,
        [
          {
            text: caption,
            font: ctx.theme.fonts.italic,
            size: FONT_SCALE[o.text_size],
            colour: ctx.theme.resolveColour(o.text_color, 'sub-headline'),
          },
        ],
        inner,
      )
    : [];
  const border = o.enable_border && !bg && captionLines.length > 0;
  const captionH = captionLines.length ? CAPTION_GAP + linesHeight(captionLines) + (border ? CAPTION_GAP + BORDER_WIDTH : 0) : 0;
  return { o, img, m, inner, bg, border, pad, w, h, captionLines, captionH, height: m.top + m.bottom + 2 * pad + h + captionH };
}

export const imagePainter: ComponentPainter = {
  measure(options, width, ctx) {
    return layout(options, width, ctx).height;
  },
  paint(options, rect, ctx) {
    const { doc, theme } = ctx;
    const l = layout(options, rect.width, ctx);
    const { o } = l;
    const radius = o.rounded ? 8 : 0;
    const left = rect.x + l.m.left;
    const frameW = l.w + 2 * l.pad;
    const fx = left + (l.inner - frameW) / 2;
    const fy = rect.y + l.m.top;
    const frameH = l.h + 2 * l.pad;
    const box = { x: fx + l.pad, y: fy + l.pad, width: l.w, height: l.h };
    doc.save();
    if (l.bg) doc.roundedRect(fx, fy, frameW, frameH, radius).fill(theme.resolveColour(l.bg, 'background-muted'));
    if (l.img.kind === 'placeholder') {
      drawPlaceholder(doc, box, theme, l.img);
    } else {
      doc.save();
      if (radius) doc.roundedRect(box.x, box.y, box.width, box.height, Math.max(0, radius - l.pad / 2)).clip();
      const source = nonBlank(o.base64) ? 'base64' : 'image_url';
      drawLoadedImage(doc, l.img, box, theme, formatPath([...reportPathOf(ctx.path), 'options', source]));
      doc.restore();
    }
    drawLink(doc, fx, fy, frameW, frameH, o.link_url);
    if (l.captionLines.length) drawLines(doc, l.captionLines, left, fy + frameH + CAPTION_GAP, l.inner, 'center');
    if (l.border) {
      const y = fy + frameH + CAPTION_GAP + linesHeight(l.captionLines) + CAPTION_GAP + BORDER_WIDTH / 2;
      doc
        .moveTo(fx, y)
        .lineTo(fx + frameW, y)
        .lineWidth(BORDER_WIDTH)
        .strokeColor(theme.resolveColour(o.border_color, 'background-faded'))
        .stroke();
    }
    doc.restore();
  },
};
