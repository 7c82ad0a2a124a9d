// Bundles the e2e mocha suite (test/e2e/suite/) into out/e2e/suite/: one file per test module
// plus index.js (the extensionTestsPath). `vscode` comes from the host, mocha from node_modules.
import * as esbuild from 'esbuild';
import { readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const suiteOutDir = join(root, 'out', 'e2e', 'suite');
export const suiteIndex = join(suiteOutDir, 'index.js');
export const runnerExtensionDir = join(root, 'test', 'e2e', 'runner');

/** `srcDir`/`outDir`: another suite of the same shape (the harness bench: test/e2e/bench → out/e2e/bench). */
export async function buildSuite({ srcDir = join(root, 'test', 'e2e', 'suite'), outDir = suiteOutDir } = {}) {
  const entries = readdirSync(srcDir)
    .filter((f) => f === 'index.ts' || f.endsWith('.test.ts'))
    .map((f) => join(srcDir, f));
  rmSync(outDir, { recursive: true, force: true }); // no stale test files from renamed modules
  await esbuild.build({
    entryPoints: entries,
    outdir: outDir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    external: ['vscode', 'mocha'],
    mainFields: ['module', 'main'], // jsonc-parser's UMD main does not bundle
    sourcemap: 'inline',
    logLevel: 'error',
    absWorkingDir: root,
  });
  return join(outDir, 'index.js');
}
