/**
 * The viewer when its result is replaced (headless Chromium, real CSP): a live update redraws
 * only the pages whose page key changed (the others keep their very canvas), no page goes
 * blank while it is drawn again, and results whose bytes come with the message are shown
 * without fetching their file.
 */
import assert from 'node:assert/strict';
import PDFDocument from 'pdfkit';
import type { HostToViewerMessage } from '../../../src/webview/protocol';
import type { ViewerPage } from './harness';
import { makeJpeg } from './fixtures';

/** A preview as the local service stacks it: `pages` white A4 pages (595 × 842 px) with 12 px grey gaps. */
function stackedPreview(pages: number): Buffer {
  const width = 595;
  const height = pages * 842 + (pages - 1) * 12;
  const data = Buffer.alloc(width * height * 4, 255);
  for (let p = 1; p < pages; p++) data.fill(0xd4, (p * 842 + (p - 1) * 12) * width * 4, p * 854 * width * 4);
  return Buffer.from(jpeg.encode({ data, width, height }, 80).data);
}
import * as jpeg from 'jpeg-js';
import { lastPosted, viewerSuite } from './kit';
import { PREVIEW_LAYOUT } from '../../../src/core/report/previewLayout';

/** A4 pages, each with a big line of its own text. */
function pdfOf(texts: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, autoFirstPage: false });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (const text of texts) {
      doc.addPage();
      doc.fillColor('#111111').font('Helvetica-Bold').fontSize(40).text(text, 56, 200);
    }
    doc.end();
  });
}

/** Sends a message whose `data` is `bytes` (built in the page: the bytes travel as base64). */
function sendWithBytes(v: ViewerPage, message: HostToViewerMessage, bytes: Buffer): Promise<void> {
  return v.page.evaluate(
    ({ m, b64 }) => {
      const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      window.postMessage({ ...m, data }, '*');
    },
    { m: message, b64: bytes.toString('base64') },
  );
}

/** Per page: how often it was drawn, and the identity tag of its canvas (set by tagCanvases). */
function pagesNow(v: ViewerPage): Promise<Array<{ drawn: string | undefined; tag: string | undefined; text: string }>> {
  return v.page.$$eval('.pdf-page', (els) =>
    els.map((el) => ({
      drawn: (el as HTMLElement).dataset.drawn,
      tag: (el.querySelector('canvas') as (HTMLCanvasElement & { __tag?: string }) | null)?.__tag,
      text: el.querySelector('.textLayer')?.textContent ?? '',
    })),
  );
}

function tagCanvases(v: ViewerPage, tag: string): Promise<void> {
  return v.page.$$eval(
    '.pdf-page canvas',
    (els, t) => els.forEach((c, i) => ((c as HTMLCanvasElement & { __tag?: string }).__tag = `${t}${i + 1}`)),
    tag,
  );
}

