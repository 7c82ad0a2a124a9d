/**
 * Spark cards. SparkChart.Line: a small title, the subtitle as the headline
 * figure, a change badge (perc_change "+"/"-" with perc_diff), a sparkline with
 * a soft area (chart_height in points, else width / aspect_ratio, else 40 pt),
 * and a link button when button_link is set. SparkChart.Ring: a progress ring
 * for `value` (percent) with title/subtitle beside it. Both: bg_color (default
 * background-subtle), border (default false), chart_color (default accent).
 */
import { SPARK_CHART_HEIGHT_PT, defaultsOf, resolveOptions, type Resolved } from '../../catalogue';
import { FONT_SCALE } from '../fontScale';
import type { ComponentPainter, PaintContext, Rect } from '../painter';
import { RenderError } from '../renderer';
import { dataArray, describe } from './data';
import { arrow, button, buttonSize, progressRing, sparkline, type ButtonStyle } from './minis';
import { clamp, num, str, toNumber, type Options } from './opts';
import { SHRINK_FLOOR, planHeight, planText, textLine, widestWord, type TextPlan } from './sparkText';
import { ellipsize, lineHeight, mix, readableOn, withFont } from './style';
import { drawLines } from '../components/richtext';
import { safeHref } from '../links';

const PAD = 10;
const GAP = 6;

interface Card {
  bg: string;
  border: boolean;
  colour: string;
  text: string;
  muted: string;
  heading: string;
  fonts: PaintContext['theme']['fonts'];
  title: string;
  subtitle: string;
  titleSize: number;
  subtitleSize: number;
  button?: { text: string; url?: string; style: ButtonStyle };
}

/** The options both spark cards share, resolved (src/catalogue/resolve.ts). */
type SparkOptions = Resolved<'SparkChart.Line'> | Resolved<'SparkChart.Ring'>;
/** A colour the theme cannot resolve (`"not a colour"`) draws as the option's default. */
const DEFAULTS = defaultsOf('SparkChart.Line') as { bg_color: string; chart_color: string };

function cardOf(o: SparkOptions, ctx: PaintContext): Card {
  const c = ctx.theme.colours;
  const bg = ctx.theme.resolveColour(o.bg_color, DEFAULTS.bg_color);
  // On a dark card the theme's dark text would vanish: switch to light text.
  const dark = readableOn(bg) === '#ffffff';
  const colour = ctx.theme.resolveColour(o.chart_color, DEFAULTS.chart_color);
  // A refused link keeps its button, without the link.
  const link = str(o, 'button_link');
  const size = 7.5;
  return {
    bg,
    border: o.border,
    colour,
    text: dark ? '#f8fafc' : c.paragraph,
    muted: dark ? '#cbd5e1' : c['sub-headline'],
    heading: dark ? '#ffffff' : c.headline,
    fonts: ctx.theme.fonts,
    title: str(o, 'title') ?? '',
    subtitle: str(o, 'subtitle') ?? '',
    titleSize: FONT_SCALE[o.title_font_size],
    subtitleSize: FONT_SCALE[o.subtitle_font_size],
    button: link
      ? {
          text: o.button_text,
          url: safeHref(link),
          style: { font: ctx.theme.fonts.bold, size, colour, filled: false, textOnFill: readableOn(colour) },
        }
      : undefined,
  };
}

function drawCardBox(doc: PDFKit.PDFDocument, r: Rect, card: Card): void {
  doc.save();
  doc
    .roundedRect(r.x + 0.5, r.y + 0.5, r.width - 1, r.height - 1, 6)
    .fillColor(card.bg, 1)
    .fill();
  if (card.border)
    doc
      .roundedRect(r.x + 0.5, r.y + 0.5, r.width - 1, r.height - 1, 6)
      .lineWidth(0.75)
      .strokeColor(mix(card.text, card.bg, 0.8), 1)
      .stroke();
  doc.restore();
}

/** Title (small, muted) over subtitle (the headline figure) for a text column `width` wide. */
function planTexts(
  doc: PDFKit.PDFDocument,
  card: Card,
  width: number,
  titleInset: number,
): Array<{ plan: TextPlan; inset: number; gap: number }> {
  const out: Array<{ plan: TextPlan; inset: number; gap: number }> = [];
  if (card.title)
    out.push({
      plan: planText(doc, card.title, card.fonts.regular, card.titleSize, card.muted, width - titleInset, false),
      inset: titleInset,
      gap: 0,
    });
  if (card.subtitle) {
    const inset = card.title ? 0 : titleInset;
    out.push({ plan: planText(doc, card.subtitle, card.fonts.bold, card.subtitleSize, card.heading, width - inset, true), inset, gap: 1 });
  }
  return out;
}

