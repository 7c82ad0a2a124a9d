/**
 * A stand-in for the VS Code webview around the result viewer, in headless Chromium:
 * - the document comes from one loopback origin, media/ and the result files from another
 *   (as vscode-webview:// vs *.vscode-cdn.net), with the real viewerHtml() CSP;
 * - `acquireVsCodeApi` is faked: it records posted messages and keeps state in sessionStorage,
 *   so a reload gets it back the way the WebviewPanelSerializer does;
 * - one tab per harness, each open() a new document in it with its own state: a new browser
 *   context and page cost Chromium ~1.6 CPU-s (a renderer process started), a navigation ~0.2;
 * - console errors, page errors and CSP violations are collected so tests can fail on them.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { extname, join, normalize, sep } from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { makeNonce, viewerHtml } from '../../../src/webview/html';
import type { L10nBundle } from '../../../src/webview/html';
import type { HostToViewerMessage, ViewerState, ViewerToHostMessage } from '../../../src/webview/protocol';
import { THEMES } from './fixtures';
import type { ThemeName } from './fixtures';

const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

const MIME: Record<string, string> = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.map': 'application/json',
  '.pdf': 'application/pdf',
  '.jpg': 'image/jpeg',
};

export interface ServedFile {
  body: Buffer;
  type: string;
  status?: number;
}

export interface ViewerPage {
  page: Page;
  /** Console errors, uncaught exceptions and CSP violations seen so far. */
  problems: string[];
  /** Every console line so far, as `type: text`. */
  messages: string[];
  send(message: HostToViewerMessage): Promise<void>;
  posted(): Promise<ViewerToHostMessage[]>;
  state(): Promise<ViewerState | undefined>;
  /** Waits for `ready` after (re)loading; returns the restored state it carried. */
  waitReady(): Promise<ViewerState | null>;
}

/**
 * What VS Code's webview service worker does to a request it loses (pageLoader.ts): `fail`
 * answers 408, as the worker does when it gave up waiting; `hang` never answers it (until
 * `answerHanging()` or stop).
 */
export type LostRequestKind = 'fail' | 'hang';

export class Harness {
  readonly files = new Map<string, ServedFile>();
  /** The next request for each of these paths (e.g. `/media/viewer/viewer.js`) is lost; later ones are served. */
  readonly lose = new Map<string, LostRequestKind>();
  /** The paths requested so far, with their query (`?attempt=2`), in order. */
  readonly requested: string[] = [];
  private readonly hanging: { res: ServerResponse; serve: () => Promise<void> }[] = [];
  /** The words the page gets, as the extension passes `vscode.l10n.bundle` (none: English). */
  words: L10nBundle | undefined;
  private browser!: Browser;
  private tab: { context: BrowserContext; page: Page } | undefined;
  /** Where the tab's console errors go: the problems of the latest open(). */
  private problems: string[] = [];
  private messages: string[] = [];
  private opens = 0;
  private docServer!: Server;
  private resServer!: Server;
  docOrigin = '';
  resOrigin = '';

  constructor(private readonly root: string) {}

