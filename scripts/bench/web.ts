/**
 * The browser build: the sizes of dist/web/renderer.js and dist/web/engine.js (the engine with
 * the client and the local service) as a production build makes them (minified, and gzipped)
 * against their budgets, the size of what the host hands it (WASM, fonts, icons), and an
 * example rendered in headless Chromium — creating the renderer (the files fetched from dist/,
 * PDFium compiled), then the PDF and its preview JPEG, medians of `runs` runs after two warm-ups,
 * beside the same report in Node in-process (the peer). No assertions: numbers only.
 *   npx tsx scripts/bench/web.ts [runs]   (or via npm run bench)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { createRenderer } from '../../src/render';
import { jsoncToJson } from '../../src/core/loc/jsoncText';
import type { ReportBody } from '../../src/core/report/types';
import { BrowserRendererPage } from '../../test/helpers/browserRenderer';
import { median, type BenchRow } from './table';

const ROOT = join(__dirname, '..', '..');
const EXAMPLE = 'kpi-dashboard.report.json';
/**
 * The budget of dist/web/renderer.js, minified: 1,221 KB when it was set (fontkit 231 KB, pdfkit
 * 132 KB, PDFium's loader 124 KB, the renderer, charts and markdown). It loads once per window,
 * beside 4.7 MB of WASM; the budget leaves a quarter for growth and flags a new dependency that
 * doubles a part.
 */
const BUDGET_KB = 1_500;
/**
 * The budget of dist/web/engine.js, minified: 2,084 KB (634 KB gzipped) when it was set — the
 * renderer's 1,223 KB, the report schema 614 KB and ajv 130 KB (the service's validation), the
 * service and the client about 110 KB. The web extension loads it with its own code, once per
 * window; the budget leaves a fifth for growth.
 */
const ENGINE_BUDGET_KB = 2_500;

/** A production build of one of WEB_BUNDLES: minified and gzipped sizes in KB. */
async function bundleKb(outfile: string): Promise<{ kb: number; gzipKb: number }> {
  const url = pathToFileURL(join(ROOT, 'scripts/web-build.mjs')).href;
  const web = (await new Function('u', 'return import(u)')(url)) as { webBuildOptions(root: string, o: object): esbuild.BuildOptions[] };
  const options = web.webBuildOptions(ROOT, { production: true }).find((o) => o.outfile === outfile);
  const result = await esbuild.build({ ...options, write: false });
  const js = result.outputFiles?.find((f) => f.path.endsWith('.js'));
  if (!js) throw new Error(`web bench: esbuild wrote no ${outfile}`);
  return { kb: js.contents.length / 1024, gzipKb: gzipSync(js.contents).length / 1024 };
}

/**
 * The budget of dist/web/extension.js (the `browser` entry), minified: the whole extension, the
 * browser engine with the local service and the renderer, the fix engine and the formatter in one
 * file, as a web worker cannot load a second. 2,259 KB when it was set: the browser engine's
 * 2,084 KB and the extension's own code; loaded once per window. The budget leaves a fifth for growth.
 */
const EXTENSION_BUDGET_KB = 2_800;

async function webExtensionKb(): Promise<{ kb: number; gzipKb: number }> {
  const url = pathToFileURL(join(ROOT, 'scripts/web-build.mjs')).href;
  const web = (await new Function('u', 'return import(u)')(url)) as {
    webExtensionBuildOptions(root: string, o: object): esbuild.BuildOptions;
  };
  const result = await esbuild.build({ ...web.webExtensionBuildOptions(ROOT, { production: true }), write: false });
  const js = result.outputFiles?.find((f) => f.path.endsWith('.js'));
  if (!js) throw new Error('web bench: esbuild wrote no extension.js');
  return { kb: js.contents.length / 1024, gzipKb: gzipSync(js.contents).length / 1024 };
}

