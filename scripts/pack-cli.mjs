// Packs the `report-studio` CLI as an npm package: report-studio-<version>.tgz, which
// `npm install -g` installs with no network (everything is bundled: no dependencies).
//   node scripts/pack-cli.mjs [--out <dir>] [--quiet]     (npm run pack:cli)
// Builds dist/ when it is stale (freshness.mjs), assembles <out>/package/ and packs it into
// <out>/ (default out/npm/). Prints the tarball's path as the last line.
//
// The package holds what `report-studio` loads at run time, and nothing else:
//   dist/cli.js                 the command (package.json `bin`)
//   dist/engine.js              the local service and renderer, for --offline and serve
//   dist/mcp.js                 `report-studio mcp` (the MCP SDK), required only for that command
//   dist/render-worker.js       render worker threads (src/service/renderPool.ts)
//   dist/body-worker.js         body check threads for large requests (src/service/http/bodyPool.ts)
//   dist/*.wasm, dist/fonts/, dist/icons/tabler-outline.json   read by the renderer (render-assets.mjs)
//   schemas/report.schema.json  for `report-studio schema`, beside dist/ as in the repository
//   examples/*.report.json, SKILL.md   the MCP server's resources and `report-studio skill install`
//   README.md (docs/npm-README.md), LICENSE, package.json
// The bundles are minified on the way (esbuild), without source maps.
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { ensureBuilt, root } from './freshness.mjs';

export const BUNDLES = ['cli.js', 'engine.js', 'mcp.js', 'render-worker.js', 'body-worker.js'];
export const ASSETS = ['pdfium.wasm', 'webp_dec.wasm', 'libjpegturbowasm.wasm', 'fonts', 'icons/tabler-outline.json'];
/** Copied as they are: the package's path ← the repository's (relative to the root). */
const COPIES = [
  ['schemas/report.schema.json', 'schemas/report.schema.json'],
  // `report-studio mcp` serves the examples as resources; `skill install` writes SKILL.md (src/cli/mcp/shippedFiles.ts).
  ['examples', 'examples'],
  ['SKILL.md', 'SKILL.md'],
  ['README.md', 'docs/npm-README.md'],
  ['LICENSE', 'LICENSE'],
];

/** The one executable file of the package: its `bin`. */
const BIN = 'dist/cli.js';

/** The package's own package.json: the CLI's facts from the root one, no dependencies. */
function manifest(rootPkg, version) {
  const pkg = {
    name: 'report-studio',
    version,
    description:
      'Validate JSON report definitions against the Report Studio schema, build them to PDF — offline with the bundled local report service — and run that service, from a terminal or CI.',
    license: rootPkg.license,
    bin: { 'report-studio': BIN },
    engines: { node: rootPkg.engines.node },
    files: ['dist', 'schemas', 'examples', 'SKILL.md'],
    keywords: ['report', 'pdf', 'json', 'schema', 'cli', 'hybiscus'],
  };
  for (const key of ['repository', 'bugs', 'homepage']) if (rootPkg[key] !== undefined) pkg[key] = rootPkg[key];
  return pkg;
}

/**
 * Every file 0644 and every folder 0755, only the bin 0755: copied assets keep their source's
 * mode (pdfium.wasm and webp_dec.wasm are 0755 in node_modules), and npm packs modes as found.
 */
function normaliseModes(dir, rel = '') {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const relPath = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      chmodSync(path, 0o755);
      normaliseModes(path, relPath);
    } else chmodSync(path, relPath === BIN ? 0o755 : 0o644);
  }
}

function npm(args, cwd) {
  const r = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', args, { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`pack-cli: npm ${args.join(' ')} failed (exit ${r.status ?? r.signal})\n${r.stdout}${r.stderr}`);
  return r.stdout;
}

/**
 * Builds (when stale), assembles and packs; returns the tarball's path and npm's list of its files.
 * `version` packs another version than package.json's (the release script's checks).
 */
export async function packCli({ outDir = join(root, 'out', 'npm'), quiet = false, version } = {}) {
  ensureBuilt(quiet ? () => {} : undefined);
  const rootPkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const pkgDir = join(outDir, 'package');
  rmSync(pkgDir, { recursive: true, force: true });
  mkdirSync(join(pkgDir, 'dist', 'icons'), { recursive: true });
  mkdirSync(join(pkgDir, 'schemas'), { recursive: true });
  for (const file of BUNDLES) {
    const code = readFileSync(join(root, 'dist', file), 'utf8');
    // legalComments 'eof': the licence notes of bundled code stay, at the end of each file.
    const min = await esbuild.transform(code, { minify: true, format: 'cjs', platform: 'node', target: 'node20', legalComments: 'eof' });
    writeFileSync(join(pkgDir, 'dist', file), min.code);
  }
  for (const asset of ASSETS) cpSync(join(root, 'dist', asset), join(pkgDir, 'dist', asset), { recursive: true });
  for (const [to, from] of COPIES) cpSync(join(root, from), join(pkgDir, to), { recursive: true });
  writeFileSync(join(pkgDir, 'package.json'), `${JSON.stringify(manifest(rootPkg, version ?? rootPkg.version), null, 2)}\n`);
  normaliseModes(pkgDir);

  // Pack beside the target and rename, so a reader never sees half a tarball.
  const staging = join(outDir, `.pack-${process.pid}`);
  mkdirSync(staging, { recursive: true });
  try {
    const [info] = JSON.parse(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', staging], pkgDir));
    const tarball = join(outDir, info.filename);
    renameSync(join(staging, info.filename), tarball);
    return { tarball, size: info.size, unpackedSize: info.unpackedSize, files: info.files.map((f) => ({ path: f.path, size: f.size })) };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const argv = process.argv.slice(2);
  const at = argv.indexOf('--out');
  const quiet = argv.includes('--quiet');
  try {
    const packed = await packCli({ outDir: at >= 0 ? resolve(argv[at + 1]) : undefined, quiet });
    if (!quiet) {
      for (const f of packed.files) console.log(`${String(f.size).padStart(10)}  ${f.path}`);
      const mb = (n) => `${(n / 1024 / 1024).toFixed(1)} MB`;
      console.log(`${packed.files.length} files, ${mb(packed.unpackedSize)} unpacked, ${mb(packed.size)} packed`);
    }
    console.log(packed.tarball);
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  }
}
