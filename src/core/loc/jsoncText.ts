/**
 * JSONC (comments, trailing commas, BOM) → the strict JSON body actually sent to the
 * service, plus the map from body offsets back to the user's original text. The
 * service only sees the body, so any character offset it reports (json_invalid) is
 * an offset into the body and has to be mapped back before it is shown.
 */
import { createScanner, printParseErrorCode, SyntaxKind } from 'jsonc-parser';
import type { Node, ParseError } from 'jsonc-parser';
import { JsoncTree } from './jsoncTree';

/** A run of text kept verbatim: body[bodyStart, bodyStart+length) = text[sourceStart, …). */
interface KeptSpan {
  bodyStart: number;
  sourceStart: number;
  length: number;
}

export interface JsonBody {
  /** Strict JSON: the original text minus comments, trailing commas and a leading BOM. */
  readonly body: string;
  /** Maps a UTF-16 offset in `body` to the UTF-16 offset of the same character in the source. */
  toSourceOffset(bodyOffset: number): number;
}

/** A syntax problem in the user's text (offsets into the original text). */
interface JsoncSyntaxError {
  offset: number;
  length: number;
  message: string;
}

/** Strips everything strict JSON forbids but JSONC allows, keeping all other bytes verbatim. */
export function jsoncToJson(text: string): JsonBody {
  const removed: Array<[number, number]> = [];
  if (text.charCodeAt(0) === 0xfeff) removed.push([0, 1]);
  const scanner = createScanner(text, false);
  // A comma is only known to be trailing once the next significant token is seen.
  let pendingComma: [number, number] | undefined;
  for (let kind = scanner.scan(); kind !== SyntaxKind.EOF; kind = scanner.scan()) {
    const start = scanner.getTokenOffset();
    const end = start + scanner.getTokenLength();
    switch (kind) {
      case SyntaxKind.LineCommentTrivia:
      case SyntaxKind.BlockCommentTrivia:
        removed.push([start, end]);
        break;
      case SyntaxKind.Trivia:
      case SyntaxKind.LineBreakTrivia:
        break;
      case SyntaxKind.CommaToken:
        pendingComma = [start, end];
        break;
      default:
        if (pendingComma && (kind === SyntaxKind.CloseBraceToken || kind === SyntaxKind.CloseBracketToken)) {
          removed.push(pendingComma);
        }
        pendingComma = undefined;
    }
  }
  removed.sort((a, b) => a[0] - b[0]);
  return buildBody(text, removed);
}

function buildBody(text: string, removed: Array<[number, number]>): JsonBody {
  const spans: KeptSpan[] = [];
  const parts: string[] = [];
  let cursor = 0;
  let bodyLength = 0;
  for (const [start, end] of [...removed, [text.length, text.length] as [number, number]]) {
    if (start > cursor) {
      spans.push({ bodyStart: bodyLength, sourceStart: cursor, length: start - cursor });
      parts.push(text.slice(cursor, start));
      bodyLength += start - cursor;
    }
    cursor = Math.max(cursor, end);
  }
  const body = parts.join('');
  return {
    body,
    toSourceOffset(bodyOffset: number): number {
      if (spans.length === 0) return 0;
      const offset = Math.max(0, bodyOffset);
      // Binary search for the last span starting at or before the offset.
      let lo = 0;
      let hi = spans.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (spans[mid].bodyStart <= offset) lo = mid;
        else hi = mid - 1;
      }
      const span = spans[lo];
      return span.sourceStart + Math.min(offset - span.bodyStart, span.length);
    },
  };
}

/** Python reports json_invalid positions in code points; JS strings index UTF-16 units. */
export function codePointToUtf16Offset(text: string, codePoints: number): number {
  let utf16 = 0;
  for (let seen = 0; seen < codePoints && utf16 < text.length; seen++) {
    const code = text.charCodeAt(utf16);
    utf16 += code >= 0xd800 && code <= 0xdbff && utf16 + 1 < text.length ? 2 : 1;
  }
  return utf16;
}

/** The inverse of codePointToUtf16Offset (used by tests and the local service's fixtures). */
export function utf16ToCodePointOffset(text: string, utf16: number): number {
  let count = 0;
  for (let i = 0; i < utf16 && i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) i++;
    count++;
  }
  return count;
}

export interface ParsedJsonc {
  root: Node | undefined;
  errors: JsoncSyntaxError[];
  /** The tree behind `root` (absent when the text could not be parsed at all). */
  tree?: JsoncTree;
}

/**
 * Parses JSONC leniently (comments and trailing commas allowed) into a tree with offsets:
 * the nodes parseTree() makes, read through a compact JsoncTree (jsoncTree.ts).
 */
export function parseJsonc(text: string): ParsedJsonc {
  const raw: ParseError[] = [];
  // A leading BOM (editors on Windows write one) is not a syntax error; a space keeps offsets.
  const source = text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text;
  let tree: JsoncTree;
  try {
    tree = JsoncTree.parse(text, raw, source);
  } catch (err) {
    // jsonc-parser recurses once per level: ~10,000 nested brackets overflow the stack.
    // Such a document has no tree to mark ranges on; say so instead of throwing.
    if (!(err instanceof RangeError)) throw err;
    return { root: undefined, errors: [{ offset: 0, length: 0, message: NESTED_TOO_DEEPLY }] };
  }
  const errors = raw.map((e) => ({ offset: e.offset, length: e.length, message: describeParseError(e) }));
  return { root: tree.root, errors, tree };
}

const NESTED_TOO_DEEPLY = 'The document is nested too deeply to be analysed';

const PARSE_MESSAGES: Record<string, string> = {
  InvalidSymbol: 'Invalid symbol',
  InvalidNumberFormat: 'Invalid number format',
  PropertyNameExpected: 'Property name expected',
  ValueExpected: 'Value expected',
  ColonExpected: 'Colon expected',
  CommaExpected: 'Comma expected',
  CloseBraceExpected: 'Closing brace "}" expected',
  CloseBracketExpected: 'Closing bracket "]" expected',
  EndOfFileExpected: 'End of file expected',
  InvalidCommentToken: 'Invalid comment token',
  UnexpectedEndOfComment: 'Unexpected end of comment',
  UnexpectedEndOfString: 'Unexpected end of string',
  UnexpectedEndOfNumber: 'Unexpected end of number',
  InvalidUnicode: 'Invalid unicode sequence in string',
  InvalidEscapeCharacter: 'Invalid escape character in string',
  InvalidCharacter: 'Invalid characters in string (control characters must be escaped)',
};

function describeParseError(error: ParseError): string {
  const code = printParseErrorCode(error.error);
  return PARSE_MESSAGES[code] ?? code;
}
