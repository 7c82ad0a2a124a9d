/**
 * Normalises the `data` option of the cartesian charts into points with a series
 * name. Accepted shapes (documented in charts/README.md):
 *   {x, y}                       one series
 *   {x, y, label}                one series per distinct `label` (schema: "series name")
 *   {x, y, <field>} + colour_by  series by the values of that field
 *   {x, y, group}                tolerated alias of `label`
 *   {..., color}                 colour of the point (bars, scatter) or of its series (lines)
 *   [x, y]                       tuples are tolerated
 * `y` may be a number, a numeric string, or null (a gap). Points whose x is
 * missing are skipped; a y that is not a number is an error naming its index.
 */
import { RenderError } from '../renderer';
import type { PaintContext } from '../painter';
import { toNumber, type Options } from './opts';

export interface Point {
  x: string | number;
  y: number | null;
  series: string;
  /** The point's own `color`/`colour`, unresolved. */
  colour?: string;
  /** Index in options.data, for error messages. */
  index: number;
  raw: Record<string, unknown>;
}

export interface PointSet {
  points: Point[];
  /** Series names in order of first appearance ('' for the unnamed single series). */
  series: string[];
  /** 'number' when every x is a number; otherwise x values are category labels. */
  xKind: 'number' | 'category';
  /** Distinct x labels in order of first appearance (category axes). */
  categories: string[];
}

/** The raw `data` array, or [] when absent; anything else is unrenderable. */
export function dataArray(o: Options, ctx: PaintContext, key = 'data'): unknown[] {
  const v = o[key];
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) {
    throw new RenderError(`options.${key} must be an array, got ${describe(v)}`, ctx.path);
  }
  return v;
}

export function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? v.slice(0, 40) + '…' : v);
  return typeof v === 'object' ? 'an object' : String(v);
}

/** The key that splits points into series: `colour_by` / `color_by`, else `label`, else `group`. */
export function seriesKeyOf(o: Options): string {
  const by = o.colour_by ?? o.color_by;
  if (typeof by === 'string' && by.trim() !== '') return by;
  const rows = Array.isArray(o.data) ? o.data : [];
  const has = (k: string) => rows.some((r) => r && typeof r === 'object' && (r as Record<string, unknown>)[k] != null);
  return has('label') || !has('group') ? 'label' : 'group';
}

export function readPoints(o: Options, ctx: PaintContext, seriesKey?: string): PointSet {
  const rows = dataArray(o, ctx);
  const points: Point[] = [];
  const series: string[] = [];
  const categories: string[] = [];
  const seenSeries = new Set<string>();
  const seenCats = new Set<string>();
  let allNumbers = true;
  rows.forEach((row, index) => {
    const rec = asRecord(row);
    if (!rec) {
      throw new RenderError(`options.data[${index}] must be an object like {"x": ..., "y": ...}, got ${describe(row)}`, ctx.path);
    }
    const x = rec.x;
    if (x === undefined || x === null || x === '') return;
    if (typeof x !== 'string' && typeof x !== 'number') {
      throw new RenderError(`options.data[${index}].x must be a string or a number, got ${describe(x)}`, ctx.path);
    }
    const y = readY(rec.y, index, ctx);
    const s = seriesKey && rec[seriesKey] !== undefined && rec[seriesKey] !== null ? String(rec[seriesKey]) : '';
    if (typeof x !== 'number' || !Number.isFinite(x)) allNumbers = false;
    const label = String(x);
    if (!seenCats.has(label)) {
      seenCats.add(label);
      categories.push(label);
    }
    if (!seenSeries.has(s)) {
      seenSeries.add(s);
      series.push(s);
    }
    const c = rec.color ?? rec.colour;
    points.push({ x, y, series: s, colour: typeof c === 'string' && c.trim() ? c : undefined, index, raw: rec });
  });
  return { points, series, xKind: allNumbers && points.length > 0 ? 'number' : 'category', categories };
}

function asRecord(row: unknown): Record<string, unknown> | undefined {
  if (Array.isArray(row) && row.length >= 2) return { x: row[0], y: row[1] };
  if (row && typeof row === 'object' && !Array.isArray(row)) return row as Record<string, unknown>;
  return undefined;
}

function readY(v: unknown, index: number, ctx: PaintContext): number | null {
  if (v === undefined || v === null || v === '') return null;
  const n = toNumber(v);
  if (n === undefined) {
    throw new RenderError(`options.data[${index}].y must be a number, got ${describe(v)}`, ctx.path);
  }
  return n;
}

/** Points grouped by series, in series order. */
export function bySeries(set: PointSet): Map<string, Point[]> {
  const m = new Map<string, Point[]>(set.series.map((s) => [s, []]));
  for (const p of set.points) m.get(p.series)!.push(p);
  return m;
}

/**
 * Colour of each series: the first `color` given on one of its points, else the
 * palette colour at its index.
 */
export function seriesColours(set: PointSet, palette: string[], resolve: (c: string | undefined, fallback: string) => string): string[] {
  return set.series.map((s, i) => resolve(set.points.find((p) => p.series === s && p.colour)?.colour, palette[i % palette.length]));
}

/** Finite y values of all points. */
export function yValues(set: PointSet): number[] {
  return set.points.flatMap((p) => (p.y === null ? [] : [p.y]));
}
