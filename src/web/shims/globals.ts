/**
 * The Node globals the renderer uses, for the browser bundle (esbuild `inject`,
 * scripts/web-build.mjs: each free use of these names becomes this module's export).
 */
// Binary data is read and written with Buffer throughout; feross's `buffer` is the same API.
export { Buffer } from 'buffer';

/** renderPdf.ts yields with it so an abort or a time limit can fire mid-render: a macrotask does the same here. */
export function setImmediate(callback: (...args: unknown[]) => void, ...args: unknown[]): ReturnType<typeof setTimeout> {
  return setTimeout(callback, 0, ...args);
}
