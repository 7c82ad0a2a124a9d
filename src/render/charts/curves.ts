/**
 * `curve_format` names → d3-shape curve factories, and a line path generator
 * that yields SVG path data, which pdfkit's doc.path() draws as vectors.
 * Using d3-shape itself means our curves are the very curves d3 draws.
 */
import {
  area,
  curveBasis,
  curveCardinal,
  curveCatmullRom,
  curveLinear,
  curveMonotoneX,
  curveNatural,
  curveStep,
  curveStepAfter,
  curveStepBefore,
  line,
  type CurveFactory,
} from 'd3-shape';

export const CURVES: Readonly<Record<string, CurveFactory>> = Object.freeze({
  Linear: curveLinear,
  Step: curveStep,
  StepBefore: curveStepBefore,
  StepAfter: curveStepAfter,
  Basis: curveBasis,
  Natural: curveNatural,
  Cardinal: curveCardinal,
  CatmullRom: curveCatmullRom,
  MonotoneX: curveMonotoneX,
});

export const CURVE_NAMES = Object.freeze(Object.keys(CURVES));

/** Case-insensitive; unknown or missing names fall back to `fallback`. */
export function curveFor(name: unknown, fallback = 'Linear'): CurveFactory {
  if (typeof name === 'string') {
    const key = CURVE_NAMES.find((k) => k.toLowerCase() === name.trim().toLowerCase());
    if (key) return CURVES[key];
  }
  return CURVES[fallback] ?? curveLinear;
}

export type XY = [number, number];

/** SVG path data for a line through `pts` (pixel coordinates) with `curve`; '' for no points. */
export function linePath(pts: XY[], curve: CurveFactory): string {
  if (pts.length === 0) return '';
  return line<XY>().curve(curve)(pts) ?? '';
}

/** SVG path data for the area between the curve through `pts` and the horizontal line y = baseY. */
export function areaPath(pts: XY[], curve: CurveFactory, baseY: number): string {
  if (pts.length === 0) return '';
  return (
    area<XY>()
      .curve(curve)
      .x((p) => p[0])
      .y0(baseY)
      .y1((p) => p[1])(pts) ?? ''
  );
}

/** Points along path data as d3-shape emits it (absolute M, L, C, Z); Bézier segments are sampled. */
export function samplePath(d: string, steps = 8): XY[] {
  const tokens = d.match(/[MLCZ]|-?\d*\.?\d+(?:e[-+]?\d+)?/gi) ?? [];
  const out: XY[] = [];
  let cur: XY = [0, 0];
  let i = 0;
  const pt = (): XY => [Number(tokens[i++]), Number(tokens[i++])];
  while (i < tokens.length) {
    const cmd = tokens[i++].toUpperCase();
    if (cmd === 'M' || cmd === 'L') {
      cur = pt();
      out.push(cur);
    } else if (cmd === 'C') {
      const [c1, c2, end] = [pt(), pt(), pt()];
      for (let k = 1; k <= steps; k++) {
        const t = k / steps;
        const u = 1 - t;
        const b = (j: 0 | 1) => u * u * u * cur[j] + 3 * u * u * t * c1[j] + 3 * u * t * t * c2[j] + t * t * t * end[j];
        out.push([b(0), b(1)]);
      }
      cur = end;
    }
  }
  return out;
}

/**
 * The y range a curve through `pts` (data coordinates) actually reaches: smooth
 * curves (Natural, Cardinal, CatmullRom) overshoot the data, and the y axis must
 * include the overshoot or the line is cut off. Computed on a normalised copy
 * (x over 0..1000, y over 0..500) so the rounding of path data does not matter.
 */
export function curveYExtent(pts: XY[], curve: CurveFactory): [number, number] {
  const ys = pts.map((p) => p[1]);
  const [y0, y1] = [Math.min(...ys), Math.max(...ys)];
  if (pts.length < 3 || y0 === y1) return [y0, y1];
  const xs = pts.map((p) => p[0]);
  const [x0, x1] = [Math.min(...xs), Math.max(...xs)];
  const norm: XY[] = pts.map(([x, y]) => [x1 === x0 ? 0 : ((x - x0) / (x1 - x0)) * 1000, ((y - y0) / (y1 - y0)) * 500]);
  const sy = samplePath(linePath(norm, curve)).map((p) => y0 + (p[1] / 500) * (y1 - y0));
  return [Math.min(y0, ...sy), Math.max(y1, ...sy)];
}

/**
 * Splits a series at gaps (null y) into runs of consecutive defined points, so a
 * missing value breaks the line instead of joining across it (d3's line.defined).
 */
export function runs<T>(items: T[], defined: (t: T) => boolean): T[][] {
  const out: T[][] = [];
  let cur: T[] = [];
  for (const it of items) {
    if (defined(it)) cur.push(it);
    else if (cur.length) {
      out.push(cur);
      cur = [];
    }
  }
  if (cur.length) out.push(cur);
  return out;
}
