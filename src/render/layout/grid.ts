/**
 * Splits a container's children into grid rows. Widths are fractions of the row:
 * a child's `width` option ('n/d', d = 2, 3, 4, 5, 6 or 12) wins; otherwise 1/columns,
 * or with AUTO_COLUMNS a share of what the sized children leave. Cells in a row are
 * separated by `gap`; a row that is not full is placed by `align`.
 */
import type { LayoutNode } from './nodes';

export interface GridCell {
  node: LayoutNode;
  x: number;
  width: number;
}

/** The docs' width fractions: denominators 2, 3, 4, 5, 6 and 12, numerator up to the denominator. */
const FRACTION = /^(\d{1,2})\/(2|3|4|5|6|12)$/;

function fractionOf(width: unknown): number | undefined {
  if (typeof width !== 'string') return undefined;
  const m = FRACTION.exec(width.trim());
  if (!m) return undefined;
  const f = Number(m[1]) / Number(m[2]);
  return f > 0 && f <= 1 ? f : undefined;
}

/**
 * `columns` unset or null: the children side by side (the docs' Row page, and a Section
 * with `columns: null` is "similar"). Sized children keep their fraction; the others share
 * what those leave in their run (a whole row each when that is too little to read); a
 * VerticalSpacer or PageBreak — vertical by nature — ends the run on a row of its own.
 */
export const AUTO_COLUMNS = 0;
const MIN_AUTO_SHARE = 0.15;

function autoShares(children: LayoutNode[]): number[] {
  const shares: number[] = [];
  let run: number[] = [];
  const close = () => {
    const unsized = run.filter((i) => fractionOf(children[i].options.width) === undefined);
    const left = 1 - run.reduce((s, i) => s + (fractionOf(children[i].options.width) ?? 0), 0);
    const share = left / unsized.length >= MIN_AUTO_SHARE ? left / unsized.length : 1 / Math.max(1, unsized.length);
    for (const i of run) shares[i] = fractionOf(children[i].options.width) ?? share;
    run = [];
  };
  children.forEach((node, i) => {
    if (node.kind === 'pagebreak' || node.type === 'VerticalSpacer') {
      close();
      shares[i] = 1;
    } else run.push(i);
  });
  close();
  return shares;
}

export function gridRows(children: LayoutNode[], columns: number, x: number, width: number, gap: number, align: string): GridCell[][] {
  const rows: GridCell[][] = [];
  let current: Array<{ node: LayoutNode; f: number }> = [];
  let used = 0;
  const flush = () => {
    if (current.length) rows.push(place(current, x, width, gap, align));
    current = [];
    used = 0;
  };
  const shares = columns === AUTO_COLUMNS ? autoShares(children) : undefined;
  children.forEach((node, i) => {
    // A page break or full-width flow item always gets a row of its own.
    const f = node.kind === 'pagebreak' ? 1 : (shares?.[i] ?? fractionOf(node.options.width) ?? 1 / columns);
    if (used + f > 1 + 1e-6) flush();
    current.push({ node, f });
    used += f;
    if (node.kind === 'pagebreak') flush();
  });
  flush();
  return rows;
}

function place(items: Array<{ node: LayoutNode; f: number }>, x: number, width: number, gap: number, align: string): GridCell[] {
  const cells: GridCell[] = [];
  let cx = x;
  for (const { node, f } of items) {
    const w = Math.max(1, f * (width + gap) - gap);
    cells.push({ node, x: cx, width: w });
    cx += w + gap;
  }
  const usedWidth = cx - gap - x;
  const free = width - usedWidth;
  const shift = align === 'right' ? free : align === 'center' || align === 'centre' ? free / 2 : 0;
  if (shift > 0.5) for (const c of cells) c.x += shift;
  return cells;
}
