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
 * A clean tree can also follow an edit without parsing the whole text again (edit()): the
 * part of the innermost container that the edit touches is parsed on its own and spliced in,
 * and the caller learns which part of the old text that was (EditRegion) to decide what moved.
 */
import { createScanner, ScanError, SyntaxKind, visit } from 'jsonc-parser';
import type { JSONScanner, Node, NodeType, ParseError } from 'jsonc-parser';
import type { TextChange } from './textChanges';

const KINDS: readonly NodeType[] = ['object', 'array', 'property', 'string', 'number', 'boolean', 'null'];
const OBJECT = 0;
const ARRAY = 1;
const PROPERTY = 2;
const STRING = 3;
const NUMBER = 4;
const BOOLEAN = 5;
const NULL = 6;

/** What the report documents allow: comments and trailing commas. */
const PARSE_OPTIONS = { allowTrailingComma: true, disallowComments: false };

/** One entry per node, in document order (a node's descendants follow it, up to `end`). */
interface Columns {
  kind: Uint8Array;
  offset: Int32Array;
  /** -1 while (or if never) closed, as parseTree leaves it. */
  length: Int32Array;
  /** Index of the parent node; -1 for a top-level value. */
  parent: Int32Array;
  /** One past the index of the node's last descendant. */
  end: Int32Array;
  /** Offset of a property's colon; -1 when none. */
  colon: Int32Array;
}

type Sized = Columns & { count: number };

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

export class JsoncTree {
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

function isContainer(kind: number): boolean {
  return kind === OBJECT || kind === ARRAY;
}

/** A node of a JsoncTree in jsonc-parser's `Node` shape. */
export class TreeNode implements Node {
  readonly type: NodeType;
  readonly offset: number;
  readonly length: number;
  #tree: JsoncTree;
  #index: number;
  #value: unknown;
  #decoded = false;
  #children?: Node[];

  constructor(tree: JsoncTree, index: number) {
    this.#tree = tree;
    this.#index = index;
    this.type = KINDS[tree.cols.kind[index]];
    this.offset = tree.cols.offset[index];
    this.length = tree.cols.length[index];
  }

  get value(): unknown {
    if (!this.#decoded) {
      this.#value = this.#tree.decode(this.#index);
      this.#decoded = true;
    }
    return this.#value;
  }

  /** The property named `key` when this is an object (see JsoncTree.propertyIndex). */
  property(key: string): Node | undefined {
    const found = this.#tree.propertyIndex(this.#index, key);
    return found >= 0 ? this.#tree.node(found) : undefined;
  }

  get colonOffset(): number | undefined {
    const colon = this.#tree.cols.colon[this.#index];
    return colon >= 0 ? colon : undefined;
  }

  get parent(): Node | undefined {
    const p = this.#tree.cols.parent[this.#index];
    return p >= 0 ? this.#tree.node(p) : undefined;
  }

  get children(): Node[] | undefined {
    const kind = this.#tree.cols.kind[this.#index];
    if (kind !== OBJECT && kind !== ARRAY && kind !== PROPERTY) return undefined;
    return (this.#children ??= this.#tree.childIndexes(this.#index).map((i) => this.#tree.node(i)));
  }
}

/** Columns for `capacity` nodes, starting with `from`'s (when they grow). */
function allocate(capacity: number, from?: Columns): Columns {
  const sized = <T extends Uint8Array | Int32Array>(make: new (n: number) => T, old?: T): T => {
    const a = new make(capacity);
    if (old) a.set(old);
    return a;
  };
  return {
    kind: sized(Uint8Array, from?.kind),
    offset: sized(Int32Array, from?.offset),
    length: sized(Int32Array, from?.length),
    parent: sized(Int32Array, from?.parent),
    end: sized(Int32Array, from?.end),
    colon: sized(Int32Array, from?.colon),
  };
}

/** Columns filled node by node in document order (by either builder below), growing as needed. */
class ColumnWriter {
  cols: Columns;
  count = 0;
  private capacity: number;

