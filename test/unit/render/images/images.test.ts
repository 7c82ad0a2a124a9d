/**
 * Images from every source (http(s) over loopback, data: URLs, base64 with a right,
 * wrong or missing extension, the header logo, the cover background) in every format
 * (PNG, JPEG, GIF first frame, WebP, SVG as vectors); what an unreachable image does
 * (placeholder + note, the task succeeds) and what fails the task (data in the report
 * that is no image), each named by the option's JSON path.
 */
import { strict as assert } from 'node:assert';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRenderer, RenderError, type ReportRenderer } from '../../../../src/render';
import type { RenderedPdf } from '../../../../src/render/renderer';
import { PNG } from 'pngjs';
import { attachImage, loadImages, type LoadedImage } from '../../../../src/render/images';
import { imagePainter } from '../../../../src/render/components/image';
import { MARGIN_UNIT_PT } from '../../../../src/render/painter';
import { report, sharedRenderer } from '../../../helpers/render';
import { closedPort } from '../../../helpers/loopback';
import { readPdf } from '../../../helpers/pdf';
import { WEBP, SVG, animatedWebp, gif, imageXObjects, jpg, pdfStreams, png } from '../../../helpers/imageFixtures';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

async function listen(handler: Handler): Promise<{ server: Server; base: string }> {
  const server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
}

const FILES: Record<string, { type: string; body: () => Buffer }> = {
  '/ok.png': { type: 'image/png', body: () => png() },
  '/ok.jpg': { type: 'image/jpeg', body: () => jpg() },
  '/ok.gif': { type: 'image/gif', body: () => gif() },
  '/ok.webp': { type: 'image/webp', body: () => WEBP.lossy },
  '/ok.svg': { type: 'image/svg+xml', body: () => SVG('SVG from a URL') },
  // Served with a wrong content type: the bytes decide.
  '/mislabelled': { type: 'text/plain', body: () => png() },
  '/big.png': { type: 'image/png', body: () => Buffer.concat([png(), Buffer.alloc(300_000)]) },
  '/text': { type: 'text/html', body: () => Buffer.from('<!doctype html><p>not an image</p>') },
};

