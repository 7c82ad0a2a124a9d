/**
 * Line and point charts: LineChart, ScatterChart (colour_by splits series),
 * Chart.Line (curve_format, plot_dots, color_scheme, `group` series) and
 * Chart.Timeseries (x parsed as dates with time_format, axis labelled with
 * tick_format). Numeric x gets a linear axis, text x a categorical one.
 */
import type { CurveFactory } from 'd3-shape';
import { defaultsOf, resolveOptions, type Resolved } from '../../catalogue';
import type { ComponentPainter, PaintContext, Rect } from '../painter';
import { RenderError } from '../renderer';
import { drawAxes, layoutCartesian, roomyBodyHeight, type Cartesian, type CartesianSpec } from './axes';
import { CURVES, curveYExtent, linePath, runs, type XY } from './curves';
import { bySeries, describe, readPoints, seriesColours, seriesKeyOf, yValues, type Point, type PointSet } from './data';
import { bodyHeight, chromeOf, drawEmpty, measureFramed, paintFrame } from './frame';
import { capLegend, type LegendItem, type Swatch } from './legend';
import { linearAxis, pointAxis, safeExtent, timeAxis, type AxisModel, type NumberFormatSpec } from './scales';
import { paletteFor } from './schemes';
import { chartStyle, type ChartStyle } from './style';
import { dateParser } from './time';

/** What the line painter draws from, read from one line type's resolved options. */
interface LineOptions {
  o: Resolved<'LineChart'> | Resolved<'ScatterChart'> | Resolved<'Chart.Line'> | Resolved<'Chart.Timeseries'>;
  aspect: number;
  /** `font_size` (Chart.*); the classic charts have none. */
  fontSize?: string | number;
  curve: CurveFactory;
  dots: boolean;
  /** The palette's name (Chart.*); the classic charts take the theme colours. */
  scheme?: string | null;
  /** The y axis' tick format (Chart.Line, Chart.Timeseries). */
  ticks?: Pick<NumberFormatSpec, 'format' | 'decimals'>;
  /** ScatterChart: the dot radius in points (0 for the line charts). */
  radius: number;
  /** Chart.Timeseries: how `x` is parsed and the x ticks are printed. */
  time?: { parse?: string; ticks?: string };
}

interface LineKind {
  scatter: boolean;
  read(raw: Readonly<Record<string, unknown>>): LineOptions;
}

/**
 * LineChart and ScatterChart declare no aspect ratio (N, O core charts): they take the v2
 * charts' declared default, the docs' 1.6.
 */
const CLASSIC_ASPECT = defaultsOf('Chart.Line').aspect_ratio as number;

/**
 * ScatterChart `radius` is drawn within 0.5–20 pt: a layout bound, not the option's (a smaller
 * dot vanishes, a larger one hides the plot and outgrows the clip margin in paint()).
 */
const dotRadius = (radius: number): number => Math.min(20, Math.max(0.5, radius));

interface Plotted {
  set: PointSet;
  /** x of each point as a number (time: ms; category: index) keyed by point. */
  xs: Map<Point, number>;
  colours: string[];
  style: ChartStyle;
}

function prepare(l: LineOptions, ctx: PaintContext): Plotted {
  const { o } = l;
  const set = readPoints(o, ctx, seriesKeyOf(o));
  const xs = new Map<Point, number>();
  if (l.time) {
    const fmt = l.time.parse;
    const parse = dateParser(fmt);
    for (const p of set.points) {
      const t = parse(p.x);
      if (t === undefined) {
        throw new RenderError(
          `options.data[${p.index}].x ${describe(p.x)} is not a date${fmt ? ` in time_format "${fmt}"` : ''} (expected e.g. "2024-03-01" or "2024-03-01 09:30:00")`,
          ctx.path,
        );
      }
      xs.set(p, t);
    }
  } else if (set.xKind === 'number') {
    for (const p of set.points) xs.set(p, p.x as number);
  } else {
    const index = new Map(set.categories.map((c, i) => [c, i]));
    for (const p of set.points) xs.set(p, index.get(String(p.x))!);
  }
  const palette = paletteFor(l.scheme, set.series.length, ctx.theme);
  const colours = seriesColours(set, palette, (c, fb) => ctx.theme.resolveColour(c, fb));
  return { set, xs, colours, style: chartStyle(l.fontSize, ctx) };
}

function legendOf(p: Plotted): LegendItem[] {
  if (p.set.series.length <= 1) return [];
  return capLegend(
    p.set.series.map((s, i) => ({ label: s, colour: p.colours[i] })),
    p.style.muted,
  );
}

function xAxisOf(l: LineOptions, p: Plotted, kind: LineKind, ctx: PaintContext): AxisModel {
  const values = [...p.xs.values()];
  if (l.time) return timeAxis([Math.min(...values), Math.max(...values)], l.time.ticks);
  if (p.set.xKind === 'category') return pointAxis(p.set.categories);
  return linearAxis(safeExtent(values, false), { path: ctx.path, optionName: 'x' }, kind.scatter);
}

/** A series' points in x order, split at gaps (null y). */
function lineRuns(p: Plotted, pts: Point[]): Point[][] {
  const sorted = [...pts].sort((a, b) => p.xs.get(a)! - p.xs.get(b)!);
  return runs(sorted, (pt) => pt.y !== null);
}

/** y values to fit: the data, plus how far smooth curves swing past it. */
function yFit(l: LineOptions, p: Plotted, kind: LineKind): number[] {
  const ys = yValues(p.set);
  if (kind.scatter) return ys;
  for (const pts of bySeries(p.set).values()) {
    for (const run of lineRuns(p, pts))
      ys.push(
        ...curveYExtent(
          run.map((pt): XY => [p.xs.get(pt)!, pt.y!]),
          l.curve,
        ),
      );
  }
  return ys;
}

