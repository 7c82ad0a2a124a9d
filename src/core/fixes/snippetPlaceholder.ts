/**
 * "Add missing option" as a snippet: the inserted value is a tab stop the cursor lands on,
 * selected, and always a valid value of the option's type — a string's example text inside its
 * quotes, a choice of the allowed values, a number (its default, else the neutral value the
 * edit inserts), an empty list — so a file whose author types nothing is still valid JSON.
 */
import type { JsonSchema } from '../schema/jsonSchema';
import { minimalEdit, type TextEdit } from './textEdits';

/** Stands in for the value while the edit is laid out; a private-use character no report contains. */
export const VALUE_MARK = '\uE000report-studio-value\uE000';

/** Text outside a placeholder: `$`, `}` and `\` are snippet syntax. */
function escapeSnippet(text: string): string {
  return text.replace(/[$}\\]/g, '\\$&');
}

/** A choice's option: `,`, `|` and `\` are syntax there. */
function escapeChoice(text: string): string {
  return text.replace(/[,|\\]/g, '\\$&');
}

/**
 * The tab stop for `value`, the value the plain edit inserts (undefined for objects and lists
 * with items, which stay as they are).
 */
export function valueSnippet(value: unknown, schema: JsonSchema): string | undefined {
  const choices = Array.isArray(schema.enum) ? schema.enum.filter((v) => v === null || typeof v !== 'object') : [];
  if (choices.length > 1 || typeof value === 'boolean') {
    const options = choices.length > 1 ? choices : [true, false];
    const ordered = [value, ...options.filter((v) => v !== value)];
    return `\${1|${ordered.map((v) => escapeChoice(JSON.stringify(v))).join(',')}|}`;
  }
  if (typeof value === 'string') {
    const inner = JSON.stringify(value).slice(1, -1);
    return inner ? `"\${1:${escapeSnippet(inner)}}"` : '"$1"';
  }
  if (typeof value === 'number' || value === null) return `\${1:${JSON.stringify(value)}}`;
  if (Array.isArray(value) && value.length === 0) return '${1:[]}';
  return undefined;
}

/**
 * The snippet edit: `markedText` is the fixed text with VALUE_MARK (as a JSON string) where the
 * value goes; everything else in the edit is escaped, the value becomes `snippet`.
 */
export function snippetEdit(text: string, markedText: string, snippet: string): TextEdit | undefined {
  const edit = minimalEdit(text, markedText);
  const mark = JSON.stringify(VALUE_MARK);
  const at = edit.content.indexOf(mark);
  if (at < 0) return undefined;
  const before = escapeSnippet(edit.content.slice(0, at));
  const after = escapeSnippet(edit.content.slice(at + mark.length));
  return { ...edit, content: `${before}${snippet}${after}` };
}