/** From now on, counts animation frames in which a page shows no canvas (a string: tsx would name the closure). */
function watchBlankFrames(v: ViewerPage): Promise<void> {
  return v.page.evaluate(`(() => {
    window.__blankFrames = 0;
    const tick = () => {
      if ([...document.querySelectorAll('.pdf-page')].some((p) => !p.querySelector('canvas'))) window.__blankFrames++;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
}

describe('result viewer: updates (Chromium, real CSP)', function () {
  this.timeout(60_000);
  const { harness, open, it } = viewerSuite();

  it('a live update redraws only the pages whose key changed; the others keep their canvas; no page goes blank', async () => {
    const v = await open('light', { width: 900, height: 2400 });
    const first = await pdfOf(['Alpha one', 'Beta', 'Gamma']);
    const live = (pageKeys: string[]): HostToViewerMessage => ({
      type: 'showPdf',
      url: harness.fileUrl('live.pdf'),
      fileName: 'report.live.pdf',
      pageCount: 3,
      live: true,
      boxes: [],
      pageKeys,
    });
    await sendWithBytes(v, live(['a1', 'b', 'c']), first);
    await v.page.waitForFunction(() => document.querySelectorAll('.pdf-page .textLayer').length === 3);
    await tagCanvases(v, 'first-');
    const before = await pagesNow(v);
    assert.deepEqual(
      before.map((p) => p.drawn),
      ['1', '1', '1'],
    );

    await watchBlankFrames(v);
    await sendWithBytes(v, live(['a2', 'b', 'c']), await pdfOf(['Alpha two', 'Beta', 'Gamma']));
    await v.page.waitForFunction(() => document.querySelector('.pdf-page[data-page="1"] .textLayer')?.textContent?.includes('Alpha two'));
    const after = await pagesNow(v);
    assert.deepEqual(
      after.map((p) => [p.drawn, p.tag]),
      [
        ['1', undefined], // page 1 changed: a new canvas, drawn once in the new page
        [undefined, 'first-2'], // pages 2 and 3: the same canvas elements, not drawn again
        [undefined, 'first-3'],
      ],
    );
    assert.match(after[1].text, /Beta/, 'an unchanged page keeps its text layer');
    assert.equal(await v.page.evaluate(() => (window as unknown as { __blankFrames: number }).__blankFrames), 0);
  });

  it('a result without page keys draws every page again, each keeping its old canvas on screen until then', async () => {
    const v = await open('light', { width: 900, height: 2400 });
    harness.files.set('keys-none.pdf', { body: await pdfOf(['One', 'Two']), type: 'application/pdf' });
    await v.send({ type: 'showPdf', url: harness.fileUrl('keys-none.pdf'), fileName: 'keys-none.pdf' });
    await v.page.waitForFunction(() => document.querySelectorAll('.pdf-page .textLayer').length === 2);
    await tagCanvases(v, 'old-');
    await watchBlankFrames(v);
    harness.files.set('keys-none.pdf', { body: await pdfOf(['One again', 'Two again']), type: 'application/pdf' });
    await v.send({ type: 'showPdf', url: harness.fileUrl('keys-none.pdf'), fileName: 'keys-none.pdf' });
    await v.page.waitForFunction(() => {
      const layers = Array.from(document.querySelectorAll('.pdf-page .textLayer'));
      return layers.length === 2 && layers.every((t) => t.textContent?.includes('again'));
    });
    const after = await pagesNow(v);
    assert.deepEqual(
      after.map((p) => [p.drawn, p.tag]),
      [
        ['1', undefined],
        ['1', undefined],
      ],
    );
    assert.equal(await v.page.evaluate(() => (window as unknown as { __blankFrames: number }).__blankFrames), 0);
  });

  it('shows a JPEG whose bytes came with the message without fetching its file', async () => {
    const v = await open();
    // Nothing is served at this URL: a fetch would fail with 404.
    await sendWithBytes(v, { type: 'showJpeg', url: harness.fileUrl('not-served.jpg'), fileName: 'preview.jpg' }, makeJpeg());
    await v.page.waitForSelector('.jpeg-image:not([hidden])');
    assert.equal(await v.page.$eval('.jpeg-image', (e) => (e as HTMLImageElement).naturalWidth), 900);
    assert.equal((await v.state())?.result?.url, harness.fileUrl('not-served.jpg'), 'the URL stays the result for a reload');
  });

  it('syncs on a preview JPEG: a source map for it lays frames over its pages; the outline follows; a click selects', async () => {
    const v = await open('light', { width: 900, height: 1400 });
    const url = harness.fileUrl('not-served-2.jpg');
    await sendWithBytes(v, { type: 'showJpeg', url, fileName: 'preview.jpg' }, stackedPreview(2));
    await v.page.waitForSelector('.jpeg-image:not([hidden])');
    const card = ['components', 2, 'components', 0];
    const map: HostToViewerMessage = {
      type: 'sourceMap',
      url,
      boxes: [
        { path: ['components', 0], type: 'Text', page: 1, x: 40, y: 60, width: 515, height: 100 },
        { path: card, type: 'Card', page: 2, x: 100, y: 200, width: 200, height: 120 },
      ],
      pageSize: { width: 595.28, height: 841.89 },
      pageCount: 2,
      approximate: true,
      layout: PREVIEW_LAYOUT,
    };
    // A map for another result is ignored.
    await v.send({ ...map, url: harness.fileUrl('older.jpg') });
    await v.send({ type: 'highlight', path: card, reveal: false });
    assert.equal(await v.page.$$eval('.jpeg-page', (els) => els.length), 0);

    await v.send(map);
    await v.page.waitForSelector('.jpeg-page[data-page="2"] .sync-box');
    assert.equal(await v.page.$$eval('.jpeg-page', (els) => els.length), 2);
    assert.equal(await v.page.isVisible('#syncBadge'), true, 'approximate: the ≈ Sync badge shows');
    // The outline sits where the Card is on page 2 of the image, at the image's zoom.
    const geometry = await v.page.evaluate(() => {
      const img = document.querySelector('.jpeg-image')!.getBoundingClientRect();
      const box = document.querySelector('.jpeg-page[data-page="2"] .sync-box')!.getBoundingClientRect();
      return { img: { left: img.left, top: img.top, width: img.width }, box: { left: box.left, top: box.top, width: box.width } };
    });
    const scale = geometry.img.width / 595;
    assert.ok(Math.abs(geometry.box.left - (geometry.img.left + 100 * scale)) < 2, JSON.stringify(geometry));
    assert.ok(Math.abs(geometry.box.top - (geometry.img.top + (854 + 200) * scale)) < 3, JSON.stringify(geometry));
    assert.ok(Math.abs(geometry.box.width - 200 * scale) < 2, JSON.stringify(geometry));
    // A click inside the Card asks the extension to select it; the hover names it as approximate.
    const page2 = v.page.locator('.jpeg-page[data-page="2"]');
    await page2.hover({ position: { x: 150 * scale, y: 250 * scale } });
    assert.match((await page2.getAttribute('title')) ?? '', /^Card · components\[2\]\.components\[0\] — approximate/);
    await page2.click({ position: { x: 150 * scale, y: 250 * scale } });
    assert.deepEqual(await lastPosted(v, 'selectSource'), { type: 'selectSource', path: card });
    // A new result forgets the map.
    await sendWithBytes(v, { type: 'showJpeg', url: harness.fileUrl('newer.jpg'), fileName: 'preview.jpg' }, stackedPreview(1));
    await v.page.waitForFunction(() => document.querySelectorAll('.jpeg-page').length === 0);
    assert.equal(await v.page.isVisible('#syncBadge'), false);
  });
});