function spec(l: LineOptions, p: Plotted, kind: LineKind, ctx: PaintContext): CartesianSpec {
  const ys = yFit(l, p, kind);
  return {
    x: xAxisOf(l, p, kind, ctx),
    y: linearAxis(safeExtent(ys.length ? ys : [0], false), { ...l.ticks, path: ctx.path, optionName: 'format_y_ticks' }),
    xLabel: typeof l.o.x_label === 'string' ? l.o.x_label : undefined,
    yLabel: typeof l.o.y_label === 'string' ? l.o.y_label : undefined,
    yGrid: true,
    xGrid: kind.scatter && p.set.xKind === 'number',
  };
}

/** Pixel x of a point: categories map by label, numbers and dates by value. */
function xPixel(c: Cartesian, l: LineOptions, p: Plotted, pt: Point): number {
  return !l.time && p.set.xKind === 'category' ? c.x.map(String(pt.x)) : c.x.map(p.xs.get(pt)!);
}

function drawSeries(l: LineOptions, ctx: PaintContext, c: Cartesian, p: Plotted, kind: LineKind): void {
  const { doc } = ctx;
  const groups = bySeries(p.set);
  let si = 0;
  for (const pts of groups.values()) {
    const colour = p.colours[si++];
    const xy = (pt: Point): XY => [xPixel(c, l, p, pt), c.y.map(pt.y ?? 0)];
    if (kind.scatter) {
      for (const pt of pts) {
        if (pt.y === null) continue;
        const [x, y] = xy(pt);
        const fill = pt.colour ? ctx.theme.resolveColour(pt.colour, colour) : colour;
        doc.circle(x, y, l.radius).lineWidth(0.6).fillColor(fill, 0.82).strokeColor(p.style.background, 0.9).fillAndStroke();
      }
      continue;
    }
    for (const run of lineRuns(p, pts)) {
      const coords = run.map(xy);
      if (coords.length > 1) {
        doc.path(linePath(coords, l.curve)).lineWidth(1.75).lineJoin('round').lineCap('round').strokeColor(colour, 1).stroke();
      }
      if (l.dots || coords.length === 1) {
        for (const [x, y] of coords)
          doc.circle(x, y, 2.4).lineWidth(0.8).fillColor(colour, 1).strokeColor(p.style.background, 1).fillAndStroke();
      }
    }
  }
}

function painter(kind: LineKind): ComponentPainter {
  const swatch: Swatch = kind.scatter ? 'dot' : 'line';
  return {
    measure(raw, width, ctx) {
      const l = kind.read(raw);
      const p = prepare(l, ctx);
      return measureFramed(ctx, l.o, width, chromeOf(l.o, legendOf(p), swatch), p.style, (w) => {
        const base = bodyHeight(w, l.aspect);
        return yValues(p.set).length ? roomyBodyHeight(ctx, w, base, spec(l, p, kind, ctx), p.style) : base;
      });
    },
    paint(raw, rect: Rect, ctx) {
      const l = kind.read(raw);
      const p = prepare(l, ctx);
      const { doc } = ctx;
      doc.save();
      const { body, finish } = paintFrame(ctx, l.o, rect, chromeOf(l.o, legendOf(p), swatch), p.style);
      if (yValues(p.set).length === 0) {
        drawEmpty(ctx, body, p.style);
      } else {
        const s = spec(l, p, kind, ctx);
        const c = layoutCartesian(ctx, body, s, p.style);
        drawAxes(ctx, c, s, p.style);
        doc.save();
        const pad = kind.scatter ? l.radius + 1 : 3;
        doc.rect(c.plot.x - pad, c.plot.y - pad, c.plot.width + 2 * pad, c.plot.height + 2 * pad).clip();
        drawSeries(l, ctx, c, p, kind);
        doc.restore();
      }
      finish();
      doc.restore();
    },
  };
}

/** The classic charts draw straight lines without dots, in the theme colours. */
const classic = (o: LineOptions['o']): LineOptions => ({ o, aspect: CLASSIC_ASPECT, curve: CURVES.Linear, dots: false, radius: 0 });

export const lineChart = painter({ scatter: false, read: (raw) => classic(resolveOptions('LineChart', raw)) });
export const scatterChart = painter({
  scatter: true,
  read(raw) {
    const o = resolveOptions('ScatterChart', raw);
    return { ...classic(o), radius: dotRadius(o.radius) };
  },
});
export const chartLine = painter({
  scatter: false,
  read(raw) {
    const o = resolveOptions('Chart.Line', raw);
    return v2Lines(o);
  },
});
export const chartTimeseries = painter({
  scatter: false,
  read(raw) {
    const o = resolveOptions('Chart.Timeseries', raw);
    return { ...v2Lines(o), time: { parse: stringOrUndefined(o.time_format), ticks: stringOrUndefined(o.tick_format) } };
  },
});

/** Chart.Line and Chart.Timeseries: palette, curve, dots and the y tick format. */
function v2Lines(o: Resolved<'Chart.Line'> | Resolved<'Chart.Timeseries'>): LineOptions {
  return {
    o,
    aspect: o.aspect_ratio,
    fontSize: o.font_size,
    curve: CURVES[o.curve_format],
    dots: o.plot_dots,
    radius: 0,
    scheme: o.color_scheme,
    ticks: { format: o.format_y_ticks, decimals: o.y_ticks_decimals },
  };
}

/** `time_format` / `tick_format` have no default: a value the catalogue refused arrives as written. */
const stringOrUndefined = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
