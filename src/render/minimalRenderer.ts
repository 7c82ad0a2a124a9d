/**
 * A minimal renderer with no layout engine: a valid PDF (one page per top-level
 * PageBreak-separated block; the title and one line per component) and a small JPEG
 * preview (grey bars, not the text). Used only when asked for — `--minimal-renderer` of the
 * local service and `report-studio serve`, or `renderer:` when embedding it — by tests that
 * need deterministic page counts and by the load benches. It is never a fallback: a real
 * renderer that cannot load is a start-up error (src/service/service.ts). The PDF is written
 * without dependencies; jpeg-js encodes the preview.
 */
import * as jpeg from 'jpeg-js';
import { COMPONENT_META, type ComponentType } from '../core/report/componentTypes.generated';
import type { ReportBody, UncheckedComponent } from '../core/report/types';
import { RenderError, type RenderOptions, type ReportRenderer } from './renderer';

/** PDF string literal for WinAnsi text (non-Latin-1 characters become '?'). */
function pdfText(s: string): string {
  return '(' + s.replace(/[^\x20-\x7e\xa0-\xff]/g, '?').replace(/([\\()])/g, '\\$1') + ')';
}

/** For a type the catalogue does not know: the options that usually name a component. */
const FALLBACK_LABEL = ['section_title', 'title', 'text', 'chart_title', 'caption'];

function describe(c: UncheckedComponent, depth: number): string[] {
  const o = c.options ?? {};
  const known = Object.hasOwn(COMPONENT_META, c.type) ? COMPONENT_META[c.type as ComponentType].label : [];
  const label = (known.length ? known : FALLBACK_LABEL).map((k) => o[k]).find((v) => typeof v === 'string') as string | undefined;
  const line = `${'  '.repeat(depth)}${c.type}${label ? `: ${label.slice(0, 80)}` : ''}`;
  return [line, ...(c.components ?? []).flatMap((child) => describe(child, depth + 1))];
}

/** Splits the body at top-level PageBreaks: one page per block. */
function pagesOf(report: ReportBody): string[][] {
  const pages: string[][] = [[]];
  for (const c of report.components ?? []) {
    if (c.type === 'PageBreak') pages.push([]);
    else pages[pages.length - 1].push(...describe(c, 0));
  }
  return pages;
}

export function writePdf(title: string, pages: string[][]): Uint8Array {
  const objects: string[] = [];
  const add = (body: string): number => objects.push(body);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add(''); // pages tree, filled in below
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const kids: number[] = [];
  pages.forEach((lines, i) => {
    const text = [
      `BT /F1 18 Tf 50 790 Td ${pdfText(title)} Tj ET`,
      `BT /F1 9 Tf 50 40 Td ${pdfText(`Page ${i + 1} of ${pages.length}`)} Tj ET`,
    ];
    lines.slice(0, 60).forEach((l, j) => text.push(`BT /F1 11 Tf 50 ${760 - j * 12} Td ${pdfText(l)} Tj ET`));
    const stream = text.join('\n');
    const contents = add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
    kids.push(
      add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595.28 841.89] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contents} 0 R >>`),
    );
  });
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

/** Count of /Type /Page objects: enough for the PDFs this module writes. */
function pageCountOf(pdf: Uint8Array): number {
  return (
    Buffer.from(pdf)
      .toString('latin1')
      .match(/\/Type \/Page\b/g) ?? []
  ).length;
}

export function createMinimalRenderer(): ReportRenderer {
  return {
    async renderPdf(report: ReportBody, options?: RenderOptions) {
      options?.signal?.throwIfAborted();
      if (!Array.isArray(report.components)) throw new RenderError('components must be a list');
      const title = typeof report.options?.report_title === 'string' ? report.options.report_title : 'Report';
      const pages = pagesOf(report);
      return { pdf: writePdf(title, pages), pageCount: pages.length, notes: [] };
    },
    async renderPreviewJpeg(pdf: Uint8Array, options?: RenderOptions) {
      options?.signal?.throwIfAborted();
      const width = 298;
      const height = 421;
      const data = Buffer.alloc(width * height * 4, 255);
      const lines = Math.min(40, pageCountOf(pdf) * 8);
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const i = (y * width + x) * 4;
          const header = y < 40;
          const textLine = y > 60 && (y - 60) % 12 < 5 && (y - 60) / 12 < lines && x > 25 && x < 250;
          const watermark = Math.abs(x - y * (width / height)) < 6;
          const v = header ? 70 : textLine ? 150 : watermark ? 215 : 255;
          data[i] = v;
          data[i + 1] = header ? 110 : v;
          data[i + 2] = header ? 160 : v;
        }
      }
      return new Uint8Array(jpeg.encode({ data, width, height }, 40).data);
    },
    async dispose() {},
  };
}
