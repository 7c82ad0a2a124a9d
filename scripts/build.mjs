// Bundles the extension, the local service and the CLI with esbuild.
//   node scripts/build.mjs [--production] [--quiet] [--watch]
import * as esbuild from 'esbuild';
import { existsSync, mkdirSync, cpSync, readFileSync, renameSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pdfkitBrowserPlugin, importMetaUrl, copyRenderAssets } from './render-assets.mjs';
import { buildViewer, VIEWER_ENTRY } from './build-viewer.mjs';
import { vscodeOnce } from './esbuild-vscode.mjs';
import { precompiledValidatorsPlugin } from './precompile-validators.mjs';
import { webBuildOptions, webExtensionBuildOptions, WEB_EXTENSION } from './web-build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const production = args.has('--production');
const quiet = args.has('--quiet');

/** Each bundle: entry → dist file. `vscode` is provided by the host. */
/** The CLI's requires left to run time, each the sibling bundle that holds it (see lazyPlugin). */
const CLI_LAZY = { './localService': './engine.js', './commands/mcp': './mcp.js' };

const bundles = [
  // The bootstrap VS Code activates (package.json `main`): the command registrations and the
  // decision whether the window needs the rest yet (src/extension/studioLoader.ts).
  { entry: 'src/extension/extension.ts', out: 'dist/extension.js' },
  // The rest of the extension (providers, views, services), required by the bootstrap once a
  // report, a command, a restored panel or the API needs it.
  { entry: 'src/extension/studio.ts', out: 'dist/studio.js' },
  { entry: 'src/service/main.ts', out: 'dist/local-service.js', banner: '#!/usr/bin/env node' },
  // Render worker thread of the local service (src/service/renderPool.ts loads it beside the bundle).
  { entry: 'src/service/renderWorker.ts', out: 'dist/render-worker.js' },
  // Body worker of the local service: decodes and validates large request bodies off the
  // event loop (src/service/http/bodyPool.ts loads it beside the bundle).
  { entry: 'src/service/http/bodyWorker.ts', out: 'dist/body-worker.js' },
  // The engine (client, runner, redaction registry, errors, local service + renderer): the CLI
  // loads it only for --offline and serve (its `require('./localService')` becomes a run-time
  // require of the sibling bundle, which holds the local service), the extension on its first
  // request (src/extension/service/runtimeLoader.ts).
  { entry: 'src/cli/main.ts', out: 'dist/cli.js', banner: '#!/usr/bin/env node', lazy: CLI_LAZY },
  // It holds the whole CLI too (runCli, for the extension's tasks): the CLI's own
  // `require('./localService')` stays a run-time require, which finds this bundle itself.
  { entry: 'src/cli/engine.ts', out: 'dist/engine.js', lazy: CLI_LAZY },
  // `report-studio mcp` (the MCP SDK and zod), required by the CLI only for that command.
  { entry: 'src/cli/commands/mcp.ts', out: 'dist/mcp.js', lazy: CLI_LAZY },
  // The quick-fix engine with the schema index and ajv, required on the first code action that
  // has a diagnostic to fix (src/extension/schema/schemaProvider.ts).
  { entry: 'src/extension/schema/fixEngineEntry.ts', out: 'dist/fixEngine.js' },
  // The agent tools' logic (src/core/agent/), required on a language-model tool's first call
  // (src/extension/lmTools/languageModelTools.ts).
  { entry: 'src/extension/lmTools/agentToolsEntry.ts', out: 'dist/agentTools.js' },
  // Format Document for JSON and reports, required on the first format request
  // (src/extension/format/reportFormatter.ts, part of the bootstrap).
  { entry: 'src/core/format/reportFormat.ts', out: 'dist/formatter.js' },
];

/**
 * Leaves `require(<path>)` of the listed relative paths to run time, as a require of the sibling
 * bundle each maps to. A static import of the same path (engine.ts re-exporting the local
 * service it holds) is bundled as usual.
 */
const lazyPlugin = (siblings) => ({
  name: 'lazy-siblings',
  setup(build) {
    build.onResolve({ filter: /^\.\// }, (a) =>
      a.kind === 'require-call' && Object.hasOwn(siblings, a.path) ? { path: siblings[a.path], external: true } : undefined,
    );
  },
});

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  external: ['vscode'],
  sourcemap: production ? false : 'linked',
  minify: production,
  logLevel: quiet ? 'error' : 'info',
  absWorkingDir: root,
  // The report validators come precompiled (scripts/precompile-validators.mjs).
  plugins: [pdfkitBrowserPlugin(root), vscodeOnce, precompiledValidatorsPlugin(root)],
  // jsonc-parser's UMD entry requires its parts through a wrapped `require` esbuild cannot follow.
  alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
  define: importMetaUrl.define,
};

// Every entry must exist: a bundle silently skipped would ship an extension or CLI without it.
/** The compare view's webview script, for the browser (src/extension/compare/comparePanel.ts loads it). */
const compareView = { entry: 'src/webview/compare/main.ts', out: 'media/compare/compare.js' };
const missing = [...bundles.map((b) => b.entry), VIEWER_ENTRY, compareView.entry, WEB_EXTENSION.entry].filter(
  (entry) => !existsSync(join(root, entry)),
);
if (missing.length > 0) {
  console.error(
    `build: missing bundle entr${missing.length === 1 ? 'y' : 'ies'}: ${missing.join(', ')} (restore it, or remove its bundle from scripts/build.mjs)`,
  );
  process.exit(1);
}

/**
 * Writes a build's files only where they changed, each whole (a temporary name, then a rename):
 * the integration stage runs dist/cli.js in one test while another packages the extension (a
 * production build of the same dist/), and a process starting then must never read half a bundle.
 */
function writeChanged(result) {
  for (const file of result.outputFiles) {
    if (existsSync(file.path) && Buffer.from(file.contents).equals(readFileSync(file.path))) {
      // Unchanged, but current: its time says so, or scripts/freshness.mjs would rebuild it forever.
      const now = new Date();
      utimesSync(file.path, now, now);
      continue;
    }
    const temp = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temp, file.contents);
    renameSync(temp, file.path);
  }
  return result;
}

mkdirSync(join(root, 'dist'), { recursive: true });
const results = await Promise.all(
  bundles.map((b) =>
    esbuild
      .build({
        ...common,
        entryPoints: [b.entry],
        outfile: b.out,
        banner: { js: (b.banner ? `${b.banner}\n` : '') + importMetaUrl.banner },
        plugins: b.lazy ? [...common.plugins, lazyPlugin(b.lazy)] : common.plugins,
        metafile: true,
        write: false,
      })
      .then(writeChanged),
  ),
);
copyRenderAssets(root);
// The result viewer webview: browser bundle + the pdf.js runtime it loads, into media/.
results.push(await buildViewer({ root, production, quiet }));
results.push(
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: [compareView.entry],
    outfile: compareView.out,
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'chrome120',
    sourcemap: production ? false : 'linked',
    minify: production,
    logLevel: quiet ? 'error' : 'info',
    metafile: true,
  }),
);
// The browser bundles (src/web/): the renderer, reading the same files from dist/ as bytes handed in, and the local service.
// And the extension's `browser` entry (dist/web/extension.js), which bundles the browser engine.
const webOptions = [...webBuildOptions(root, { production, quiet }), webExtensionBuildOptions(root, { production, quiet })];
results.push(...(await Promise.all(webOptions.map((o) => esbuild.build(o)))));
if (!quiet) console.log(`built ${results.length} bundle(s)${production ? ' (production)' : ''}`);
