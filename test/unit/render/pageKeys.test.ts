/**
 * Page keys (src/render/pageKeys.ts): equal keys in two renders must mean the pages are drawn
 * identically — checked by rasterising both PDFs with PDFium and comparing pixels — and an
 * edit on one page must leave the other pages' keys alone where their drawing did not change.
 * The pdfkit-level cases build the aliasing pdfkit's first-use naming allows: the same
 * operators naming another opacity, glyph or image in the other document.
 */
import { strict as assert } from 'node:assert';
import * as jpeg from 'jpeg-js';
import { renderReportPdf } from '../../../src/render/renderPdf';
import { newDocument, documentBytes } from '../../../src/render/pdfkitSetup';
import { registerFonts, FALLBACK_FILES } from '../../../src/render/fonts';
import { PageKeyRecorder } from '../../../src/render/pageKeys';
import { initPdfium, rasterise, type PdfiumLibrary } from '../../../src/render/pdfium';
import type { ReportBody, ReportComponent } from '../../../src/core/report/types';

/** A small JPEG of one colour (jpeg-js; pdfkit embeds JPEGs as they are). */
function solidJpeg(rgb: [number, number, number]): Buffer {
  const data = Buffer.alloc(16 * 16 * 4);
  for (let i = 0; i < data.length; i += 4) data.set([...rgb, 255], i);
  return Buffer.from(jpeg.encode({ data, width: 16, height: 16 }, 90).data);
}
const RED = solidJpeg([220, 38, 38]);
const BLUE = solidJpeg([29, 78, 216]);

function report(pageTexts: string[], extra: Partial<ReportBody> = {}): ReportBody {
  const components: ReportComponent[] = [];
  pageTexts.forEach((text, i) => {
    if (i > 0) components.push({ type: 'PageBreak' });
    components.push({
      type: 'Section',
      options: { section_title: `Part ${i + 1}` },
      components: [
        { type: 'Text', options: { text } },
        { type: 'Card', options: { title: `Metric ${i + 1}`, value: 100 + i } },
      ],
    });
  });
  return {
    type: 'Report',
    options: { report_title: 'Page keys' },
    config: { enable_multi_page: true, enable_pagination: true },
    components,
    ...extra,
  };
}

async function pixels(lib: PdfiumLibrary, pdf: Uint8Array): Promise<Buffer[]> {
  const { pages } = await rasterise(lib, pdf, 0.5, 100);
  return pages.map((p) => Buffer.from(p.data));
}

/** Keys equal ⇒ pixels equal, page by page; returns which pages kept their key. */
async function checkSound(lib: PdfiumLibrary, a: { pdf: Uint8Array; keys: string[] }, b: { pdf: Uint8Array; keys: string[] }) {
  const [pa, pb] = [await pixels(lib, a.pdf), await pixels(lib, b.pdf)];
  const kept: number[] = [];
  for (let i = 0; i < Math.min(a.keys.length, b.keys.length); i++) {
    if (a.keys[i] !== b.keys[i]) continue;
    kept.push(i + 1);
    assert.ok(pa[i].equals(pb[i]), `page ${i + 1} kept its key but is drawn differently`);
  }
  return kept;
}

async function render(body: ReportBody): Promise<{ pdf: Uint8Array; keys: string[] }> {
  const r = await renderReportPdf(body, {});
  assert.equal(r.pageKeys?.length, r.pageCount, 'one key per page');
  return { pdf: r.pdf, keys: r.pageKeys ?? [] };
}