  async start(): Promise<void> {
    this.resServer = createServer((req, res) => void this.serveResource(req, res));
    this.docServer = createServer((req, res) => this.serveDocument(req, res));
    this.resOrigin = await listen(this.resServer);
    this.docOrigin = await listen(this.docServer);
    this.browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_FLAGS });
  }

  async stop(): Promise<void> {
    this.tab = undefined;
    for (const { res } of this.hanging.splice(0)) res.destroy();
    await this.browser?.close();
    await Promise.all([close(this.docServer), close(this.resServer)]);
  }

  fileUrl(name: string): string {
    return `${this.resOrigin}/files/${name}`;
  }

  /** A new viewer document in the harness's tab, as if the panel had just been created. */
  async open(theme: ThemeName = 'dark', viewport = { width: 900, height: 700 }, untilLoaded = true): Promise<ViewerPage> {
    const { page } = await this.viewerTab(viewport);
    const problems: string[] = [];
    const messages: string[] = [];
    this.problems = problems;
    this.messages = messages;
    const vp: ViewerPage = {
      page,
      problems,
      messages,
      // Resolves once the viewer's own listener has run: a listener added now runs after it in the
      // same dispatch. (Resolving at postMessage let the next read race the message's task under load.)
      send: (message) =>
        page.evaluate(
          (m) =>
            new Promise<void>((resolve) => {
              window.addEventListener('message', () => resolve(), { once: true });
              window.postMessage(m, '*');
            }),
          message,
        ),
      posted: () => page.evaluate(() => (window as unknown as TestWindow).__posted),
      state: () => page.evaluate(() => (window as unknown as TestWindow).__state()),
      waitReady: async () => {
        await page.waitForFunction(() => (window as unknown as TestWindow).__posted.some((m) => m.type === 'ready'));
        const ready = (await vp.posted()).find((m) => m.type === 'ready');
        return ready && ready.type === 'ready' ? ready.restored : null;
      },
    };
    // `open` tells the init script that this is a new document, not a reload: it starts with no state.
    await page.goto(`${this.docOrigin}/?theme=${theme}&open=${++this.opens}`, { waitUntil: untilLoaded ? 'load' : 'commit' });
    return vp;
  }

  /** The one tab, sized for this open(); the mouse back where a new page has it. */
  private async viewerTab(viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
    if (this.tab) {
      await this.tab.page.setViewportSize(viewport);
      await this.tab.page.mouse.move(0, 0);
      return this.tab;
    }
    const context = await this.browser.newContext({ viewport, deviceScaleFactor: 1 });
    const page = await context.newPage();
    page.on('console', (m) => {
      this.messages.push(`${m.type()}: ${m.text()}`);
      if (m.type() === 'error' || m.type() === 'warning') this.problems.push(`console.${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => this.problems.push(`pageerror: ${e.message}`));
    page.on('worker', (w) => w.on('console', (m) => m.type() === 'error' && this.problems.push(`worker console.error: ${m.text()}`)));
    await page.addInitScript({ content: fakeWebviewHost(THEMES) });
    this.tab = { context, page };
    return this.tab;
  }

  /** CSP violations recorded by the page's listener (empty when the policy was respected). */
  static async violations(vp: ViewerPage): Promise<string[]> {
    return vp.page.evaluate(() => (window as unknown as TestWindow).__violations);
  }

  private serveDocument(req: IncomingMessage, res: ServerResponse): void {
    if (new URL(req.url ?? '/', 'http://x').pathname !== '/') {
      res.writeHead(204).end();
      return;
    }
    const media = `${this.resOrigin}/media`;
    const html = viewerHtml({
      cspSource: this.resOrigin,
      nonce: makeNonce((n) => randomBytes(n)),
      scriptUri: `${media}/viewer/viewer.js`,
      cssUri: `${media}/viewer/viewer.css`,
      pdfjsUri: `${media}/pdfjs/pdf.min.mjs`,
      workerUri: `${media}/pdfjs/pdf.worker.min.mjs`,
      l10n: this.words,
    });
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html);
  }

  private async serveResource(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // A new connection for each request: Chromium sends a request again by itself when a reused
    // connection answers 408, which would hide a `fail` from the page.
    const headers = { 'access-control-allow-origin': '*', 'cache-control': 'no-cache', connection: 'close' };
    const url = new URL(req.url ?? '/', 'http://x');
    const path = decodeURIComponent(url.pathname);
    this.requested.push(path + url.search);
    const lost = this.lose.get(path);
    if (lost) {
      this.lose.delete(path);
      if (lost === 'fail') return void res.writeHead(408, headers).end('Request Timeout');
      return void this.hanging.push({ res, serve: () => this.serveFile(path, res, headers) });
    }
    return this.serveFile(path, res, headers);
  }

  /** Answers the requests left hanging so far, as if they had only been slow; resolves once sent. */
  async answerHanging(): Promise<void> {
    await Promise.all(this.hanging.splice(0).map((h) => h.serve()));
  }

  private async serveFile(path: string, res: ServerResponse, headers: Record<string, string>): Promise<void> {
    if (path.startsWith('/files/')) {
      const f = this.files.get(path.slice('/files/'.length));
      if (!f) return void res.writeHead(404, headers).end('not found');
      return void res.writeHead(f.status ?? 200, { ...headers, 'content-type': f.type }).end(f.body);
    }
    const mediaRoot = join(this.root, 'media');
    const file = normalize(join(mediaRoot, path.replace(/^\/media\//, '')));
    if (!path.startsWith('/media/') || !file.startsWith(mediaRoot + sep)) return void res.writeHead(404, headers).end();
    try {
      const body = await readFile(file);
      res.writeHead(200, { ...headers, 'content-type': MIME[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404, headers).end();
    }
  }
}

interface TestWindow {
  __posted: ViewerToHostMessage[];
  __violations: string[];
  __state(): ViewerState | undefined;
}

/**
 * Runs in the page before any of its scripts: the fake VS Code host and the theme. A string,
 * not a function: tsx would add `__name()` helper calls that do not exist in the page.
 */
function fakeWebviewHost(themes: Record<ThemeName, { vars: Record<string, string>; bodyClass: string }>): string {
  return `(() => {
  const KEY = 'vscode-webview-state';
  const query = new URLSearchParams(location.search);
  const theme = ${JSON.stringify(themes)}[query.get('theme')];
  // A new document of the reused tab (another open, not a reload) starts with no saved state.
  const open = query.get('open');
  if (open && sessionStorage.getItem('harness-open') !== open) {
    sessionStorage.clear();
    sessionStorage.setItem('harness-open', open);
  }
  window.__posted = [];
  window.__violations = [];
  window.__state = () => {
    const s = sessionStorage.getItem(KEY);
    return s ? JSON.parse(s) : undefined;
  };
  document.addEventListener('securitypolicyviolation', (e) =>
    window.__violations.push(e.violatedDirective + ' blocked ' + (e.blockedURI || '(inline)')));
  let acquired = false;
  window.acquireVsCodeApi = () => {
    if (acquired) throw new Error('An instance of the VS Code API has already been acquired');
    acquired = true;
    return {
      postMessage: (m) => window.__posted.push(JSON.parse(JSON.stringify(m))),
      getState: () => window.__state(),
      setState: (s) => sessionStorage.setItem(KEY, JSON.stringify(s)),
    };
  };
  const applyTheme = () => {
    if (!theme) return;
    for (const [k, v] of Object.entries(theme.vars)) document.documentElement.style.setProperty(k, v);
    document.body.classList.add(theme.bodyClass);
  };
  if (document.body) applyTheme();
  else document.addEventListener('DOMContentLoaded', applyTheme);
})();`;
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
}

function close(server: Server | undefined): Promise<void> {
  return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
}
