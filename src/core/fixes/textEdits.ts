/**
 * Edits through jsonc-parser (`modify` keeps commas, comments elsewhere and the document's
 * indentation right), reduced to one minimal replacement so the editor's undo, diff and
 * the diagnostics elsewhere in the file are disturbed as little as possible.
 */
import { applyEdits, modify } from 'jsonc-parser';
import type { JSONPath, Node } from 'jsonc-parser';
import type { PathSegment } from '../loc/treeWalk';

export interface FormattingOptions {
  insertSpaces: boolean;
  tabSize: number;
  eol: string;
}

/** One replacement of `length` characters at `offset` (UTF-16 units) by `content`. */
export interface TextEdit {
  offset: number;
  length: number;
  content: string;
}

/**
 * The indentation the document already uses: tabs if its first indented line starts with
 * a tab, else the smallest indentation step found (2 when the document has none).
 */
export function detectFormatting(text: string): FormattingOptions {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  let tabs = 0;
  let step = 0;
  for (const line of text.split(/\r?\n/).slice(0, 500)) {
    const indent = /^[ \t]+(?=\S)/.exec(line)?.[0];
    if (!indent) continue;
    if (indent.startsWith('\t')) {
      tabs++;
      continue;
    }
    if (step === 0 || indent.length < step) step = indent.length;
  }
  if (tabs > 0 && step === 0) return { insertSpaces: false, tabSize: 4, eol };
  return { insertSpaces: true, tabSize: step > 0 && step <= 8 ? step : 2, eol };
}

/** The single edit turning `before` into `after` (common prefix and suffix left alone). */
export function minimalEdit(before: string, after: string): TextEdit {
  let start = 0;
  const max = Math.min(before.length, after.length);
  while (start < max && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  // Never split a surrogate pair.
  if (start > 0 && isHighSurrogate(before.charCodeAt(start - 1))) start--;
  let end = 0;
  while (end < max - start && before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)) end++;
  if (end > 0 && isHighSurrogate(before.charCodeAt(before.length - end - 1))) end--;
  return { offset: start, length: before.length - start - end, content: after.slice(start, after.length - end) };
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

export interface SetOptions {
  formatting: FormattingOptions;
  /** Where a new property goes among the existing ones (default: last). */
  insertAt?: (existing: string[]) => number;
}

/** The text with the value at `path` set (added, replaced) or, with `undefined`, removed. */
export function setValue(text: string, path: readonly PathSegment[], value: unknown, options: SetOptions): string {
  const edits = modify(text, path as JSONPath, value, {
    formattingOptions: options.formatting,
    getInsertionIndex: options.insertAt,
  });
  return applyEdits(text, edits);
}

/** One line of JSON with a space after `:` and `,`: `{ "x": "Jan", "y": 10 }`. */
function inlineJson(value: unknown): string {
  const pretty = JSON.stringify(value, null, 1);
  return pretty === undefined ? 'null' : pretty.replace(/\n\s*/g, ' ').replace(/\[ \]/g, '[]').replace(/\{ \}/g, '{}');
}

/**
 * Adds property `name` to the object node. An object written on one line stays on one line
 * (`{ "title": "Views", "value": 0 }`); otherwise jsonc-parser lays it out in the document's
 * indentation.
 */
export function addProperty(
  text: string,
  object: Node,
  path: readonly PathSegment[],
  name: string,
  value: unknown,
  options: SetOptions,
): string {
  const props = object.children ?? [];
  const oneLine = props.length > 0 && !/[\r\n]/.test(text.slice(object.offset, object.offset + object.length));
  if (!oneLine) return setValue(text, [...path, name], value, options);
  const entry = `${JSON.stringify(name)}: ${inlineJson(value)}`;
  const index = Math.min(options.insertAt?.(props.map((p) => String(p.children?.[0]?.value))) ?? props.length, props.length);
  if (index >= props.length) {
    const last = props[props.length - 1];
    return replaceRange(text, last.offset + last.length, last.offset + last.length, `, ${entry}`);
  }
  return replaceRange(text, props[index].offset, props[index].offset, `${entry}, `);
}

/** Replaces one token-sized range (a key) verbatim: nothing for a formatter to do. */
export function replaceRange(text: string, start: number, end: number, content: string): string {
  return text.slice(0, start) + content + text.slice(end);
}

/** A short, one-line rendering of a value for a fix title. */
export function shortJson(value: unknown, max = 32): string {
  const json = JSON.stringify(value) ?? String(value);
  if (json.length <= max) return json;
  if (Array.isArray(value)) return '[…]';
  if (value !== null && typeof value === 'object') return '{…}';
  return `${json.slice(0, max - 2)}…${json.startsWith('"') ? '"' : ''}`;
}
