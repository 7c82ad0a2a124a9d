/**
 * Whether a problem from the report service (a 422 entry) or from a `report-studio` task is
 * about the same node as a diagnostic of the editor's schema validation (VS Code's JSON
 * language service): then the extension shows only the schema's, which is there as the author
 * types and goes as soon as the text is fixed. One mistake, one problem. The schema's messages
 * are localised, so the node decides, not the words: both mark the value that is wrong, the
 * key of the object that lacks an option, the unknown key.
 */

import { findNodeAtOffset, parseTree } from 'jsonc-parser';

/** A text range as offsets. */
interface OffsetRange {
  start: number;
  end: number;
}

/** The same node: the ranges start together, or one holds the other. */
export function sameNode(a: OffsetRange, b: OffsetRange): boolean {
  return a.start === b.start || (b.start <= a.start && a.end <= b.end) || (a.start <= b.start && b.end <= a.end);
}

/**
 * Where the object holding `offset` starts in `text`: the schema marks an object that lacks a
 * required key by its opening brace, the service's `missing` entry marks a key inside it.
 */
export function enclosingObjectStart(text: string, offset: number): number | undefined {
  let node = findNodeAtOffset(parseTree(text, [], { allowTrailingComma: true }) ?? emptyRoot, offset, true);
  while (node && node.type !== 'object') node = node.parent;
  return node?.offset;
}

const emptyRoot = parseTree('null')!;
