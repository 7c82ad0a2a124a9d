/**
 * Text and colour helpers shared by every chart painter: font sizes derived from
 * one scale, measuring without disturbing the document's font state, single-line
 * text with an ellipsis, and colour mixing for tints.
 */
import type { PaintContext, ThemeFonts } from '../painter';

type Doc = PDFKit.PDFDocument;

export interface ChartStyle {
  fonts: ThemeFonts;
  scale: number;
  /** Point sizes. */
  tick: number;
  label: number;
  title: number;
  legend: number;
  caption: number;
  /** Theme colours (hex). */
  text: string;
  heading: string;
  muted: string;
  accent: string;
  background: string;
}

/**
 * Chart text scale from a resolved `font_size`: a size name (`xs` … `4xl`) relative to `base`
 * ("xs" for axis text), or a number in CSS pixels as the service's docs give it (16 px = the
 * catalogue's default); both become a factor on our point sizes. Kept within 0.5–2.5: a layout
 * bound (smaller text is unreadable, larger leaves no plot), not the option's.
 */
export function fontScale(size: string | number | undefined, ctx: PaintContext, base = 'xs'): number {
  const factor = typeof size === 'number' ? size / 16 : typeof size === 'string' ? ctx.fontSize(size, 8) / ctx.fontSize(base, 8) : 1;
  return Math.min(2.5, Math.max(0.5, factor));
}

/** The chart's sizes and colours; `fontSize` is the resolved `font_size` (none: the classic charts). */
export function chartStyle(fontSize: string | number | undefined, ctx: PaintContext): ChartStyle {
  const s = fontScale(fontSize, ctx);
  const c = ctx.theme.colours;
  return {
    fonts: ctx.theme.fonts,
    scale: s,
    tick: 7.5 * s,
    label: 8 * s,
    title: 10.5 * s,
    legend: 7.5 * s,
    caption: 7.5 * s,
    text: c.paragraph ?? '#333333',
    heading: c.headline ?? c.paragraph ?? '#111111',
    muted: c['sub-headline'] ?? c.paragraph ?? '#666666',
    accent: c.accent ?? '#4e79a7',
    background: c.background ?? '#ffffff',
  };
}

/** Line height used for one line of text at `size`. */
export function lineHeight(size: number): number {
  return size * 1.22;
}

interface FontState {
  _font: unknown;
  _fontSource: unknown;
  _fontFamily: unknown;
  _fontSize: number;
}

/**
 * Runs `fn` with `font`/`size` selected, then puts the previous font back.
 * measure() must not disturb the document, and painters leave the font as found.
 */
export function withFont<T>(doc: Doc, font: string, size: number, fn: () => T): T {
  const st = doc as unknown as FontState;
  const saved = { f: st._font, s: st._fontSource, fam: st._fontFamily, size: st._fontSize };
  doc.font(font).fontSize(size);
  try {
    return fn();
  } finally {
    st._font = saved.f;
    st._fontSource = saved.s;
    st._fontFamily = saved.fam;
    st._fontSize = saved.size;
  }
}

/** Height of `text` wrapped at `width`. */
export function textHeight(doc: Doc, text: string, font: string, size: number, width: number): number {
  if (!text) return 0;
  return withFont(doc, font, size, () => doc.heightOfString(text, { width: Math.max(1, width) }));
}

/** Cuts `text` so it fits `maxWidth` with the current font, ending in an ellipsis. */
export function ellipsize(doc: Doc, text: string, maxWidth: number): string {
  if (doc.widthOfString(text) <= maxWidth) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (doc.widthOfString(text.slice(0, mid).trimEnd() + '…') <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  return lo === 0 ? '' : text.slice(0, lo).trimEnd() + '…';
}

export interface LineOpts {
  font: string;
  size: number;
  colour: string;
  /** Horizontal alignment of the text inside [x, x + width]. */
  align?: 'left' | 'center' | 'right';
  opacity?: number;
}

/** Wrapped paragraph inside [x, x + width]; returns its height. */
export function drawParagraph(doc: Doc, text: string, x: number, y: number, width: number, o: LineOpts): number {
  if (!text || width <= 0) return 0;
  return withFont(doc, o.font, o.size, () => {
    const h = doc.heightOfString(text, { width });
    doc.fillColor(o.colour, o.opacity ?? 1);
    doc.text(text, x, y, { width, align: o.align ?? 'left', height: h + 1 });
    return h;
  });
}

function parseHex(hex: string): [number, number, number] {
  let h = hex.replace('#', '');
  if (h.length === 3)
    h = h
      .split('')
      .map((c) => c + c)
      .join('');
  const n = parseInt(h.slice(0, 6), 16);
  if (!Number.isFinite(n)) return [128, 128, 128];
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** `a` blended towards `b` by t (0 → a, 1 → b), as hex. */
export function mix(a: string, b: string, t: number): string {
  const pa = parseHex(a);
  const pb = parseHex(b);
  const out = pa.map((v, i) => Math.round(v + (pb[i] - v) * t));
  return '#' + out.map((v) => v.toString(16).padStart(2, '0')).join('');
}

/** Relative luminance 0..1: picks a readable text colour on a filled shape. */
function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function readableOn(bg: string, dark = '#1f2933', light = '#ffffff'): string {
  return luminance(bg) > 0.45 ? dark : light;
}
