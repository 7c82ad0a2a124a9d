/**
 * The viewer's toolbar and badges (headless Chromium, real CSP): the toolbar stays at the top
 * when sync scrolls a page into view, the sync outline is drawn outside the component's box,
 * the Live/Paused badge shows only over a live draft's pages, the Paused reason is visible,
 * reachable by keyboard and announced, and a PDF file on its own has no Rebuild.
 */
import assert from 'node:assert/strict';
import type { ViewerPage } from './harness';
import { lastPosted, shot, viewerSuite } from './kit';

describe('result viewer: toolbar and badges (Chromium, real CSP)', function () {
  this.timeout(60_000);
  const { harness, open, showPdf, it } = viewerSuite();

  const badge = (v: ViewerPage) =>
    v.page.evaluate(() => {
      const b = document.getElementById('liveBadge')!;
      const r = document.getElementById('liveReason')!;
      return { shown: !b.hidden, text: b.textContent, reason: r.hidden ? null : r.textContent };
    });

  async function showLive(v: ViewerPage): Promise<void> {
    await v.send({ type: 'showPdf', url: harness.fileUrl('long.pdf'), fileName: 'long.pdf', live: true, boxes: [] });
    await v.page.waitForSelector('.pdf-page[data-page="1"] canvas');
  }

  it('keeps the toolbar at the top of the panel when sync reveals a component far down', async () => {
    const v = await open('dark', { width: 700, height: 600 });
    await showLive(v);
    const title = ['components', 3];
    await v.send({
      type: 'showPdf',
      url: harness.fileUrl('long.pdf'),
      fileName: 'long.pdf',
      live: true,
      // Near a page's foot: scrollIntoView scrolled the document itself too (by 18 px, the
      // toolbar under the panel's top edge), as the issue saw.
      boxes: [{ path: title, type: 'Text', page: 9, x: 56, y: 780, width: 300, height: 40 }],
    });
    await v.send({ type: 'highlight', path: title, reveal: true });
    await v.page.waitForSelector('.pdf-page[data-page="9"] .sync-box');
    await v.page.waitForFunction(() => document.querySelector('.pdf-view')!.scrollTop > 1000);
    const where = await v.page.evaluate(() => ({
      toolbarTop: document.querySelector('.toolbar')!.getBoundingClientRect().top,
      documentScroll: document.scrollingElement!.scrollTop + document.body.scrollTop,
      rebuildVisible: document.getElementById('rebuild')!.getBoundingClientRect().bottom > 0,
    }));
    assert.deepEqual(where, { toolbarTop: 0, documentScroll: 0, rebuildVisible: true });
  });

  it('draws the sync outline outside the component box, not over its first glyph', async () => {
    const v = await open();
    const title = ['components', 0];
    await v.send({
      type: 'showPdf',
      url: harness.fileUrl('report.pdf'),
      fileName: 'report.pdf',
      live: true,
      boxes: [{ path: title, type: 'Header', page: 1, x: 56, y: 56, width: 300, height: 30 }],
    });
    await v.page.waitForSelector('.pdf-page[data-page="1"] canvas');
    await v.send({ type: 'highlight', path: title, reveal: false });
    const style = await v.page.$eval('.sync-box', (e) => {
      const s = getComputedStyle(e);
      return { border: s.borderLeftWidth, outline: s.outlineWidth, offset: parseFloat(s.outlineOffset) };
    });
    assert.equal(style.border, '0px', 'nothing is drawn inside the box');
    assert.equal(style.outline, '2px');
    assert.ok(style.offset >= 2, `the ring stands ${style.offset}px off the box`);
  });

  it('shows the Live/Paused badge only over a live draft: not over a JPEG, an error page or a service PDF', async () => {
    const v = await open();
    await showLive(v);
    assert.deepEqual(await badge(v), { shown: true, text: 'Live', reason: null });
    await v.send({ type: 'showError', kind: 'network', message: 'cannot reach the service' });
    await v.page.waitForSelector('.message-view:not(.inactive)');
    assert.equal((await badge(v)).shown, false, 'a stale error page is not labelled Live');
    await v.send({ type: 'livePaused', problems: 1, first: 'Line 2, column 3: …' });
    assert.equal((await badge(v)).shown, false, 'nor Paused');
    await v.send({ type: 'showJpeg', url: harness.fileUrl('preview.jpg'), fileName: 'preview.jpg' });
    await v.page.waitForSelector('.jpeg-image:not([hidden])');
    await v.send({ type: 'livePaused', problems: 2 });
    assert.equal((await badge(v)).shown, false, 'a JPEG preview is not live');
    await showPdf(v);
    assert.equal((await badge(v)).shown, false, 'a service build is not live');
  });

  it('says why the live view is paused in words, reachable by Tab and read by screen readers', async () => {
    const v = await open('dark', { width: 1100, height: 500 });
    await showLive(v);
    const reason = 'Line 4, column 3: the JSON stops here — a "," is missing between two items';
    await v.send({ type: 'livePaused', problems: 1, first: reason });
    assert.deepEqual(await badge(v), { shown: true, text: 'Paused: 1 problem', reason });
    const a11y = await v.page.evaluate(() => {
      const b = document.getElementById('liveBadge')!;
      const r = document.getElementById('liveReason')!;
      return {
        tabIndex: b.tabIndex,
        describedBy: b.getAttribute('aria-describedby'),
        live: r.getAttribute('aria-live'),
        role: r.getAttribute('role'),
      };
    });
    assert.deepEqual(a11y, { tabIndex: 0, describedBy: 'liveReason', live: 'polite', role: 'status' });
    await shot(v, 'dark', 'live-paused-reason');
    await v.page.keyboard.press('Tab');
    for (let i = 0; i < 30 && (await v.page.evaluate(() => document.activeElement?.id)) !== 'liveBadge'; i++)
      await v.page.keyboard.press('Tab');
    assert.equal(await v.page.evaluate(() => document.activeElement?.id), 'liveBadge');
    await shot(v, 'dark', 'live-paused-reason-focused');
    // Drawn again: the reason goes, the badge is no longer a tab stop.
    await showLive(v);
    assert.deepEqual(await badge(v), { shown: true, text: 'Live', reason: null });
    assert.equal(await v.page.$eval('#liveBadge', (e) => e.hasAttribute('tabindex')), false);
  });

  it('a PDF file on its own (the PDF viewer) has no Rebuild', async () => {
    const v = await open();
    await v.send({ type: 'setReportName', reportName: 'report.pdf', file: true });
    await showPdf(v);
    assert.equal(await v.page.isVisible('#rebuild'), false);
    assert.equal(await v.page.isVisible('#saveAs'), true);
  });

  it('finds in the PDF: Ctrl+F opens the find bar, the count covers every page, Enter steps and scrolls, matches are highlighted', async () => {
    const v = await open('light', { width: 900, height: 700 });
    await v.send({ type: 'showPdf', url: harness.fileUrl('long.pdf'), fileName: 'long.pdf' });
    await v.page.waitForSelector('.pdf-page[data-page="1"] .textLayer span');
    await v.page.click('.pdf-view');
    await v.page.keyboard.press('Control+f');
    assert.equal(await v.page.evaluate(() => document.activeElement?.id), 'findInput');
    await v.page.keyboard.type('PAGE 1');
    // "page 1 of 12", "page 10 of 12", "page 11 of 12", "page 12 of 12": case ignored.
    await v.page.waitForFunction(() => document.getElementById('findCount')?.textContent === '1 of 4');
    const hit = await v.page.$eval('.find-hit.selected', (e) => ({
      text: e.textContent,
      page: e.closest('.pdf-page')?.getAttribute('data-page'),
    }));
    assert.deepEqual(hit, { text: 'page 1', page: '1' });
    await shot(v, 'light', 'find');
    await v.page.keyboard.press('Enter');
    await v.page.waitForFunction(() => document.getElementById('findCount')?.textContent === '2 of 4');
    // Page 10 was not drawn: the view goes there and its match is highlighted once its text is.
    await v.page.waitForSelector('.pdf-page[data-page="10"] .find-hit.selected');
    const inView = await v.page.$eval('.pdf-page[data-page="10"] .find-hit.selected', (e) => {
      const r = e.getBoundingClientRect();
      const view = document.querySelector('.pdf-view')!.getBoundingClientRect();
      return r.top >= view.top && r.bottom <= view.bottom;
    });
    assert.equal(inView, true, 'the current match is scrolled into view');
    assert.equal(await v.page.$eval('.toolbar', (e) => e.getBoundingClientRect().top), 0);
    await v.page.keyboard.press('Shift+Enter');
    await v.page.waitForFunction(() => document.getElementById('findCount')?.textContent === '1 of 4');
    await v.page.fill('#findInput', 'no such words');
    await v.page.waitForFunction(() => document.getElementById('findCount')?.textContent === 'No results');
    await v.page.keyboard.press('Escape');
    assert.equal(await v.page.isVisible('.find-bar'), false);
    assert.equal(await v.page.$$eval('.find-hit', (els) => els.length), 0, 'highlights removed');
    assert.equal(await v.page.evaluate(() => document.activeElement?.classList.contains('pdf-view')), true, 'focus back on the pages');
  });

  it('links to the file the export wrote; a click asks the extension to open it', async () => {
    const v = await open();
    await showPdf(v);
    assert.equal(await v.page.isVisible('#openExported'), false, 'no link before an export');
    await v.send({ type: 'exported', fileName: 'sales.pdf', location: '/work/reports/sales.pdf' });
    assert.equal(await v.page.textContent('#openExported'), 'sales.pdf');
    assert.match((await v.page.getAttribute('#openExported', 'title')) ?? '', /^Open \/work\/reports\/sales\.pdf .* in the PDF viewer$/);
    await v.page.click('#openExported');
    assert.deepEqual(await lastPosted(v, 'openExported'), { type: 'openExported' });
  });
});
