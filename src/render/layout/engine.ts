/**
 * The layout engine: flows the component tree down the pages of a PagePlan.
 *
 * Two modes. `flow` walks a full-width chain (top-level components, a Section
 * whose child takes the whole row) and may break pages between grid rows, and
 * inside splittable leaves (Table, Text). `place` puts a component at a fixed
 * rect (cells of a multi-column row) — it cannot break, and is clipped to the
 * rest of the page when taller. Every loop makes progress, so layout ends.
 */
import type { PaintContext, Rect, RenderTheme } from '../painter';
import { RenderError } from '../renderer';
import { containerBox, paintHighlight } from './containerBox';
import { gridRows, type Fit, type GridCell } from './grid';
import { squeezeNote } from './squeezeNote';
import type { RenderNote } from '../../core/api/types';
import type { LayoutNode } from './nodes';
import type { PagePlan } from './plan';
import { sectionHeader } from '../components/sectionHeader';

/** Thrown when a report needs more pages than it may have: layout stops there. */
export class OverflowStop extends Error {
  constructor(
    /** The first component that was not (completely) placed on the page. */
    readonly node: LayoutNode,
    /** True when a first part of it was placed (a split Table or Text, a Section whose first rows fit). */
    readonly partial: boolean,
  ) {
    super(`${node.path} did not fit on the pages the report may have`);
    this.name = 'OverflowStop';
  }
}

export interface LayoutEnv {
  doc: PDFKit.PDFDocument;
  theme: RenderTheme;
  plan: PagePlan;
  fontSize: PaintContext['fontSize'];
  /** Throws when the render's time is up or it was aborted. */
  checkTime(): void;
  /** Where notes for the author go (a squeezed column); each component's once. */
  note?(note: RenderNote): void;
}

/** Gap between stacked components at the top level. */
const BLOCK_GAP = 12;

export class LayoutEngine {
  private readonly heights = new Map<LayoutNode, Map<number, number>>();
  /**
   * A PageBreak on a page that may not be followed by another: the break is only an
   * overflow if something comes after it, and that component is what did not fit.
   */
  private breakPending = false;

  private readonly minWidths = new Map<LayoutNode, number>();
  /** Cells keep their content's narrowest line (grid.ts); what gave way is noted (env.note keeps one per component). */
  private readonly fit: Fit = {
    minWidth: (node) => {
      let w = this.minWidths.get(node);
      if (w === undefined) this.minWidths.set(node, (w = this.minWidthOf(node)));
      return w;
    },
    squeezed: (s) => this.env.note?.(squeezeNote(s)),
  };

  constructor(private readonly env: LayoutEnv) {}

  /** The narrowest width a node's content takes without breaking a word: its painter's, or a container's widest child's. */
  private minWidthOf(node: LayoutNode): number {
    if (node.kind === 'leaf') {
      const ctx = this.ctx(node.path);
      return node.painter.minWidth ? this.guard(node.path, () => node.painter.minWidth!(node.options, ctx)) : 0;
    }
    if (node.kind !== 'container') return 0;
    const box = this.guard(node.path, () => containerBox(node.type, node.options, 0, this.ctx(node.path)));
    return Math.max(0, ...node.children.map((c) => this.fit.minWidth(c))) + 2 * (box.insetX + box.padding);
  }

  ctx(path: string): PaintContext {
    return { doc: this.env.doc, theme: this.env.theme, path, fontSize: this.env.fontSize };
  }

  /** Height of a node laid out at `width`, without page breaks (memoised). */
  measure(node: LayoutNode, width: number): number {
    const key = Math.round(width * 100) / 100;
    let byWidth = this.heights.get(node);
    const hit = byWidth?.get(key);
    if (hit !== undefined) return hit;
    this.env.checkTime();
    const h = this.guard(node.path, () => this.layoutFixed(node, { x: 0, y: 0, width, height: 0 }, false));
    if (!byWidth) this.heights.set(node, (byWidth = new Map()));
    byWidth.set(key, h);
    return h;
  }

  /** Stacks nodes down the page(s), `gap` apart. */
  flowAll(nodes: LayoutNode[], x: number, width: number, gap = BLOCK_GAP): void {
    nodes.forEach((node) => {
      if (!this.env.plan.atTop && node.kind !== 'pagebreak') this.env.plan.y += gap;
      this.flow(node, x, width);
    });
  }

  /** Starts a new page for `node`; a single-page report stops here, naming it. */
  private newPage(node: LayoutNode, partial = false): void {
    if (!this.env.plan.newPage()) throw new OverflowStop(node, partial);
  }

