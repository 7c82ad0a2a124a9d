/**
 * A component's own margins, read the same way by every painter that documents
 * them (Text, Table, Image, the Chart.* family, DoughnutRing, Beta.DataTable,
 * ProgressBar): `vertical_margin` (top and bottom) and `horizontal_margin`
 * (left and right), integers 0–32 on the report format's margin scale (MARGIN_UNIT_PT each).
 * `margin` (all sides; Chart.* and DoughnutRing document it) fills an axis the
 * specific option leaves unset, and so does the older undocumented `margins`
 * that earlier local reports used.
 */
import { MARGIN_UNIT_PT, type Rect } from './painter';

export interface Sides {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

function units(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return Math.max(0, Math.min(32, v)) * MARGIN_UNIT_PT;
  // Spreadsheet exports send numbers as strings; the schema rejects them, painters stay lenient.
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return units(Number(v));
  return undefined;
}

/** The margins of a component in points. */
export function componentMargins(o: Record<string, unknown>): Sides {
  const all = units(o.margin) ?? units(o.margins) ?? 0;
  const h = units(o.horizontal_margin) ?? all;
  const v = units(o.vertical_margin) ?? all;
  return { top: v, right: h, bottom: v, left: h };
}

/** `rect` shrunk by `s` on every side (never negative). */
export function insetRect(rect: Rect, s: Sides): Rect {
  return {
    x: rect.x + s.left,
    y: rect.y + s.top,
    width: Math.max(0, rect.width - s.left - s.right),
    height: Math.max(0, rect.height - s.top - s.bottom),
  };
}
