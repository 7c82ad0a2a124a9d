/**
 * Splits a container's children into grid rows. Widths are fractions of the row:
 * a child's `width` option ('n/d', d = 2, 3, 4, 5, 6 or 12) wins; otherwise 1/columns,
 * or with AUTO_COLUMNS a share of what the sized children leave. Cells in a row are
 * separated by `gap`; a row that is not full is placed by `align`.
 *
 * A cell never gets narrower than its content's narrowest line (`Fit.minWidth`: the longest
 * word of a Text): the spacing gives way first, then the row's free space and the other cells'
 * room beyond their own minimum; `Fit.squeezed` is told what gave way (a render note).
 */
import { SPACING_UNIT_PT } from '../../catalogue';
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

/** What a cell needs and whom to tell when a row had to give way for it. */
export interface Fit {
  /** The narrowest width the node's content can take without breaking a word (0: no need). */
  minWidth(node: LayoutNode): number;
  squeezed(s: Squeeze): void;
}

/** A cell that its fraction and the spacing made narrower than its content's narrowest line. */
export interface Squeeze {
  node: LayoutNode;
  /** Its width from the fraction, the width its content needs, and the width it got. */
  asked: number;
  needs: number;
  got: number;
  /** The spacing asked for and the spacing used. */
  gap: number;
  gapUsed: number;
  /** True when the other cells of the row were narrowed for it (after the spacing and the row's free room). */
  neighbours: boolean;
}

export function gridRows(
  children: LayoutNode[],
  columns: number,
  x: number,
  width: number,
  gap: number,
  align: string,
  fit?: Fit,
): GridCell[][] {
  const rows: GridCell[][] = [];
  let current: Array<{ node: LayoutNode; f: number }> = [];
  let used = 0;
  const flush = () => {
    if (current.length) rows.push(place(current, x, width, gap, align, fit));
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

function place(items: Array<{ node: LayoutNode; f: number }>, x: number, width: number, gap: number, align: string, fit?: Fit): GridCell[] {
  const needs = items.map(({ node }) => (items.length > 1 && fit ? fit.minWidth(node) : 0));
  const widths = fitWidths(
    items.map((i) => i.f),
    needs,
    width,
    gap,
  );
  if (widths.squeezed !== undefined && fit)
    for (const i of widths.squeezed)
      fit.squeezed({
        node: items[i].node,
        asked: Math.max(0, items[i].f * (width + gap) - gap),
        needs: needs[i],
        got: widths.widths[i],
        gap,
        gapUsed: widths.gap,
        neighbours: widths.neighbours,
      });
  const cells: GridCell[] = [];
  let cx = x;
  items.forEach(({ node }, i) => {
    const w = widths.widths[i];
    cells.push({ node, x: cx, width: w });
    cx += w + widths.gap;
  });
  const usedWidth = cx - widths.gap - x;
  const free = width - usedWidth;
  const shift = align === 'right' ? free : align === 'center' || align === 'centre' ? free / 2 : 0;
  if (shift > 0.5) for (const c of cells) c.x += shift;
  return cells;
}

/**
 * Cell widths for fractions `f` of a row `width`, `gap` apart, each at least `needs[i]`: the
 * gap shrinks first (to the largest that still gives every cell its need, down to one spacing
 * unit so words of neighbouring cells never touch), then the row's free space and the other
 * cells' room above their own needs go to the cells short of theirs. `squeezed` lists the
 * cells that were short at the asked gap.
 */
function fitWidths(
  f: number[],
  needs: number[],
  width: number,
  gap: number,
): { widths: number[]; gap: number; squeezed?: number[]; neighbours: boolean } {
  const at = (g: number) => f.map((fi) => Math.max(1, fi * (width + g) - g));
  const asked = at(gap);
  const short = asked.flatMap((w, i) => (w + 0.01 < needs[i] ? [i] : []));
  if (!short.length) return { widths: asked, gap, neighbours: false };
  const floor = Math.min(gap, SPACING_UNIT_PT);
  // The largest gap at which every cell still gets its need (fi·(W + g) − g ≥ need).
  const fits = f.map((fi, i) => (fi < 1 ? (fi * width - needs[i]) / (1 - fi) : Infinity));
  const g = Math.max(floor, Math.min(gap, ...fits));
  const widths = at(g);
  if (widths.every((w, i) => w + 0.01 >= needs[i])) return { widths, gap: g, squeezed: short, neighbours: false };
  // The gap is at its floor: the free space of the row, then the others' room above their needs.
  const deficit = widths.reduce((d, w, i) => d + Math.max(0, needs[i] - w), 0);
  const free = Math.max(0, width - widths.reduce((a, b) => a + b, 0) - (f.length - 1) * g);
  const slack = widths.reduce((d, w, i) => d + Math.max(0, w - needs[i]), 0);
  const fromFree = Math.min(free, deficit);
  const take = slack > 0 ? Math.min(1, (deficit - fromFree) / slack) : 0;
  const share = (fromFree + take * slack) / deficit;
  const out = widths.map((w, i) => (w < needs[i] ? w + (needs[i] - w) * share : w - (w - needs[i]) * take));
  return { widths: out, gap: g, squeezed: short, neighbours: take > 0 };
}
