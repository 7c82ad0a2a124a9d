/**
 * Splits a container's children into grid rows. Widths are fractions of the row:
 * a child's `width` option ('1/3' … '5/6') wins; otherwise 1/columns. Cells in a
 * row are separated by `gap`; a row that is not full is placed by `align`.
 */
import type { LayoutNode } from './nodes';

export interface GridCell {
  node: LayoutNode;
  x: number;
  width: number;
}

const FRACTION = /^([1-5])\/([2-6])$/;

function fractionOf(width: unknown): number | undefined {
  if (typeof width !== 'string') return undefined;
  const m = FRACTION.exec(width.trim());
  if (!m) return undefined;
  const f = Number(m[1]) / Number(m[2]);
  return f > 0 && f < 1 ? f : undefined;
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
  for (const node of children) {
    // A page break or full-width flow item always gets a row of its own.
    const f = node.kind === 'pagebreak' ? 1 : (fractionOf(node.options.width) ?? 1 / columns);
    if (used + f > 1 + 1e-6) flush();
    current.push({ node, f });
    used += f;
    if (node.kind === 'pagebreak') flush();
  }
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
