/**
 * Builds the two bundles VS Code loads the extension from, the way the .vsix gets them
 * (scripts/build.mjs --production: the options that matter for these entries), into
 * `<outDir>/dist/`, with esbuild's metafile: dist/extension.js (the bootstrap) and
 * dist/studio.js (the rest, which the bootstrap requires from beside itself).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

interface BuiltBundle {
  /** <outDir>/dist/<name>.js */
  file: string;
  bytes: number;
  /** Source files that put code into the bundle, relative to the repository. */
  inputs: string[];
}

export interface ExtensionBundles extends BuiltBundle {
  /** dist/studio.js: the full extension, loaded by the bootstrap on demand. */
  studio: BuiltBundle;
}

/** scripts/esbuild-vscode.mjs's plugin, as scripts/build.mjs uses it (an ES module: imported, not required). */
async function vscodeOnce(): Promise<esbuild.Plugin> {
  const url = pathToFileURL(path.join(REPO_ROOT, 'scripts/esbuild-vscode.mjs')).href;
  const mod = (await new Function('u', 'return import(u)')(url)) as { vscodeOnce: esbuild.Plugin };
  return mod.vscodeOnce;
}

async function build(entry: string, file: string): Promise<BuiltBundle> {
  const result = await esbuild.build({
    entryPoints: [path.join(REPO_ROOT, entry)],
    outfile: file,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    external: ['vscode'],
    minify: true,
    metafile: true,
    logLevel: 'error',
    absWorkingDir: REPO_ROOT,
    plugins: [await vscodeOnce()],
    alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
    define: { 'import.meta.url': '__import_meta_url' },
    banner: { js: "var __import_meta_url = require('url').pathToFileURL(__filename).href;" },
  });
  const output = Object.values(result.metafile.outputs).find((o) => o.entryPoint);
  if (!output) throw new Error(`esbuild produced no output for ${entry}`);
  // Modules esbuild tree-shook away entirely are listed with 0 bytes: they ship nothing.
  const inputs = Object.entries(output.inputs)
    .filter(([, i]) => i.bytesInOutput > 0)
    .map(([name]) => name);
  return { file, bytes: fs.statSync(file).size, inputs };
}

/** dist/extension.js (the bootstrap, returned) and dist/studio.js (`.studio`) under outDir. */
export async function buildExtensionBundle(outDir: string): Promise<ExtensionBundles> {
  const dist = path.join(outDir, 'dist');
  const [bootstrap, studio] = await Promise.all([
    build('src/extension/extension.ts', path.join(dist, 'extension.js')),
    build('src/extension/studio.ts', path.join(dist, 'studio.js')),
  ]);
  return { ...bootstrap, studio };
}
