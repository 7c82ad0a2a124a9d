/**
 * The browser build of the renderer (dist/web/renderer.js) in headless Chromium: fed the
 * renderer's files from dist/ as bytes (as the web extension does), it renders an example to
 * the same PDF pages and text as the Node renderer, and that PDF to the same preview JPEG.
 */
import { strict as assert } from 'node:assert';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BrowserRendererPage } from '../../helpers/browserRenderer';
import { ensureBuilt } from '../../helpers/freshBuild';
import { gif, jpg, png, SVG, WEBP } from '../../helpers/imageFixtures';
import { decodeJpeg, isJpeg } from '../../helpers/jpeg';
import { readPdf } from '../../helpers/pdf';
import { report, sharedRenderer } from '../../helpers/render';
import { jsoncToJson } from '../../../src/core/loc/jsoncText';
import type { ReportBody } from '../../../src/core/report/types';

const ROOT = join(__dirname, '..', '..', '..');
const EXAMPLE = 'kpi-dashboard.report.json';

describe('the renderer in the browser (dist/web/renderer.js)', function () {
  this.timeout(120_000);
  const browser = new BrowserRendererPage();

  before(async () => {
    ensureBuilt();
    await browser.start();
  });

  after(() => browser.stop());

  it('renders an example to the PDF and preview JPEG of the Node renderer, from its own files only', async () => {
    const json = jsoncToJson(await readFile(join(ROOT, 'examples', EXAMPLE), 'utf8')).body;
    const got = await browser.render(json);
    assert.deepEqual(browser.missing, [], 'every file the renderer asks for is in dist/');
    assert.deepEqual(browser.problems, [], 'no page error, and nothing requested from anywhere but the files handed in');

    const node = await sharedRenderer();
    const expected = await node.renderPdf(JSON.parse(json) as ReportBody);
    const [read, want] = await Promise.all([readPdf(got.pdf), readPdf(expected.pdf)]);
    assert.equal(got.pageCount, expected.pageCount);
    assert.equal(read.pageCount, want.pageCount);
    assert.deepEqual(read.sizes, want.sizes);
    assert.deepEqual(read.pages, want.pages, 'the same text on every page');
    assert.ok(read.pages.join(' ').trim().length > 100, 'the example drew its text');

    assert.ok(isJpeg(got.jpeg), 'a JPEG');
    const nodeJpeg = await node.renderPreviewJpeg(got.pdf);
    assert.ok(Buffer.from(nodeJpeg).equals(got.jpeg), 'the same preview JPEG, byte for byte, as the Node renderer makes of that PDF');
    // The same pages drawn: the Node renderer's own PDF previews to the very same bytes.
    assert.ok(Buffer.from(await node.renderPreviewJpeg(expected.pdf)).equals(got.jpeg), "the same preview as the Node renderer's PDF");
    const decoded = decodeJpeg(got.jpeg);
    assert.ok(decoded.width > 500 && decoded.height > 700, `a page-sized preview (${decoded.width}×${decoded.height})`);
  });

  it('draws every image format and the icons as the Node renderer does (the shimmed zlib, PNG writer and WebP WASM)', async () => {
    const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;
    const image = (url: string, caption: string) => ({ type: 'Image', options: { image_url: url, caption } });
    const body = report([
      {
        type: 'Section',
        options: { section_title: 'Images and icons', icon: 'chart-line' },
        components: [{ type: 'Text', options: { text: 'Every format the renderer reads.' } }],
      },
      image(dataUrl('image/png', png(64, 32)), 'PNG'),
      image(dataUrl('image/png', png(64, 32, [20, 120, 220, 128])), 'PNG with alpha'),
      image(dataUrl('image/jpeg', jpg()), 'JPEG'),
      image(dataUrl('image/gif', gif()), 'GIF'),
      image(dataUrl('image/webp', WEBP.alpha), 'WebP with alpha'),
      image(`data:image/svg+xml,${encodeURIComponent(SVG('SVG in the browser').toString())}`, 'SVG'),
    ]);
    const got = await browser.render(JSON.stringify(body));
    assert.deepEqual(browser.problems, []);
    const node = await sharedRenderer();
    const expected = await node.renderPdf(body);
    assert.deepEqual(expected.notes ?? [], [], 'the Node renderer drew every image');
    const [read, want] = await Promise.all([readPdf(got.pdf), readPdf(expected.pdf)]);
    assert.deepEqual(read.pages, want.pages);
    assert.match(read.pages.join(' '), /SVG in the browser/);
    // The same pixels: both PDFs rasterised by one PDFium give the same preview.
    assert.ok(Buffer.from(await node.renderPreviewJpeg(expected.pdf)).equals(got.jpeg), "the same preview as the Node renderer's PDF");
  });

  it("runs in a worker started from a blob: URL, as VS Code's web worker extension host runs an extension", async () => {
    const json = jsoncToJson(await readFile(join(ROOT, 'examples', EXAMPLE), 'utf8')).body;
    const got = await browser.inBlobWorker(json);
    assert.deepEqual(browser.problems, []);
    assert.equal(got.error, undefined);
    const expected = await (await sharedRenderer()).renderPdf(JSON.parse(json) as ReportBody);
    assert.equal(got.pageCount, expected.pageCount);
    assert.ok(isJpeg(got.jpeg), 'a preview JPEG');
  });
});
