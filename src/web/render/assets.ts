/**
 * src/render/assets.ts for the browser bundle (scripts/web-build.mjs swaps the module): the same
 * names — 'pdfium.wasm', 'fonts/inter/…woff', 'icons/tabler-outline.json' — served from the bytes
 * the host handed to installRenderAssets() (the extension reads them from its own dist/), so
 * nothing is fetched from anywhere else.
 */
import { SfntCache } from '../../render/woff';

const files = new Map<string, Uint8Array>();
const fonts = new SfntCache();

/** The renderer's files by their name under dist/ (RENDERER_FILES lists them). */
export function installRenderAssets(given: Iterable<readonly [string, Uint8Array]>): void {
  for (const [name, bytes] of given) files.set(name, bytes);
  fonts.clear();
}

/** The bytes of the first of `candidates` handed in; throws naming the file when none was. */
export function rendererFile(...candidates: string[]): Uint8Array {
  for (const name of candidates) {
    const bytes = files.get(name);
    if (bytes) return bytes;
  }
  throw new Error(`Renderer asset not found: ${candidates[0]} (not among the files handed to the browser renderer)`);
}

/** A font under fonts/, WOFF converted to SFNT once (as in Node). */
export function fontFile(relative: string): Buffer {
  return fonts.get(relative, () => Buffer.from(rendererFile(`fonts/${relative}`)));
}

export function iconTableText(): string | undefined {
  const bytes = files.get('icons/tabler-outline.json');
  return bytes && new TextDecoder().decode(bytes);
}
