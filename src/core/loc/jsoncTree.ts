/**
 * The JSONC tree of a text in flat columns (kind, offset, length, parent, subtree end, colon;
 * nodes in document order) instead of one object per node. Code reads it through
 * jsonc-parser's own `Node` shape: `root` and every node reached from it are views made on
 * first access (and kept, so a node is always the same object), a literal's `value` is
 * decoded from the text when first read. A 422 looks at a few thousand of the quarter of a
 * million nodes of a 3.5 MiB report; parseTree() would allocate them all.
 *
 * A text without syntax errors is read straight from jsonc-parser's scanner (scanColumns,
 * which also notes the line starts on the way); at the first thing that is not clean JSONC it
 * stops and jsonc-parser's visitor builds the tree instead (visitColumns, the nodes parseTree()
 * makes), so error recovery and the errors are jsonc-parser's own.
 *
 * The columns and their builders are in jsoncColumns.ts, the node views in jsoncTreeNode.ts.
 *
 * A clean tree can also follow an edit without parsing the whole text again (edit()): the
 * part of the innermost container that the edit touches is parsed on its own and spliced in,
 * and the caller learns which part of the old text that was (EditRegion) to decide what moved.
 */
import { createScanner } from 'jsonc-parser';
import type { JSONScanner, Node, ParseError } from 'jsonc-parser';
import {
  allocate,
  BOOLEAN,
  isContainer,
  NULL,
  NUMBER,
  OBJECT,
  PROPERTY,
  scanColumns,
  STRING,
  visitColumns,
  type Columns,
} from './jsoncColumns';
import { TreeNode, type NodeSource } from './jsoncTreeNode';
import type { TextChange } from './textChanges';

const VIEW_SHIFT = 10;
const VIEW_CHUNK = 1 << VIEW_SHIFT;

/**
 * Which part of the old text an edit re-parsed: `window` (a run of the children of the
 * container at `container`, or the whole inside of it) was replaced by the parse of its new
 * text; everything after it moved by `delta`. Offsets are into the text before the edit.
 */
export interface EditRegion {
  container: { start: number; end: number };
  window: { start: number; end: number };
  delta: number;
  /** An array whose elements after the window now have other indexes. */
  reindexed: boolean;
  /**
   * An object whose keys changed: the keys of the old and the new run, where a lookup may now
   * find another node. With `type` among them the object's tag may have changed too.
   */
  rekeyed?: ReadonlySet<string>;
}

export class JsoncTree implements NodeSource {
  readonly root: Node | undefined;
  /** Views made so far, in chunks of VIEW_CHUNK indexes (most of a large tree is never looked at). */
  private readonly views: Array<Array<TreeNode | undefined> | undefined>;
  private scanner?: JSONScanner;

  private constructor(
    /** The text the offsets refer to (values are decoded from it). */
    readonly text: string,
    readonly count: number,
    /** @internal */ readonly cols: Columns,
    /** Free of syntax errors: read by the scanner, or a clean tree that followed an edit. */
    readonly clean: boolean,
    /** Where each line of the text starts, when the parse noted them (LineIndex takes them). */
    readonly lineStarts?: number[],
  ) {
    this.views = new Array<Array<TreeNode | undefined> | undefined>(Math.ceil(count / VIEW_CHUNK));
    this.root = count > 0 ? this.node(0) : undefined;
  }

  /**
   * Parses JSONC (comments and trailing commas allowed) the way parseTree() does, errors
   * included. `source` is what is scanned when it differs from `text` (a BOM blanked out).
   */
  static parse(text: string, errors: ParseError[] = [], source = text): JsoncTree {
    const lineStarts = [0];
    const scanned = scanColumns(source, lineStarts);
    if (scanned) return new JsoncTree(text, scanned.count, scanned, true, lineStarts);
    const cols = visitColumns(source, errors);
    return new JsoncTree(text, cols.count, cols, errors.length === 0);
  }

  /** The node at an index (a view, made once). */
  node(index: number): TreeNode {
    const chunk = (this.views[index >> VIEW_SHIFT] ??= new Array<TreeNode | undefined>(VIEW_CHUNK));
    return (chunk[index & (VIEW_CHUNK - 1)] ??= new TreeNode(this, index));
  }

  /** A literal's value, decoded from the text with jsonc-parser's scanner. */
  decode(index: number): unknown {
    const { kind, offset, length } = this.cols;
    const k = kind[index];
    const start = offset[index];
    if (k === NULL) return null;
    if (k === BOOLEAN) return this.text.charCodeAt(start) === 116; /* t */
    if (k === STRING) {
      const end = start + length[index];
      // A terminated string without escapes is its inside; anything else goes to the scanner.
      if (length[index] >= 2 && this.text.charCodeAt(end - 1) === 34) {
        const inside = this.text.slice(start + 1, end - 1);
        if (!inside.includes('\\')) return inside;
      }
    }
    if (k !== STRING && k !== NUMBER) return undefined;
    const scanner = (this.scanner ??= createScanner(this.text, true));
    scanner.setPosition(start);
    scanner.scan();
    const value = scanner.getTokenValue();
    if (k === STRING) return value;
    const n = Number(value);
    return Number.isNaN(n) ? 0 : n; // as the visitor does
  }

