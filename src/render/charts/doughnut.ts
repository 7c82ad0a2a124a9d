/**
 * DoughnutRing: a ring gauge. Each data item {start, end, label, colour} is an
 * arc from `start` to `end` on the scale [min_val, max_val] (a full turn,
 * clockwise from 12 o'clock) over a background ring; optional value ticks
 * around it, `inside_title` / `inside_subtitle` in the hole, a legend of the
 * labelled arcs. An unset min_val or max_val follows the data: ringScale() below, as the
 * catalogue's hover text of the two options says (the one statement of the rule).
 *
 * The other defaults are the catalogue's, the ones the older official SDK sends with
 * every ring (docs/sdk-defaults.md): radius 0.9 and thickness 0.33 as fractions, 10
 * ticks, a `#f0f0f0` track, margin 10 (CSS pixels inside the drawing, as a d3 chart's margin;
 * the title, legend and caption keep the frame's edges). An arc without `start` (a real client posts `{"end": 55}`)
 * starts where the previous arc ended, the first at `min_val`: arcs drawn from 0
 * would cover each other and hide all but the longest.
 */
import { arc } from 'd3-shape';
import { CHART_ASPECT_RATIO, PX_PT, defaultsOf, resolveOptions, type Resolved } from '../../catalogue';
import type { ComponentPainter, PaintContext, Rect } from '../painter';
import { RenderError } from '../renderer';
import { dataArray, describe } from './data';
import { bodyHeight, chromeOf, measureFramed, paintFrame } from './frame';
import type { LegendItem } from './legend';
import { clamp, str, toNumber } from './opts';
import { compactNumber } from './scales';
import { paletteFor } from './schemes';
import { chartStyle, ellipsize, fontScale, lineHeight, withFont, type ChartStyle } from './style';

type Options = Resolved<'DoughnutRing'>;

interface Segment {
  start: number;
  end: number;
  label?: string;
  colour: string;
}

interface Ring {
  segments: Segment[];
  min: number;
  max: number;
  style: ChartStyle;
  /** `font_size` scales the titles in the hole (default "xl"). */
  titleScale: number;
  legend: LegendItem[];
}

function readSegments(o: Options, ctx: PaintContext): Array<Omit<Segment, 'colour'> & { colour?: string }> {
  return dataArray(o, ctx).flatMap((row, i) => {
    if (!row || typeof row !== 'object' || Array.isArray(row)) {
      throw new RenderError(`options.data[${i}] must be an object like {"start": 0, "end": 40}, got ${describe(row)}`, ctx.path);
    }
    const r = row as Record<string, unknown>;
    const value = (key: string): number | undefined => {
      if (r[key] === undefined || r[key] === null) return undefined;
      const n = toNumber(r[key]);
      if (n === undefined) throw new RenderError(`options.data[${i}].${key} must be a number, got ${describe(r[key])}`, ctx.path);
      return n;
    };
    const end = value('end');
    if (end === undefined) return [];
    const colour = typeof (r.colour ?? r.color) === 'string' ? String(r.colour ?? r.color) : undefined;
    const label = typeof r.label === 'string' || typeof r.label === 'number' ? String(r.label) : undefined;
    return [{ start: value('start') ?? Number.NaN, end, label, colour }];
  });
}

/**
 * The ring's scale: `min_val` and `max_val` have no declared default; unset, each follows the data
 * as their hover text in src/catalogue/components/charts.ts states (test/unit/render/ringScale.test.ts
 * holds the two together; docs/sdk-defaults.md refers here).
 */
export function ringScale(values: number[], minVal: unknown, maxVal: unknown): { min: number; max: number } {
  const min = typeof minVal === 'number' ? minVal : Math.min(0, ...values);
  const fromData = values.every((v) => v >= 0 && v <= 100) ? 100 : Math.max(...values);
  const max = typeof maxVal === 'number' ? maxVal : fromData;
  return { min, max: max > min ? max : min + 1 };
}

