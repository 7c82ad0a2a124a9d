/**
 * The renderer works when bundled by esbuild exactly as scripts/build.mjs bundles
 * dist/local-service.js and dist/cli.js (pdfkit browser build, import.meta.url,
 * assets beside the bundle) — run from another directory, without node_modules.
 */
import { strict as assert } from 'node:assert';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import * as esbuild from 'esbuild';

const run = promisify(execFile);

describe('renderer: esbuild bundle', function () {
  this.timeout(120_000);
  let dir: string;

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'render-bundle-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('renders a PDF and a preview JPEG from a bundle outside the repo', async () => {
    const root = process.cwd();
    const assets = (await new Function('u', 'return import(u)')(pathToFileURL(join(root, 'scripts/render-assets.mjs')).href)) as {
      pdfkitBrowserPlugin(root: string): esbuild.Plugin;
      importMetaUrl: { define: Record<string, string>; banner: string };
      copyRenderAssets(root: string, dist: string): void;
    };
    await esbuild.build({
      entryPoints: [join(root, 'test/fixtures/render-bundle-entry.ts')],
      outfile: join(dir, 'render-check.js'),
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      minify: true,
      logLevel: 'error',
      plugins: [assets.pdfkitBrowserPlugin(root)],
      // As scripts/build.mjs: the renderer reaches jsonc-parser (core/loc/treeWalk.ts), whose UMD entry esbuild cannot follow.
      alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
      define: assets.importMetaUrl.define,
      banner: { js: assets.importMetaUrl.banner },
    });
    assets.copyRenderAssets(root, dir);
    assert.ok(
      existsSync(join(dir, 'pdfium.wasm')) &&
        existsSync(join(dir, 'webp_dec.wasm')) &&
        existsSync(join(dir, 'libjpegturbowasm.wasm')) &&
        existsSync(join(dir, 'fonts')) &&
        existsSync(join(dir, 'icons/tabler-outline.json')),
    );
    const { stdout, stderr } = await run(process.execPath, [join(dir, 'render-check.js')], {
      cwd: dir,
      env: { ...process.env, NODE_PATH: '' },
    });
    assert.equal(stderr, '');
    const out = JSON.parse(stdout) as {
      pageCount: number;
      pdfHead: string;
      pdfBytes: number;
      jpegSoi: boolean;
      jpegBytes: number;
      notes: number;
      images: number;
    };
    assert.equal(out.pageCount, 2);
    assert.equal(out.pdfHead, '%PDF-');
    assert.ok(out.jpegSoi && out.jpegBytes > 10_000, stdout);
    // The WebP and the GIF became PNG image XObjects; the SVG is vectors; nothing was left out.
    assert.equal(out.images, 2, stdout);
    assert.equal(out.notes, 0, stdout);
  });
});
