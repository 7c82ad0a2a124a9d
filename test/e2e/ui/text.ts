// The report texts the UI checks type into and point at: the broken fixture, the examples (as
// the e2e workspace holds copies of them), and where a JSON node sits in them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findNodeAtLocation, parseTree, type JSONPath } from 'jsonc-parser';
import { root } from '../../../scripts/e2e/build-suite.mjs';

const FIXTURE = 'test/e2e/fixtures/broken.report.json';

export function fixtureText(): string {
  return readFileSync(join(root, FIXTURE), 'utf8');
}

/** An example report's text as the e2e workspace holds it (a copy of examples/). */
export function readExample(name: string): string {
  return readFileSync(join(root, 'examples', name), 'utf8');
}

/** 1-based line/column of a JSON node (its key with part 'key'). */
export function positionOf(text: string, path: JSONPath, part: 'value' | 'key' = 'value'): { line: number; column: number } {
  const node = findNodeAtLocation(parseTree(text)!, path);
  if (!node) throw new Error(`no ${JSON.stringify(path)} in the report`);
  const target = part === 'key' ? node.parent!.children![0] : node;
  const before = text.slice(0, target.offset).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}
