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

/** The text after one change; undefined when the change does not fit the text. */
export function applyChange(text: string, change: TextChange): string | undefined {
  const { offset, length } = change;
  if (!(Number.isInteger(offset) && Number.isInteger(length) && offset >= 0 && length >= 0 && offset + length <= text.length))
    return undefined;
  return text.slice(0, offset) + change.text + text.slice(offset + length);
}

/** The text after `changes`, applied one after the other as an editor does. */
export function applyChanges(text: string, changes: readonly TextChange[]): string | undefined {
  let out: string | undefined = text;
  for (const change of changes) if ((out = applyChange(out, change)) === undefined) return undefined;
  return out;
}
