/**
 * Bar charts: BarChart, Chart.Bar (vertical) and Chart.HorizontalBar. Points
 * with different `label`s (data.ts) form series: drawn side by side when
 * `grouped_bars` is true, stacked otherwise (negatives stack downwards). A
 * single series takes the theme accent, or one colour per category when a
 * color_scheme is named; a point's `color` overrides either.
 */
import { resolveOptions, type Resolved } from '../../catalogue';
import type { ComponentPainter, PaintContext, Rect } from '../painter';
import { drawAxes, layoutCartesian, roomyBodyHeight, type CartesianSpec } from './axes';
import { readPoints, seriesColours, seriesKeyOf, type PointSet } from './data';
import { bodyHeight, chromeOf, drawEmpty, measureFramed, paintFrame } from './frame';
import { capLegend, type LegendItem } from './legend';
import { bandAxis, linearAxis, safeExtent, type BuiltAxis } from './scales';
import { paletteFor } from './schemes';
import { chartStyle, type ChartStyle } from './style';

/** What the bar painter draws from, read from one bar type's resolved options. */
interface BarOptions {
  o: Resolved<'BarChart'> | Resolved<'Chart.Bar'> | Resolved<'Chart.HorizontalBar'>;
  /** Series side by side (`grouped_bars`); stacked otherwise. */
  grouped: boolean;
  /** The value axis' tick format (`format_y_ticks` / `format_x_ticks` and decimals), if the type has one. */
  ticks?: { format: boolean | string; decimals?: number; optionName: string };
}

interface BarKind {
  horizontal: boolean;
  read(raw: Readonly<Record<string, unknown>>): BarOptions;
}

interface BarModel {
  categories: string[];
  series: string[];
  /** category → series → summed value. */
  values: Map<string, Map<string, number>>;
  mode: 'single' | 'grouped' | 'stacked';
  /** Fill of the bar for (category index, series index). */
  colour: (ci: number, si: number) => string;
  /** Series colours, for the legend. */
  seriesColours: string[];
  extent: [number, number];
}

function model(b: BarOptions, set: PointSet): BarModel {
  const values = new Map<string, Map<string, number>>();
  for (const p of set.points) {
    if (p.y === null) continue;
    const key = String(p.x);
    const row = values.get(key) ?? new Map<string, number>();
    row.set(p.series, (row.get(p.series) ?? 0) + p.y);
    values.set(key, row);
  }
  const categories = set.categories.filter((c) => values.has(c));
  const series = set.series.filter((s) => categories.some((c) => values.get(c)!.has(s)));
  const mode = series.length <= 1 ? 'single' : b.grouped ? 'grouped' : 'stacked';
  const nums: number[] = [];
  for (const c of categories) {
    const row = [...values.get(c)!.values()];
    if (mode === 'stacked') {
      nums.push(
        row.filter((v) => v > 0).reduce((a, b) => a + b, 0),
        row.filter((v) => v < 0).reduce((a, b) => a + b, 0),
      );
    } else nums.push(...row);
  }
  return {
    categories,
    series,
    values,
    mode,
    colour: () => '#000000',
    seriesColours: [],
    extent: safeExtent(nums.length ? nums : [0], true),
  };
}

function colourBars({ o }: BarOptions, m: BarModel, set: PointSet, ctx: PaintContext): void {
  const resolve = (c: string | undefined, fb: string) => ctx.theme.resolveColour(c, fb);
  if (m.mode !== 'single') {
    const series = { ...set, series: m.series };
    m.seriesColours = seriesColours(series, paletteFor(o.color_scheme, m.series.length, ctx.theme), resolve);
    m.colour = (_ci, si) => m.seriesColours[si];
    return;
  }
  // One series: per-category colours from a named scheme, else the accent; a point's colour wins.
  const byCategory = typeof o.color_scheme === 'string';
  const palette = paletteFor(o.color_scheme, byCategory ? m.categories.length : 1, ctx.theme);
  const own = new Map<string, string>();
  for (const p of set.points) if (p.colour && !own.has(String(p.x))) own.set(String(p.x), p.colour);
  const fills = m.categories.map((c, ci) => resolve(own.get(c), palette[byCategory ? ci : 0]));
  m.colour = (ci) => fills[ci];
}

function legendOf(m: BarModel, style: ChartStyle): LegendItem[] {
  return m.mode === 'single'
    ? []
    : capLegend(
        m.series.map((s, i) => ({ label: s, colour: m.seriesColours[i] })),
        style.muted,
      );
}

function prepare(b: BarOptions, ctx: PaintContext): { m: BarModel; style: ChartStyle } {
  const set = readPoints(b.o, ctx, seriesKeyOf(b.o));
  const m = model(b, set);
  colourBars(b, m, set, ctx);
  return { m, style: chartStyle(b.o.font_size, ctx) };
}