export async function runWebBench(runs = 5): Promise<BenchRow[]> {
  const { kb, gzipKb } = await bundleKb('dist/web/renderer.js');
  const engine = await bundleKb('dist/web/engine.js');
  console.log(`dist/web/renderer.js (production): ${kb.toFixed(0)} KB, ${gzipKb.toFixed(0)} KB gzipped (budget ${BUDGET_KB} KB)`);
  console.log(
    `dist/web/engine.js (production): ${engine.kb.toFixed(0)} KB, ${engine.gzipKb.toFixed(0)} KB gzipped (budget ${ENGINE_BUDGET_KB} KB)`,
  );
  const extension = await webExtensionKb();
  console.log(
    `dist/web/extension.js (production): ${extension.kb.toFixed(0)} KB, ${extension.gzipKb.toFixed(0)} KB gzipped (budget ${EXTENSION_BUDGET_KB} KB)`,
  );
  const json = jsoncToJson(readFileSync(join(ROOT, 'examples', EXAMPLE), 'utf8')).body;
  const page = new BrowserRendererPage();
  const pdfMs: number[] = [];
  const jpegMs: number[] = [];
  let pages = 0;
  try {
    await page.start();
    if (page.missing.length || page.problems.length) throw new Error(`web bench: ${[...page.missing, ...page.problems].join('; ')}`);
    for (let i = 0; i < runs + 2; i++) {
      const r = await page.render(json);
      pages = r.pageCount;
      if (i < 2) continue;
      pdfMs.push(r.pdfMs);
      jpegMs.push(r.jpegMs);
    }
  } finally {
    await page.stop();
  }
  const node = await createRenderer();
  const nodePdfMs: number[] = [];
  const nodeJpegMs: number[] = [];
  try {
    for (let i = 0; i < runs + 2; i++) {
      const t0 = performance.now();
      const { pdf } = await node.renderPdf(JSON.parse(json) as ReportBody);
      const t1 = performance.now();
      await node.renderPreviewJpeg(pdf);
      if (i < 2) continue;
      nodePdfMs.push(t1 - t0);
      nodeJpegMs.push(performance.now() - t1);
    }
  } finally {
    await node.dispose();
  }
  const note = `${EXAMPLE}, ${pages} page(s), ${runs} runs`;
  return [
    {
      group: 'size',
      figure: '`dist/web/renderer.js` size (the renderer for the browser, production, minified)',
      median: kb,
      unit: 'KB',
      target: BUDGET_KB,
      note: `${gzipKb.toFixed(0)} KB gzipped`,
    },
    {
      group: 'size',
      figure: '`dist/web/engine.js` size (the client and the local service for the browser, with the renderer; production, minified)',
      median: engine.kb,
      unit: 'KB',
      target: ENGINE_BUDGET_KB,
      note: `${engine.gzipKb.toFixed(0)} KB gzipped`,
    },
    {
      group: 'size',
      figure: '`dist/web/extension.js` size (the `browser` entry with the browser engine, production, minified)',
      median: extension.kb,
      unit: 'KB',
      target: EXTENSION_BUDGET_KB,
      note: `${extension.gzipKb.toFixed(0)} KB gzipped`,
    },
    {
      group: 'size',
      figure: 'files the browser renderer is handed (WASM, fonts, icons)',
      median: page.fileBytes / 1024,
      unit: 'KB',
      note: 'read from the extension, once per window',
    },
    {
      group: 'render',
      figure: 'browser renderer created in Chromium (files fetched, PDFium compiled)',
      median: page.initMs,
      unit: 'ms',
      note: 'once per window',
    },
    {
      group: 'render',
      figure: 'PDF in the browser (Chromium)',
      median: median(pdfMs),
      unit: 'ms',
      peer: { label: 'Node in-process', median: median(nodePdfMs) },
      note,
    },
    {
      group: 'render',
      figure: 'preview JPEG in the browser (Chromium)',
      median: median(jpegMs),
      unit: 'ms',
      peer: { label: 'Node in-process', median: median(nodeJpegMs) },
      note,
    },
  ];
}

if (require.main === module) {
  runWebBench(Number(process.argv[2] ?? 5)).then(
    (rows) =>
      console.table(rows.map((r) => ({ figure: r.figure, median: r.median.toFixed(1), unit: r.unit, peer: r.peer?.median.toFixed(1) }))),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