  /** Honours a pending PageBreak before `node` is placed (single-page reports only). */
  private breakBefore(node: LayoutNode): void {
    if (!this.breakPending) return;
    this.breakPending = false;
    this.newPage(node);
  }

  private flow(node: LayoutNode, x: number, width: number): void {
    const plan = this.env.plan;
    this.env.checkTime();
    if (node.kind !== 'pagebreak') this.breakBefore(node);
    switch (node.kind) {
      case 'pagebreak':
        if (plan.atTop) return;
        if (plan.mayAddPage) this.newPage(node);
        else this.breakPending = true;
        return;
      case 'space':
        plan.y = Math.min(plan.bottom, plan.y + node.height);
        return;
      case 'leaf':
        return this.flowLeaf(node, x, width);
      case 'container':
        return this.flowContainer(node, x, width);
    }
  }

  private flowLeaf(node: Extract<LayoutNode, { kind: 'leaf' }>, x: number, width: number): void {
    const plan = this.env.plan;
    const ctx = this.ctx(node.path);
    let options = node.options;
    for (;;) {
      this.env.checkTime();
      const h =
        options === node.options ? this.measure(node, width) : this.guard(node.path, () => node.painter.measure(options, width, ctx));
      if (h <= plan.remaining + 0.01) {
        this.pushLeaf(node, options, { x, y: plan.y, width, height: h });
        plan.y += h;
        return;
      }
      const parts =
        node.painter.split && plan.remaining > 24
          ? this.guard(node.path, () => node.painter.split!(options, width, plan.remaining, ctx))
          : null;
      if (parts) {
        const fh = Math.min(
          plan.remaining,
          this.guard(node.path, () => node.painter.measure(parts.first, width, ctx)),
        );
        this.pushLeaf(node, parts.first, { x, y: plan.y, width, height: fh });
        this.newPage(node, true);
        options = parts.rest;
        continue;
      }
      if (!plan.atTop) {
        this.newPage(node, options !== node.options);
        continue;
      }
      // Taller than a whole page and not splittable: draw what fits.
      this.pushLeaf(node, options, { x, y: plan.y, width, height: plan.remaining });
      plan.y = plan.bottom;
      return;
    }
  }

  private flowContainer(node: Extract<LayoutNode, { kind: 'container' }>, x: number, width: number): void {
    const plan = this.env.plan;
    const ctx = this.ctx(node.path);
    const box = this.guard(node.path, () => containerBox(node.type, node.options, width, ctx));
    const innerX = x + box.insetX + box.padding;
    const innerW = Math.max(10, width - 2 * box.insetX - 2 * box.padding);
    const rows = gridRows(node.children, box.columns, innerX, innerW, box.gap, box.align, this.fit);
    // A title moves with its first component: when that cannot start here, both go to the next page.
    const head = box.marginTop + 2 * box.padding + box.headerHeight + box.headerGap;
    if (!plan.atTop && !(head <= plan.remaining && this.startsWithin(rows[0], innerW, plan.remaining - head))) this.newPage(node);
    if (!plan.atTop) plan.y += box.marginTop;
    const bg = box.highlighted
      ? {
          x: x + box.insetX,
          width: width - 2 * box.insetX,
          path: node.path,
          padding: box.padding,
          paint: (r: Rect) => paintHighlight(this.env.doc, r, ctx),
        }
      : undefined;
    if (bg) plan.openBackground(bg);
    plan.y += box.padding;
    if (box.headerHeight) {
      this.pushHeader(node, { x: innerX, y: plan.y, width: innerW, height: box.headerHeight });
      plan.y += box.headerHeight + box.headerGap;
    }
    rows.forEach((row, i) => {
      if (i > 0 && !plan.atTop) plan.y += box.gap;
      const only = row[0];
      if (row.length === 1 && Math.abs(only.width - innerW) < 0.5 && this.flowable(only.node)) {
        this.flow(only.node, only.x, only.width);
        return;
      }
      this.breakBefore(only.node);
      const h = this.rowHeight(row);
      if (h > plan.remaining && !plan.atTop) this.newPage(only.node);
      const placed = Math.min(h, plan.remaining);
      for (const cell of row) this.place(cell.node, { x: cell.x, y: plan.y, width: cell.width, height: placed });
      plan.y += placed;
    });
    plan.y = Math.min(plan.bottom, plan.y + box.padding);
    if (bg) plan.closeBackground(bg, plan.y);
    plan.y = Math.min(plan.bottom, plan.y + box.marginBottom);
  }

