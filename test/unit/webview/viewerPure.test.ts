/** The viewer's pure parts: the HTML/CSP generator, zoom arithmetic, state normalisation. */
import { strict as assert } from 'node:assert';
import { makeNonce, viewerCsp, viewerHtml } from '../../../src/webview/html';
import { defaultViewerState } from '../../../src/webview/protocol';
import { isHostToViewerMessage } from '../../../src/webview/protocolGuards';
import { PageGeometry } from '../../../src/webview/viewer/pdfGeometry';
import { previewPageFrames } from '../../../src/webview/viewer/previewPages';
import { PREVIEW_LAYOUT } from '../../../src/core/report/previewLayout';
import { normalizeState } from '../../../src/webview/viewer/state';
import { findMatches } from '../../../src/webview/viewer/pdfFind';
import { fitScale, resolveScale, wheelZoom, zoomInStep, zoomOutStep, MAX_SCALE, MIN_SCALE } from '../../../src/webview/viewer/zoom';

const CSP_SOURCE = 'https://*.vscode-cdn.net';
const NONCE = 'abcDEF0123456789xyzXYZ';
const opts = {
  cspSource: CSP_SOURCE,
  nonce: NONCE,
  scriptUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/media/viewer/viewer.js',
  cssUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/media/viewer/viewer.css',
  pdfjsUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/media/pdfjs/pdf.min.mjs',
  workerUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/media/pdfjs/pdf.worker.min.mjs',
};

describe('viewer HTML and CSP', () => {
  it('allows only the nonce for scripts and the resource origin for styles, fonts and fetches', () => {
    const directives = Object.fromEntries(
      viewerCsp(CSP_SOURCE, NONCE)
        .split('; ')
        .map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]),
    );
    assert.deepEqual(directives, {
      'default-src': "'none'",
      'script-src': `'nonce-${NONCE}'`,
      'style-src': CSP_SOURCE,
      'img-src': 'blob:',
      'font-src': CSP_SOURCE,
      'connect-src': CSP_SOURCE,
      'worker-src': 'blob:',
      'base-uri': "'none'",
      'form-action': "'none'",
    });
    assert.doesNotMatch(viewerCsp(CSP_SOURCE, NONCE), /unsafe|\*:|https?:\/\/(?!\*\.vscode-cdn\.net)/);
  });

  it('puts the CSP first in <head>, the page loader before the stylesheet, the nonce on both scripts, and escapes attribute values', () => {
    const html = viewerHtml({ ...opts, pdfjsUri: 'https://x/"><script>alert(1)</script>' });
    assert.ok(html.indexOf('Content-Security-Policy') < html.indexOf('<script'));
    // A script after a stylesheet waits for it: the loader must come first to see a stalled one.
    assert.ok(html.indexOf(`<script nonce="${NONCE}">`) < html.indexOf('<link'));
    assert.equal(html.match(/<script/g)?.length, 2);
    assert.match(html, /<link rel="stylesheet" href="[^"]+viewer\.css" data-retry>/);
    assert.match(
      html,
      new RegExp(`<script type="module" nonce="${NONCE}" src="${opts.scriptUri.replace(/[.+]/g, '\\$&')}" data-retry></script>`),
    );
    assert.match(html, /data-pdfjs="https:\/\/x\/&quot;&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt;"/);
    assert.match(html, /data-pdfjs-worker="[^"]+pdf\.worker\.min\.mjs"/);
    assert.doesNotMatch(html, /style=/);
  });

  it('refuses a cspSource or nonce that could inject directives', () => {
    assert.throws(() => viewerCsp("https://a; script-src 'unsafe-inline'", NONCE), /cspSource/);
    assert.throws(() => viewerCsp('', NONCE), /cspSource/);
    assert.throws(() => viewerCsp("'self' 'unsafe-eval'", NONCE), /cspSource/);
    assert.throws(() => viewerCsp('https://a,https://b', NONCE), /cspSource/);
    // What code-server 4.100 (VS Code 1.100 web) gives as webview.cspSource.
    assert.match(viewerCsp("'self' https://*.vscode-cdn.net", NONCE), /connect-src 'self' https:\/\/\*\.vscode-cdn\.net;/);
    assert.throws(() => viewerCsp(CSP_SOURCE, "x' 'unsafe-eval"), /nonce/);
    assert.throws(() => viewerCsp(CSP_SOURCE, 'short'), /nonce/);
  });

  it('makes 32-character alphanumeric nonces from the random source', () => {
    const n = makeNonce((len) => Uint8Array.from({ length: len }, (_, i) => i * 7));
    assert.match(n, /^[A-Za-z0-9]{32}$/);
    assert.doesNotThrow(() => viewerCsp(CSP_SOURCE, n));
  });
});