describe('renderer: images (formats, sources, placeholders, errors)', () => {
  let server: Server;
  let base: string;
  let renderer: ReportRenderer;

  before(async () => {
    ({ server, base } = await listen((req, res) => {
      const file = FILES[req.url ?? ''];
      if (file) return void res.writeHead(200, { 'content-type': file.type }).end(file.body());
      if (req.url === '/redirect') return void res.writeHead(302, { location: '/ok.png' }).end();
      // Never answers; the connection is closed by close() in after() (no timer left behind).
      if (req.url === '/slow.png') return;
      return void res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found: the secret admin panel is on port 9999');
    }));
    // 2 s: generous for loopback on a loaded CI machine; /slow.png never answers.
    renderer = await createRenderer({ images: { timeoutMs: 2_000, maxBytes: 200_000 } });
  });

  after(async () => {
    await renderer.dispose();
    await close(server);
  });

  const image = (options: Record<string, unknown>) => ({ type: 'Image', options });
  const render = (components: object[], extra: Parameters<typeof report>[1] = {}): Promise<RenderedPdf> =>
    renderer.renderPdf(report(components as never, extra));
  const textOf = async (pdf: Uint8Array): Promise<string> => (await readPdf(pdf)).pages.join(' ').replace(/\s+/g, ' ');
  const failure = async (components: object[]): Promise<RenderError> => {
    try {
      await render(components);
    } catch (err) {
      assert.ok(err instanceof RenderError, String(err));
      return err;
    }
    throw new Error('expected the render to fail');
  };

  it('renders PNG, JPEG, GIF, WebP and SVG fetched over http (SVG as vectors, text kept)', async () => {
    const names = ['png', 'jpg', 'gif', 'webp', 'svg'];
    const { pdf, pageCount, notes } = await render(names.map((n) => image({ image_url: `${base}/ok.${n}`, caption: `${n} over http` })));
    assert.deepEqual(notes, []);
    assert.equal(pageCount, 1);
    const text = await textOf(pdf);
    for (const n of names) assert.ok(text.includes(`${n} over http`), `caption of ${n}`);
    assert.ok(text.includes('SVG from a URL'), 'the SVG text is real text in the PDF');
    // PNG, JPEG, GIF→PNG, WebP→PNG are image XObjects; the SVG is not one.
    assert.equal(imageXObjects(pdf), 4);
    assert.ok(Buffer.from(pdf).toString('latin1').includes('/DCTDecode'), 'the JPEG is embedded as JPEG');
    // The SVG's shapes are vector paths in its own colours (#2255aa = 0.133 0.333 0.667): its triangle, as drawn.
    const streams = pdfStreams(pdf);
    assert.ok(/0\.1333+ 0\.3333+ 0\.6666+7? scn/.test(streams), 'the SVG fill colour');
    assert.ok(/10 30 m\n30 10 l\n50 30 l\nh\nf/.test(streams), 'the SVG triangle path');
  });

  it('renders every format from base64 whatever base64_extension says (the bytes decide)', async () => {
    const cases: Array<[string, Buffer, string | undefined]> = [
      ['png', png(), undefined],
      ['jpeg', jpg(), 'png'],
      ['gif', gif(), 'jpeg'],
      ['webp', WEBP.lossless, 'png'],
      ['svg', SVG('SVG from base64'), 'svg'],
    ];
    const { pdf, notes } = await render(
      cases.map(([name, bytes, ext]) =>
        image({ base64: bytes.toString('base64'), ...(ext ? { base64_extension: ext } : {}), caption: `${name} as base64` }),
      ),
    );
    assert.deepEqual(notes, []);
    const text = await textOf(pdf);
    for (const [name] of cases) assert.ok(text.includes(`${name} as base64`));
    assert.ok(text.includes('SVG from base64'));
    assert.equal(imageXObjects(pdf), 4);
  });

  it('reads data: URLs (base64 and percent-encoded SVG), base64 with line breaks and a data: prefix, and a mislabelled response', async () => {
    const wrapped = png()
      .toString('base64')
      .replace(/(.{60})/g, '$1\n');
    const { pdf, notes } = await render([
      image({ image_url: `data:image/png;base64,${png().toString('base64')}` }),
      image({ image_url: `data:image/svg+xml,${encodeURIComponent(SVG('SVG in a data URL').toString())}` }),
      image({ base64: wrapped }),
      image({ base64: `data:image/jpeg;base64,${jpg().toString('base64')}` }),
      image({ image_url: `${base}/mislabelled` }),
      image({ image_url: `${base}/redirect` }),
    ]);
    assert.deepEqual(notes, []);
    assert.ok((await textOf(pdf)).includes('SVG in a data URL'));
    assert.equal(imageXObjects(pdf), 5);
  });

  it('renders WebP in all three layouts (VP8, VP8L, VP8X with alpha) and the first frame of an animated WebP', async () => {
    const { pdf, notes } = await render(
      [WEBP.lossy, WEBP.lossless, WEBP.alpha, animatedWebp()].map((b) => image({ base64: b.toString('base64') })),
    );
    assert.deepEqual(notes, []);
    // The WebP with alpha becomes an RGBA PNG: an image with a soft mask (a second XObject).
    assert.equal(imageXObjects(pdf), 5);
    assert.ok(Buffer.from(pdf).toString('latin1').includes('/SMask'));
  });

  it('draws the header logo and the cover background from URLs', async () => {
    const { pdf, pageCount, notes } = await render([{ type: 'Text', options: { text: 'body' } }], {
      options: { logo_url: `${base}/ok.svg` },
      cover_page: { bg_image: `${base}/ok.jpg`, components: [{ type: 'Text', options: { text: 'Cover title' } }] },
    });
    assert.deepEqual(notes, []);
    assert.equal(pageCount, 2);
    assert.equal(imageXObjects(pdf), 1, 'the cover JPEG');
    assert.ok((await textOf(pdf)).includes('SVG from a URL'), 'the SVG logo is drawn as vectors');
  });

  it('an unreachable image (connection refused, HTTP 404) is a labelled placeholder with a note; the task succeeds', async () => {
    const port = await closedPort();
    const { pdf, notes, pageCount } = await render([
      {
        type: 'Section',
        options: { section_title: 'S' },
        components: [image({ image_url: `http://127.0.0.1:${port}/logo.png`, caption: 'after refused' })],
      },
      image({ image_url: `${base}/missing.png?token=secret123` }),
    ]);
    assert.equal(pageCount, 1);
    assert.equal(imageXObjects(pdf), 0);
    assert.deepEqual(
      notes.map((n) => [n.kind, n.path]),
      [
        ['image-unavailable', ['components', 0, 'components', 0, 'options', 'image_url']],
        ['image-unavailable', ['components', 1, 'options', 'image_url']],
      ],
    );
    assert.equal(notes[0].message, `image_url http://127.0.0.1:${port}/logo.png not fetched: connection failed — a placeholder was drawn`);
    assert.match(
      notes[1].message,
      /^image_url http:\/\/127\.0\.0\.1:\d+\/missing\.png\?… not fetched: HTTP error — a placeholder was drawn$/,
    );
    // Past the address (a free port can itself read 404 or 9999): no status, errno or secret.
    for (const n of notes)
      assert.doesNotMatch(n.message.replace(/^image_url http:\/\/127\.0\.0\.1:\d+/, ''), /404|Not Found|refused|ECONN|secret|9999/);
    const text = await textOf(pdf);
    assert.equal(text.match(/Image not loaded/g)?.length, 2);
    assert.ok(text.includes('not fetched: connection failed') && text.includes('not fetched: HTTP error'));
    assert.ok(text.includes('after refused'), 'the caption is still drawn');
    assert.ok(!text.includes('secret123'));
  });

  it('a logo and a cover background that cannot be fetched: a logo placeholder, the cover colour alone, a note each', async () => {
    const port = await closedPort();
    const { pdf, notes } = await render([{ type: 'Text', options: { text: 'body' } }], {
      options: { logo_url: `http://127.0.0.1:${port}/logo.svg` },
      cover_page: { bg_image: `http://127.0.0.1:${port}/cover.jpg`, components: [{ type: 'Text', options: { text: 'Cover' } }] },
    });
    assert.deepEqual(
      notes.map((n) => n.path),
      [
        ['options', 'logo_url'],
        ['cover_page', 'bg_image'],
      ],
    );
    // Each note says what was drawn instead: a placeholder for the logo, the cover colour for the background.
    assert.match(notes[0].message, /— a placeholder was drawn$/);
    assert.match(
      notes[1].message,
      /^bg_image http:\/\/127\.0\.0\.1:\d+\/cover\.jpg not fetched: connection failed — the cover keeps its background colour$/,
    );
    const text = await textOf(pdf);
    assert.ok(text.includes('Logo not loaded'));
    assert.ok(!text.includes('Image not loaded'), 'no placeholder box on the cover');
  });

  it('a server that never answers, and one that sends too much, are placeholders too (time and size caps)', async () => {
    // Without the timeout this would wait on the server forever and fail on mocha's own limit.
    const { notes } = await render([image({ image_url: `${base}/slow.png` }), image({ image_url: `${base}/big.png` })]);
    assert.deepEqual(
      notes.map((n) => n.message.replace(/^.* not fetched/, 'not fetched')),
      ['not fetched: timed out — a placeholder was drawn', 'not fetched: too large — a placeholder was drawn'],
    );
  });

  it('bytes that are no image fail the task naming the option path (URL, base64, data: URL)', async () => {
    const html = await failure([image({ image_url: `${base}/text` })]);
    assert.equal(html.message, 'components[0].options.image_url: not an image (an HTML page, not PNG, JPEG, GIF, WebP or SVG)');
    const text = await failure([
      { type: 'Text', options: { text: 'x' } },
      image({ base64: Buffer.from('not an image').toString('base64'), base64_extension: 'png' }),
    ]);
    assert.equal(text.message, 'components[1].options.base64: not an image (12 bytes that are not PNG, JPEG, GIF, WebP or SVG)');
    const cut = await failure([image({ base64: png().subarray(0, 20).toString('base64') })]);
    assert.match(cut.message, /^components\[0\]\.options\.base64: not an image \(a PNG file whose header is unusable: no IHDR chunk\)$/);
  });

  it('malformed base64 and a malformed data: URL fail the task naming the option path', async () => {
    const bad = await failure([
      { type: 'Text', options: { text: 'x' } },
      { type: 'Row', options: {}, components: [image({ base64: 'iVBORw0K*GgoAAAANSUhEUg' })] },
    ]);
    assert.equal(bad.message, 'components[1].components[0].options.base64: malformed base64 ("*" at position 8 is not a base64 character)');
    const length = await failure([image({ base64: 'iVBORw0KG' })]);
    assert.match(length.message, /^components\[0\]\.options\.base64: malformed base64 \(its length/);
    const dataUrl = await failure([image({ image_url: 'data:image/png;base64' })]);
    assert.equal(dataUrl.message, 'components[0].options.image_url: malformed data: URL (no comma before the data)');
    const percent = await failure([image({ image_url: 'data:image/svg+xml,%3Csvg%ZZ' })]);
    assert.match(percent.message, /^components\[0\]\.options\.image_url: malformed data: URL \(bad percent-escape/);
  });

  it('damaged image data behind a valid header fails naming the path (not a crash)', async () => {
    const brokenGif = gif().subarray(0, 40);
    const err = await failure([image({ base64: brokenGif.toString('base64') })]);
    assert.match(err.message, /^components\[0\]\.options\.base64: not an image \(the GIF/);
    const brokenWebp = Buffer.from(WEBP.lossy);
    brokenWebp.fill(0x55, 40);
    const werr = await failure([image({ base64: brokenWebp.toString('base64') })]);
    assert.equal(werr.message, 'components[0].options.base64: not an image (the WebP data is damaged)');
  });

  it('an Image with no source (image_url null, empty, or neither key) is a labelled placeholder with a note, not a failure', async () => {
    const { pdf, notes } = await render([
      image({ image_url: null, caption: 'null url' }),
      image({ image_url: '  ', base64: null, caption: 'blank url' }),
      image({ base64: '', caption: 'only base64, empty' }),
      image({ caption: 'no source' }),
    ]);
    const text = await textOf(pdf);
    for (const caption of ['null url', 'blank url', 'only base64, empty', 'no source']) assert.ok(text.includes(caption), caption);
    assert.equal(text.match(/Image not loaded no image_url or base64 components\[\d\]\.options/g)?.length, 4, text);
    assert.deepEqual(
      notes.map((n) => [n.kind, n.path.join('.'), n.message]),
      [0, 1, 2, 3].map((i) => [
        'image-unavailable',
        `components.${i}.options.${i === 2 ? 'base64' : 'image_url'}`,
        'image_url and base64 are both empty — a placeholder was drawn',
      ]),
    );
  });
});

describe('renderer: Image options (margins, colour spellings) and GIF frames', () => {
  it('the first frame of an animated GIF is the one drawn', async () => {
    const [loaded] = await loadImages([
      { path: ['components', 0, 'options', 'base64'], source: { kind: 'base64', text: gif(30, 20, [0, 1]).toString('base64') } },
    ]);
    assert.equal(loaded.image.kind, 'raster');
    const img = loaded.image as Extract<LoadedImage, { kind: 'raster' }>;
    assert.equal(img.format, 'gif');
    const decoded = PNG.sync.read(img.data);
    assert.deepEqual([decoded.width, decoded.height], [30, 20]);
    assert.deepEqual([...decoded.data.subarray(0, 3)], [255, 0, 0], 'red: frame 1 (frame 2 is blue)');
  });

  /** measure() of an Image with a 400 × 200 px picture attached, in a 400 pt cell. */
  const measure = (options: Record<string, unknown>): number => {
    attachImage(options, { kind: 'raster', format: 'png', data: png(400, 200), width: 400, height: 200 });
    return imagePainter.measure(options, 400, { path: 'components[0] (Image)' } as never);
  };

  it('vertical_margin (default 1) and horizontal_margin are honoured on the margin scale', () => {
    const natural = 300 * (200 / 400); // 400 px at 96 dpi = 300 pt wide, fits the cell
    assert.equal(measure({}), natural + 2 * 1 * MARGIN_UNIT_PT, 'documented default vertical_margin 1');
    assert.equal(measure({ vertical_margin: 0 }), natural);
    assert.equal(measure({ vertical_margin: 32 }), natural + 2 * 32 * MARGIN_UNIT_PT);
    // Margins that leave the 400 pt cell at least 300 pt: the picture keeps its natural size.
    assert.equal(measure({ vertical_margin: 0, horizontal_margin: Math.floor(50 / MARGIN_UNIT_PT) }), natural);
    // In a 200 pt cell, 20 units on each side leave less than the picture: it shrinks to fit.
    const narrow = { vertical_margin: 0, horizontal_margin: 20 };
    attachImage(narrow, { kind: 'raster', format: 'png', data: png(400, 200), width: 400, height: 200 });
    assert.equal(imagePainter.measure(narrow, 200, { path: 'p' } as never), (200 - 2 * 20 * MARGIN_UNIT_PT) / 2);
  });

  it('text_colour/text_color, bg_colour/bg_color and border_colour/border_color all apply; a background drops the border', async () => {
    const renderer = await sharedRenderer();
    const bytes = png().toString('base64');
    const streamsOf = async (options: Record<string, unknown>): Promise<string> =>
      pdfStreams(
        (await renderer.renderPdf(report([{ type: 'Image', options: { base64: bytes, caption: 'Cap', ...options } }] as never))).pdf,
      );
    for (const spelling of ['colour', 'color']) {
      const bordered = await streamsOf({ enable_border: true, [`border_${spelling}`]: '#ff0000', [`text_${spelling}`]: '#00ff00' });
      assert.ok(/\n1 0 0 SCN\n/.test(bordered), `border_${spelling}`);
      assert.ok(/\n0 1 0 scn\n/.test(bordered), `text_${spelling}`);
      const filled = await streamsOf({ enable_border: true, [`border_${spelling}`]: '#ff0000', [`bg_${spelling}`]: '#0000ff' });
      assert.ok(/\n0 0 1 scn\n/.test(filled), `bg_${spelling}`);
      assert.ok(!/\n1 0 0 SCN\n/.test(filled), 'no border with a background');
    }
  });
});
