/**
 * ProgressBar: `progress` is a percentage (0–100, the catalogue's bounds) of the way through
 * the `stages`. The bar is split into one segment per stage; segments fill up
 * to the progress, completed stages get a check mark, the current stage's name
 * is bold, later stages are muted. With no stages it is a plain meter.
 */
import { resolveOptions, type Resolved } from '../../catalogue';
import type { ComponentPainter, PaintContext } from '../painter';
import { RenderError } from '../renderer';
import { dataArray, describe } from './data';
import { inset, marginsOf, str } from './opts';
import { ellipsize, lineHeight, mix, withFont } from './style';

const BAR_H = 8;
const GAP = 5;
const SEG_GAP = 3;

type Options = Resolved<'ProgressBar'>;

function stagesOf(o: Options, ctx: PaintContext): string[] {
  return dataArray(o, ctx, 'stages').map((s, i) => {
    if (typeof s === 'string') return s;
    if (s && typeof s === 'object' && !Array.isArray(s)) {
      const name = (s as Record<string, unknown>).name;
      if (typeof name === 'string' || typeof name === 'number') return String(name);
      if (name === undefined || name === null) return '';
    }
    throw new RenderError(`options.stages[${i}] must be an object like {"name": "Design"}, got ${describe(s)}`, ctx.path);
  });
}

/** The resolved `progress` (clamped to 0–100 by the catalogue); a value it refused arrives as written. */
function progressOf(o: Options, ctx: PaintContext): number {
  const value: unknown = o.progress;
  // Required, but a half-written file still previews: an empty bar.
  if (value === undefined || value === null) return 0;
  if (typeof value !== 'number') throw new RenderError(`options.progress must be a number (percent), got ${describe(value)}`, ctx.path);
  return value;
}

interface Sizes {
  title: number;
  label: number;
}

function sizes(ctx: PaintContext): Sizes {
  return { title: 10.5, label: ctx.fontSize(undefined, 8) };
}

function check(doc: PDFKit.PDFDocument, x: number, y: number, s: number, colour: string): void {
  doc.save().lineWidth(1.1).lineCap('round').lineJoin('round').strokeColor(colour, 1);
  doc
    .moveTo(x, y + s * 0.5)
    .lineTo(x + s * 0.38, y + s * 0.85)
    .lineTo(x + s, y + s * 0.1)
    .stroke();
  doc.restore();
}

/** Width of one stage's segment (and of its label) in a bar `width` wide. */
function segmentWidth(width: number, count: number): number {
  const n = Math.max(1, count);
  return (width - SEG_GAP * (n - 1)) / n;
}

/**
 * Height of the stage labels: a name wraps under its segment rather than being cut (a narrow
 * bar, e.g. beside a Text in a Section without columns, must not lose stage names).
 */
function labelsHeight(doc: PDFKit.PDFDocument, stages: string[], segW: number, s: Sizes, ctx: PaintContext): number {
  const labelW = Math.max(8, segW - (s.label * 0.9 + 3));
  return withFont(doc, ctx.theme.fonts.bold, s.label, () =>
    Math.max(lineHeight(s.label), ...stages.map((name) => doc.heightOfString(name, { width: labelW }))),
  );
}

export const progressBar: ComponentPainter = {
  measure(raw, width, ctx) {
    const o = resolveOptions('ProgressBar', raw);
    const m = marginsOf(o);
    const s = sizes(ctx);
    const title = str(o, 'title');
    const stages = stagesOf(o, ctx);
    const segW = segmentWidth(width - m.left - m.right, stages.length);
    return Math.ceil(
      m.top +
        m.bottom +
        lineHeight(title ? s.title : s.label) +
        GAP +
        BAR_H +
        (stages.length ? GAP + labelsHeight(ctx.doc, stages, segW, s, ctx) : 0) +
        2,
    );
  },
  paint(raw, rect, ctx) {
    const o = resolveOptions('ProgressBar', raw);
    const { doc } = ctx;
    const c = ctx.theme.colours;
    const box = inset(rect, marginsOf(o));
    const s = sizes(ctx);
    const stages = stagesOf(o, ctx);
    const progress = progressOf(o, ctx);
    const accent = c.accent;
    const track = mix(c.paragraph, c.background, 0.88);
    const title = str(o, 'title');
    doc.save();
    const headSize = title ? s.title : s.label;
    const pct = `${Number.isInteger(progress) ? progress : progress.toFixed(1)}%`;
    const pctW = withFont(doc, ctx.theme.fonts.bold, headSize, () => doc.widthOfString(pct));
    withFont(doc, ctx.theme.fonts.bold, headSize, () => {
      if (title) doc.fillColor(c.headline, 1).text(ellipsize(doc, title, box.width - pctW - 8), box.x, box.y, { lineBreak: false });
      doc.fillColor(title ? c.accent : c.paragraph, 1).text(pct, box.x + box.width - pctW, box.y, { lineBreak: false });
    });
    const barY = box.y + lineHeight(headSize) + GAP;
    const n = Math.max(1, stages.length);
    const segW = segmentWidth(box.width, stages.length);
    const filled = (progress / 100) * n; // in segments
    for (let i = 0; i < n; i++) {
      const x = box.x + i * (segW + SEG_GAP);
      const f = Math.max(0, Math.min(1, filled - i));
      doc
        .roundedRect(x, barY, segW, BAR_H, BAR_H / 2)
        .fillColor(track, 1)
        .fill();
      if (f > 0)
        doc
          .roundedRect(x, barY, Math.max(BAR_H, segW * f), BAR_H, BAR_H / 2)
          .fillColor(accent, 1)
          .fill();
    }
    if (stages.length) {
      const labelY = barY + BAR_H + GAP;
      const current = progress >= 100 ? -1 : Math.floor(filled);
      stages.forEach((name, i) => {
        const x = box.x + i * (segW + SEG_GAP);
        const done = filled >= i + 1;
        const font = i === current ? ctx.theme.fonts.bold : ctx.theme.fonts.regular;
        const colour = done || i === current ? c.paragraph : mix(c.paragraph, c.background, 0.45);
        const iconW = done ? s.label * 0.9 + 3 : 0;
        if (done) check(doc, x + 1, labelY + s.label * 0.15, s.label * 0.8, accent);
        withFont(doc, font, s.label, () => {
          doc.fillColor(colour, 1).text(name, x + iconW, labelY, { width: Math.max(8, segW - (s.label * 0.9 + 3)) });
        });
      });
    }
    doc.restore();
  },
};
