// Build support for the renderer (src/render; its README describes the pipeline).
// - pdfkit's Node build loads font metrics via createRequire('#standard-fonts/…'), which
//   esbuild cannot follow; bundles use its browser build instead (the renderer registers
//   the standard fonts itself) and get `import.meta.url` defined for the CJS output.
// - The PDFium WASM, the WebP decoder's WASM, the JPEG encoder's WASM, the OFL fonts and the
//   Tabler icon paths are read at run time from files beside the bundle: dist/pdfium.wasm,
//   dist/webp_dec.wasm, dist/libjpegturbowasm.wasm, dist/fonts/, dist/icons/tabler-outline.json.
import { cpSync, mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

/** esbuild plugin: `import 'pdfkit'` (exactly) → pdfkit's browser ESM build. */
export function pdfkitBrowserPlugin(root) {
  return {
    name: 'pdfkit-browser',
    setup(build) {
      build.onResolve({ filter: /^pdfkit$/ }, () => ({ path: join(root, 'node_modules/pdfkit/js/pdfkit.browser.mjs') }));
    },
  };
}

/** esbuild options that make `import.meta.url` work in a CJS bundle. */
export const importMetaUrl = {
  define: { 'import.meta.url': '__import_meta_url' },
  banner: "var __import_meta_url = require('url').pathToFileURL(__filename).href;",
};

/** Copies the renderer's run-time files into `dist` (default: <root>/dist). */
export function copyRenderAssets(root, dist = join(root, 'dist')) {
  mkdirSync(join(dist, 'icons'), { recursive: true });
  cpSync(join(root, 'node_modules/@hyzyla/pdfium/dist/pdfium.wasm'), join(dist, 'pdfium.wasm'));
  // libwebp's decoder (src/render/images/webp.ts compiles it on the first WebP).
  cpSync(join(root, 'node_modules/@jsquash/webp/codec/dec/webp_dec.wasm'), join(dist, 'webp_dec.wasm'));
  // libjpeg-turbo's encoder (src/render/jpegEncoder.ts compiles it on the first preview).
  cpSync(
    join(root, 'node_modules/@cornerstonejs/codec-libjpeg-turbo-8bit/dist/libjpegturbowasm.wasm'),
    join(dist, 'libjpegturbowasm.wasm'),
  );
  if (existsSync(join(root, 'assets/fonts'))) cpSync(join(root, 'assets/fonts'), join(dist, 'fonts'), { recursive: true });
  const nodes = JSON.parse(readFileSync(join(root, 'node_modules/@tabler/icons/tabler-nodes-outline.json'), 'utf8'));
  const compact = {};
  for (const [name, list] of Object.entries(nodes)) compact[name] = list.map((n) => n[1].d ?? '').join(' ');
  writeFileSync(join(dist, 'icons/tabler-outline.json'), JSON.stringify(compact));
}