  constructor(text: string) {
    // About one node per 12 characters of pretty-printed JSON.
    this.capacity = Math.max(16, Math.ceil(text.length / 12));
    this.cols = allocate(this.capacity);
  }

  /** A new node under `parent`; a container or property is open (length -1) until finish(). */
  add(kind: number, offset: number, length: number, parent: number): number {
    if (this.count === this.capacity) this.cols = allocate((this.capacity *= 2), this.cols);
    const i = this.count++;
    const cols = this.cols;
    cols.kind[i] = kind;
    cols.offset[i] = offset;
    cols.length[i] = length;
    cols.parent[i] = parent;
    cols.end[i] = length < 0 ? -1 : i + 1;
    cols.colon[i] = -1;
    return i;
  }

  /** Closes an open node at `endOffset` (its descendants are the nodes added since); returns its parent. */
  finish(node: number, endOffset: number): number {
    this.cols.length[node] = endOffset - this.cols.offset[node];
    this.cols.end[node] = this.count;
    return this.cols.parent[node];
  }

  kindOf(node: number): number {
    return node < 0 ? ARRAY : this.cols.kind[node]; // the top level behaves as an array
  }

  done(): Sized {
    return { ...this.cols, count: this.count };
  }
}

/** Deeper than this the visitor takes over (and, far deeper, reports the text as nested too deeply). */
const SCAN_DEPTH_LIMIT = 2000;

/**
 * The nodes of a text without syntax errors, read from jsonc-parser's scanner: exactly the
 * nodes parseTree() makes for it. Undefined at the first token (or scan error) that a clean
 * JSONC text (comments and trailing commas allowed) would not have there. `lineStarts`, when
 * given, receives the offset after every line break.
 */
function scanColumns(text: string, lineStarts?: number[]): Sized | undefined {
  const w = new ColumnWriter(text);
  let current = -1; // the open container or property
  let depth = 0;
  let valueEnd = 0; // where the value just read ends
  const scanner = createScanner(text, false);
  const next = (): SyntaxKind => {
    for (;;) {
      // Blanks and line breaks are skipped here: the scanner would build a string of each run.
      let p = scanner.getPosition();
      for (let ch = text.charCodeAt(p); ; ch = text.charCodeAt(p)) {
        if (ch === 32 || ch === 9) p++;
        else if (ch === 10 || ch === 13) {
          p += ch === 13 && text.charCodeAt(p + 1) === 10 ? 2 : 1;
          lineStarts?.push(p);
        } else break;
      }
      scanner.setPosition(p);
      const token = scanner.scan();
      if (scanner.getTokenError() !== ScanError.None) return SyntaxKind.Unknown;
      if (token === SyntaxKind.LineBreakTrivia) lineStarts?.push(scanner.getPosition());
      else if (token === SyntaxKind.BlockCommentTrivia) {
        if (lineStarts) noteBreaks(text, scanner.getTokenOffset(), scanner.getPosition(), lineStarts);
      } else if (token !== SyntaxKind.Trivia && token !== SyntaxKind.LineCommentTrivia) return token;
    }
  };
  /** A property's key and colon; false when the token is not a key followed by a colon. */
  const property = (): boolean => {
    if (token !== SyntaxKind.StringLiteral) return false;
    const offset = scanner.getTokenOffset();
    current = w.add(PROPERTY, offset, -1, current);
    w.add(STRING, offset, scanner.getTokenLength(), current);
    if ((token = next()) !== SyntaxKind.ColonToken) return false;
    w.cols.colon[current] = scanner.getTokenOffset();
    token = next();
    return true;
  };
  const close = () => {
    valueEnd = scanner.getTokenOffset() + 1;
    current = w.finish(current, valueEnd);
    depth--;
    token = next();
  };

  let token = next();
  let expectValue = true;
  for (;;) {
    if (expectValue) {
      const offset = scanner.getTokenOffset();
      const length = scanner.getTokenLength();
      if (token === SyntaxKind.OpenBraceToken || token === SyntaxKind.OpenBracketToken) {
        const isObject = token === SyntaxKind.OpenBraceToken;
        if (++depth > SCAN_DEPTH_LIMIT) return undefined;
        current = w.add(isObject ? OBJECT : ARRAY, offset, -1, current);
        token = next();
        if (token === (isObject ? SyntaxKind.CloseBraceToken : SyntaxKind.CloseBracketToken)) {
          close();
          expectValue = false;
        } else if (isObject && !property()) return undefined;
        continue;
      }
      const kind = LITERALS[token];
      if (kind === undefined) return undefined;
      w.add(kind, offset, length, current);
      valueEnd = offset + length;
      token = next();
      expectValue = false;
      continue;
    }
    // After a value: it completes its property; then a comma or the container's end.
    if (w.kindOf(current) === PROPERTY) current = w.finish(current, valueEnd);
    if (current < 0) return token === SyntaxKind.EOF ? w.done() : undefined;
    const isObject = w.kindOf(current) === OBJECT;
    const closing = isObject ? SyntaxKind.CloseBraceToken : SyntaxKind.CloseBracketToken;
    if (token === SyntaxKind.CommaToken) {
      token = next();
      if (token === closing)
        close(); // a trailing comma
      else if (isObject && !property()) return undefined;
      else expectValue = true;
    } else if (token === closing) close();
    else return undefined;
  }
}

const LITERALS: Partial<Record<SyntaxKind, number>> = {
  [SyntaxKind.StringLiteral]: STRING,
  [SyntaxKind.NumericLiteral]: NUMBER,
  [SyntaxKind.TrueKeyword]: BOOLEAN,
  [SyntaxKind.FalseKeyword]: BOOLEAN,
  [SyntaxKind.NullKeyword]: NULL,
};

/** The line starts inside a block comment (the only token other than a line break that spans lines). */
function noteBreaks(text: string, from: number, to: number, lineStarts: number[]): void {
  for (let i = from; i < to; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 10 || (ch === 13 && text.charCodeAt(i + 1) !== 10)) lineStarts.push(i + 1);
  }
}

/** Runs jsonc-parser's visitor over `text`, recording the nodes parseTree() would make, errors and all. */
function visitColumns(text: string, errors: ParseError[]): Sized {
  const w = new ColumnWriter(text);
  let current = -1; // the open container or property new nodes belong to
  const completeProperty = (endOffset: number) => {
    if (w.kindOf(current) === PROPERTY) current = w.finish(current, endOffset);
  };
  const close = (offset: number, length: number) => {
    current = w.finish(current, offset + length);
    completeProperty(offset + length);
  };
  visit(
    text,
    {
      onObjectBegin: (offset) => {
        current = w.add(OBJECT, offset, -1, current);
      },
      onObjectProperty: (_name, offset, length) => {
        current = w.add(PROPERTY, offset, -1, current);
        w.add(STRING, offset, length, current);
      },
      onObjectEnd: (offset, length) => {
        completeProperty(offset + length); // a property left without a value
        close(offset, length);
      },
      onArrayBegin: (offset) => {
        current = w.add(ARRAY, offset, -1, current);
      },
      onArrayEnd: close,
      onLiteralValue: (value, offset, length) => {
        const kind = value === null ? NULL : typeof value === 'string' ? STRING : typeof value === 'number' ? NUMBER : BOOLEAN;
        w.add(kind, offset, length, current);
        completeProperty(offset + length);
      },
      onSeparator: (separator, offset) => {
        if (w.kindOf(current) !== PROPERTY) return;
        if (separator === ':') w.cols.colon[current] = offset;
        else if (separator === ',') completeProperty(offset);
      },
      onError: (error, offset, length) => {
        errors.push({ error, offset, length });
      },
    },
    PARSE_OPTIONS,
  );
  // Nodes never closed (the text ended inside them) hold everything after them.
  const { end } = w.cols;
  for (let i = 0; i < w.count; i++) if (end[i] < 0) end[i] = w.count;
  return w.done();
}