describe('renderer: page keys', function () {
  this.timeout(60_000);
  let lib: PdfiumLibrary;
  before(async () => {
    lib = await initPdfium();
  });

  it('gives a page the same key in two renders of the same report, and different pages different keys', async () => {
    const body = report(['Alpha text', 'Beta text', 'Gamma text']);
    const [a, b] = [await render(body), await render(body)];
    assert.deepEqual(a.keys, b.keys);
    assert.equal(new Set(a.keys).size, 3);
  });

  it('keeps the keys of the pages before an edit on page 3 and changes page 3', async () => {
    const a = await render(report(['Alpha text', 'Beta text', 'Gamma text']));
    // Only letters already used earlier: no new glyph, so nothing before page 3 can move.
    const b = await render(report(['Alpha text', 'Beta text', 'Gamma tex']));
    assert.deepEqual(await checkSound(lib, a, b), [1, 2]);
  });

  it('changes the later pages when an edit on page 1 adds a glyph (their glyph ids move), and stays sound', async () => {
    const a = await render(report(['Alpha text', 'Beta text', 'Gamma text']));
    const b = await render(report(['Alpha text Q', 'Beta text', 'Gamma text']));
    const kept = await checkSound(lib, a, b);
    assert.ok(!kept.includes(1), 'page 1 changed');
  });

  it('changes every page when the header every page shows changes', async () => {
    const a = await render(report(['Alpha', 'Beta']));
    const b = await render(report(['Alpha', 'Beta'], { options: { report_title: 'Page keys 2' } }));
    assert.deepEqual(await checkSound(lib, a, b), []);
  });

  describe('what the names in equal operators stand for', () => {
    async function twoPages(draw: (doc: PDFKit.PDFDocument, page: number, fonts: ReturnType<typeof registerFonts>) => void) {
      const doc = newDocument({ width: 200, height: 120 });
      const fonts = registerFonts(doc, { ...FALLBACK_FILES, heading: FALLBACK_FILES.bold, headingStyle: 'bold' as const });
      const keys = new PageKeyRecorder(doc);
      for (const page of [1, 2]) {
        doc.addPage();
        keys.beginPage();
        draw(doc, page, fonts);
        keys.endPage();
      }
      return { pdf: await documentBytes(doc), keys: keys.pageKeys() };
    }

    it('an opacity named Gs2 in both documents but 0.5 in one and 0.2 in the other', async () => {
      const opacity = (first: number, second: number) =>
        twoPages((doc, page) => {
          doc
            .rect(20, 20, 100, 60)
            .fillColor('#1d4ed8', page === 1 ? first : second)
            .fill();
        });
      const [a, b] = [await opacity(0.2, 0.5), await opacity(0.5, 0.2)];
      assert.notEqual(a.keys[1], b.keys[1]);
      await checkSound(lib, a, b);
    });

    it('a glyph id that is "y" in one document and "x" in the other', async () => {
      const glyphs = (first: string, second: string) =>
        twoPages((doc, page, fonts) => {
          doc.font(fonts.regular).fontSize(30).fillColor('#000000');
          doc.text(page === 1 ? first : second, 20, 30, { lineBreak: false });
        });
      const [a, b] = [await glyphs('xy', 'y'), await glyphs('yx', 'x')];
      assert.notEqual(a.keys[1], b.keys[1]);
      await checkSound(lib, a, b);
    });

    it('an image named I1 in both documents with other pixels', async () => {
      const image = (bytes: Buffer) =>
        twoPages((doc, page) => {
          if (page === 2) doc.image(bytes, 20, 20, { width: 80, height: 80 });
        });
      const [a, b, c] = [await image(RED), await image(BLUE), await image(RED)];
      assert.equal(a.keys[0], b.keys[0]);
      assert.notEqual(a.keys[1], b.keys[1]);
      assert.equal(a.keys[1], c.keys[1]);
      await checkSound(lib, a, b);
    });

    it('a page that references a resource it cannot describe (a gradient) gets a new key every time', async () => {
      const gradient = () =>
        twoPages((doc, page) => {
          if (page !== 2) return;
          const g = doc.linearGradient(0, 0, 200, 0);
          g.stop(0, '#ff0000').stop(1, '#0000ff');
          doc.rect(0, 0, 200, 120).fill(g);
        });
      const [a, b] = [await gradient(), await gradient()];
      assert.equal(a.keys[0], b.keys[0]);
      assert.notEqual(a.keys[1], b.keys[1]);
    });
  });
});
