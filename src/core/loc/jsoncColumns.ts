/**
 * The flat columns a JsoncTree keeps (jsoncTree.ts): one entry per node in document order —
 * kind, offset, length, parent, subtree end, colon — and the two ways to fill them from a
 * text. scanColumns reads a clean JSONC text straight from jsonc-parser's scanner (noting the
 * line starts on the way) and gives up at the first thing that is not clean; visitColumns runs
 * jsonc-parser's visitor and records the nodes parseTree() would make, errors and all.
 */
import { createScanner, ScanError, SyntaxKind, visit } from 'jsonc-parser';
import type { NodeType, ParseError } from 'jsonc-parser';

export const KINDS: readonly NodeType[] = ['object', 'array', 'property', 'string', 'number', 'boolean', 'null'];
export const OBJECT = 0;
export const ARRAY = 1;
export const PROPERTY = 2;
export const STRING = 3;
export const NUMBER = 4;
export const BOOLEAN = 5;
export const NULL = 6;

/** What the report documents allow: comments and trailing commas. */
const PARSE_OPTIONS = { allowTrailingComma: true, disallowComments: false };

/** One entry per node, in document order (a node's descendants follow it, up to `end`). */
export interface Columns {
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

export type Sized = Columns & { count: number };

export function isContainer(kind: number): boolean {
  return kind === OBJECT || kind === ARRAY;
}

/** Columns for `capacity` nodes, starting with `from`'s (when they grow). */
export function allocate(capacity: number, from?: Columns): Columns {
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
export function scanColumns(text: string, lineStarts?: number[]): Sized | undefined {
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
export function visitColumns(text: string, errors: ParseError[]): Sized {
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
