/**
 * Shared renderer for render tests: one PDFium initialisation per test process,
 * plus small report builders.
 */
import { createRenderer, type ReportRenderer } from '../../src/render';
import type { ReportBody, UncheckedComponent } from '../../src/core/report/types';
import { readPdf, type PdfContents } from './pdf';

let shared: Promise<ReportRenderer> | undefined;

export function sharedRenderer(): Promise<ReportRenderer> {
  shared ??= createRenderer();
  return shared;
}

/** Report envelope parts as a test writes them (unvalidated, like a preview of a half-written file). */
interface UncheckedParts {
  options?: Record<string, unknown>;
  config?: Record<string, unknown>;
  cover_page?: Record<string, unknown> | null;
}

/** A report body around `components`, multi-page: tests feed the renderer unvalidated bodies on purpose. */
export function report(components: UncheckedComponent[], extra: UncheckedParts = {}): ReportBody {
  return {
    type: 'Report',
    options: { report_title: 'Test report', enable_header: true, ...(extra.options ?? {}) },
    config: { enable_multi_page: true, ...(extra.config ?? {}) },
    ...(extra.cover_page ? { cover_page: extra.cover_page } : {}),
    components,
  } as ReportBody;
}

export interface Rendered {
  pdf: Uint8Array;
  pageCount: number;
  read: PdfContents;
  /** All pages' text, whitespace collapsed. */
  text: string;
}

export async function render(body: ReportBody): Promise<Rendered> {
  const r = await sharedRenderer();
  const { pdf, pageCount } = await r.renderPdf(body);
  const read = await readPdf(pdf);
  return { pdf, pageCount, read, text: read.pages.join('\n').replace(/\s+/g, ' ') };
}

export interface TextItem {
  str: string;
  page: number;
  /** Left edge and baseline from the page's top, in PDF points. */
  x: number;
  y: number;
  /** Font size in points; `rotated` when the run does not read left to right (an axis title). */
  size: number;
  rotated: boolean;
}

/** Text items with their positions (pdf.js), to check what sits beside / below what. */
export async function textItems(pdf: Uint8Array): Promise<TextItem[]> {
  const { pathToFileURL } = await import('node:url');
  const { join } = await import('node:path');
  const url = pathToFileURL(join(process.cwd(), 'node_modules/pdfjs-dist/legacy/build/pdf.mjs')).href;
  const pdfjs = (await new Function('u', 'return import(u)')(url)) as typeof import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  const items: TextItem[] = [];
  try {
    for (let p = 1; p <= doc.numPages; p++) {
      const page = await doc.getPage(p);
      const height = page.getViewport({ scale: 1 }).height;
      for (const item of (await page.getTextContent()).items) {
        if ('str' in item && item.str.trim())
          items.push({
            str: item.str,
            page: p,
            x: item.transform[4],
            y: height - item.transform[5],
            size: Math.hypot(item.transform[0], item.transform[1]),
            rotated: Math.abs(item.transform[1]) > 1e-6,
          });
      }
    }
  } finally {
    await doc.destroy();
  }
  return items;
}

/** The first text item containing `needle`; throws when there is none. */
export function itemOf(items: TextItem[], needle: string): TextItem {
  const hit = items.find((i) => i.str.includes(needle));
  if (!hit)
    throw new Error(
      `no text item contains "${needle}": ${items
        .map((i) => i.str)
        .join(' | ')
        .slice(0, 400)}`,
    );
  return hit;
}
