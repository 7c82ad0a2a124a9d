// The browser bundles (dist/web/*.js, scripts/web-build.mjs) — the renderer, the engine and the
// extension's `browser` entry — hold no Node built-in: every import of one resolves to a shim of
// src/web/shims/, a bundle requires nothing at run time (the extension: `vscode` alone, from its
// host), and the modules swapped for their browser twins export what the Node modules export
// (checked by the compiler below).
import * as assert from 'node:assert/strict';
import { builtinModules } from 'node:module';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import type * as NodeAssets from '../../../src/render/assets';
import type * as NodeFetch from '../../../src/net/outboundPolicy';
import type * as BrowserAssets from '../../../src/web/render/assets';
import type * as BrowserFetch from '../../../src/web/render/browserFetch';
import type * as NodeHttp from '../../../src/core/client/http';
import type * as BrowserHttp from '../../../src/web/client/http';
import type * as NodeDownload from '../../../src/core/client/download';
import type * as BrowserDownload from '../../../src/web/client/download';
import type * as WebEngine from '../../../src/web/engine';
import type * as NodeHostFiles from '../../../src/extension/hostFiles';
import type * as WebHostFiles from '../../../src/extension/web/hostFiles';
import type * as NodeHost from '../../../src/extension/nodeHost';
import type * as WebNodeHost from '../../../src/extension/web/nodeHost';
import type * as NodeLoader from '../../../src/extension/service/runtimeLoader';
import type * as WebLoader from '../../../src/extension/web/runtimeLoader';

const ROOT = path.resolve(__dirname, '..', '..', '..');

// A twin that lost or changed an export fails the typecheck here (the bundle would fail only at run time).
type Twin<Node, Browser> = Browser extends Node ? true : never;
const twins: [
  Twin<typeof NodeAssets, typeof BrowserAssets>,
  Twin<Pick<typeof NodeFetch, 'fetchBytes'>, typeof BrowserFetch>,
  Twin<typeof NodeHttp, typeof BrowserHttp>,
  Twin<typeof NodeDownload, typeof BrowserDownload>,
  // The browser's engine offers the extension what it uses of the Node engine, under the same names and types.
  Twin<NodeLoader.EngineSurface, typeof WebEngine>,
  Twin<typeof NodeHostFiles, typeof WebHostFiles>,
  Twin<typeof NodeHost, typeof WebNodeHost>,
  Twin<typeof NodeLoader, typeof WebLoader>,
] = [true, true, true, true, true, true, true, true];

/** What the extension's web entry leaves to its host. */
const HOST_MODULES = new Set(['vscode']);

interface WebBuild {
  webBuildOptions(root: string): esbuild.BuildOptions[];
  webExtensionBuildOptions(root: string): esbuild.BuildOptions;
  SWAPS: Record<string, string>;
  SHIMS: Record<string, string>;
}

type Built = esbuild.BuildResult & { metafile: esbuild.Metafile; outputFiles: esbuild.OutputFile[] };

const outputText = (result: Built): string => result.outputFiles.find((f) => f.path.endsWith('.js'))?.text ?? '';

const NODE_BUILTIN = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

