// Builds the result viewer webview: bundles src/webview/viewer/main.ts (browser, ESM) to
// media/viewer/viewer.js and copies the pdf.js runtime it loads at run time into media/pdfjs/.
// Used by scripts/build.mjs and by the viewer's browser tests.
import * as esbuild from 'esbuild';
import { cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const defaultRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/** What media/pdfjs/ receives from node_modules/pdfjs-dist (the viewer needs nothing else). */
const PDFJS_FILES = [
  ['build/pdf.min.mjs', 'pdf.min.mjs'],
  ['build/pdf.worker.min.mjs', 'pdf.worker.min.mjs'],
  ['LICENSE', 'LICENSE'],
  // Metrics-compatible faces for the 14 standard fonts, which reports (pdfkit) do not embed.
  ['standard_fonts', 'standard_fonts'],
  // Predefined CMaps for CJK text in non-embedded CID fonts.
  ['cmaps', 'cmaps'],
];

/**
 * @param {{ root?: string, production?: boolean, quiet?: boolean }} [options]
 * @returns {Promise<import('esbuild').BuildResult>}
 */
/** The viewer's entry, relative to the repository root (scripts/build.mjs checks it exists). */
export const VIEWER_ENTRY = 'src/webview/viewer/main.ts';

export async function buildViewer({ root = defaultRoot, production = false, quiet = false } = {}) {
  const pdfjsDir = join(root, 'node_modules/pdfjs-dist');
  const version = JSON.parse(readFileSync(join(pdfjsDir, 'package.json'), 'utf8')).version;
  const outDir = join(root, 'media/pdfjs');
  // Overwrite in place (no rm first): a test or a watch build may be reading these files.
  mkdirSync(outDir, { recursive: true });
  for (const [from, to] of PDFJS_FILES) {
    const src = join(pdfjsDir, from);
    if (!existsSync(src)) throw new Error(`build-viewer: ${src} is missing (pdfjs-dist ${version})`);
    cpSync(src, join(outDir, to), { recursive: true });
  }
  return esbuild.build({
    absWorkingDir: root,
    entryPoints: [VIEWER_ENTRY],
    outfile: 'media/viewer/viewer.js',
    bundle: true,
    platform: 'browser',
    // ESM: loaded as <script type="module"> so its dynamic import() of pdf.js inherits the nonce.
    format: 'esm',
    // VS Code 1.100 runs Chromium 132+; pdf.js 5 needs as much anyway.
    target: 'chrome120',
    sourcemap: production ? false : 'linked',
    minify: production,
    logLevel: quiet ? 'error' : 'info',
    metafile: true,
    // pdf.js is never bundled: only its types are imported; the runtime comes from media/pdfjs/.
    external: ['pdfjs-dist'],
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = new Set(process.argv.slice(2));
  await buildViewer({ production: args.has('--production'), quiet: args.has('--quiet') });
}
