/**
 * The chrome around every chart: margins, `chart_title` on top, a swatch legend
 * under it, the drawing area (body), and `caption` below. measure and paint
 * share these computations so the painted chart fills what was measured.
 */
import type { PaintContext, Rect } from '../painter';
import { drawLegend, legendHeight, type LegendItem, type Swatch } from './legend';
import { inset, marginsOf, str, type Options } from './opts';
import { drawParagraph, lineHeight, textHeight, withFont, type ChartStyle } from './style';

export interface Chrome {
  title?: string;
  caption?: string;
  legend?: LegendItem[];
  swatch?: Swatch;
  /** Fewest items for which the legend is shown (default 2: one series needs no legend). */
  legendMin?: number;
}

const GAP = 6;

/** Title and caption from the common options. */
export function chromeOf(o: Options, legend?: LegendItem[], swatch?: Swatch): Chrome {
  return { title: str(o, 'chart_title'), caption: str(o, 'caption'), legend, swatch };
}

interface Heights {
  title: number;
  legend: number;
  caption: number;
}

function heights(ctx: PaintContext, chrome: Chrome, style: ChartStyle, width: number): Heights {
  const t = chrome.title ? textHeight(ctx.doc, chrome.title, style.fonts.heading, style.title, width) + GAP : 0;
  const l = chrome.legend && chrome.legend.length >= (chrome.legendMin ?? 2) ? legendHeight(ctx.doc, chrome.legend, width, style) + GAP : 0;
  const c = chrome.caption ? textHeight(ctx.doc, chrome.caption, style.fonts.regular, style.caption, width) + GAP : 0;
  return { title: t, legend: l, caption: c };
}

/**
 * Height of a chart's body (axes + plot) `width` wide: width / `aspect_ratio`, one rule for a
 * written and an omitted ratio (the catalogue's default is the docs' 1.6). Kept within
 * 60–700 pt, a layout bound rather than the option's: below 60 pt no axes and plot fit, above
 * 700 pt one chart outgrows an A4 page. `floor` is room the content itself needs (horizontal
 * bars keep a line per category).
 */
export function bodyHeight(width: number, aspect: number, floor = 0): number {
  return Math.min(700, Math.max(60, width / aspect, floor));
}

/** Total height: margins + chrome + a body of `bodyHeight(innerWidth)`. */
export function measureFramed(
  ctx: PaintContext,
  o: Options,
  width: number,
  chrome: Chrome,
  style: ChartStyle,
  bodyHeight: (w: number) => number,
): number {
  const m = marginsOf(o);
  const inner = Math.max(1, width - m.left - m.right);
  const h = heights(ctx, chrome, style, inner);
  return Math.ceil(m.top + m.bottom + h.title + h.legend + bodyHeight(inner) + h.caption);
}

export interface Framed {
  /** The rect left for the chart itself. */
  body: Rect;
  /** Draws the caption; called after the chart so text reads title → chart → caption. */
  finish(): void;
}

/** Draws title and legend inside `rect` and reserves room for the caption. */
export function paintFrame(ctx: PaintContext, o: Options, rect: Rect, chrome: Chrome, style: ChartStyle): Framed {
  const { doc } = ctx;
  const box = inset(rect, marginsOf(o));
  const h = heights(ctx, chrome, style, box.width);
  let y = box.y;
  if (chrome.title) {
    drawParagraph(doc, chrome.title, box.x, y, box.width, { font: style.fonts.heading, size: style.title, colour: style.heading });
    y += h.title;
  }
  if (h.legend > 0 && chrome.legend) {
    drawLegend(doc, chrome.legend, box.x, y, box.width, style, chrome.swatch);
    y += h.legend;
  }
  const bodyBottom = Math.max(y, box.y + box.height - h.caption);
  const finish = () => {
    if (!chrome.caption) return;
    drawParagraph(doc, chrome.caption, box.x, bodyBottom + GAP, box.width, {
      font: style.fonts.italic,
      size: style.caption,
      colour: style.muted,
    });
  };
  return { body: { x: box.x, y, width: box.width, height: Math.max(0, bodyBottom - y) }, finish };
}

/** A quiet placeholder for charts with nothing to plot. */
export function drawEmpty(ctx: PaintContext, body: Rect, style: ChartStyle, message = 'No data'): void {
  const { doc } = ctx;
  if (body.width <= 0 || body.height <= 0) return;
  doc.save();
  doc
    .roundedRect(body.x + 0.5, body.y + 0.5, body.width - 1, body.height - 1, 4)
    .dash(3, { space: 3 })
    .lineWidth(0.75)
    .strokeColor(style.text, 0.35)
    .stroke();
  doc.undash();
  const size = style.label * 1.1;
  withFont(doc, style.fonts.regular, size, () => {
    doc.fillColor(style.muted, 0.9).text(message, body.x, body.y + body.height / 2 - lineHeight(size) / 2, {
      width: body.width,
      align: 'center',
      lineBreak: false,
    });
  });
  doc.restore();
}
