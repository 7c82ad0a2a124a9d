/**
 * A layout node's path string (`components[1].components[0] (Card)`, made by
 * nodes.ts for error messages) → the JSON path of the component in the report
 * (`["components", 1, "components", 0]`), as render notes carry it.
 */
import type { ReportPath } from '../../core/api/types';

export function reportPathOf(nodePath: string): ReportPath {
  const bare = nodePath.replace(/\s*\([^()]*\)\s*$/, '');
  const path: ReportPath = [];
  for (const m of bare.matchAll(/([A-Za-z_$][\w$-]*)|\[(\d+)\]/g)) path.push(m[2] !== undefined ? Number(m[2]) : m[1]);
  return path;
}

/** The component type a node path names (`components[1] (Card)` → `Card`); '' without one. */
export function componentTypeOf(nodePath: string): string {
  return /\(([^()]*)\)\s*$/.exec(nodePath)?.[1] ?? '';
}
