/**
 * Edits of a text as an editor reports them (VS Code's TextDocumentContentChangeEvent:
 * rangeOffset, rangeLength, text), without the editor: the pieces that follow a document
 * from one text to the next.
 */

/** `length` characters at `offset` replaced by `text`; offsets into the text before this change. */
export interface TextChange {
  offset: number;
  length: number;
  text: string;
}

/** Whether the change's range lies inside the text. */
export function fits(text: string, change: TextChange): boolean {
  const { offset, length } = change;
  return Number.isInteger(offset) && Number.isInteger(length) && offset >= 0 && length >= 0 && offset + length <= text.length;
}

/** The text after one change; undefined when the change does not fit the text. */
export function applyChange(text: string, change: TextChange): string | undefined {
  if (!fits(text, change)) return undefined;
  return text.slice(0, change.offset) + change.text + text.slice(change.offset + change.length);
}

/** The text after `changes`, applied one after the other as an editor does. */
export function applyChanges(text: string, changes: readonly TextChange[]): string | undefined {
  let out: string | undefined = text;
  for (const change of changes) if ((out = applyChange(out, change)) === undefined) return undefined;
  return out;
}
