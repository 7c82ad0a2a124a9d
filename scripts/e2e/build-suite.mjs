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

export async function buildSuite() {
  const srcDir = join(root, 'test', 'e2e', 'suite');
  const entries = readdirSync(srcDir)
    .filter((f) => f === 'index.ts' || f.endsWith('.test.ts'))
    .map((f) => join(srcDir, f));
  rmSync(suiteOutDir, { recursive: true, force: true }); // no stale test files from renamed modules
  await esbuild.build({
    entryPoints: entries,
    outdir: suiteOutDir,
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
  return suiteIndex;
}