describe('viewer zoom arithmetic', () => {
  it('steps strictly up and down through the ladder and stops at the limits', () => {
    assert.equal(zoomInStep(1), 1.1);
    assert.equal(zoomInStep(0.999), 1.1);
    assert.equal(zoomInStep(1.3), 1.5);
    assert.equal(zoomOutStep(1), 0.9);
    assert.equal(zoomOutStep(1.3), 1.25);
    assert.equal(zoomInStep(MAX_SCALE), MAX_SCALE);
    assert.equal(zoomOutStep(MIN_SCALE), MIN_SCALE);
  });

  it('fits width and page, clamps, and keeps explicit scales', () => {
    const a4 = { width: 793.7, height: 1122.5 };
    assert.equal(fitScale('fit-width', a4, { width: 793.7, height: 100 }), 1);
    assert.ok(Math.abs(fitScale('fit-page', a4, { width: 2000, height: 561.25 }) - 0.5) < 1e-9);
    assert.equal(fitScale('fit-width', a4, { width: 100000, height: 100 }), MAX_SCALE);
    assert.equal(resolveScale({ mode: 'scale', scale: 1.25 }, a4, { width: 10, height: 10 }), 1.25);
    assert.equal(resolveScale({ mode: 'scale', scale: 99 }, a4, { width: 10, height: 10 }), MAX_SCALE);
  });

  it('zooms in on wheel up, out on wheel down, proportionally', () => {
    assert.ok(wheelZoom(1, -100) > 1);
    assert.ok(wheelZoom(1, 100) < 1);
    assert.ok(Math.abs(wheelZoom(wheelZoom(1, -100), 100) - 1) < 1e-9);
  });
});

describe('viewer state and messages', () => {
  it('restores a valid saved state and drops malformed fields', () => {
    const good = {
      ...defaultViewerState(),
      view: 'pdf',
      darkMode: 'on',
      result: { kind: 'pdf', url: 'https://r/x.pdf', fileName: 'x.pdf' },
    };
    assert.deepEqual(normalizeState(JSON.parse(JSON.stringify(good))), good);
    const bad = normalizeState({
      version: 1,
      view: 'bogus',
      pdfZoom: { mode: 'zoomy', scale: -1 },
      pdfPosition: { page: 0, pageOffset: 'x' },
      result: { kind: 'exe', url: 'x' },
    });
    assert.deepEqual(bad, { ...defaultViewerState() });
    assert.equal(normalizeState(undefined), null);
    assert.equal(normalizeState({ version: 2 }), null);
  });

  it('recognises only host messages', () => {
    assert.equal(isHostToViewerMessage({ type: 'showPdf', url: 'u', fileName: 'f' }), true);
    assert.equal(isHostToViewerMessage({ type: 'rebuild' }), false);
    assert.equal(isHostToViewerMessage('showPdf'), false);
    assert.equal(isHostToViewerMessage(null), false);
  });
});