  /**
   * The property named `key` of the object at `index` (the last one, as JSON.parse keeps it);
   * -1 when there is none. Keys are compared in the text, without a node or string per key.
   */
  propertyIndex(index: number, key: string): number {
    const { kind, offset, length, end } = this.cols;
    let found = -1;
    for (let p = index + 1; p < end[index]; p = end[p]) {
      if (kind[p] !== PROPERTY) continue;
      const start = offset[p + 1] + 1; // inside the key's quotes
      const inside = length[p + 1] - 2;
      let plain = this.text.charCodeAt(start + inside) === 34; // terminated
      for (let c = start; plain && c < start + inside; c++) if (this.text.charCodeAt(c) === 92) plain = false; // an escape
      if (plain ? inside === key.length && this.text.startsWith(key, start) : this.decode(p + 1) === key) found = p;
    }
    return found;
  }

  /** The indexes of a node's children, in order. */
  childIndexes(index: number): number[] {
    const out: number[] = [];
    const end = this.cols.end;
    for (let j = index + 1; j < end[index]; j = end[j]) out.push(j);
    return out;
  }

  /**
   * The tree of `newText`, which is this tree's text with `change` applied, parsing only the
   * part of the innermost container around the edit; undefined when that part does not
   * parse on its own without errors even at the top (the caller then parses the whole text).
   * Only for a clean tree (undefined otherwise): then a part that parses cleanly in place of
   * the old one leaves everything else exactly as a full parse of the new text would.
   */
  edit(change: TextChange, newText: string): { tree: JsoncTree; region: EditRegion } | undefined {
    if (!this.clean || this.count === 0) return undefined;
    const { kind, offset, length, parent } = this.cols;
    const start = change.offset;
    const stop = change.offset + change.length;
    const encloses = (i: number) => offset[i] < start && stop < offset[i] + length[i];
    if (!isContainer(kind[0]) || !encloses(0)) return undefined;
    // Descend to the innermost container whose brackets enclose the edit. A `type` value is
    // not entered: it decides lookups in its object, so its whole property is parsed there.
    let container = 0;
    for (;;) {
      const child = this.childIndexes(container).find(encloses);
      if (child === undefined) break;
      const value = kind[child] === PROPERTY ? this.propertyValue(child) : child;
      if (value === undefined || !isContainer(kind[value]) || !encloses(value) || this.isTypeValue(value)) break;
      container = value;
    }
    for (;;) {
      const attempt = this.reparse(container, change, newText);
      if (attempt) return attempt;
      // Not a clean piece on its own (brackets or quotes moved across it): try the enclosing container.
      let up = parent[container];
      if (up >= 0 && kind[up] === PROPERTY) up = parent[up];
      if (up < 0) return undefined;
      container = up;
    }
  }

  private propertyValue(property: number): number | undefined {
    const value = this.cols.end[property + 1];
    return value < this.cols.end[property] ? value : undefined;
  }

  /** The value of a property named "type" (a component's tag). */
  private isTypeValue(index: number): boolean {
    const p = this.cols.parent[index];
    return p >= 0 && this.cols.kind[p] === PROPERTY && this.decode(p + 1) === 'type';
  }

