/**
 * Line and point charts: LineChart, ScatterChart (colour_by splits series),
 * Chart.Line (curve_format, plot_dots, color_scheme, `group` series) and
 * Chart.Timeseries (x parsed as dates with time_format, axis labelled with
 * tick_format). Numeric x gets a linear axis, text x a categorical one.
 */
import type { ComponentPainter, PaintContext, Rect } from '../painter';
import { RenderError } from '../renderer';
import { drawAxes, layoutCartesian, roomyBodyHeight, type Cartesian, type CartesianSpec } from './axes';
import { curveFor, curveYExtent, linePath, runs, type XY } from './curves';
import { bySeries, describe, readPoints, seriesColours, seriesKeyOf, yValues, type Point, type PointSet } from './data';
import { chromeOf, drawEmpty, measureFramed, paintFrame } from './frame';
import { capLegend, type LegendItem, type Swatch } from './legend';
import { bodyHeight, bool, clamp, num, str, type Options } from './opts';
import { linearAxis, pointAxis, safeExtent, timeAxis, type AxisModel } from './scales';
import { paletteFor } from './schemes';
import { chartStyle, type ChartStyle } from './style';
import { dateParser } from './time';

interface LineKind {
  scatter: boolean;
  time: boolean;
  /** Chart.* options: curve_format, plot_dots, color_scheme, `group` series. */
  v2: boolean;
}

interface Plotted {
  set: PointSet;
  /** x of each point as a number (time: ms; category: index) keyed by point. */
  xs: Map<Point, number>;
  colours: string[];
  style: ChartStyle;
}

