/**
 * Parsed fonts shared between documents (src/render/parsedFonts.ts): the second document that
 * uses a font file wraps the Font the first one parsed — pinned on pdfkit's internals — and
 * draws exactly the same pages (PDFium pixels and text) as a document that parsed it itself.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderReportPdf } from '../../../src/render/renderPdf';
import { newDocument, documentBytes } from '../../../src/render/pdfkitSetup';
import { registerFonts, FALLBACK_FILES } from '../../../src/render/fonts';
import { initPdfium, rasterise } from '../../../src/render/pdfium';
import { readPdf } from '../../helpers/pdf';
import type { ReportBody } from '../../../src/core/report/types';

interface Internals {
  _fontFamilies: Record<string, { font?: object; subset?: object } | undefined>;
}

/** The font files a document embeds (pdfkit's EmbeddedFont objects, once each; standard fonts have no subset). */
function embedded(doc: PDFKit.PDFDocument) {
  return [...new Set(Object.values((doc as unknown as Internals)._fontFamilies))].filter((f) => f?.subset) as Array<{
    font: object;
    subset?: object;
  }>;
}

const spec = { ...FALLBACK_FILES, heading: FALLBACK_FILES.bold, headingStyle: 'bold' as const };

function docWithText(text: string) {
  const doc = newDocument({ width: 300, height: 200 });
  const fonts = registerFonts(doc, spec);
  doc.addPage();
  doc.font(fonts.regular).fontSize(18).fillColor('#111111').text(text, 20, 40, { lineBreak: false });
  doc.font(fonts.bold).fontSize(18).text(`${text} (bold)`, 20, 90, { lineBreak: false });
  return { doc, fonts };
}

describe('renderer: parsed fonts shared between documents', function () {
  this.timeout(60_000);

  it('a second document wraps the Font the first one parsed, with a subset of its own', async () => {
    const a = docWithText('First document');
    const b = docWithText('Second document');
    const [ea, eb] = [embedded(a.doc), embedded(b.doc)];
    assert.equal(eb.length, 2, 'regular and bold');
    for (const fb of eb) {
      const fa = ea.find((f) => f.font === fb.font);
      assert.ok(fa, 'the same parsed Font as in the first document');
      assert.notEqual(fb, fa, 'each document its own EmbeddedFont');
      assert.notEqual(fb.subset, fa.subset, 'each document its own subset');
    }
    const [pa, pb] = [await readPdf(await documentBytes(a.doc)), await readPdf(await documentBytes(b.doc))];
    assert.match(pa.pages[0], /First document/);
    assert.match(pb.pages[0], /Second document \(bold\)/);
  });

  it('draws a report the same on every render (the goldens, made before fonts were shared, check the rest)', async () => {
    const body = JSON.parse(readFileSync(join(__dirname, '../../../examples/kpi-dashboard.report.json'), 'utf8')) as ReportBody;
    const [r1, r2] = [await renderReportPdf(body, {}), await renderReportPdf(body, {})];
    const lib = await initPdfium();
    const [p1, p2] = [await rasterise(lib, r1.pdf, 0.6, 10), await rasterise(lib, r2.pdf, 0.6, 10)];
    assert.equal(p1.pageCount, p2.pageCount);
    p1.pages.forEach((p, i) => assert.ok(Buffer.from(p.data).equals(Buffer.from(p2.pages[i].data)), `page ${i + 1} is the same`));
    assert.deepEqual(r1.pageKeys, r2.pageKeys);
  });

  it('bytes made afresh are parsed for their document (not shared by identity with other bytes)', () => {
    const doc = newDocument({ width: 300, height: 200 });
    const fonts = registerFonts(doc, spec);
    doc.addPage();
    doc.font(fonts.regular).text('a', 10, 10);
    const ttf = join(__dirname, '../../../assets/fonts/inter/inter-latin-400-normal.woff');
    const [one, two] = [readFileSync(ttf), readFileSync(ttf)];
    doc.registerFont('fresh-one', one);
    doc.font('fresh-one').text('b', 10, 40);
    const other = newDocument({ width: 300, height: 200 });
    other.registerFont('fresh-two', two);
    other.addPage();
    other.font('fresh-two').text('c', 10, 40);
    const [f1, f2] = [embedded(doc).at(-1)?.font, embedded(other).at(-1)?.font];
    assert.ok(f1 && f2);
    assert.notEqual(f1, f2, 'other bytes, parsed again');
  });

  it('text reads back whole after another document drew composite glyphs of the same font ("é" holds the "e")', async () => {
    const text = (t: string): ReportBody => ({
      type: 'Report',
      options: { report_title: 'T' },
      config: {},
      components: [{ type: 'Text', options: { text: t } }],
    });
    await renderReportPdf(text('Zażółć gęślą jaźń — Ελληνικά ί — é è ê ë *é ô* **é ô**'));
    const r = await renderReportPdf(text('Figure note ελληνικά ι *Figure note* **Figure note**'));
    assert.match((await readPdf(r.pdf)).pages[0], /Figure note ελληνικά ι Figure note Figure note/);
  });
});
