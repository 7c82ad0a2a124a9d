/** Readers of option values shared by the painters and the layout. */

/** A string with something in it other than whitespace; undefined for anything else. */
export function nonBlank(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() ? v : undefined;
}
