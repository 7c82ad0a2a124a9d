import { strict as assert } from 'node:assert';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PNG } from 'pngjs';
import * as jpeg from 'jpeg-js';
import { createRenderer, RenderError, type ReportRenderer } from '../../../src/mock/render';
import { report } from '../../helpers/render';
import { readPdf } from '../../helpers/pdf';

function png(): Buffer {
  const img = new PNG({ width: 64, height: 32 });
  img.data.fill(120);
  return PNG.sync.write(img);
}

function jpg(): Buffer {
  const data = Buffer.alloc(48 * 48 * 4, 200);
  return jpeg.encode({ data, width: 48, height: 48 }, 80).data;
}

describe('renderer: images over http(s), base64, limits and errors', () => {
  let server: Server;
  let base: string;
  let renderer: ReportRenderer;

  before(async () => {
    server = createServer((req, res) => {
      if (req.url === '/ok.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(png());
      if (req.url === '/ok.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpg());
      if (req.url === '/big.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.concat([png(), Buffer.alloc(300_000)]));
      if (req.url === '/text') return res.writeHead(200, { 'content-type': 'text/plain' }).end('not an image');
      if (req.url === '/slow.png') return void setTimeout(() => res.writeHead(200).end(png()), 60_000);
      return void res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // 2 s: generous for loopback on a loaded CI machine; the slow server answers after 60 s.
    renderer = await createRenderer({ images: { timeoutMs: 2_000, maxBytes: 200_000 } });
  });

  after(async () => {
    await renderer.dispose();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  const image = (options: Record<string, unknown>) => ({ type: 'Image', options });
  const failure = async (components: ReturnType<typeof image>[] | object[]): Promise<RenderError> => {
    try {
      await renderer.renderPdf(report(components as never));
    } catch (err) {
      assert.ok(err instanceof RenderError, String(err));
      return err;
    }
    throw new Error('expected the render to fail');
  };

  it('embeds PNG and JPEG images fetched over http, and the header logo', async () => {
    const body = report([image({ image_url: `${base}/ok.png`, caption: 'PNG over http' }), image({ image_url: `${base}/ok.jpg`, caption: 'JPEG over http' })], {
      options: { logo_url: `${base}/ok.png` },
    });
    const { pdf } = await renderer.renderPdf(body);
    const text = (await readPdf(pdf)).pages.join(' ');
    assert.ok(text.includes('PNG over http') && text.includes('JPEG over http'));
    const raw = Buffer.from(pdf).toString('latin1');
    assert.ok((raw.match(/\/Subtype \/Image/g) ?? []).length >= 2);
    assert.ok(raw.includes('/DCTDecode'), 'the JPEG is embedded as JPEG');
  });

  it('an unreachable image fails the task naming the component path and the URL', async () => {
    const err = await failure([{ type: 'Section', options: { section_title: 'S' }, components: [image({ image_url: `${base}/missing.png` })] }]);
    assert.equal(err.path, 'components[0].components[0] (Image)');
    assert.match(err.message, /components\[0\]\.components\[0\] \(Image\): image could not be loaded from http:\/\/127\.0\.0\.1:\d+\/missing\.png: HTTP 404/);
  });

  it('a slow server hits the timeout instead of hanging', async () => {
    // Without the timeout this would wait the server's 60 s and fail on mocha's own limit.
    const err = await failure([image({ image_url: `${base}/slow.png` })]);
    assert.match(err.message, /no answer within 2 s/);
  });

  it('a too-large image is refused (size cap)', async () => {
    const err = await failure([image({ image_url: `${base}/big.png` })]);
    assert.match(err.message, /larger than 200000 bytes/);
  });

  it('a response that is not PNG/JPEG is refused', async () => {
    const err = await failure([image({ image_url: `${base}/text` })]);
    assert.match(err.message, /is not a PNG or JPEG file/);
  });

  it('bad base64 data and a missing source are reported with the path', async () => {
    const bad = await failure([{ type: 'Text', options: { text: 'x' } }, image({ base64: 'bm90IGFuIGltYWdl', base64_extension: 'png' })]);
    assert.equal(bad.path, 'components[1] (Image)');
    const none = await failure([image({ caption: 'no source' })]);
    assert.match(none.message, /no image given/);
  });

  it('a URL query string (which may hold a token) is not echoed in the error', async () => {
    const err = await failure([image({ image_url: `${base}/missing.png?token=secret123` })]);
    assert.ok(!err.message.includes('secret123'), err.message);
  });
});
