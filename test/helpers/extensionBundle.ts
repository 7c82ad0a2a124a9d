/**
 * Builds dist/extension.js the way the .vsix gets it (scripts/build.mjs --production: the
 * options that matter for this entry) into a folder of the caller's, with esbuild's metafile.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as esbuild from 'esbuild';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

export interface BuiltBundle {
  /** <outDir>/dist/extension.js */
  file: string;
  bytes: number;
  /** Source files bundled in, relative to the repository. */
  inputs: string[];
}

export async function buildExtensionBundle(outDir: string): Promise<BuiltBundle> {
  const file = path.join(outDir, 'dist', 'extension.js');
  const result = await esbuild.build({
    entryPoints: [path.join(REPO_ROOT, 'src/extension/extension.ts')],
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
    alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
    define: { 'import.meta.url': '__import_meta_url' },
    banner: { js: "var __import_meta_url = require('url').pathToFileURL(__filename).href;" },
  });
  const output = Object.values(result.metafile.outputs).find((o) => o.entryPoint);
  if (!output) throw new Error('esbuild produced no entry output');
  return { file, bytes: fs.statSync(file).size, inputs: Object.keys(output.inputs) };
}