function prepare(o: Options, ctx: PaintContext): Ring {
  const raw = readSegments(o, ctx);
  const values = raw.flatMap((s) => (Number.isNaN(s.start) ? [s.end] : [s.start, s.end]));
  const { min, max } = ringScale(values, o.min_val, o.max_val);
  const palette = paletteFor(undefined, raw.length, ctx.theme);
  let previousEnd = min;
  const segments = raw.map((s, i) => {
    const start = Number.isNaN(s.start) ? previousEnd : s.start;
    previousEnd = s.end;
    return { ...s, start, colour: ctx.theme.resolveColour(s.colour, palette[i]) };
  });
  const legend = segments.filter((s) => s.label).map((s) => ({ label: s.label!, colour: s.colour }));
  // `font_size` scales the titles in the hole; the ticks and legend keep the chart text size.
  return { segments, min, max, style: chartStyle(undefined, ctx), titleScale: fontScale(o.font_size, ctx, 'xl'), legend };
}

/** A track colour the theme cannot resolve (`"not a colour"`) draws as the option's default. */
const TRACK = defaultsOf('DoughnutRing').background_ring_color as string;

/**
 * A `*_percent` option as a fraction: the SDKs send fractions (0.9), older hand-written
 * reports percentages (90). A value ≤ 1 is a fraction, a value > 1 a percentage — 1 %
 * of a radius is not a ring anyone means, so the two cannot be confused.
 */
function percentOption(value: number): number {
  return value <= 1 ? value : value / 100;
}

function geometry(o: Options, width: number, style: ChartStyle) {
  // At most 60 labelled ticks: a layout bound (more labels overlap around any ring), not the option's.
  const ticks = Math.min(60, o.ticks_count);
  const tickRoom = ticks > 0 ? lineHeight(style.tick) + 8 : 0;
  const margin = o.margin * PX_PT;
  // The SDKs size the ring relative to its charting area ("what percent of the charting area the
  // ring occupies"): that area is a chart's of the same width (width / the charts' aspect ratio,
  // within bodyHeight's bounds), so two rings to a row are as tall as two charts, not as wide.
  const area = bodyHeight(width, CHART_ASPECT_RATIO);
  const box = Math.min(width, area) - 2 * margin;
  // Layout bounds: a ring below a tenth of its box, or thinner than 1 %, is no longer a ring.
  const radius = Math.max(10, box / 2 - tickRoom) * clamp(percentOption(o.chart_radius_percent), 0.1, 1);
  const thickness = Math.max(1.5, radius * clamp(percentOption(o.arc_thickness_percent), 0.01, 1));
  return { radius, thickness, ticks, tickRoom, height: Math.max(area, 2 * (radius + tickRoom + margin) + 4) };
}

/** The frame's options: the ring's `margin` belongs to its drawing (geometry), not to the frame. */
const frameOptions = (o: Options) => ({ ...o, margin: undefined });

function angleOf(v: number, ring: Ring): number {
  return clamp((v - ring.min) / (ring.max - ring.min), 0, 1) * Math.PI * 2;
}

function drawRing(ctx: PaintContext, o: Options, ring: Ring, cx: number, cy: number, g: ReturnType<typeof geometry>): void {
  const { doc } = ctx;
  const { style } = ring;
  const inner = g.radius - g.thickness;
  const gen = arc<unknown>();
  const path = (a0: number, a1: number) => gen({ innerRadius: inner, outerRadius: g.radius, startAngle: a0, endAngle: a1 } as never) ?? '';
  const track = ctx.theme.resolveColour(o.background_ring_color, TRACK);
  doc.save();
  doc.translate(cx, cy);
  doc
    .path(path(0, Math.PI * 2))
    .fillColor(track, 1)
    .fill();
  for (const s of ring.segments) {
    const a0 = angleOf(Math.min(s.start, s.end), ring);
    const a1 = angleOf(Math.max(s.start, s.end), ring);
    if (a1 - a0 > 1e-4) doc.path(path(a0, a1)).fillColor(s.colour, 1).fill();
  }
  doc.restore();
  if (g.ticks > 0) drawTicks(doc, ring, cx, cy, g);
  drawInside(ctx, o, style, cx, cy, inner, ring.titleScale);
}

