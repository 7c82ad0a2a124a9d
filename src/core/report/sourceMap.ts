/**
 * The source map of a rendered report: where each component was drawn (page and rectangle),
 * keyed by its JSON path in the report. The renderer records it (render-pdf.ts), the live view
 * carries it to the viewer, and the two directions of source ↔ preview sync read it:
 * `boxesOf` (a node in the editor → boxes to highlight) and `componentAt` (a click on a page →
 * the node to select). `componentPathAt` finds the component under the editor's cursor.
 */
import { getLocation } from 'jsonc-parser';
import type { ReportPath } from '../api/types';

/** One component on one page: PDF points from the page's top-left corner. */
export interface SourceBox {
  path: ReportPath;
  /** The component type (`Card`, `Section`, …), for a hover. */
  type: string;
  /** 1-based. */
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Boxes kept per render: far more components than any report shows; a bigger map is cut. */
export const MAX_SOURCE_BOXES = 20_000;

const startsWith = (path: ReportPath, prefix: ReportPath): boolean => prefix.length <= path.length && prefix.every((p, i) => path[i] === p);

/**
 * Where the component at `path` was drawn: one box per page, the union of its own boxes and
 * those of everything inside it (a Section is its header plus its children). Empty when the
 * component was not drawn (cut from a single page, a Spacer).
 */
export function boxesOf(map: readonly SourceBox[], path: ReportPath): SourceBox[] {
  const perPage = new Map<number, SourceBox>();
  for (const b of map) {
    if (!startsWith(b.path, path)) continue;
    const u = perPage.get(b.page);
    if (!u) {
      perPage.set(b.page, { ...b, path });
      continue;
    }
    const right = Math.max(u.x + u.width, b.x + b.width);
    const bottom = Math.max(u.y + u.height, b.y + b.height);
    u.x = Math.min(u.x, b.x);
    u.y = Math.min(u.y, b.y);
    u.width = right - u.x;
    u.height = bottom - u.y;
    if (b.path.length === path.length) u.type = b.type;
  }
  return [...perPage.values()].sort((a, b) => a.page - b.page);
}

/** The innermost component drawn at point (x, y) of `page` (PDF points), if any. */
export function componentAt(map: readonly SourceBox[], page: number, x: number, y: number): SourceBox | undefined {
  let best: SourceBox | undefined;
  for (const b of map) {
    if (b.page !== page || x < b.x || y < b.y || x > b.x + b.width || y > b.y + b.height) continue;
    if (
      !best ||
      b.path.length > best.path.length ||
      (b.path.length === best.path.length && b.width * b.height < best.width * best.height)
    ) {
      best = b;
    }
  }
  return best;
}

/**
 * The path of the innermost component whose JSON holds `offset` in `text` (JSONC as typed):
 * `["components", 1, "components", 0]` inside that Card's options, say. Undefined outside any
 * component (the report's own options).
 */
export function componentPathAt(text: string, offset: number): ReportPath | undefined {
  const path = getLocation(text, offset).path;
  let end = -1;
  for (let i = 1; i < path.length; i++) if (path[i - 1] === 'components' && typeof path[i] === 'number') end = i;
  return end < 0 ? undefined : path.slice(0, end + 1);
}
