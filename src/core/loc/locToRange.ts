/**
 * Maps a FastAPI/pydantic 422 `loc` (and a JSON pointer path from the schema
 * validator) to the range of the user's original JSONC text that should be marked.
 * The body sent was the text with comments and trailing commas stripped
 * (jsoncText.ts); it has the same tree, so structural locs are walked on the
 * original text's tree and only character offsets (json_invalid) need the body map.
 */
import type { Node } from 'jsonc-parser';
import type { LocSegment } from '../api/types';
import { codePointToUtf16Offset, jsoncToJson, parseJsonc } from './jsoncText';
import type { JsonBody, ParsedJsonc } from './jsoncText';
import { propertyNode, typeTagOf, walkTree } from './treeWalk';
import type { PathSegment, StopReason } from './treeWalk';

export interface SourceRange {
  /** UTF-16 offsets into the original text; `end` is exclusive. */
  start: number;
  end: number;
}

/** What part of the document the range covers. */
type MarkTarget = 'value' | 'key' | 'array' | 'offset' | 'document';

export interface LocMapping {
  range: SourceRange;
  target: MarkTarget;
  /** Document path of the node the loc resolved to (tags and union members removed). */
  path: PathSegment[];
  /** True when every segment of the loc was found in the text. */
  exact: boolean;
  stop?: StopReason;
  /** Loc segments that did not resolve (for `missing`: the absent field). */
  rest: PathSegment[];
  /** The union tag of the nearest component on the path, e.g. `Section`. */
  componentType?: string;
  /** The `type` of the resolved node itself, when it is a component. */
  ownType?: string;
  /** The whole node the walk ended on (absent when it rests on no node: document, offset). */
  reached?: SourceRange;
}

/** How a path is to be read: a pydantic loc (lenient) or a JSON pointer (exact). */
export interface MapOptions {
  /** The pydantic error type, or the schema keyword mapped onto one (`missing`, …). */
  errorType?: string;
  lenient?: boolean;
}

/** Parsed once, mapped many times: a 422 usually carries several entries. */
export class SourceText {
  private parsedCache?: ParsedJsonc;
  private bodyCache?: JsonBody;

  /** `parsed`: the tree of `text` when the caller already has it (a tree that followed an edit). */
  constructor(
    readonly text: string,
    parsed?: ParsedJsonc,
  ) {
    this.parsedCache = parsed;
  }

  get parsed(): ParsedJsonc {
    return (this.parsedCache ??= parseJsonc(this.text));
  }

  /** The line starts the parse noted on its way, if the text was parsed already (see JsoncTree). */
  get knownLineStarts(): number[] | undefined {
    return this.parsedCache?.tree?.lineStarts;
  }

  get body(): JsonBody {
    return (this.bodyCache ??= jsoncToJson(this.text));
  }

  /** Maps a full 422 `loc` (starting with "body"). */
  mapLoc(loc: readonly LocSegment[], errorType?: string): LocMapping {
    if (loc[0] !== 'body') return this.documentMapping();
    const rest = loc.slice(1);
    if (errorType === 'json_invalid' || (rest.length === 1 && typeof rest[0] === 'number' && !this.parsed.root)) {
      return this.mapBodyOffset(typeof rest[0] === 'number' ? rest[0] : 0);
    }
    return this.mapPath(rest, { errorType, lenient: true });
  }

  /** Maps a document path (no leading "body"). */
  mapPath(segments: readonly PathSegment[], options: MapOptions = {}): LocMapping {
    const mapping = this.mapPathInTree(segments, options);
    return { ...mapping, range: clampRange(mapping.range, this.text.length) };
  }

