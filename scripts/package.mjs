// Builds report-studio-<version>.vsix with @vscode/vsce (production bundle, no node_modules:
// everything is bundled by esbuild).
//   node scripts/package.mjs            always repackage
//   node scripts/package.mjs --if-stale reuse the .vsix when it is newer than every input
// The unit test of the .vsix contents and the e2e harness share the file this way, so one
// test run packages at most once. Prints the .vsix path as the last line.
// The packaged README's relative links become absolute, pinned to the release's tag (releaseTag):
// the Marketplace and Open VSX show the pictures from github.com, not from the package.
// scripts/release.mjs packages through packageVsix() too.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MEDIA_OUTPUTS, SOURCES } from './freshness.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
export const vsixPath = join(root, `report-studio-${version}.vsix`);

/** The git tag a version is released from; the packaged README's links point into it. */
export const releaseTag = (v) => `v${v}`;

/** VS Code's convention: an odd minor goes out as a pre-release (0.3.x), an even one as a release (0.2.x). */
export const isPreRelease = (v) => Number(v.split('.')[1]) % 2 === 1;

// What ends up in (or decides) the package; a change to any of them makes the .vsix stale.
const INPUT_FILES = [
  'package.json',
  'package.nls.json',
  'package.nls.de.json',
  'package.nls.zh-cn.json',
  'package-lock.json',
  '.vscodeignore',
  'README.md',
  'CHANGELOG.md',
  'LICENSE',
  'scripts/package.mjs',
];
// What dist/ and the built media are made from, not those outputs themselves: the package holds
// a production build, and a test's development build of the same sources (the web tests rebuild
// dist/web/, any build rewrites media/compare/compare.js) is no reason to package again (each
// cost the e2e stage a second packaging, 24 s).
const INPUT_DIRS = [...SOURCES, 'media', 'examples', 'l10n'];

/**
 * Whether a file (relative to the root, `/`-separated) decides the package: not a source map
 * (they stay out of the .vsix: .vscodeignore), not a build output under media/ (MEDIA_OUTPUTS).
 */
export function isPackageInput(relPath) {
  if (relPath.endsWith('.map')) return false;
  return !MEDIA_OUTPUTS.some((out) => relPath === out || relPath.startsWith(`${out}/`));
}

/** The newest input file under `path` (or `path` itself) and its mtime; 0 when absent. */
function newestFile(path) {
  if (!existsSync(path)) return { path, mtimeMs: 0 };
  const st = statSync(path);
  if (!isPackageInput(relative(root, path).split(sep).join('/'))) return { path, mtimeMs: 0 };
  if (!st.isDirectory()) return { path, mtimeMs: st.mtimeMs };
  let newest = { path, mtimeMs: st.mtimeMs }; // catches deletions
  for (const entry of readdirSync(path)) {
    const n = newestFile(join(path, entry));
    if (n.mtimeMs > newest.mtimeMs) newest = n;
  }
  return newest;
}

/** Why the .vsix must be packaged again ("dist/extension.js is newer"), or undefined when it is fresh. */
export function vsixStaleReason() {
  if (!existsSync(vsixPath)) return `${relative(root, vsixPath)} does not exist`;
  const newest = [...INPUT_FILES, ...INPUT_DIRS].map((p) => newestFile(join(root, p))).reduce((a, b) => (b.mtimeMs > a.mtimeMs ? b : a));
  return statSync(vsixPath).mtimeMs > newest.mtimeMs ? undefined : `${relative(root, newest.path)} is newer`;
}

export function isVsixFresh() {
  return vsixStaleReason() === undefined;
}

function run(cmd, args, quiet) {
  const r = spawnSync(cmd, args, {
    cwd: root,
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
    encoding: 'utf8',
  });
  if (r.status !== 0) {
    throw new Error(`package: \`${args.join(' ')}\` failed (exit ${r.status ?? r.signal})\n${r.stdout ?? ''}${r.stderr ?? ''}`);
  }
}

/**
 * Builds for production and packages. `as` packages another version than package.json's (the
 * release script's checks; package.json is left as it is) into `out`.
 */
export function packageVsix({ quiet = false, as = version, out = join(root, `report-studio-${as}.vsix`) } = {}) {
  run(process.execPath, ['scripts/build.mjs', '--production', '--quiet'], quiet);
  // Write beside the target and rename, so a reader never sees a half-written zip.
  const tmp = `${out}.${process.pid}.tmp`;
  try {
    run(
      process.execPath,
      [
        join(root, 'node_modules', '@vscode', 'vsce', 'vsce'),
        'package',
        ...(as === version ? [] : [as, '--no-update-package-json', '--no-git-tag-version']),
        '--no-dependencies', // bundled by esbuild: node_modules stays out
        // Relative README links → https://github.com/<repository>/{raw,blob}/<tag>/…
        '--githubBranch',
        releaseTag(as),
        ...(isPreRelease(as) ? ['--pre-release'] : []),
        '--out',
        tmp,
      ],
      quiet,
    );
    renameSync(tmp, out);
  } finally {
    rmSync(tmp, { force: true });
  }
  return out;
}

/** Packages unless a fresh .vsix exists; returns its path. */
export function ensureVsix({ quiet = false } = {}) {
  if (isVsixFresh()) return vsixPath;
  return packageVsix({ quiet });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = new Set(process.argv.slice(2));
  try {
    const quiet = args.has('--quiet');
    const reused = args.has('--if-stale') && isVsixFresh();
    const path = reused ? vsixPath : packageVsix({ quiet });
    if (reused && !quiet) console.log(`package: ${vsixPath} is up to date`);
    console.log(path);
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  }
}
