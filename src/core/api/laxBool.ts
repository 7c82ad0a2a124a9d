/**
 * The strings pydantic's lax mode reads as booleans, and the boolean each names: the hosted
 * service takes `"yes"` or `"0"` for a bool field as that boolean. Matched lower-cased, trimmed.
 * One table for the local service's validation, the renderer and the quick fixes.
 */
const LAX_BOOL_WORDS: Readonly<Record<string, boolean>> = {
  true: true,
  t: true,
  yes: true,
  y: true,
  on: true,
  '1': true,
  false: false,
  f: false,
  no: false,
  n: false,
  off: false,
  '0': false,
};

/** The boolean pydantic reads `text` as, or undefined when it reads none. */
export function laxBoolWord(text: string): boolean | undefined {
  const word = text.trim().toLowerCase();
  return Object.hasOwn(LAX_BOOL_WORDS, word) ? LAX_BOOL_WORDS[word] : undefined;
}
