/** The bytes every PDF file starts with (`%PDF`). */
export const PDF_MAGIC: readonly number[] = [0x25, 0x50, 0x44, 0x46];

/** Whether the bytes start as a PDF file does: a PDF given where a report may be. */
export function isPdf(bytes: Uint8Array): boolean {
  return PDF_MAGIC.every((b, i) => bytes[i] === b);
}
