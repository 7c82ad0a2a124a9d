/**
 * Reading the live view's source map (core/report/sourceMap.ts) in the viewer: the boxes to
 * outline for a component (a node in the editor → its pages), and the component under a
 * click (a point on a page → the node to select).
 */
import type { ReportPath } from '../../core/api/types';
import type { SourceBox } from '../../core/report/sourceMap';

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