  /**
   * Parses again the children of `container` that the edit touches, with the gaps around
   * them, and splices the result in. The untouched neighbours on either side are stood in
   * for by a dummy value (`0`, or `"":0` in an object), so the piece is parsed in the same
   * context as in the text without parsing them. Undefined when the piece is not a clean
   * sequence of values between those neighbours.
   */
  private reparse(container: number, change: TextChange, newText: string): { tree: JsoncTree; region: EditRegion } | undefined {
    const { kind, offset, length, end } = this.cols;
    const start = change.offset;
    const stop = change.offset + change.length;
    const delta = change.text.length - change.length;
    const children = this.childIndexes(container);
    const k = children.length;
    // Children [first, last] are changed by the edit; none when it falls between two of them
    // (last = first - 1) — text put just before or after a child leaves the child as it was.
    let first = children.findIndex((c) => offset[c] + length[c] > start);
    if (first < 0) first = k;
    let last = first - 1;
    while (last + 1 < k && offset[children[last + 1]] < stop) last++;
    const before = first > 0;
    const after = last + 1 < k;
    const containerStart = offset[container];
    const containerEnd = containerStart + length[container];
    const windowStart = before ? offset[children[first - 1]] + length[children[first - 1]] : containerStart + 1;
    const windowEnd = after ? offset[children[last + 1]] : containerEnd - 1;
    const isObject = kind[container] === OBJECT;
    const dummy = isObject ? '"":0' : '0';
    const prefix = (isObject ? '{' : '[') + (before ? dummy : '');
    const piece = prefix + newText.slice(windowStart, windowEnd + delta) + (after ? dummy : '') + (isObject ? '}' : ']');
    const sub = scanColumns(piece);
    if (!sub || sub.kind[0] !== kind[container] || sub.length[0] !== piece.length) return undefined;
    const subTree = new JsoncTree(piece, sub.count, sub, true);
    const subChildren = subTree.childIndexes(0);
    // The stand-ins must have come out as the first and last children, exactly where they were put.
    const isDummy = (i: number | undefined, at: number) =>
      i !== undefined && sub.offset[i] === at && sub.length[i] === dummy.length && sub.kind[i] === (isObject ? PROPERTY : NUMBER);
    if (before && !isDummy(subChildren[0], 1)) return undefined;
    if (after && !isDummy(subChildren[subChildren.length - 1], piece.length - 1 - dummy.length)) return undefined;
    const newRun = subChildren.slice(before ? 1 : 0, after ? -1 : undefined);
    const oldRun = children.slice(first, last + 1);

    const from = first < k ? children[first] : end[container];
    const to = oldRun.length ? end[children[last]] : from;
    const newFrom = before ? sub.end[subChildren[0]] : 1;
    const newTo = after ? subChildren[subChildren.length - 1] : sub.count;
    const region: EditRegion = {
      container: { start: containerStart, end: containerEnd },
      window: { start: windowStart, end: windowEnd },
      delta,
      reindexed: !isObject && newRun.length !== oldRun.length,
      rekeyed: isObject ? this.changedKeys(oldRun, subTree, newRun) : undefined,
    };
    const cols = this.splice(container, from, to, sub, newFrom, newTo, windowStart - prefix.length, delta);
    return { tree: new JsoncTree(newText, this.count - (to - from) + (newTo - newFrom), cols, true), region };
  }

  /**
   * The keys of two runs of properties when they differ (or either holds `type`, whose value
   * is the object's tag); undefined when both have the same keys in the same order.
   */
  private changedKeys(oldRun: number[], piece: JsoncTree, newRun: number[]): ReadonlySet<string> | undefined {
    const before = oldRun.map((p) => String(this.decode(p + 1)));
    const after = newRun.map((p) => String(piece.decode(p + 1)));
    const same = before.length === after.length && before.every((key, i) => key === after[i] && key !== 'type');
    return same ? undefined : new Set([...before, ...after]);
  }

  /**
   * The columns with nodes [from, to) replaced by the sub-parse's nodes [newFrom, newTo) (whose
   * offsets are `base` short of the new text's), the nodes after them moved by `delta`.
   */
  private splice(
    container: number,
    from: number,
    to: number,
    sub: Columns,
    newFrom: number,
    newTo: number,
    base: number,
    delta: number,
  ): Columns {
    const old = this.cols;
    const added = newTo - newFrom;
    const shift = added - (to - from);
    const n = this.count + shift;
    const cols = allocate(n);
    for (const name of ['kind', 'offset', 'length', 'parent', 'end', 'colon'] as const) {
      cols[name].set(old[name].subarray(0, from));
      cols[name].set(old[name].subarray(to, this.count), from + added);
    }
    cols.kind.set(sub.kind.subarray(newFrom, newTo), from);
    for (let j = newFrom; j < newTo; j++) {
      const at = from + j - newFrom;
      cols.offset[at] = sub.offset[j] + base;
      cols.length[at] = sub.length[j];
      cols.parent[at] = sub.parent[j] === 0 ? container : sub.parent[j] - newFrom + from;
      cols.end[at] = sub.end[j] - newFrom + from;
      cols.colon[at] = sub.colon[j] >= 0 ? sub.colon[j] + base : -1;
    }
    const { offset, colon, parent, end } = cols;
    if (delta !== 0)
      for (let at = from + added; at < n; at++) {
        offset[at] += delta;
        if (colon[at] >= 0) colon[at] += delta;
      }
    if (shift !== 0)
      for (let at = from + added; at < n; at++) {
        if (parent[at] >= to) parent[at] += shift;
        end[at] += shift;
      }
    // The container and everything around it grew by the edit.
    for (let a = container; a >= 0; a = cols.parent[a]) {
      cols.length[a] += delta;
      cols.end[a] += shift;
    }
    return cols;
  }
}
