/**
 * The browser build of the renderer (dist/web/renderer.js) in headless Chromium: fed the
 * renderer's files from dist/ as bytes (as the web extension does), it renders an example to
 * the same PDF pages and text as the Node renderer, and that PDF to the same preview JPEG.
 */
import { strict as assert } from 'node:assert';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { ensureBuilt } from '../../helpers/freshBuild';
import { readPdf } from '../../helpers/pdf';
import { decodeJpeg, isJpeg } from '../../helpers/jpeg';
import { sharedRenderer } from '../../helpers/render';
import { jsoncToJson } from '../../../src/core/loc/jsoncText';
import type { ReportBody } from '../../../src/core/report/types';

const ROOT = join(__dirname, '..', '..', '..');
const DIST = join(ROOT, 'dist');
const EXAMPLE = 'kpi-dashboard.report.json';

/**
 * Runs in the page (a string: tsx would wrap a function's inner names in a helper the page lacks):
 * fetches every file the renderer lists from dist/, then renders the report to a PDF and its preview.
 */
const IN_PAGE = `async (reportText) => {
  const api = globalThis.ReportStudioRenderer;
  const missing = [];
  const files = await Promise.all(api.RENDERER_FILES.map(async (name) => {
    const res = await fetch('/' + name);
    if (!res.ok) missing.push(name);
    return [name, new Uint8Array(await res.arrayBuffer())];
  }));
  const renderer = await api.createBrowserRenderer(files);
  const { pdf, pageCount } = await renderer.renderPdf(JSON.parse(reportText));
  const jpeg = await renderer.renderPreviewJpeg(pdf);
  const base64 = (bytes) => {
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(s);
  };
  await renderer.dispose();
  return { pdf: base64(pdf), pageCount, jpeg: base64(jpeg), missing };
}`;

interface BrowserResult {
  pdf: string;
  pageCount: number;
  jpeg: string;
  missing: string[];
}

describe('the renderer in the browser (dist/web/renderer.js)', function () {
  this.timeout(120_000);
  let server: Server;
  let origin: string;
  let browser: Browser;

  before(async () => {
    ensureBuilt();
    // dist/ over HTTP on 127.0.0.1, as a web extension's files are served to the browser.
    server = createServer((req, res) => {
      const path = normalize(join(DIST, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)));
      if (!path.startsWith(DIST + sep)) return void res.writeHead(403).end();
      readFile(path).then(
        (body) => res.writeHead(200, { 'content-type': path.endsWith('.js') ? 'text/javascript' : 'application/octet-stream' }).end(body),
        () => res.writeHead(path.endsWith('/') ? 200 : 404, { 'content-type': 'text/html' }).end('<!doctype html><title>renderer</title>'),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox'],
    });
  });

  after(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  it('renders an example to the PDF and preview JPEG of the Node renderer, from its own files only', async () => {
    const text = await readFile(join(ROOT, 'examples', EXAMPLE), 'utf8');
    const page = await browser.newPage();
    const errors: string[] = [];
    const outside: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('request', (r) => void (r.url().startsWith(origin) || outside.push(r.url())));
    await page.goto(`${origin}/`);
    await page.addScriptTag({ url: `${origin}/web/renderer.js` });
    assert.deepEqual(errors, [], 'the bundle loads');
    const result = (await page.evaluate(`(${IN_PAGE})(${JSON.stringify(jsoncToJson(text).body)})`)) as BrowserResult;
    await page.close();
    assert.deepEqual(errors, [], 'no page errors');
    assert.deepEqual(result.missing, [], 'every file the renderer asks for is in dist/');
    assert.deepEqual(outside, [], 'nothing is requested from anywhere but the files handed in');

    const pdf = Buffer.from(result.pdf, 'base64');
    const jpeg = Buffer.from(result.jpeg, 'base64');
    const node = await sharedRenderer();
    const expected = await node.renderPdf(JSON.parse(jsoncToJson(text).body) as ReportBody);
    const [got, want] = await Promise.all([readPdf(pdf), readPdf(expected.pdf)]);
    assert.equal(result.pageCount, expected.pageCount);
    assert.equal(got.pageCount, want.pageCount);
    assert.deepEqual(got.sizes, want.sizes);
    assert.deepEqual(got.pages, want.pages, 'the same text on every page');
    assert.ok(got.pages.join(' ').trim().length > 100, 'the example drew its text');

    assert.ok(isJpeg(jpeg), 'a JPEG');
    const nodeJpeg = await node.renderPreviewJpeg(pdf);
    assert.ok(Buffer.from(nodeJpeg).equals(jpeg), 'the same preview JPEG, byte for byte, as the Node renderer makes of that PDF');
    const decoded = decodeJpeg(jpeg);
    assert.ok(decoded.width > 500 && decoded.height > 700, `a page-sized preview (${decoded.width}×${decoded.height})`);
  });
});
