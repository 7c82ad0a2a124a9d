/**
 * Finds files shipped beside the code: fonts (assets/fonts → dist/fonts) and the
 * PDFium WASM (dist/pdfium.wasm, or node_modules when run from sources by tsx).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isWoff, woffToSfnt } from './woff';

/** Directories searched, in order: next to the bundle (dist/), then the repo (tsx runs). */
function roots(): string[] {
  return [
    __dirname, // dist/ when bundled
    join(__dirname, '..'), // src/render → repo root
    process.cwd(),
  ];
}

/** First existing path among `candidates` (relative to each root); throws naming what was missing. */
export function locateAsset(...candidates: string[]): string {
  for (const root of roots()) {
    for (const rel of candidates) {
      const p = join(root, rel);
      if (existsSync(p)) return p;
    }
  }
  throw new Error(`Renderer asset not found: ${candidates.join(' or ')} (looked beside ${__dirname})`);
}

const cache = new Map<string, Buffer>();

/** Reads (once) a font file from assets/fonts (repo) or fonts/ (beside the bundle); WOFF comes back as SFNT. */
export function fontFile(relative: string): Buffer {
  let buf = cache.get(relative);
  if (!buf) {
    buf = readFileSync(locateAsset(join('fonts', relative), join('assets', 'fonts', relative)));
    if (isWoff(buf)) buf = woffToSfnt(buf);
    cache.set(relative, buf);
  }
  return buf;
}
