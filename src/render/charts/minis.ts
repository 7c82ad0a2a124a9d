/**
 * Small drawings shared by the spark cards and the data table cells: a
 * sparkline (with optional area), mini columns, a progress ring, a change
 * arrow, and a link button. All take pixel geometry and explicit colours.
 */
import { arc } from 'd3-shape';
import type { Rect } from '../painter';
import { areaPath, curveFor, linePath, type XY } from './curves';
import { ellipsize, lineHeight, withFont } from './style';
import { drawLink } from '../links';

type Doc = PDFKit.PDFDocument;

function extent(values: number[]): [number, number] {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  return lo === hi ? [lo - 1, hi + 1] : [lo, hi];
}

/** A sparkline through `values` filling `r`; `area` adds a soft fill under it. */
export function sparkline(
  doc: Doc,
  values: number[],
  r: Rect,
  colour: string,
  opts: { area?: boolean; dot?: boolean; width?: number } = {},
): void {
  const vs = values.filter((v) => Number.isFinite(v));
  if (vs.length === 0 || r.width <= 0 || r.height <= 0) return;
  const [lo, hi] = extent(vs);
  const inset = opts.dot ? 2.5 : 1;
  const pts: XY[] = vs.map((v, i) => [
    r.x + inset + (vs.length === 1 ? (r.width - 2 * inset) / 2 : (i / (vs.length - 1)) * (r.width - 2 * inset)),
    r.y + inset + (1 - (v - lo) / (hi - lo)) * (r.height - 2 * inset),
  ]);
  const curve = curveFor('MonotoneX');
  doc.save();
  if (opts.area && pts.length > 1)
    doc
      .path(areaPath(pts, curve, r.y + r.height))
      .fillColor(colour, 0.14)
      .fill();
  if (pts.length > 1) {
    doc
      .path(linePath(pts, curve))
      .lineWidth(opts.width ?? 1.5)
      .lineJoin('round')
      .lineCap('round')
      .strokeColor(colour, 1)
      .stroke();
  }
  if (opts.dot || pts.length === 1) {
    const [x, y] = pts[pts.length - 1];
    doc.circle(x, y, 2.2).fillColor(colour, 1).fill();
  }
  doc.restore();
}

/** Mini column chart (SparkBar cell with several values); `radius` rounds the bar tops. */
export function miniColumns(doc: Doc, values: number[], r: Rect, colour: string, radius = 1): void {
  const vs = values.filter((v) => Number.isFinite(v));
  if (vs.length === 0) return;
  const hi = Math.max(0, ...vs);
  const lo = Math.min(0, ...vs);
  const span = hi - lo || 1;
  const step = r.width / vs.length;
  const bw = Math.max(0.8, step * 0.72);
  const zeroY = r.y + (hi / span) * r.height;
  doc.save();
  vs.forEach((v, i) => {
    const h = Math.max(0.8, (Math.abs(v) / span) * r.height);
    const x = r.x + i * step + (step - bw) / 2;
    const y = v >= 0 ? zeroY - h : zeroY;
    doc
      .roundedRect(x, y, bw, h, Math.min(radius, bw / 2, h / 2))
      .fillColor(colour, 1)
      .fill();
  });
  doc.restore();
}

/** Horizontal bar filled to `fraction` (0..1) over a light track (SparkBar cell with one value). */
export function meterBar(doc: Doc, fraction: number, r: Rect, colour: string, track: string, radius: number): void {
  const f = Math.max(0, Math.min(1, fraction));
  const rad = Math.min(radius, r.height / 2);
  doc.save();
  doc.roundedRect(r.x, r.y, r.width, r.height, rad).fillColor(track, 1).fill();
  if (f > 0)
    doc
      .roundedRect(r.x, r.y, Math.max(r.height, r.width * f), r.height, rad)
      .fillColor(colour, 1)
      .fill();
  doc.restore();
}

/** A progress ring: a full track circle and an arc for `fraction` (0..1), clockwise from 12 o'clock. */
export function progressRing(
  doc: Doc,
  cx: number,
  cy: number,
  radius: number,
  stroke: number,
  fraction: number,
  colour: string,
  track: string,
): void {
  const f = Math.max(0, Math.min(1, fraction));
  const inner = Math.max(0, radius - stroke);
  const gen = arc<unknown>().cornerRadius(f < 1 ? stroke / 2 : 0);
  const ring = (end: number) => gen({ innerRadius: inner, outerRadius: radius, startAngle: 0, endAngle: end } as never) ?? '';
  doc.save();
  doc.translate(cx, cy);
  doc
    .path(ring(Math.PI * 2))
    .fillColor(track, 1)
    .fill();
  if (f > 0)
    doc
      .path(ring(Math.PI * 2 * f))
      .fillColor(colour, 1)
      .fill();
  doc.restore();
}

/** A filled triangle pointing up (rise) or down (fall), centred on (cx, cy). */
export function arrow(doc: Doc, cx: number, cy: number, size: number, up: boolean, colour: string): void {
  const h = size * 0.8;
  doc.save();
  if (up) doc.polygon([cx - size / 2, cy + h / 2], [cx + size / 2, cy + h / 2], [cx, cy - h / 2]);
  else doc.polygon([cx - size / 2, cy - h / 2], [cx + size / 2, cy - h / 2], [cx, cy + h / 2]);
  doc.fillColor(colour, 1).fill();
  doc.restore();
}

export interface ButtonStyle {
  font: string;
  size: number;
  colour: string;
  /** Filled (solid background) or outlined. */
  filled: boolean;
  textOnFill: string;
}

export function buttonSize(doc: Doc, text: string, s: ButtonStyle): { width: number; height: number } {
  const w = withFont(doc, s.font, s.size, () => doc.widthOfString(text));
  return { width: w + s.size * 1.8, height: lineHeight(s.size) + s.size * 0.9 };
}

/** A rounded button with `text`; a link annotation makes it clickable when `url` is given. */
export function button(doc: Doc, text: string, x: number, y: number, maxWidth: number, s: ButtonStyle, url?: string): Rect {
  const size = buttonSize(doc, text, s);
  const width = Math.min(size.width, maxWidth);
  const r = { x, y, width, height: size.height };
  doc.save();
  doc.roundedRect(r.x, r.y, r.width, r.height, r.height / 2).lineWidth(0.8);
  if (s.filled) doc.fillColor(s.colour, 1).fill();
  else doc.strokeColor(s.colour, 1).stroke();
  withFont(doc, s.font, s.size, () => {
    const label = ellipsize(doc, text, r.width - s.size * 1.2);
    doc.fillColor(s.filled ? s.textOnFill : s.colour, 1).text(label, r.x, r.y + (r.height - lineHeight(s.size)) / 2 + 0.5, {
      width: r.width,
      align: 'center',
      lineBreak: false,
    });
  });
  drawLink(doc, r.x, r.y, r.width, r.height, url);
  doc.restore();
  return r;
}