describe('viewer page geometry', () => {
  // Three 100-px pages with 10-px gaps, starting at 16.
  const geo = new PageGeometry([16, 126, 236], [100, 100, 100]);

  it('finds the page at a y, treating space above the first page as page 1', () => {
    assert.deepEqual(
      [0, 16, 115, 125, 126, 500].map((y) => geo.indexAt(y)),
      [0, 0, 0, 0, 1, 2],
    );
  });

  it('lists the pages intersecting a viewport and picks the most visible one', () => {
    assert.deepEqual(geo.visibleRange(0, 50), [0, 0]);
    assert.deepEqual(geo.visibleRange(100, 250), [0, 2]);
    assert.equal(geo.mostVisible(100, 250), 1);
    assert.equal(geo.mostVisible(71, 171), 0, 'tie (45 px each) → the earlier page');
    assert.equal(geo.mostVisible(200, 400), 2);
  });
});

describe('viewer: the pages inside a preview JPEG', () => {
  const A4 = { width: 595.28, height: 841.89 };

  it('finds each page of the local preview (1 px per pt, 12 px gaps) and leaves out what the image does not hold', () => {
    // What src/render/preview.ts draws for 3 pages: 595 px wide, pages of 842 px, two gaps.
    const image = { width: 595, height: 3 * 842 + 2 * 12 };
    const frames = previewPageFrames(image, A4, 3, PREVIEW_LAYOUT);
    assert.deepEqual(
      frames.map((f) => [f.page, Math.round(f.y), Math.round(f.height)]),
      [
        [1, 0, 841],
        [2, 853, 841],
        [3, 1707, 841],
      ],
    );
    // 15 pages: the preview shows 12 and a band saying so; pages 13–15 are not in the image.
    const capped = previewPageFrames({ width: 595, height: 12 * 842 + 11 * 12 + 40 }, A4, 15, PREVIEW_LAYOUT);
    assert.equal(capped.length, 12);
    // A service that shows page 1 only: one frame.
    assert.equal(previewPageFrames({ width: 1190, height: 1684 }, A4, 3, PREVIEW_LAYOUT).length, 1);
  });

  it('scales with the image: a JPEG twice as wide has its pages twice as tall', () => {
    const [first, second] = previewPageFrames({ width: 1190, height: 2 * 1684 + 24 }, A4, 2, PREVIEW_LAYOUT);
    assert.equal(Math.round(first.height), 1683);
    assert.equal(Math.round(second.y), 1683 + 24);
  });

  it('finds nothing in an empty image or for a zero page size', () => {
    assert.deepEqual(previewPageFrames({ width: 0, height: 0 }, A4, 2, PREVIEW_LAYOUT), []);
    assert.deepEqual(previewPageFrames({ width: 595, height: 842 }, { width: 0, height: 0 }, 1, PREVIEW_LAYOUT), []);
  });
});

describe('viewer: find in the PDF and dark pages (pure parts)', () => {
  it('finds every match on every page, ignoring case and runs of spaces, each within one text item', () => {
    const pages = [['Quarterly report', 'Revenue by region'], [], ['revenue  grew', 'REVENUE, revenue']];
    assert.deepEqual(findMatches(pages, ' Revenue '), [
      { page: 1, item: 1, start: 0, end: 7 },
      { page: 3, item: 0, start: 0, end: 7 },
      { page: 3, item: 1, start: 0, end: 7 },
      { page: 3, item: 1, start: 9, end: 16 },
    ]);
    assert.deepEqual(findMatches(pages, 'revenue grew'), [], 'two spaces in the text: a match lies within the text as written');
    assert.deepEqual(findMatches(pages, '   '), []);
  });

  it('reads the old invert flag as dark pages "on", and an unset choice as following the setting', () => {
    assert.equal(normalizeState({ ...defaultViewerState(), darkMode: undefined, invert: true })?.darkMode, 'on');
    assert.equal(normalizeState({ ...defaultViewerState(), darkMode: 'auto' })?.darkMode, 'auto');
    assert.equal(normalizeState({ ...defaultViewerState(), darkMode: 'sepia' })?.darkMode, null);
  });
});
