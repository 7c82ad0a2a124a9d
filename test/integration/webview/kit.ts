/**
 * Mocha wiring and page helpers shared by the viewer's browser tests. `viewerSuite()` builds
 * the real bundle, starts the harness once per file, and fails each test on any console
 * error, uncaught exception or CSP violation (minus what a test explicitly allows).
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Harness } from './harness';
import type { ViewerPage } from './harness';
import { makeJpeg, makePdf } from './fixtures';
import type { ThemeName } from './fixtures';
import type { ViewerToHostMessage } from '../../../src/webview/protocol';

const root = join(__dirname, '../../..');
const shots = join(root, 'test-results/screenshots');

export interface ToolbarInfo {
  page: string;
  count: string | null | undefined;
  zoom: string;
  scale: number;
  view: string | undefined;
}

export interface Kit {
  harness: Harness;
  /** `untilLoaded: false` when a request is left hanging: the page starts, its `load` never comes. */
  open(theme?: ThemeName, viewport?: { width: number; height: number }, untilLoaded?: boolean): Promise<ViewerPage>;
  showPdf(v: ViewerPage, name?: string): Promise<void>;
  /** Lets the current test pass despite console messages matching `re`. */
  allow(re: RegExp): void;
  /** Mocha's `it`, plus: fails on console errors / CSP violations seen during the test. */
  it(title: string, fn: () => Promise<void>): void;
}

let built: Promise<unknown> | undefined;

const importScript = <T>(file: string): Promise<T> =>
  new Function('u', 'return import(u)')(pathToFileURL(join(root, 'scripts', file)).href) as Promise<T>;

/**
 * Builds exactly what the extension ships (media/viewer/viewer.js + media/pdfjs/), once per run
 * and only when it is older than its sources: rewritten, it would make the .vsix that npm test's
 * unit stage packaged stale, and the e2e stage would package (and build dist/) a second time.
 */
function buildOnce(): Promise<unknown> {
  built ??= importScript<{ staleReason(outputs: string[]): string | undefined; VIEWER_OUTPUTS: string[] }>('freshness.mjs').then(
    async (f) => {
      if (!f.staleReason(f.VIEWER_OUTPUTS)) return;
      const m = await importScript<{ buildViewer(o: { quiet: boolean }): Promise<unknown> }>('build-viewer.mjs');
      await m.buildViewer({ quiet: true });
    },
  );
  return built;
}

export function viewerSuite(): Kit {
  const harness = new Harness(root);
  let vp: ViewerPage | undefined;
  let allowed: RegExp[] = [];

  before(async () => {
    await buildOnce();
    mkdirSync(shots, { recursive: true });
    await harness.start();
    harness.files.set('report.pdf', { body: await makePdf(5, 'Build 1'), type: 'application/pdf' });
    harness.files.set('long.pdf', { body: await makePdf(12, 'Long'), type: 'application/pdf' });
    harness.files.set('preview.jpg', { body: makeJpeg(), type: 'image/jpeg' });
    harness.files.set('broken.pdf', { body: Buffer.from('this is not a PDF at all'), type: 'application/pdf' });
  });
  after(() => harness.stop());
  beforeEach(() => (allowed = []));
  // The next open() replaces the document in the harness's one tab.
  afterEach(() => (vp = undefined));

  /** Checked inside each test (not in a hook: a failing hook would skip the rest of the file). */
  async function assertClean(): Promise<void> {
    if (!vp) return;
    const problems = [...vp.problems, ...(await Harness.violations(vp)).map((v) => `CSP violation: ${v}`)];
    assert.deepEqual(
      problems.filter((p) => !allowed.some((re) => re.test(p))),
      [],
      'console errors / CSP violations',
    );
  }

  return {
    harness,
    async open(theme = 'dark', viewport, untilLoaded) {
      vp = await harness.open(theme, viewport, untilLoaded);
      await vp.waitReady();
      return vp;
    },
    async showPdf(v, name = 'report.pdf') {
      await v.send({ type: 'showPdf', url: harness.fileUrl(name), fileName: name });
      await v.page.waitForSelector('.pdf-page[data-page="1"] canvas');
    },
    allow: (re) => allowed.push(re),
    it(title, fn) {
      it(title, async () => {
        await fn();
        await assertClean();
      });
    },
  };
}

export function toolbar(v: ViewerPage): Promise<ToolbarInfo> {
  return v.page.evaluate(() => {
    const select = document.getElementById('zoomSelect') as HTMLSelectElement;
    return {
      page: (document.getElementById('pageInput') as HTMLInputElement).value,
      count: document.getElementById('pageCount')?.textContent,
      zoom: select.value,
      scale: Number(select.dataset.scale),
      view: document.body.dataset.view,
    };
  });
}

export async function waitPage(v: ViewerPage, n: number): Promise<void> {
  await v.page.waitForFunction((p) => (document.getElementById('pageInput') as HTMLInputElement).value === String(p), n);
}

export function pageBox(v: ViewerPage, n: number): Promise<{ width: number; height: number; canvasWidth: number; rendered: boolean }> {
  return v.page.evaluate((p) => {
    const el = document.querySelector<HTMLElement>(`.pdf-page[data-page="${p}"]`)!;
    const c = el.querySelector('canvas');
    return { width: el.offsetWidth, height: el.offsetHeight, canvasWidth: c?.width ?? 0, rendered: !!c };
  }, n);
}

export function viewSize(v: ViewerPage, sel: string): Promise<{ width: number; height: number; scrollTop: number }> {
  return v.page.evaluate((s) => {
    const el = document.querySelector<HTMLElement>(s)!;
    return { width: el.clientWidth, height: el.clientHeight, scrollTop: el.scrollTop };
  }, sel);
}

export async function lastPosted(v: ViewerPage, type: ViewerToHostMessage['type']): Promise<ViewerToHostMessage | undefined> {
  return (await v.posted()).filter((m) => m.type === type).pop();
}

export async function shot(v: ViewerPage, theme: ThemeName, name: string): Promise<void> {
  await v.page.screenshot({ path: join(shots, `viewer-${theme}-${name}.png`) });
}