function drawTicks(doc: PDFKit.PDFDocument, ring: Ring, cx: number, cy: number, g: ReturnType<typeof geometry>): void {
  const { style } = ring;
  const step = (ring.max - ring.min) / g.ticks;
  withFont(doc, style.fonts.regular, style.tick, () => {
    for (let k = 0; k < g.ticks; k++) {
      const v = ring.min + k * step;
      const a = angleOf(v, ring);
      const [sx, sy] = [Math.sin(a), -Math.cos(a)];
      doc.save().lineWidth(0.6).strokeColor(style.text, 0.45);
      doc
        .moveTo(cx + sx * (g.radius + 2), cy + sy * (g.radius + 2))
        .lineTo(cx + sx * (g.radius + 5), cy + sy * (g.radius + 5))
        .stroke();
      doc.restore();
      const label = compactNumber(v, Number.isInteger(step) ? 0 : 1);
      const w = doc.widthOfString(label);
      const lh = lineHeight(style.tick);
      const rr = g.radius + 7 + Math.abs(sx) * (w / 2) + Math.abs(sy) * (lh / 2);
      doc.fillColor(style.text, 0.8).text(label, cx + sx * rr - w / 2, cy + sy * rr - lh / 2, { lineBreak: false });
    }
  });
}

function drawInside(ctx: PaintContext, o: Options, style: ChartStyle, cx: number, cy: number, inner: number, scale: number): void {
  const { doc } = ctx;
  const title = str(o, 'inside_title');
  const subtitle = str(o, 'inside_subtitle');
  const room = inner * 1.6;
  // In proportion to the hole; a small ring (a third-width column's charting area) still gets
  // the chart's title size when the title fits across the hole at it.
  const fits = title !== undefined && withFont(doc, style.fonts.bold, style.title, () => doc.widthOfString(title)) <= room;
  const tSize = clamp(Math.max(inner * 0.42 * scale, fits ? style.title : 0), 7, 40);
  const sSize = clamp(inner * 0.16 * scale, 6, 14);
  const tH = title ? lineHeight(tSize) : 0;
  const sH = subtitle ? lineHeight(sSize) : 0;
  let y = cy - (tH + sH) / 2;
  if (title) {
    withFont(doc, style.fonts.bold, tSize, () => {
      const t = ellipsize(doc, title, room);
      doc.fillColor(style.heading, 1).text(t, cx - room / 2, y, { width: room, align: 'center', lineBreak: false });
    });
    y += tH;
  }
  if (subtitle) {
    withFont(doc, style.fonts.regular, sSize, () => {
      const t = ellipsize(doc, subtitle, room);
      doc.fillColor(style.muted, 1).text(t, cx - room / 2, y, { width: room, align: 'center', lineBreak: false });
    });
  }
}

export const doughnutRing: ComponentPainter = {
  measure(raw, width, ctx) {
    const o = resolveOptions('DoughnutRing', raw);
    const ring = prepare(o, ctx);
    return measureFramed(
      ctx,
      frameOptions(o),
      width,
      { ...chromeOf(o, ring.legend), legendMin: 1 },
      ring.style,
      (w) => geometry(o, w, ring.style).height,
    );
  },
  paint(raw, rect: Rect, ctx) {
    const o = resolveOptions('DoughnutRing', raw);
    const ring = prepare(o, ctx);
    ctx.doc.save();
    // A single labelled arc still gets its legend entry: the label is the only place it is named.
    const { body, finish } = paintFrame(ctx, frameOptions(o), rect, { ...chromeOf(o, ring.legend), legendMin: 1 }, ring.style);
    const g = geometry(o, body.width, ring.style);
    drawRing(ctx, o, ring, body.x + body.width / 2, body.y + Math.min(body.height, g.height) / 2, g);
    finish();
    ctx.doc.restore();
  },
};
