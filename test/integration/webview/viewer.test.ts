/**
 * The result viewer's PDF side in headless Chromium under its real CSP: real PDFs (pdfkit)
 * drawn by pdf.js from media/pdfjs/ in a real worker, the fake VS Code host from harness.ts.
 * Every test fails on any console error, uncaught exception or CSP violation (kit.ts).
 * The panels (JPEG, status, FAILED, 422, toolbar, screenshots) are in viewer-panels.test.ts.
 */
import assert from 'node:assert/strict';
import { Harness } from './harness';
import { makePdf } from './fixtures';
import { pageBox, toolbar, viewSize, viewerSuite, waitPage } from './kit';
import { viewerCsp } from '../../../src/webview/html';
import { RECOVERED_PREFIX } from '../../../src/webview/pageLoader';

const A4_AT_100 = { width: Math.floor((595.28 * 4) / 3), height: Math.floor((841.89 * 4) / 3) };

describe('result viewer: PDF (Chromium, real CSP, real pdf.js)', function () {
  this.timeout(60_000);
  const { harness, open, showPdf, allow, it } = viewerSuite();

  it('serves the viewerHtml CSP, enforces it (foreign images, inline scripts and styles are refused) and reports violations', async () => {
    const v = await open();
    const csp = await v.page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
    assert.equal(
      csp?.replace(/'nonce-[^']+'/, "'nonce-X'"),
      viewerCsp(harness.resOrigin, 'X'.repeat(16)).replace(/'nonce-X+'/, "'nonce-X'"),
    );
    await v.page.evaluate((origin) => {
      const img = document.createElement('img');
      img.src = `${origin}/nope.png`;
      document.body.append(img);
      const s = document.createElement('script');
      s.textContent = 'window.__inlineRan = true';
      document.body.append(s);
      const st = document.createElement('style');
      st.textContent = 'body { display: none }';
      document.head.append(st);
    }, harness.docOrigin);
    await v.page.waitForFunction(() => (window as unknown as { __violations: string[] }).__violations.length >= 3);
    const violations = await Harness.violations(v);
    assert.ok(
      violations.some((x) => x.startsWith('img-src')),
      violations.join('\n'),
    );
    assert.ok(
      violations.some((x) => x.startsWith('script-src')),
      violations.join('\n'),
    );
    assert.ok(
      violations.some((x) => x.startsWith('style-src')),
      violations.join('\n'),
    );
    assert.notEqual(await v.page.$eval('body', (b) => getComputedStyle(b).display), 'none');
    assert.equal(await v.page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan), undefined);
    // This test provoked them on purpose: the listener works, so a clean run elsewhere means something.
    await v.page.evaluate(() => ((window as unknown as { __violations: string[] }).__violations.length = 0));
    v.problems.length = 0;
  });

  // What VS Code's webview service worker does when another webview starts (pageLoader.ts).
  it('asks again for what the service worker lost: a stylesheet with no answer, a script, pdf.js and its worker that failed', async () => {
    harness.lose.set('/media/viewer/viewer.css', 'hang');
    harness.lose.set('/media/viewer/viewer.js', 'fail');
    harness.lose.set('/media/pdfjs/pdf.min.mjs', 'fail');
    harness.lose.set('/media/pdfjs/pdf.worker.min.mjs', 'fail');
    allow(/^console\.error: Failed to load resource: the server responded with a status of 408 \(Request Timeout\)$/);
    const from = harness.requested.length;
    const v = await open('dark', undefined, false);
    await showPdf(v);
    const asked = harness.requested.slice(from).filter((p) => /viewer\.(css|js)|pdf(\.worker)?\.min\.mjs/.test(p));
    for (const file of [
      '/media/viewer/viewer.css',
      '/media/viewer/viewer.js',
      '/media/pdfjs/pdf.min.mjs',
      '/media/pdfjs/pdf.worker.min.mjs',
    ])
      assert.deepEqual(
        asked.filter((p) => p.startsWith(file)),
        [file, `${file}?attempt=2`],
        file,
      );
    // The stylesheet in force (the toolbar is laid out by viewer.css), the page started once.
    assert.equal(await v.page.$eval('.toolbar', (t) => getComputedStyle(t).display), 'flex');
    assert.equal((await v.posted()).filter((m) => m.type === 'ready').length, 1);
    for (const file of ['viewer/viewer.css', 'viewer/viewer.js'])
      assert.ok(v.messages.includes(`info: ${RECOVERED_PREFIX}${harness.resOrigin}/media/${file} (request 2)`), v.messages.join('\n'));
  });

  it('starts once when the script it asked for again and the first, only slow, request both arrive', async () => {
    harness.lose.set('/media/viewer/viewer.js', 'hang');
    const v = await open('dark', undefined, false);
    assert.ok(harness.requested.includes('/media/viewer/viewer.js?attempt=2'));
    // The listener is in place before the first request is answered.
    await v.page.evaluate(() => {
      const first = document.querySelector('script[data-retry=""]')!;
      (window as unknown as { __late: Promise<unknown> }).__late = new Promise((loaded) => first.addEventListener('load', loaded));
    });
    await harness.answerHanging();
    await v.page.evaluate(() => (window as unknown as { __late: Promise<unknown> }).__late);
    assert.equal((await v.posted()).filter((m) => m.type === 'ready').length, 1, 'one ready: the late copy started nothing');
    assert.deepEqual(await v.page.evaluate(() => document.querySelectorAll('#app > *').length > 0), true);
  });

  it('starts empty, says ready with no state, and disables Save As / Open Externally', async () => {
    const v = await open();
    const ready = (await v.posted()).find((m) => m.type === 'ready');
    assert.deepEqual(ready, { type: 'ready', restored: null });
    assert.equal((await toolbar(v)).view, 'empty');
    assert.equal(await v.page.isDisabled('#saveAs'), true);
    assert.equal(await v.page.isDisabled('#openExternally'), true);
  });

  it('shows a PDF with pdf.js in a real worker: page 1 of 5, drawn pixels, selectable text, fit width', async () => {
    const v = await open();
    await showPdf(v);
    const workers = v.page.workers().map((w) => w.url());
    assert.equal(workers.length, 1);
    assert.match(workers[0], /^blob:/);
    assert.deepEqual(await toolbar(v), { page: '1', count: 'of 5', zoom: 'fit-width', scale: (await toolbar(v)).scale, view: 'pdf' });
    const view = await viewSize(v, '.pdf-view');
    assert.equal((await pageBox(v, 1)).width, view.width - 32, 'fit width = client width minus padding');
    // The big "1" in the middle of page 1 really got painted.
    const dark = await v.page.evaluate(() => {
      const c = document.querySelector<HTMLCanvasElement>('.pdf-page[data-page="1"] canvas')!;
      const d = c.getContext('2d')!.getImageData(c.width * 0.3, c.height * 0.3, c.width * 0.4, c.height * 0.2).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i] < 60 && d[i + 1] < 60 && d[i + 2] < 60) n++;
      return n;
    });
    assert.ok(dark > 2000, `expected the page number's dark pixels, got ${dark}`);
    await v.page.waitForFunction(() =>
      document.querySelector('.pdf-page[data-page="1"] .textLayer')?.textContent?.includes('Build 1 page 1 of 5'),
    );
    assert.equal((await pageBox(v, 5)).rendered, false, 'page 5 is far away: not drawn yet (lazy)');
  });

  it('navigates: next, prev, last, first, page box, keyboard, and tracks the page while scrolling', async () => {
    const v = await open();
    await showPdf(v);
    await v.page.click('#nextPage');
    await waitPage(v, 2);
    await v.page.click('#prevPage');
    await waitPage(v, 1);
    await v.page.click('#lastPage');
    await waitPage(v, 5);
    await v.page.waitForSelector('.pdf-page[data-page="5"] canvas');
    assert.equal(await v.page.isDisabled('#nextPage'), true);
    await v.page.click('#firstPage');
    await waitPage(v, 1);
    await v.page.fill('#pageInput', '3');
    await v.page.press('#pageInput', 'Enter');
    await waitPage(v, 3);
    const top3 = await v.page.evaluate(() => document.querySelector<HTMLElement>('.pdf-page[data-page="3"]')!.getBoundingClientRect().top);
    const viewTop = await v.page.evaluate(() => document.querySelector('.pdf-view')!.getBoundingClientRect().top);
    assert.ok(Math.abs(top3 - viewTop) <= 8, 'page 3 is at the top of the view');
    await v.page.focus('.pdf-view');
    await v.page.keyboard.press('PageDown');
    await waitPage(v, 4);
    await v.page.keyboard.press('Home');
    await waitPage(v, 1);
    await v.page.keyboard.press('End');
    await waitPage(v, 5);
    // Scrolling by hand (no navigation) updates "page x of y".
    await v.page.evaluate(() => {
      const view = document.querySelector<HTMLElement>('.pdf-view')!;
      view.scrollTop = document.querySelector<HTMLElement>('.pdf-page[data-page="2"]')!.offsetTop + 40;
    });
    await waitPage(v, 2);
  });

  it('zooms: in/out re-render the canvas, 100 % is A4 at 96 dpi, fit page shows a whole page, keys and Ctrl+wheel', async () => {
    const v = await open();
    await showPdf(v);
    const before = await pageBox(v, 1);
    await v.page.click('#zoomIn');
    await v.page.waitForFunction(
      (w) => document.querySelector<HTMLCanvasElement>('.pdf-page[data-page="1"] canvas')!.width > w,
      before.canvasWidth,
    );
    const zoomedIn = await pageBox(v, 1);
    assert.ok(zoomedIn.width > before.width);
    assert.equal((await toolbar(v)).zoom, 'custom');
    await v.page.click('#zoomOut');
    await v.page.click('#zoomOut');
    await v.page.waitForFunction(
      (w) => document.querySelector<HTMLCanvasElement>('.pdf-page[data-page="1"] canvas')!.width < w,
      before.canvasWidth,
    );
    assert.ok((await pageBox(v, 1)).width < before.width);
    await v.page.click('#actualSize');
    assert.deepEqual({ w: (await pageBox(v, 1)).width, h: (await pageBox(v, 1)).height }, { w: A4_AT_100.width, h: A4_AT_100.height });
    assert.equal((await toolbar(v)).zoom, '1');
    await v.page.click('#fitPage');
    const fit = await pageBox(v, 1);
    const view = await viewSize(v, '.pdf-view');
    assert.ok(fit.height <= view.height - 24 && fit.height >= view.height - 26, `fit page height ${fit.height} in ${view.height}`);
    assert.equal((await toolbar(v)).zoom, 'fit-page');
    await v.page.selectOption('#zoomSelect', '2');
    assert.equal((await pageBox(v, 1)).width, Math.floor(595.28 * (4 / 3) * 2));
    await v.page.focus('.pdf-view');
    await v.page.keyboard.press('-');
    assert.equal((await toolbar(v)).scale, 1.75);
    await v.page.keyboard.press('+');
    assert.equal((await toolbar(v)).scale, 2);
    await v.page.keyboard.press('0');
    assert.equal((await toolbar(v)).scale, 1);
    await v.page.mouse.move(400, 300);
    await v.page.keyboard.down('Control');
    await v.page.mouse.wheel(0, -200);
    await v.page.keyboard.up('Control');
    await v.page.waitForFunction(() => Number((document.getElementById('zoomSelect') as HTMLSelectElement).dataset.scale) > 1.5);
  });

  it('keeps only pages near the viewport drawn in a long document', async () => {
    const v = await open();
    await showPdf(v, 'long.pdf');
    await v.page.click('#lastPage');
    await waitPage(v, 12);
    await v.page.waitForSelector('.pdf-page[data-page="12"] canvas');
    await v.page.waitForFunction(() => !document.querySelector('.pdf-page[data-page="1"] canvas'));
    const drawn = await v.page.$$eval('.pdf-page canvas', (cs) => cs.length);
    assert.ok(drawn <= 5, `${drawn} canvases kept`);
  });

  it('switches dark pages off → on → auto → off and remembers the choice', async () => {
    const v = await open();
    await showPdf(v);
    const inverted = () => v.page.$eval('.pdf-view', (e) => e.classList.contains('inverted'));
    await v.page.click('#invert');
    assert.equal(await inverted(), true);
    assert.equal(await v.page.getAttribute('#invert', 'aria-pressed'), 'true');
    assert.equal((await v.state())?.darkMode, 'on');
    await v.page.click('#invert');
    assert.equal((await v.state())?.darkMode, 'auto');
    assert.match((await v.page.getAttribute('#invert', 'aria-label')) ?? '', /^Dark pages: auto, follows the VS Code theme/);
    await v.page.click('#invert');
    assert.equal(await inverted(), false);
    assert.equal((await v.state())?.darkMode, 'off');
  });

  it('dark pages "auto" follow the theme VS Code marks on <body>, from the setting or the toolbar', async () => {
    const v = await open();
    await showPdf(v);
    const inverted = () => v.page.$eval('.pdf-view', (e) => e.classList.contains('inverted'));
    const theme = (kind: string) => v.page.evaluate((k) => (document.body.className = k), kind);
    await theme('vscode-light');
    await v.send({ type: 'viewerSettings', darkMode: 'auto' });
    assert.equal(await inverted(), false, 'a light theme: pages as printed');
    await theme('vscode-dark');
    await v.page.waitForFunction(() => document.querySelector('.pdf-view')?.classList.contains('inverted'));
    assert.equal(await v.page.getAttribute('#invert', 'data-mode'), 'auto');
    await theme('vscode-high-contrast-light');
    await v.page.waitForFunction(() => !document.querySelector('.pdf-view')?.classList.contains('inverted'));
    assert.equal((await v.state())?.darkMode, null, 'the setting decides until the toolbar is used');
    await v.send({ type: 'viewerSettings', darkMode: 'off' });
    await theme('vscode-dark');
    assert.equal(await inverted(), false);
  });

  it('keeps page, scroll offset and zoom when the report is rebuilt, and clamps when it got shorter', async () => {
    const v = await open();
    await showPdf(v);
    await v.page.selectOption('#zoomSelect', '1.5');
    await v.page.fill('#pageInput', '3');
    await v.page.press('#pageInput', 'Enter');
    await waitPage(v, 3);
    await v.page.evaluate(() => (document.querySelector<HTMLElement>('.pdf-view')!.scrollTop += 137));
    const scrolled = await viewSize(v, '.pdf-view');
    harness.files.set('report.pdf', { body: await makePdf(5, 'Build 2'), type: 'application/pdf' });
    await v.send({ type: 'showPdf', url: harness.fileUrl('report.pdf'), fileName: 'report.pdf' });
    await v.page.waitForFunction(() =>
      document.querySelector('.pdf-page[data-page="3"] .textLayer')?.textContent?.includes('Build 2 page 3'),
    );
    const t = await toolbar(v);
    assert.deepEqual([t.page, t.zoom, t.scale], ['3', '1.5', 1.5]);
    assert.ok(Math.abs((await viewSize(v, '.pdf-view')).scrollTop - scrolled.scrollTop) <= 2, 'same scroll offset');
    harness.files.set('report.pdf', { body: await makePdf(2, 'Build 3'), type: 'application/pdf' });
    await v.send({ type: 'showPdf', url: harness.fileUrl('report.pdf'), fileName: 'report.pdf' });
    await v.page.waitForFunction(() => document.getElementById('pageCount')?.textContent === 'of 2');
    await waitPage(v, 2);
    assert.equal((await toolbar(v)).scale, 1.5);
    harness.files.set('report.pdf', { body: await makePdf(5, 'Build 1'), type: 'application/pdf' });
  });

  it('persists state through setState and shows it again after a reload (serializer path)', async () => {
    const v = await open();
    await showPdf(v);
    await v.page.selectOption('#zoomSelect', '1.25');
    await v.page.click('#lastPage');
    await v.page.click('#prevPage');
    await waitPage(v, 4);
    await v.page.click('#invert');
    await v.page.waitForFunction(() => {
      const s = (window as unknown as { __state(): { pdfPosition: { page: number } } | undefined }).__state();
      return s?.pdfPosition.page === 4;
    });
    const saved = await v.state();
    assert.equal(saved?.view, 'pdf');
    assert.deepEqual(saved?.pdfZoom, { mode: 'scale', scale: 1.25 });
    assert.equal(saved?.darkMode, 'on');
    assert.equal(saved?.result?.url, harness.fileUrl('report.pdf'));
    await v.page.reload();
    const restored = await v.waitReady();
    assert.equal(restored?.pdfPosition.page, 4);
    await v.page.waitForSelector('.pdf-page[data-page="4"] canvas');
    await waitPage(v, 4);
    assert.deepEqual([(await toolbar(v)).zoom, await v.page.$eval('.pdf-view', (e) => e.classList.contains('inverted'))], ['1.25', true]);
    // The extension re-sends the file after `ready`: the restored position survives the reload of it.
    await v.page.$eval('.pdf-page[data-page="4"]', (e) => e.classList.add('before-resend'));
    await v.send({ type: 'showPdf', url: harness.fileUrl('report.pdf'), fileName: 'report.pdf' });
    await v.page.waitForSelector('.pdf-page[data-page="4"]:not(.before-resend) canvas');
    await waitPage(v, 4);
    assert.equal((await v.state())?.pdfPosition.page, 4);
  });
});
