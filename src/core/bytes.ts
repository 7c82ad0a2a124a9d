/** Byte helpers shared by the Node and browser builds (plain Uint8Array: no Buffer in the browser). */

/** One array holding `chunks` one after another. */
export function concatBytes(chunks: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
