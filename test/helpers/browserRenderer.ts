/**
 * The browser bundles (dist/web/) in headless Chromium, the way the web extension uses them:
 * dist/ served over HTTP on 127.0.0.1 and a bundle loaded into a page (DistPage). For the
 * renderer (BrowserRendererPage) every file of RENDERER_FILES is fetched from there and handed in
 * as bytes, the renderer created once, then reports rendered in the page. For
 * test/integration/web/ and the `web` bench.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

const DIST = join(__dirname, '..', '..', 'dist');

/** Page code (DistPage.call). */
const CREATE = `async () => {
  const api = globalThis.ReportStudioRenderer;
  const missing = [];
  const t0 = performance.now();
  const files = await Promise.all(api.RENDERER_FILES.map(async (name) => {
    const res = await fetch('/' + name);
    if (!res.ok) missing.push(name);
    return [name, new Uint8Array(await res.arrayBuffer())];
  }));
  globalThis.renderer = await api.createBrowserRenderer(files);
  return { missing, initMs: performance.now() - t0, bytes: files.reduce((n, f) => n + f[1].length, 0) };
}`;
const RENDER = `async (reportText) => {
  const base64 = (bytes) => {
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(s);
  };
  const t0 = performance.now();
  const { pdf, pageCount } = await globalThis.renderer.renderPdf(JSON.parse(reportText));
  const t1 = performance.now();
  const jpeg = await globalThis.renderer.renderPreviewJpeg(pdf);
  const t2 = performance.now();
  return { pdf: base64(pdf), pageCount, jpeg: base64(jpeg), pdfMs: t1 - t0, jpegMs: t2 - t1 };
}`;

/**
 * The bundle's text run in a worker made from a blob: URL (where `self.location` cannot be a base
 * URL, as in VS Code's web worker extension host), handed the files, rendering `reportText`.
 */
const IN_BLOB_WORKER = `async (reportText) => {
  const source = await (await fetch('/web/renderer.js')).text();
  const files = await Promise.all(ReportStudioRenderer.RENDERER_FILES.map(async (name) => [name, new Uint8Array(await (await fetch('/' + name)).arrayBuffer())]));
  const body = source + \`
    self.onmessage = async (e) => {
      try {
        const renderer = await ReportStudioRenderer.createBrowserRenderer(e.data.files);
        const { pdf, pageCount } = await renderer.renderPdf(JSON.parse(e.data.reportText));
        const jpeg = await renderer.renderPreviewJpeg(pdf);
        await renderer.dispose();
        self.postMessage({ pageCount, jpeg });
      } catch (err) {
        self.postMessage({ error: String(err && err.stack || err) });
      }
    };\`;
  const worker = new Worker(URL.createObjectURL(new Blob([body], { type: 'text/javascript' })));
  const answer = await new Promise((resolve) => {
    worker.onmessage = (e) => resolve(e.data);
    worker.onerror = (e) => resolve({ error: e.message });
    worker.postMessage({ files, reportText });
  });
  worker.terminate();
  let s = '';
  const jpeg = answer.jpeg ?? new Uint8Array(0);
  for (let i = 0; i < jpeg.length; i += 0x8000) s += String.fromCharCode(...jpeg.subarray(i, i + 0x8000));
  return { pageCount: answer.pageCount, error: answer.error, jpeg: btoa(s) };
}`;

export interface BrowserRender {
  pdf: Buffer;
  pageCount: number;
  jpeg: Buffer;
  /** Time in the page: the PDF, then its preview JPEG. */
  pdfMs: number;
  jpegMs: number;
}

/** A page of headless Chromium on dist/ (served on 127.0.0.1) with one of the browser bundles loaded. */
export class DistPage {
  /** Page errors, and requests to anywhere but dist/ on the test's own server. */
  readonly problems: string[] = [];
  private server?: Server;
  private browser?: Browser;
  private page?: Page;

  /** Serves dist/, opens a page and loads `bundle` (e.g. 'web/engine.js') into it. */
  async start(bundle: string): Promise<void> {
    this.server = createServer((req, res) => {
      const path = normalize(join(DIST, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)));
      if (path === DIST + sep) return void res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>dist</title>');
      if (!path.startsWith(DIST + sep)) return void res.writeHead(403).end();
      readFile(path).then(
        (body) => res.writeHead(200, { 'content-type': path.endsWith('.js') ? 'text/javascript' : 'application/octet-stream' }).end(body),
        () => res.writeHead(404).end(),
      );
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    this.browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox'],
    });
    this.page = await this.browser.newPage();
    this.page.on('pageerror', (e) => this.problems.push(`page error: ${String(e)}`));
    // blob: URLs of the page's own origin are bytes already in memory (Emscripten's loaders make them).
    const own = (url: string) => url.startsWith(`${origin}/`) || url.startsWith(`blob:${origin}/`);
    this.page.on('request', (r) => void (own(r.url()) || this.problems.push(`request to ${r.url()}`)));
    await this.page.goto(`${origin}/`);
    await this.page.addScriptTag({ url: `${origin}/${bundle}` });
  }

  /**
   * Calls `fn` — page code as a string (tsx would wrap a function's inner names in a helper the
   * page lacks) — with `arg` (JSON), and returns its result.
   */
  async call<T>(fn: string, arg?: unknown): Promise<T> {
    if (!this.page) throw new Error('DistPage.call before start');
    return (await this.page.evaluate(`(${fn})(${arg === undefined ? '' : JSON.stringify(arg)})`)) as T;
  }

  async stop(): Promise<void> {
    await this.browser?.close();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

export class BrowserRendererPage {
  private readonly dist = new DistPage();
  /** Page errors, and requests to anywhere but dist/ on the test's own server. */
  readonly problems = this.dist.problems;
  /** Files of RENDERER_FILES that dist/ lacked. */
  missing: string[] = [];
  /** Fetching the files and creating the renderer (PDFium compiles), in the page. */
  initMs = 0;
  /** What the host handed in: the files' total size. */
  fileBytes = 0;

  async start(): Promise<void> {
    await this.dist.start('web/renderer.js');
    const created = await this.dist.call<{ missing: string[]; initMs: number; bytes: number }>(CREATE);
    this.missing = created.missing;
    this.initMs = created.initMs;
    this.fileBytes = created.bytes;
  }

  /** Renders a report (JSON text) to a PDF and its preview JPEG in a worker started from a blob: URL. */
  async inBlobWorker(reportJson: string): Promise<{ pageCount: number; jpeg: Buffer; error?: string }> {
    const r = await this.dist.call<{ pageCount: number; jpeg: string; error?: string }>(IN_BLOB_WORKER, reportJson);
    return { ...r, jpeg: Buffer.from(r.jpeg, 'base64') };
  }

  /** Renders a report (JSON text) to a PDF and that PDF to its preview JPEG, in the page. */
  async render(reportJson: string): Promise<BrowserRender> {
    const r = await this.dist.call<{ pdf: string; pageCount: number; jpeg: string; pdfMs: number; jpegMs: number }>(RENDER, reportJson);
    return { ...r, pdf: Buffer.from(r.pdf, 'base64'), jpeg: Buffer.from(r.jpeg, 'base64') };
  }

  async stop(): Promise<void> {
    await this.dist.call('async () => globalThis.renderer?.dispose()').catch(() => undefined);
    await this.dist.stop();
  }
}