/** Draws the title and subtitle; returns the y below them. */
function drawTexts(doc: PDFKit.PDFDocument, card: Card, x: number, y: number, width: number, titleInset: number): number {
  for (const { plan, inset, gap } of planTexts(doc, card, width, titleInset)) {
    if (plan.kind === 'line') textLine(doc, plan.text, plan.font, plan.size, plan.colour, x, y + gap, width - inset);
    else drawLines(doc, plan.lines, x, y + gap, width - inset, 'left');
    y += planHeight(plan) + gap;
  }
  return y;
}

function textBlockHeight(doc: PDFKit.PDFDocument, card: Card, width: number, titleInset: number): number {
  return planTexts(doc, card, width, titleInset).reduce((h, t) => h + planHeight(t.plan) + t.gap, 0);
}

/** Width of the text column beside a ring card's ring. */
function ringTextWidth(width: number, radius: number): number {
  return width - 2 * PAD - 2 * radius - 10;
}

/** Room kept beside the title for the change badge. */
const BADGE_ROOM = 60;

// ---- SparkChart.Line -------------------------------------------------------

function sparkValues(o: Options, ctx: PaintContext): number[] {
  return dataArray(o, ctx).flatMap((v, i) => {
    if (v === null) return [];
    const n = toNumber(v);
    if (n === undefined) throw new RenderError(`options.data[${i}] must be a number, got ${describe(v)}`, ctx.path);
    return [n];
  });
}

function chartHeightOf(o: Options, innerWidth: number): number {
  const { minimum, maximum } = SPARK_CHART_HEIGHT_PT;
  const h = num(o, 'chart_height');
  if (h !== undefined && h > 0) return clamp(h, minimum, maximum);
  const aspect = num(o, 'aspect_ratio');
  if (aspect !== undefined && aspect > 0) return clamp(innerWidth / aspect, minimum, maximum);
  return 40;
}

function badge(o: Options): { up: boolean; text: string } | undefined {
  const diff = num(o, 'perc_diff');
  const sign = str(o, 'perc_change');
  if (diff === undefined && sign !== '+' && sign !== '-') return undefined;
  const up = sign === '+' ? true : sign === '-' ? false : (diff ?? 0) >= 0;
  const text = diff === undefined ? '' : `${Number.isInteger(diff) ? Math.abs(diff) : Math.abs(diff).toFixed(1)}%`;
  return { up, text };
}

function drawBadge(doc: PDFKit.PDFDocument, b: { up: boolean; text: string }, right: number, y: number, card: Card): void {
  const size = 8;
  const good = b.up ? '#15803d' : '#b91c1c';
  const w = withFont(doc, card.fonts.bold, size, () => doc.widthOfString(b.text)) + size * 1.9 + (b.text ? 2 : 0);
  const h = lineHeight(size) + 3;
  const x = right - w;
  doc.save();
  doc
    .roundedRect(x, y, w, h, h / 2)
    .fillColor(mix(good, '#ffffff', 0.86), 1)
    .fill();
  arrow(doc, x + size * 0.85, y + h / 2, size * 0.7, b.up, good);
  withFont(doc, card.fonts.bold, size, () => {
    doc.fillColor(good, 1).text(b.text, x + size * 1.45, y + 2, { lineBreak: false });
  });
  doc.restore();
}

