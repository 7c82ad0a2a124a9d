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
import { viewerSuite } from './kit';

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
});
