// The browser bundles (src/web/; docs/architecture.md, "The browser build"). The renderer and the
// local service are written for Node; in the browser the few modules that touch Node are replaced at bundle time:
// - SWAPS: a module that does I/O → its browser twin in src/web/ (same exports);
// - SHIMS: a Node built-in or Node-only package → the small browser equivalent in src/web/shims/;
// - EMPTY: Emscripten glue's `require('fs')`/`require('path')`, reached only on its Node branch.
// Anything else that resolves to a Node built-in fails the build (platform 'browser').
import { join } from 'node:path';
import { vscodeOnce } from './esbuild-vscode.mjs';
import { precompiledValidatorsPlugin } from './precompile-validators.mjs';
import { pdfkitBrowserPlugin } from './render-assets.mjs';

/** Module (path from the repo root) → its browser twin. */
export const SWAPS = {
  'src/render/assets.ts': 'src/web/render/assets.ts',
  'src/net/outboundPolicy.ts': 'src/web/render/browserFetch.ts',
  'src/core/client/http.ts': 'src/web/client/http.ts',
  'src/core/client/download.ts': 'src/web/client/download.ts',
  'src/service/delivery/bucket.ts': 'src/web/service/bucket.ts',
  // The extension's web entry (dist/web/extension.js): every part bundled statically, files
  // through vscode.workspace.fs, and without what needs the Node extension host.
  'src/extension/service/runtimeLoader.ts': 'src/extension/web/runtimeLoader.ts',
  'src/extension/hostFiles.ts': 'src/extension/web/hostFiles.ts',
  'src/extension/nodeHost.ts': 'src/extension/web/nodeHost.ts',
};

/** Import specifier → browser shim. */
export const SHIMS = {
  'node:zlib': 'src/web/shims/zlib.ts',
  'node:crypto': 'src/web/shims/crypto.ts',
  'node:os': 'src/web/shims/os.ts',
  'node:perf_hooks': 'src/web/shims/perfHooks.ts',
  pngjs: 'src/web/shims/pngjs.ts',
};

/** Packages whose `fs`/`path` requires sit on a Node-only branch (Emscripten's loader). */
const EMPTY_FOR = /[\\/]@cornerstonejs[\\/]codec-libjpeg-turbo-8bit[\\/]/;

function browserPlugin(root) {
  const swaps = new Map(Object.entries(SWAPS).map(([from, to]) => [join(root, from), join(root, to)]));
  return {
    name: 'report-studio-browser',
    setup(build) {
      const shimmed = new RegExp(`^(${Object.keys(SHIMS).join('|')})$`);
      build.onResolve({ filter: shimmed }, (a) => ({ path: join(root, SHIMS[a.path]) }));
      build.onResolve({ filter: /^(fs|path)$/ }, (a) =>
        EMPTY_FOR.test(a.importer) ? { path: join(root, 'src/web/shims/empty.ts') } : undefined,
      );
      build.onResolve({ filter: /^\.\.?\// }, async (a) => {
        if (a.pluginData === 'swap') return undefined;
        const r = await build.resolve(a.path, { kind: a.kind, resolveDir: a.resolveDir, importer: a.importer, pluginData: 'swap' });
        return swaps.has(r.path) ? { path: swaps.get(r.path) } : undefined;
      });
    },
  };
}

const BASE_URL_BANNER = `var __import_meta_url = (() => {
  try {
    const own = typeof document !== 'undefined' && document.currentScript ? document.currentScript.src : self.location.href;
    return new URL('.', own) && own;
  } catch {
    return 'file:///';
  }
})();`;

/** The browser bundles: entry → file, and the global each defines (an IIFE: a page or a worker loads it). */
export const WEB_BUNDLES = [
  { entry: 'src/web/renderer.ts', out: 'dist/web/renderer.js', globalName: 'ReportStudioRenderer' },
  { entry: 'src/web/engine.ts', out: 'dist/web/engine.js', globalName: 'ReportStudioEngine' },
];

/** The extension's `browser` entry, for VS Code's web worker extension host (CommonJS, `vscode` from the host). */
export const WEB_EXTENSION = { entry: 'src/extension/web/extension.ts', out: 'dist/web/extension.js' };

/** The esbuild options of each of WEB_BUNDLES (the unit test and the bench build with them too). */
export function webBuildOptions(root, { production = false, quiet = true } = {}) {
  return WEB_BUNDLES.map((b) => ({
    absWorkingDir: root,
    entryPoints: [b.entry],
    outfile: b.out,
    bundle: true,
    platform: 'browser',
    format: 'iife',
    globalName: b.globalName,
    target: 'chrome120',
    inject: [join(root, 'src/web/shims/globals.ts')],
    // Emscripten's loaders and pdfkit resolve file names against import.meta.url (which an IIFE
    // lacks): the script's own address in a page or a worker, or file:/// where that cannot be a
    // base (VS Code's web worker extension host runs from a blob: URL). Nothing is fetched from
    // it: the bytes are handed in.
    define: { 'import.meta.url': '__import_meta_url' },
    banner: { js: BASE_URL_BANNER },
    alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
    sourcemap: production ? false : 'linked',
    minify: production,
    logLevel: quiet ? 'error' : 'info',
    metafile: true,
    // The lenient validator only (the local service's, 300 KB minified): both would take
    // engine.js and extension.js over their budgets (scripts/bench/web.ts); the web extension
    // compiles the strict one (the editor's warnings) on the first report it checks.
    plugins: [pdfkitBrowserPlugin(root), browserPlugin(root), precompiledValidatorsPlugin(root, { modes: ['lenient'] })],
  }));
}

/** The esbuild options of WEB_EXTENSION: the browser bundles' swaps, shims and globals, as a CommonJS module VS Code loads. */
export function webExtensionBuildOptions(root, { production = false, quiet = true } = {}) {
  const [base] = webBuildOptions(root, { production, quiet });
  return {
    ...base,
    entryPoints: [WEB_EXTENSION.entry],
    outfile: WEB_EXTENSION.out,
    format: 'cjs',
    globalName: undefined,
    external: ['vscode'],
    plugins: [...base.plugins, vscodeOnce],
  };
}