function prepare(o: Options, ctx: PaintContext, kind: LineKind): Plotted {
  const set = readPoints(o, ctx, seriesKeyOf(o));
  const xs = new Map<Point, number>();
  if (kind.time) {
    const parse = dateParser(str(o, 'time_format'));
    for (const p of set.points) {
      const t = parse(p.x);
      if (t === undefined) {
        const fmt = str(o, 'time_format');
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
  const palette = paletteFor(kind.v2 ? o.color_scheme : undefined, set.series.length, ctx.theme);
  const colours = seriesColours(set, palette, (c, fb) => ctx.theme.resolveColour(c, fb));
  return { set, xs, colours, style: chartStyle(o, ctx) };
}

function legendOf(p: Plotted): LegendItem[] {
  if (p.set.series.length <= 1) return [];
  return capLegend(
    p.set.series.map((s, i) => ({ label: s, colour: p.colours[i] })),
    p.style.muted,
  );
}

function xAxisOf(o: Options, p: Plotted, kind: LineKind, ctx: PaintContext): AxisModel {
  const values = [...p.xs.values()];
  if (kind.time) return timeAxis([Math.min(...values), Math.max(...values)], str(o, 'tick_format'));
  if (p.set.xKind === 'category') return pointAxis(p.set.categories);
  return linearAxis(safeExtent(values, false), { path: ctx.path, optionName: 'x' }, kind.scatter);
}

/** A series' points in x order, split at gaps (null y). */
function lineRuns(p: Plotted, pts: Point[]): Point[][] {
  const sorted = [...pts].sort((a, b) => p.xs.get(a)! - p.xs.get(b)!);
  return runs(sorted, (pt) => pt.y !== null);
}

/** y values to fit: the data, plus how far smooth curves swing past it. */
function yFit(o: Options, p: Plotted, kind: LineKind): number[] {
  const ys = yValues(p.set);
  if (kind.scatter || !kind.v2) return ys;
  const curve = curveFor(o.curve_format);
  for (const pts of bySeries(p.set).values()) {
    for (const run of lineRuns(p, pts))
      ys.push(
        ...curveYExtent(
          run.map((pt): XY => [p.xs.get(pt)!, pt.y!]),
          curve,
        ),
      );
  }
  return ys;
}

function spec(o: Options, p: Plotted, kind: LineKind, ctx: PaintContext): CartesianSpec {
  const ys = yFit(o, p, kind);
  return {
    x: xAxisOf(o, p, kind, ctx),
    y: linearAxis(safeExtent(ys.length ? ys : [0], false), { path: ctx.path, optionName: 'y' }),
    xLabel: str(o, 'x_label'),
    yLabel: str(o, 'y_label'),
    yGrid: true,
    xGrid: kind.scatter && p.set.xKind === 'number',
  };
}

/** Pixel x of a point: categories map by label, numbers and dates by value. */
function xPixel(c: Cartesian, p: Plotted, pt: Point, kind: LineKind): number {
  return !kind.time && p.set.xKind === 'category' ? c.x.map(String(pt.x)) : c.x.map(p.xs.get(pt)!);
}

function drawSeries(o: Options, ctx: PaintContext, c: Cartesian, p: Plotted, kind: LineKind): void {
  const { doc } = ctx;
  const curve = curveFor(kind.v2 ? o.curve_format : undefined);
  const dots = kind.v2 ? bool(o, 'plot_dots', false) : false;
  const radius = clamp(num(o, 'radius') ?? 3, 0.5, 20);
  const groups = bySeries(p.set);
  let si = 0;
  for (const pts of groups.values()) {
    const colour = p.colours[si++];
    const xy = (pt: Point): XY => [xPixel(c, p, pt, kind), c.y.map(pt.y ?? 0)];
    if (kind.scatter) {
      for (const pt of pts) {
        if (pt.y === null) continue;
        const [x, y] = xy(pt);
        const fill = pt.colour ? ctx.theme.resolveColour(pt.colour, colour) : colour;
        doc.circle(x, y, radius).lineWidth(0.6).fillColor(fill, 0.82).strokeColor(p.style.background, 0.9).fillAndStroke();
      }
      continue;
    }
    for (const run of lineRuns(p, pts)) {
      const coords = run.map(xy);
      if (coords.length > 1) {
        doc.path(linePath(coords, curve)).lineWidth(1.75).lineJoin('round').lineCap('round').strokeColor(colour, 1).stroke();
      }
      if (dots || coords.length === 1) {
        for (const [x, y] of coords)
          doc.circle(x, y, 2.4).lineWidth(0.8).fillColor(colour, 1).strokeColor(p.style.background, 1).fillAndStroke();
      }
    }
  }
}

function painter(kind: LineKind): ComponentPainter {
  const swatch: Swatch = kind.scatter ? 'dot' : 'line';
  return {
    measure(o, width, ctx) {
      const p = prepare(o, ctx, kind);
      return measureFramed(ctx, o, width, chromeOf(o, legendOf(p), swatch), p.style, (w) => {
        const base = bodyHeight(o, w, 1.6);
        return yValues(p.set).length ? roomyBodyHeight(ctx, w, base, spec(o, p, kind, ctx), p.style) : base;
      });
    },
    paint(o, rect: Rect, ctx) {
      const p = prepare(o, ctx, kind);
      const { doc } = ctx;
      doc.save();
      const { body, finish } = paintFrame(ctx, o, rect, chromeOf(o, legendOf(p), swatch), p.style);
      if (yValues(p.set).length === 0) {
        drawEmpty(ctx, body, p.style);
      } else {
        const s = spec(o, p, kind, ctx);
        const c = layoutCartesian(ctx, body, s, p.style);
        drawAxes(ctx, c, s, p.style);
        doc.save();
        const pad = kind.scatter ? clamp(num(o, 'radius') ?? 3, 0.5, 20) + 1 : 3;
        doc.rect(c.plot.x - pad, c.plot.y - pad, c.plot.width + 2 * pad, c.plot.height + 2 * pad).clip();
        drawSeries(o, ctx, c, p, kind);
        doc.restore();
      }
      finish();
      doc.restore();
    },
  };
}

export const lineChart = painter({ scatter: false, time: false, v2: false });
export const scatterChart = painter({ scatter: true, time: false, v2: false });
export const chartLine = painter({ scatter: false, time: false, v2: true });
export const chartTimeseries = painter({ scatter: false, time: true, v2: true });
