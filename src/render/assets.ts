/**
 * Reads the files shipped beside the code: fonts (assets/fonts → dist/fonts), the WASM modules
 * (dist/*.wasm, or node_modules when run from sources by tsx) and the icon table. The only
 * module of the renderer that touches the file system: the browser build swaps in
 * src/web/render/assets.ts, which serves the same names from bytes its host handed in.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SfntCache } from './woff';

/** Directories searched, in order: next to the bundle (dist/), then the repo (tsx runs). */
function roots(): string[] {
  return [
    __dirname, // dist/ when bundled
    join(__dirname, '..'), // src/render → repo root
    process.cwd(),
  ];
}

/** First existing path among `candidates` (relative to each root); throws naming what was missing. */
function locateAsset(...candidates: string[]): string {
  for (const root of roots()) {
    for (const rel of candidates) {
      const p = join(root, rel);
      if (existsSync(p)) return p;
    }
  }
  throw new Error(`Renderer asset not found: ${candidates.join(' or ')} (looked beside ${__dirname})`);
}

const fonts = new SfntCache();

/** Reads (once) a font file from assets/fonts (repo) or fonts/ (beside the bundle); WOFF comes back as SFNT. */
export function fontFile(relative: string): Buffer {
  return fonts.get(relative, () => readFileSync(locateAsset(join('fonts', relative), join('assets', 'fonts', relative))));
}

/** The bytes of the first of `candidates` found (e.g. 'pdfium.wasm', 'dist/pdfium.wasm', 'node_modules/…'). */
export function rendererFile(...candidates: string[]): Uint8Array {
  return readFileSync(locateAsset(...candidates));
}

/** The Tabler icon table's JSON (icons/tabler-outline.json beside the bundle, or Tabler's own node list from sources); undefined when absent. */
export function iconTableText(): string | undefined {
  const dirs = [__dirname, join(__dirname, '..'), join(__dirname, '..', '..', '..'), process.cwd()];
  const file = dirs
    .flatMap((d) => [join(d, 'icons', 'tabler-outline.json'), join(d, 'node_modules', '@tabler', 'icons', 'tabler-nodes-outline.json')])
    .find((p) => existsSync(p));
  return file ? readFileSync(file, 'utf8') : undefined;
}
