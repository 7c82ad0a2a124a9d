/** `node:os` for the browser bundle: the one function the renderer uses (src/render/preview.ts). */
export function endianness(): 'BE' | 'LE' {
  return new Uint8Array(new Uint32Array([1]).buffer)[0] === 1 ? 'LE' : 'BE';
}
