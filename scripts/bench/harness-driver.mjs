// The harness bench's loopback RPC (see test/e2e/bench/preview.ts): the bench running in the
// extension host asks it to watch the result viewer webview of a report for the next new
// JPEG ("arm"), then for the moment it was shown ("shown"). The moment is taken inside the
// viewer frame (Date.now(), the machine's clock, as in the extension host), so how often
// this driver polls does not change the figure.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startRpcServer } from '../e2e/rpc.mjs';

/** What the last sample showed, to look at: test-results/ is where the e2e screenshots go too. */
const SCREENSHOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'test-results', 'bench-preview.png');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The viewer content frames of `report` (a file name; the viewer puts it in <body data-report>). */
async function viewerFrames(page, report, kind = 'jpeg') {
  const found = [];
  for (const frame of page.frames()) {
    const ok = await frame
      .evaluate(
        ([name, k]) =>
          !!document.getElementById('app')?.firstChild &&
          document.body.dataset.report === name &&
          !!document.querySelector(k === 'pdf' ? '.pdf-page' : 'img.jpeg-image'),
        [report, kind],
      )
      .catch(() => false);
    if (ok) found.push(frame);
  }
  return found;
}

/**
 * Runs in the viewer frame: remembers the image now shown and records when a different one
 * is loaded, attached and visible (domAt), and the next animation frame after that (paintAt).
 */
function armInPage() {
  window.__rsBench?.stop();
  const img0 = document.querySelector('img.jpeg-image');
  const state = { before: img0?.getAttribute('src') ?? '', domAt: 0, paintAt: 0 };
  const shown = (img) =>
    !!img &&
    !img.hidden &&
    !img.closest('[hidden], .inactive') &&
    !!img.getAttribute('src') &&
    img.getAttribute('src') !== state.before &&
    img.complete &&
    img.naturalWidth > 0;
  const check = () => {
    if (state.domAt || !shown(document.querySelector('img.jpeg-image'))) return;
    state.domAt = Date.now();
    state.stop();
    requestAnimationFrame(() => (state.paintAt = Date.now()));
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['src', 'hidden', 'class'] });
  // A new src may still be loading when it is set: check again when it has loaded.
  document.addEventListener('load', check, true);
  state.stop = () => {
    observer.disconnect();
    document.removeEventListener('load', check, true);
  };
  window.__rsBench = state;
}

/**
 * Runs in the viewer frame: records when page 1 of the PDF view showed its new drawing — the
 * moment a canvas not seen before was put in page 1 (domAt) and the next animation frame
 * (paintAt) — once page 1's text layer, laid on after its canvas, proves that drawing holds
 * `text`. (An unchanged page keeps its old canvas and never counts; the text layer itself is
 * transparent, so it is evidence, not the moment.)
 */
function armTextInPage(text) {
  window.__rsBench?.stop();
  const state = { domAt: 0, paintAt: 0 };
  const seen = new WeakSet(document.querySelectorAll('canvas'));
  let canvasAt = 0;
  let canvasPaintAt = 0;
  const page1 = () => document.querySelector('.pdf-page[data-page="1"]');
  const has = () => (page1()?.querySelector('.textLayer')?.textContent ?? '').replace(/\s+/g, '').includes(text);
  const finish = () => {
    if (state.paintAt || !state.domAt || !canvasPaintAt) return;
    state.paintAt = canvasPaintAt;
    state.stop();
  };
  const check = () => {
    const canvas = page1()?.querySelector('canvas');
    if (canvas && !seen.has(canvas)) {
      seen.add(canvas);
      const at = (canvasAt = Date.now());
      canvasPaintAt = 0;
      requestAnimationFrame(() => {
        if (canvasAt !== at) return;
        canvasPaintAt = Date.now();
        finish();
      });
    }
    if (!state.domAt && canvasAt && has()) state.domAt = canvasAt;
    finish();
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  state.stop = () => observer.disconnect();
  window.__rsBench = state;
}

function actions(page) {
  return {
    /** Watches the live PDF view of `report` for page 1 showing `text` (spaces removed). */
    async armText({ report, text }) {
      const frames = await viewerFrames(page, report, 'pdf');
      for (const f of frames) await f.evaluate(armTextInPage, text);
      return frames.length;
    },
    async arm({ report }) {
      const frames = await viewerFrames(page, report);
      for (const f of frames) await f.evaluate(armInPage);
      return frames.length;
    },
    /** ms since the epoch at which the armed viewer showed the new image (painted, if a frame came). */
    async shown({ report, timeoutMs = 30_000, kind = 'jpeg' }) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        for (const f of await viewerFrames(page, report, kind)) {
          const s = await f
            .evaluate(() => (window.__rsBench ? { domAt: window.__rsBench.domAt, paintAt: window.__rsBench.paintAt } : null))
            .catch(() => null);
          if (s?.paintAt) return s.paintAt;
          // No animation frame within a second (a throttled frame): the image was in place.
          if (s?.domAt && Date.now() - s.domAt > 1_000) return s.domAt;
        }
        if (Date.now() > deadline) throw new Error(`nothing new shown in the ${kind} viewer of ${report} within ${timeoutMs} ms`);
        await sleep(25);
      }
    },
    async screenshot() {
      mkdirSync(dirname(SCREENSHOT), { recursive: true });
      await page.screenshot({ path: SCREENSHOT });
      return SCREENSHOT;
    },
  };
}

/** Starts the RPC server on 127.0.0.1; `attach(page)` points it at the workbench page. */
export async function startBenchDriver() {
  const rpc = await startRpcServer('bench');
  return { url: rpc.url, attach: (page) => rpc.attach(actions(page)), stop: rpc.stop };
}