describe('the browser bundles', function () {
  this.timeout(60_000);
  let web: WebBuild;
  const built = new Map<string, Built>();

  before(async () => {
    const url = pathToFileURL(path.join(ROOT, 'scripts/web-build.mjs')).href;
    web = (await new Function('u', 'return import(u)')(url)) as WebBuild;
    for (const options of [...web.webBuildOptions(ROOT), web.webExtensionBuildOptions(ROOT)])
      built.set(String(options.outfile), (await esbuild.build({ ...options, write: false, sourcemap: false, metafile: true })) as Built);
    assert.deepEqual([...built.keys()].sort(), ['dist/web/engine.js', 'dist/web/extension.js', 'dist/web/renderer.js']);
  });

  it('import no Node built-in: each one the renderer, the engine or the extension names resolves to a browser shim', () => {
    assert.ok(twins.every(Boolean));
    const offending: string[] = [];
    const shimmed = new Set<string>();
    // esbuild lists the injected globals module (Buffer, setImmediate) as an import of every file.
    const injected = new Set(web.webBuildOptions(ROOT).flatMap((o) => o.inject ?? []));
    for (const [bundle, result] of built) {
      for (const [file, input] of Object.entries(result.metafile.inputs)) {
        for (const imp of input.imports) {
          const named = imp.original ?? imp.path;
          if (injected.has(imp.path)) continue;
          // The shims' Buffer is the npm package of that name (feross's), not Node's module.
          if (file.startsWith('src/web/shims/') && named === 'buffer' && /node_modules[\\/]buffer[\\/]/.test(imp.path)) continue;
          // An import whose names are all types is dropped, yet listed as external: only one the output names is left to run time.
          if (imp.external && !(bundle === 'dist/web/extension.js' && HOST_MODULES.has(named)) && outputText(result).includes(`"${named}"`))
            offending.push(`${bundle}: ${file} leaves ${named} to run time`);
          else if (imp.external) continue;
          else if (NODE_BUILTIN.has(imp.path)) offending.push(`${bundle}: ${file} imports ${imp.path}`);
          else if (NODE_BUILTIN.has(named)) {
            if (imp.path.startsWith('src/web/shims/')) shimmed.add(named);
            else offending.push(`${bundle}: ${file}: ${named} resolved to ${imp.path}, not a shim`);
          }
        }
      }
    }
    assert.deepEqual(offending, []);
    // The shims are in use (a stale list would hide a new Node import behind a passing test).
    for (const name of Object.keys(web.SHIMS).filter((n) => NODE_BUILTIN.has(n))) assert.ok(shimmed.has(name), `${name} is shimmed`);
  });

  it('hold the browser twins instead of the Node modules that read files, open sockets or need the Node extension host', () => {
    const inputsOf = (bundle: string) => Object.keys(built.get(bundle)?.metafile.inputs ?? {});
    const inputs = [...built.keys()].map(inputsOf);
    for (const [node, twin] of Object.entries(web.SWAPS)) {
      assert.ok(!inputs.some((i) => i.includes(node)), `${node} is in no bundle`);
      assert.ok(
        inputs.some((i) => i.includes(twin)),
        `${twin} is in one`,
      );
    }
    // The web entry has the whole extension in it, and none of the Node host's tasks or Compare with… .
    const extension = inputsOf('dist/web/extension.js');
    for (const part of [
      'src/extension/studio.ts',
      'src/extension/schema/fixEngineEntry.ts',
      'src/core/format/reportFormat.ts',
      'src/web/engine.ts',
    ])
      assert.ok(extension.includes(part), `${part} is in dist/web/extension.js`);
    assert.deepEqual(
      extension.filter((i) => /^src\/extension\/(tasks|compare)\//.test(i)),
      [],
      'the tasks and Compare with… stay out of the web entry',
    );
    for (const [bundle, result] of built)
      assert.ok(
        !Object.keys(result.metafile.inputs).some((i) => /node_modules[\\/](undici|pngjs)[\\/]/.test(i)),
        `${bundle}: neither undici nor pngjs`,
      );
  });

  it('carry the lenient report validator precompiled at build time (the local service’s; scripts/precompile-validators.mjs)', () => {
    for (const bundle of ['dist/web/engine.js', 'dist/web/extension.js']) {
      const result = built.get(bundle);
      const output = result && Object.values(result.metafile.outputs).find((o) => o.entryPoint);
      const bytes = output?.inputs['src/core/schema/precompiledValidators.ts']?.bytesInOutput ?? 0;
      // The stub of the sources is a few bytes; the generated validator a few hundred KB.
      assert.ok(bytes > 100_000, `${bundle}: ${bytes} bytes of precompiled validators`);
    }
  });

  it('require nothing at run time', () => {
    for (const [bundle, result] of built) {
      const js = outputText(result);
      assert.ok(js.length > 0, bundle);
      // A require esbuild could not bundle stays a call of its run-time __require (which throws in a
      // browser); ajv's `require("ajv/dist/runtime/…")` are code-generation strings, never called.
      const requires = [...js.matchAll(/\b__require\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]);
      assert.deepEqual(requires, [], bundle);
      // The extension's CommonJS bundle: `vscode` is the only module its host hands it.
      const plain = [...js.matchAll(/(?<![\w.$])require\(\s*["']([^"']+)["']\s*\)/g)]
        .map((m) => m[1])
        .filter((m) => !HOST_MODULES.has(m) && !/^ajv(-formats)?\//.test(m));
      if (bundle === 'dist/web/extension.js') assert.deepEqual(plain, [], bundle);
    }
  });
});