export const sparkChartLine: ComponentPainter = {
  measure(raw, width, ctx) {
    const o = resolveOptions('SparkChart.Line', raw);
    const card = cardOf(o, ctx);
    const inner = width - 2 * PAD;
    const btn = card.button ? buttonSize(ctx.doc, card.button.text, card.button.style).height + GAP : 0;
    const texts = textBlockHeight(ctx.doc, card, inner, badge(o) ? BADGE_ROOM : 0);
    return Math.ceil(2 * PAD + texts + GAP + chartHeightOf(o, inner) + btn);
  },
  paint(raw, rect, ctx) {
    const { doc } = ctx;
    const o = resolveOptions('SparkChart.Line', raw);
    const card = cardOf(o, ctx);
    const values = sparkValues(o, ctx);
    doc.save();
    drawCardBox(doc, rect, card);
    const x = rect.x + PAD;
    const inner = rect.width - 2 * PAD;
    const b = badge(o);
    const badgeRoom = b ? BADGE_ROOM : 0;
    let y = rect.y + PAD;
    if (b) drawBadge(doc, b, x + inner, y + 1, card);
    y = drawTexts(doc, card, x, y, inner, badgeRoom);
    y += GAP;
    const chartH = chartHeightOf(o, inner);
    if (values.length) sparkline(doc, values, { x, y, width: inner, height: chartH }, card.colour, { area: true, dot: true });
    else textLine(doc, 'No data', card.fonts.italic, 8, card.muted, x, y + chartH / 2 - 5, inner);
    y += chartH + GAP;
    if (card.button) button(doc, card.button.text, x, y, inner, card.button.style, card.button.url);
    doc.restore();
  },
};

// ---- SparkChart.Ring -------------------------------------------------------

function ringGeometry(o: Resolved<'SparkChart.Ring'>) {
  const radius = clamp(o.radius, 6, 120);
  const stroke = clamp(o.stroke_width, 1, radius);
  return { radius, stroke };
}

function percentText(v: number): string {
  return `${Number.isInteger(v) ? v : v.toFixed(1)}%`;
}

/**
 * Where a ring card's texts go: beside the ring, or under it when a word of the title or
 * subtitle would not fit beside it even shrunk (a quarter-width card leaves ~40 pt there).
 */
function ringText(doc: PDFKit.PDFDocument, card: Card, width: number, radius: number): { below: boolean; width: number } {
  const beside = ringTextWidth(width, radius);
  const fits = (text: string, font: string, size: number) => widestWord(doc, text, font, size * SHRINK_FLOOR) <= beside;
  const below = !fits(card.title, card.fonts.regular, card.titleSize) || !fits(card.subtitle, card.fonts.bold, card.subtitleSize);
  return below ? { below, width: width - 2 * PAD } : { below, width: beside };
}

export const sparkChartRing: ComponentPainter = {
  measure(raw, width, ctx) {
    const o = resolveOptions('SparkChart.Ring', raw);
    const card = cardOf(o, ctx);
    const { radius } = ringGeometry(o);
    const btn = card.button ? buttonSize(ctx.doc, card.button.text, card.button.style).height + GAP : 0;
    const text = ringText(ctx.doc, card, width, radius);
    const texts = textBlockHeight(ctx.doc, card, text.width, 0) + btn;
    return Math.ceil(2 * PAD + (text.below ? 2 * radius + GAP + texts : Math.max(2 * radius, texts)));
  },
  paint(options, rect, ctx) {
    const { doc } = ctx;
    const o = resolveOptions('SparkChart.Ring', options);
    const card = cardOf(o, ctx);
    const raw = options.value;
    const value = toNumber(raw);
    if (raw !== undefined && raw !== null && value === undefined) {
      throw new RenderError(`options.value must be a number (percent), got ${describe(raw)}`, ctx.path);
    }
    const v = value ?? 0;
    const { radius, stroke } = ringGeometry(o);
    const text = ringText(doc, card, rect.width, radius);
    doc.save();
    drawCardBox(doc, rect, card);
    const cx = rect.x + PAD + radius;
    const cy = text.below ? rect.y + PAD + radius : rect.y + rect.height / 2;
    progressRing(doc, cx, cy, radius, stroke, v / 100, card.colour, mix(card.colour, card.bg, 0.85));
    const inner = radius - stroke;
    const size = clamp(inner * 0.55, 6, 22);
    withFont(doc, card.fonts.bold, size, () => {
      const t = ellipsize(doc, percentText(v), inner * 1.9);
      doc
        .fillColor(card.heading, 1)
        .text(t, cx - inner, cy - lineHeight(size) / 2 + 0.5, { width: inner * 2, align: 'center', lineBreak: false });
    });
    const tx = text.below ? rect.x + PAD : cx + radius + 10;
    const tw = text.width;
    const btnH = card.button ? buttonSize(doc, card.button.text, card.button.style).height + GAP : 0;
    let y = text.below ? cy + radius + GAP : cy - (textBlockHeight(doc, card, tw, 0) + btnH) / 2;
    y = drawTexts(doc, card, tx, y, tw, 0);
    if (card.button) button(doc, card.button.text, tx, y + GAP, tw, card.button.style, card.button.url);
    doc.restore();
  },
};
