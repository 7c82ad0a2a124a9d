/**
 * Format Document for reports: VS Code's JSON formatting (jsonc-parser's `format`, the one
 * VS Code's JSON language service uses, with the same options), then one pass that puts short
 * lists back on one line — a table row, a list of numbers or strings, a chart's data point —
 * when that line fits the width. A 5×3 table then reads as five rows, not thirty lines.
 *
 * Only whitespace between tokens changes (comments stay where they are; a list holding a
 * comment is left spread), so the parsed value is the same before and after. The result is
 * given as whitespace edits between tokens, which keeps the cursor and the undo step small.
 *
 * Entry of dist/formatter.js (no 'vscode'): the extension's bootstrap requires it on the first
 * Format Document (src/extension/format/reportFormatter.ts).
 */
import { applyEdits, createScanner, format, parseTree, SyntaxKind, type Node } from 'jsonc-parser';
import { DEFAULT_PRINT_WIDTH } from './printWidth';

export interface ReportFormatOptions {
  tabSize: number;
  insertSpaces: boolean;
  eol: string;
  insertFinalNewline?: boolean;
  /** VS Code's `json.format.keepLines`: keep the line breaks the text has. */
  keepLines?: boolean;
  /** Put short lists on one line (false: VS Code's JSON formatting alone). */
  compactLists: boolean;
  /** A one-line list must end within this column (the editor's first ruler; DEFAULT_PRINT_WIDTH without one). */
  printWidth?: number;
}

/** One replacement of `length` characters at `offset` by `content`. */
export interface FormatEdit {
  offset: number;
  length: number;
  content: string;
}

const SCALARS: ReadonlySet<Node['type']> = new Set(['string', 'number', 'boolean', 'null']);

/** The formatted text (see the module comment). */
export function formatReportText(text: string, options: ReportFormatOptions): string {
  const { compactLists, printWidth, ...jsonOptions } = options;
  const formatted = applyEdits(text, format(text, undefined, jsonOptions));
  return compactLists ? compactShortLists(formatted, printWidth ?? DEFAULT_PRINT_WIDTH) : formatted;
}

/** Format Selection: VS Code's JSON formatting of the range (jsonc-parser's edits, as its JSON extension gives). */
export function formatRangeEdits(text: string, range: { offset: number; length: number }, options: ReportFormatOptions): FormatEdit[] {
  const { compactLists: _c, printWidth: _w, ...jsonOptions } = options;
  return format(text, range, jsonOptions);
}

/** The whitespace edits that turn `text` into its formatted form ([] when already formatted). */
export function formatReportEdits(text: string, options: ReportFormatOptions): FormatEdit[] {
  return whitespaceEdits(text, formatReportText(text, options));
}

/** A list of scalars, or a flat object (scalar values) that is an element of a list. */
function isShortList(node: Node): boolean {
  const children = node.children ?? [];
  if (node.type === 'array') return children.length > 0 && children.every((c) => SCALARS.has(c.type));
  if (node.type === 'object' && node.parent?.type === 'array') {
    return children.length > 0 && children.every((p) => p.children?.[1] !== undefined && SCALARS.has(p.children[1].type));
  }
  return false;
}

/** `[1, 2, "a"]` or `{ "x": "Jan", "y": 120 }`, tokens as written. */
function oneLine(text: string, node: Node): string {
  const slice = (n: Node) => text.slice(n.offset, n.offset + n.length);
  if (node.type === 'array') return `[${(node.children ?? []).map(slice).join(', ')}]`;
  const entries = (node.children ?? []).map((p) => `${slice(p.children![0])}: ${slice(p.children![1])}`);
  return `{ ${entries.join(', ')} }`;
}

function hasComment(text: string): boolean {
  const scanner = createScanner(text, false);
  for (let kind = scanner.scan(); kind !== SyntaxKind.EOF; kind = scanner.scan()) {
    if (kind === SyntaxKind.LineCommentTrivia || kind === SyntaxKind.BlockCommentTrivia) return true;
  }
  return false;
}

function compactShortLists(text: string, printWidth: number): string {
  const root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  if (!root) return text;
  const replacements: FormatEdit[] = [];
  const visit = (node: Node): void => {
    const source = text.slice(node.offset, node.offset + node.length);
    if (isShortList(node) && /[\r\n]/.test(source) && !hasComment(source)) {
      const line = oneLine(text, node);
      const lineStart = text.lastIndexOf('\n', node.offset - 1) + 1;
      const after = text.slice(node.offset + node.length).match(/^[^\r\n]*/)?.[0] ?? '';
      if (node.offset - lineStart + line.length + after.length <= printWidth) {
        replacements.push({ offset: node.offset, length: node.length, content: line });
        return;
      }
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(root);
  let out = text;
  for (const r of replacements.reverse()) out = out.slice(0, r.offset) + r.content + out.slice(r.offset + r.length);
  return out;
}

/** Tokens (comments included) with their offsets; whitespace and line breaks are what lies between. */
function tokens(text: string): Array<{ offset: number; end: number; value: string }> {
  const scanner = createScanner(text, false);
  const out: Array<{ offset: number; end: number; value: string }> = [];
  for (let kind = scanner.scan(); kind !== SyntaxKind.EOF; kind = scanner.scan()) {
    if (kind === SyntaxKind.Trivia || kind === SyntaxKind.LineBreakTrivia) continue;
    const offset = scanner.getTokenOffset();
    const end = offset + scanner.getTokenLength();
    out.push({ offset, end, value: text.slice(offset, end) });
  }
  return out;
}

/**
 * `before` → `after`, which differ only in the whitespace between tokens, as one edit per gap
 * that changed. Should the tokens differ after all, one edit replaces the whole text.
 */
function whitespaceEdits(before: string, after: string): FormatEdit[] {
  if (before === after) return [];
  const a = tokens(before);
  const b = tokens(after);
  if (a.length !== b.length || a.some((t, i) => t.value !== b[i].value)) return [{ offset: 0, length: before.length, content: after }];
  const edits: FormatEdit[] = [];
  for (let i = 0; i <= a.length; i++) {
    const from = i === 0 ? 0 : a[i - 1].end;
    const to = i === a.length ? before.length : a[i].offset;
    const gap = after.slice(i === 0 ? 0 : b[i - 1].end, i === b.length ? after.length : b[i].offset);
    if (before.slice(from, to) !== gap) edits.push({ offset: from, length: to - from, content: gap });
  }
  return edits;
}