function axesSpec({ o, ticks }: BarOptions, m: BarModel, kind: BarKind, ctx: PaintContext): CartesianSpec {
  const valueAxis = linearAxis(m.extent, { ...ticks, path: ctx.path, optionName: ticks?.optionName ?? 'format' });
  const xLabel = typeof o.x_label === 'string' ? o.x_label : undefined;
  const yLabel = typeof o.y_label === 'string' ? o.y_label : undefined;
  if (kind.horizontal) {
    // First category on top: the band axis runs bottom → top, so feed it reversed.
    return { x: valueAxis, y: bandAxis([...m.categories].reverse()), xLabel, yLabel, xGrid: true };
  }
  return { x: bandAxis(m.categories), y: valueAxis, xLabel, yLabel, yGrid: true };
}

function drawBars(doc: PDFKit.PDFDocument, m: BarModel, cat: BuiltAxis, val: BuiltAxis, horizontal: boolean): void {
  const zero = val.map(0);
  const rect = (c0: number, w: number, v0: number, v1: number, colour: string) => {
    const a = Math.min(v0, v1);
    const len = Math.max(Math.abs(v1 - v0), 0.6);
    if (horizontal) doc.rect(a, c0, len, w);
    else doc.rect(c0, a, w, len);
    doc.fillColor(colour, 1).fill();
  };
  m.categories.forEach((c, ci) => {
    const row = m.values.get(c)!;
    const start = cat.map(c);
    const bw = cat.bandwidth;
    if (m.mode === 'grouped') {
      const inner = bw / m.series.length;
      m.series.forEach((s, si) => {
        const v = row.get(s);
        if (v === undefined) return;
        rect(start + si * inner + inner * 0.04, inner * 0.92, zero, val.map(v), m.colour(ci, si));
      });
      return;
    }
    let pos = 0;
    let neg = 0;
    m.series.forEach((s, si) => {
      const v = row.get(s);
      if (v === undefined) return;
      const base = v >= 0 ? pos : neg;
      rect(start, bw, val.map(base), val.map(base + v), m.colour(ci, si));
      if (v >= 0) pos += v;
      else neg += v;
    });
  });
}

function painter(kind: BarKind): ComponentPainter {
  return {
    measure(raw, width, ctx) {
      const b = kind.read(raw);
      const { o } = b;
      const { m, style } = prepare(b, ctx);
      return measureFramed(ctx, o, width, chromeOf(o, legendOf(m, style)), style, (w) => {
        // Horizontal bars keep room for each category's label (a layout floor, as for rotated labels below).
        const floor = kind.horizontal ? m.categories.length * 15 * style.scale + 40 : 0;
        const base = bodyHeight(w, o.aspect_ratio, floor);
        return m.categories.length ? roomyBodyHeight(ctx, w, base, axesSpec(b, m, kind, ctx), style) : base;
      });
    },
    paint(raw, rect: Rect, ctx) {
      const b = kind.read(raw);
      const { o } = b;
      const { m, style } = prepare(b, ctx);
      const { doc } = ctx;
      doc.save();
      const { body, finish } = paintFrame(ctx, o, rect, chromeOf(o, legendOf(m, style)), style);
      if (m.categories.length === 0) {
        drawEmpty(ctx, body, style);
      } else {
        const spec = axesSpec(b, m, kind, ctx);
        const c = layoutCartesian(ctx, body, spec, style);
        drawAxes(ctx, c, spec, style);
        doc.save();
        doc.rect(c.plot.x, c.plot.y - 1, c.plot.width, c.plot.height + 2).clip();
        drawBars(doc, m, kind.horizontal ? c.y : c.x, kind.horizontal ? c.x : c.y, kind.horizontal);
        doc.restore();
        redrawZero(doc, c.plot, kind.horizontal ? c.x : c.y, kind.horizontal, style);
      }
      finish();
      doc.restore();
    },
  };
}

/** The zero line is drawn again over the bars so bars visibly start from it. */
function redrawZero(doc: PDFKit.PDFDocument, plot: Rect, val: BuiltAxis, horizontal: boolean, style: ChartStyle): void {
  if (val.zero === undefined) return;
  doc.save().lineWidth(0.75).strokeColor(style.text, 0.6);
  if (horizontal)
    doc
      .moveTo(val.zero, plot.y)
      .lineTo(val.zero, plot.y + plot.height)
      .stroke();
  else
    doc
      .moveTo(plot.x, val.zero)
      .lineTo(plot.x + plot.width, val.zero)
      .stroke();
  doc.restore();
}

export const barChart = painter({
  horizontal: false,
  read(raw) {
    const o = resolveOptions('BarChart', raw);
    return { o, grouped: o.grouped_bars };
  },
});
export const chartBar = painter({
  horizontal: false,
  read(raw) {
    const o = resolveOptions('Chart.Bar', raw);
    return { o, grouped: o.grouped_bars, ticks: { format: o.format_y_ticks, decimals: o.y_ticks_decimals, optionName: 'format_y_ticks' } };
  },
});
/** Chart.HorizontalBar declares no `grouped_bars` (N HorizontalBarChart.ts): its series stack. */
export const chartHorizontalBar = painter({
  horizontal: true,
  read(raw) {
    const o = resolveOptions('Chart.HorizontalBar', raw);
    return { o, grouped: false, ticks: { format: o.format_x_ticks, decimals: o.x_ticks_decimals, optionName: 'format_x_ticks' } };
  },
});
