/**
 * The editor's side of source ↔ preview sync: the component under the cursor, and the text a
 * click in the preview selects. (The viewer's side is src/webview/viewer/sourceBoxes.ts.)
 */
import { findNodeAtLocation, getLocation, parseTree } from 'jsonc-parser';
import type { ReportPath } from '../api/types';

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

/** The text range (offset, length) of the component at `path`, as the editor should select it. */
export function componentRange(text: string, path: ReportPath): { offset: number; length: number } | undefined {
  const root = parseTree(text, [], { allowTrailingComma: true });
  const node = root && findNodeAtLocation(root, path);
  return node ? { offset: node.offset, length: node.length } : undefined;
}
