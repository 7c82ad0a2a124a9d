// Whether dist/ is current: every bundle newer than every file it is built from (src/, schemas/,
// assets/, the build scripts, package-lock.json). `npm test`'s integration and e2e stages and the
// integration tests that run the bundles call ensureBuilt(), which builds once when stale.
//   node scripts/freshness.mjs          prints "fresh" or what is stale (exit 1 when stale)
//   node scripts/freshness.mjs --build  builds when stale (exit 0 once dist/ is fresh)
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const BUNDLES = [
  'extension.js',
  'engine.js',
  'fixEngine.js',
  'cli.js',
  'local-service.js',
  'render-worker.js',
  'body-worker.js',
  'web/renderer.js',
  'web/engine.js',
];
/** What dist/ is built from (the .vsix's staleness reads it too: scripts/package.mjs). */
export const SOURCES = [
  'src',
  'schemas',
  'assets',
  'scripts/build.mjs',
  'scripts/render-assets.mjs',
  'scripts/build-viewer.mjs',
  'scripts/web-build.mjs',
  'scripts/precompile-validators.mjs',
  'package-lock.json',
];

function newest(path) {
  const s = statSync(path);
  if (!s.isDirectory()) return { path, mtimeMs: s.mtimeMs };
  let best = { path, mtimeMs: 0 };
  for (const entry of readdirSync(path)) {
    const n = newest(join(path, entry));
    if (n.mtimeMs > best.mtimeMs) best = n;
  }
  return best;
}

/** What scripts/build-viewer.mjs makes: the viewer's bundle and the pdf.js runtime it loads. */
export const VIEWER_OUTPUTS = ['media/viewer/viewer.js', 'media/pdfjs/pdf.min.mjs', 'media/pdfjs/pdf.worker.min.mjs'];

/**
 * What every build writes under media/ (git-ignored): the webviews' bundles and the pdf.js
 * runtime. Built from SOURCES, so they are no input of the .vsix (scripts/package.mjs): each
 * build rewrites them, and the integration stage's build made the e2e stage package again (24 s).
 */
export const MEDIA_OUTPUTS = ['media/viewer/viewer.js', 'media/compare/compare.js', 'media/pdfjs'];

/**
 * Why dist/ (or the `outputs` given, relative to the root) is stale ("dist/engine.js is older
 * than src/…"), or undefined when it is fresh.
 */
export function staleReason(outputs = BUNDLES.map((b) => join('dist', b))) {
  let source = { path: '', mtimeMs: 0 };
  for (const s of SOURCES) {
    const p = join(root, s);
    if (!existsSync(p)) continue;
    const n = newest(p);
    if (n.mtimeMs > source.mtimeMs) source = n;
  }
  for (const b of outputs) {
    const p = join(root, b);
    if (!existsSync(p)) return `${b} is missing`;
    if (statSync(p).mtimeMs < source.mtimeMs) return `${b} is older than ${relative(root, source.path)}`;
  }
  return undefined;
}

/** Builds dist/ when it is stale; says why. Returns whether it built. */
export function ensureBuilt(log = (line) => console.log(line)) {
  const reason = staleReason();
  if (!reason) return false;
  log(`building: ${reason}`);
  execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs'), '--quiet'], { cwd: root, stdio: 'inherit' });
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.includes('--build')) {
    ensureBuilt();
    process.exit(0);
  }
  const reason = staleReason();
  console.log(reason ?? 'fresh');
  process.exit(reason ? 1 : 0);
}
