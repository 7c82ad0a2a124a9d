// A schema's fingerprint: which precompiled validator (built from exactly that schema) fits it.
// The extension reads schemas/report.schema.json at run time, so the check is by content, not by
// object identity: two 53-bit hashes (cyrb53, two seeds) of its JSON text and the text's length.
// Plain JavaScript: the same in Node, in the browser and in a web worker, and at build time.

function cyrb53(text: string, seed: number): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** The fingerprint of `schema` (key order counts: the same file parsed gives the same one). */
export function schemaFingerprint(schema: unknown): string {
  const text = JSON.stringify(schema);
  return `${text.length.toString(36)}-${cyrb53(text, 1).toString(36)}-${cyrb53(text, 2).toString(36)}`;
}