  /**
   * Whether a container's first row can start in `avail` pt, as flowContainer would place it:
   * a grid row or an unsplittable leaf whole, a splittable leaf by a first part, a nested
   * container by its own title and first row.
   */
  private startsWithin(row: GridCell[] | undefined, innerW: number, avail: number): boolean {
    if (!row) return true;
    const only = row[0];
    if (row.length !== 1 || Math.abs(only.width - innerW) >= 0.5 || !this.flowable(only.node)) return this.rowHeight(row) <= avail + 0.01;
    const node = only.node;
    if (node.kind === 'leaf') {
      if (this.measure(node, only.width) <= avail + 0.01) return true;
      const ctx = this.ctx(node.path);
      return avail > 24 && this.guard(node.path, () => node.painter.split!(node.options, only.width, avail, ctx)) !== null;
    }
    if (node.kind !== 'container') return true;
    const box = this.guard(node.path, () => containerBox(node.type, node.options, only.width, this.ctx(node.path)));
    const innerX = only.x + box.insetX + box.padding;
    const w = Math.max(10, only.width - 2 * box.insetX - 2 * box.padding);
    const head = box.marginTop + box.padding + box.headerHeight + box.headerGap;
    return (
      head <= avail && this.startsWithin(gridRows(node.children, box.columns, innerX, w, box.gap, box.align, this.fit)[0], w, avail - head)
    );
  }

  private flowable(node: LayoutNode): boolean {
    return node.kind !== 'leaf' || typeof node.painter.split === 'function';
  }

  private rowHeight(row: GridCell[]): number {
    return Math.max(0, ...row.map((c) => this.measure(c.node, c.width)));
  }

  /** Places a node at a fixed rect on the current page (clipped to it). */
  private place(node: LayoutNode, rect: Rect): void {
    this.guard(node.path, () => this.layoutFixed(node, rect, true));
  }

  /** Lays a node out at rect.x/y/width; pushes draw ops when `emit`; returns its height. */
  private layoutFixed(node: LayoutNode, rect: Rect, emit: boolean): number {
    if (node.kind === 'pagebreak') return 0;
    if (node.kind === 'space') return node.height;
    const ctx = this.ctx(node.path);
    if (node.kind === 'leaf') {
      if (emit) this.pushLeaf(node, node.options, rect);
      return emit ? rect.height : node.painter.measure(node.options, rect.width, ctx);
    }
    const box = containerBox(node.type, node.options, rect.width, ctx);
    const innerX = rect.x + box.insetX + box.padding;
    const innerW = Math.max(10, rect.width - 2 * box.insetX - 2 * box.padding);
    if (emit && box.highlighted) {
      const total = this.measure(node, rect.width);
      const bgRect = {
        x: rect.x + box.insetX,
        y: rect.y + box.marginTop,
        width: rect.width - 2 * box.insetX,
        height: Math.min(total, rect.height) - box.marginTop - box.marginBottom,
      };
      this.env.plan.push({ path: node.path, clip: rect, box: bgRect, draw: () => paintHighlight(this.env.doc, bgRect, ctx) });
    }
    let y = rect.y + box.marginTop + box.padding;
    if (box.headerHeight) {
      if (emit) this.pushHeader(node, { x: innerX, y, width: innerW, height: box.headerHeight });
      y += box.headerHeight + box.headerGap;
    }
    const bottom = rect.y + rect.height;
    gridRows(node.children, box.columns, innerX, innerW, box.gap, box.align, this.fit).forEach((row, i) => {
      if (i > 0) y += box.gap;
      const h = this.rowHeight(row);
      if (emit) {
        const visible = Math.max(0, Math.min(h, bottom - y));
        if (visible > 0) for (const cell of row) this.place(cell.node, { x: cell.x, y, width: cell.width, height: visible });
      }
      y += h;
    });
    return y + box.padding + box.marginBottom - rect.y;
  }

  private pushHeader(node: LayoutNode, rect: Rect): void {
    const ctx = this.ctx(node.path);
    this.env.plan.push({ path: node.path, clip: null, box: rect, draw: () => sectionHeader.paint(node.options, rect, ctx) });
  }

  private pushLeaf(node: Extract<LayoutNode, { kind: 'leaf' }>, options: Record<string, unknown>, rect: Rect): void {
    const ctx = this.ctx(node.path);
    this.env.plan.push({ path: node.path, clip: rect, box: rect, draw: () => node.painter.paint(options, rect, ctx) });
  }

  /** Runs `fn`, turning any unexpected error into a RenderError that names the component. */
  private guard<T>(path: string, fn: () => T): T {
    try {
      return fn();
    } catch (err) {
      if (err instanceof RenderError || err instanceof OverflowStop) throw err;
      if (err instanceof Error && err.name === 'AbortError') throw err;
      throw new RenderError(err instanceof Error ? err.message : String(err), path);
    }
  }
}
