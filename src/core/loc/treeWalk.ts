/**
 * Walks a jsonc-parser tree along a path of keys and indexes. One walker serves both
 * pydantic `loc`s (which contain segments that are not JSON keys: the tag of a tagged
 * union and the member names of plain unions) and JSON pointers from the schema
 * validator (which are exact).
 */
import type { Node } from 'jsonc-parser';
import { TreeNode } from './jsoncTreeNode';

export type PathSegment = string | number;

export type StopReason = 'unknown-key' | 'index-past-end' | 'not-a-container';

export interface WalkOutcome {
  /** The deepest node reached (a value node, never a property node). */
  node: Node;
  /** The document path of `node` (keys and indexes only). */
  path: PathSegment[];
  /** Segments left over when the walk stopped early; empty when every segment resolved. */
  rest: PathSegment[];
  stop?: StopReason;
  /** Segments skipped as union tags or union member names. */
  skipped: PathSegment[];
  /** The nodes along `path`: the root first, `node` last. */
  nodes: Node[];
}

export interface WalkOptions {
  /**
   * Skip segments that are not keys: a string equal to the object's `type` (tagged
   * union) or any segment followed by one that resolves (plain-union member name).
   */
  lenient: boolean;
}

export function walkTree(root: Node, segments: readonly PathSegment[], options: WalkOptions): WalkOutcome {
  let node = root;
  const path: PathSegment[] = [];
  const skipped: PathSegment[] = [];
  const nodes = [root];
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    const child = childAt(node, segment);
    if (child) {
      node = child.node;
      path.push(child.key);
      nodes.push(node);
      continue;
    }
    if (options.lenient && isSkippable(node, segment, segments[i + 1], i + 1 < segments.length)) {
      skipped.push(segment);
      continue;
    }
    const stop: StopReason =
      node.type === 'object'
        ? 'unknown-key'
        : node.type === 'array' && isIndex(segment)
          ? 'index-past-end'
          : node.type === 'array'
            ? 'unknown-key'
            : 'not-a-container';
    return { node, path, rest: segments.slice(i), stop, skipped, nodes };
  }
  return { node, path, rest: [], skipped, nodes };
}

function isSkippable(node: Node, segment: PathSegment, next: PathSegment | undefined, hasNext: boolean): boolean {
  if (node.type !== 'object' && node.type !== 'array') return false;
  if (node.type === 'object' && typeof segment === 'string' && typeTagOf(node) === segment) return true;
  return hasNext && next !== undefined && childAt(node, next) !== undefined;
}

/** The value of an object's `type` property when it is a string (the union tag). */
export function typeTagOf(node: Node): string | undefined {
  const prop = propertyNode(node, 'type');
  const value = prop?.children?.[1];
  return value?.type === 'string' ? (value.value as string) : undefined;
}

/** The property node (key + value) named `key` in an object node. Last one wins, as in JSON.parse. */
export function propertyNode(node: Node, key: string): Node | undefined {
  if (node.type !== 'object') return undefined;
  if (node instanceof TreeNode) return node.property(key); // without a node per key
  if (!node.children) return undefined;
  let found: Node | undefined;
  for (const prop of node.children) {
    if (prop.children?.[0]?.value === key) found = prop;
  }
  return found;
}

function childAt(node: Node, segment: PathSegment): { node: Node; key: PathSegment } | undefined {
  if (node.type === 'object') {
    const prop = propertyNode(node, String(segment));
    const value = prop?.children?.[1];
    return value ? { node: value, key: String(segment) } : undefined;
  }
  if (node.type === 'array' && isIndex(segment)) {
    const index = Number(segment);
    const element = node.children?.[index];
    return element ? { node: element, key: index } : undefined;
  }
  return undefined;
}

function isIndex(segment: PathSegment): boolean {
  return typeof segment === 'number' ? Number.isInteger(segment) && segment >= 0 : /^(0|[1-9]\d*)$/.test(segment);
}

/** `components[0].options.section_title`; the empty path is the document itself. */
export function formatPath(path: readonly PathSegment[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(segment)) out += out ? `.${segment}` : segment;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out || '(document)';
}