  private mapPathInTree(segments: readonly PathSegment[], options: MapOptions): LocMapping {
    const root = this.parsed.root;
    if (!root) return this.documentMapping();
    const outcome = walkTree(root, segments, { lenient: options.lenient ?? true });
    const ownType = typeTagOf(outcome.node);
    // The `type` of the innermost object on the path that has one (the component being edited).
    let componentType = ownType;
    for (let i = outcome.nodes.length - 2; i >= 0 && componentType === undefined; i--) componentType = typeTagOf(outcome.nodes[i]);
    const reached = rangeOf(outcome.node);
    const base = { path: outcome.path, exact: !outcome.stop, stop: outcome.stop, rest: outcome.rest, componentType, ownType, reached };
    const { node, stop } = outcome;

    if (options.errorType === 'missing' && (stop === 'unknown-key' || !stop)) {
      // `missing` names the absent field; mark the object that lacks it.
      const lacking = stop ? node : (node.parent?.parent ?? node);
      // Only the absent field itself is unresolved: the loc was followed as far as it exists.
      return { ...base, exact: !stop || outcome.rest.length === 1, ...markObjectHead(lacking) };
    }
    if (stop === 'index-past-end') return { ...base, ...markContainerKey(node, 'array') };
    if (options.errorType === 'extra_forbidden' && !stop) {
      const key = keyOf(node);
      if (key) return { ...base, range: rangeOf(key), target: 'key' };
    }
    if (options.errorType?.startsWith('union_tag') && node.type === 'object') {
      const tag = propertyNode(node, 'type')?.children?.[1];
      if (tag) return { ...base, range: rangeOf(tag), target: 'value' };
      return { ...base, ...markObjectHead(node) };
    }
    return { ...base, ...markValue(node) };
  }

  /** json_invalid: `loc` is ["body", <code-point offset into the body sent>]. */
  mapBodyOffset(codePoints: number): LocMapping {
    const body = this.body;
    const utf16 = codePointToUtf16Offset(body.body, codePoints);
    const start = body.toSourceOffset(utf16);
    const end = Math.min(start + 1, this.text.length);
    return { range: { start, end }, target: 'offset', path: [], exact: true, rest: [] };
  }

  private documentMapping(): LocMapping {
    return { range: { start: 0, end: 0 }, target: 'document', path: [], exact: false, rest: [] };
  }
}

/** One-shot convenience over SourceText. */
export function locToRange(text: string, loc: readonly LocSegment[], errorType?: string): LocMapping {
  return new SourceText(text).mapLoc(loc, errorType);
}

/**
 * A range inside a text of `length` characters. jsonc-parser gives a node cut off by an
 * unterminated comment or string a length that runs past the end of the text.
 */
export function clampRange(range: SourceRange, length: number): SourceRange {
  const start = Math.min(Math.max(range.start, 0), length);
  return { start, end: Math.min(Math.max(range.end, start), length) };
}

function rangeOf(node: Node): SourceRange {
  return { start: node.offset, end: node.offset + node.length };
}

/** The key node when `node` is the value of an object property. */
function keyOf(node: Node): Node | undefined {
  const parent = node.parent;
  return parent?.type === 'property' && parent.children?.[1] === node ? parent.children[0] : undefined;
}

/** Large containers are marked by their opening bracket only, so a squiggle stays readable. */
const WHOLE_NODE_LIMIT = 80;

/** Primitives and short containers are marked whole; long containers by their head. */
function markValue(node: Node): Pick<LocMapping, 'range' | 'target'> {
  if ((node.type !== 'object' && node.type !== 'array') || node.length <= WHOLE_NODE_LIMIT) {
    return { range: rangeOf(node), target: 'value' };
  }
  return markObjectHead(node);
}

/** An object/array: its key; else (a component in an array) its `type` property; else itself. */
function markObjectHead(node: Node): Pick<LocMapping, 'range' | 'target'> {
  const key = keyOf(node);
  if (key) return { range: rangeOf(key), target: 'key' };
  const typeProp = propertyNode(node, 'type');
  if (typeProp) return { range: rangeOf(typeProp), target: 'key' };
  if (node.length <= WHOLE_NODE_LIMIT) return { range: rangeOf(node), target: 'value' };
  return { range: { start: node.offset, end: node.offset + 1 }, target: 'value' };
}

function markContainerKey(node: Node, target: MarkTarget): Pick<LocMapping, 'range' | 'target'> {
  const key = keyOf(node);
  if (key) return { range: rangeOf(key), target };
  return { range: { start: node.offset, end: node.offset + 1 }, target };
}
