/**
 * Visual diff of two renders (`report-studio diff`, the extension's compare view). Reports are
 * laid out by the bundled renderer in this process — no service, no task, never charged. Pages
 * are matched by number; page keys (pageKeys.ts) decide first: equal keys mean equal drawings,
 * and only pages whose keys differ (or that have none: a PDF given as it is) are rasterised by
 * PDFium and compared pixel by pixel, so a change that draws the same pixels is no change.
 */
import type { PageDiff, ReportDiff } from '../../core/diff/diffTypes';
import { checkRasterPages, initPdfium, renderPage, type PdfiumLibrary, type RgbaImage } from '../pdfium';
import { renderReportText } from '../reportText';
import { rgbaToPng } from '../images/raster';
import { sideBySide } from './diffImage';
import { pixelDiff } from './pixelDiff';

/** One side of a diff: a rendered report (with its page keys) or a PDF as it is. */
export interface DiffSide {
  label: string;
  pdf: Uint8Array;
  pageKeys?: string[];
}

/** PNGs of one page: the old and new page as they are, and old | new with the changes highlighted. */
export interface PageImages {
  page: number;
  old?: Uint8Array;
  new?: Uint8Array;
  /** Changed pages only. */
  sideBySide?: Uint8Array;
}

interface DiffOptions {
  /** Raster pixels per PDF point (default 1: 72 dpi). */
  scale?: number;
  /** Which pages to make PNGs of: the changed ones (default), every one (the compare view), none. */
  images?: 'changed' | 'all' | 'none';
  signal?: AbortSignal;
}

export interface VisualDiffer {
  /** Lays a report (JSON or JSONC text) out; throws a plain-words error naming `label` when it cannot. */
  renderReport(text: string, label: string, signal?: AbortSignal): Promise<DiffSide>;
  /** A PDF file's bytes as a side. */
  pdfSide(pdf: Uint8Array, label: string): DiffSide;
  /** A missing side (a report added or deleted between revisions) has no pages. */
  diff(old: DiffSide | undefined, next: DiffSide | undefined, options?: DiffOptions): Promise<{ diff: ReportDiff; images: PageImages[] }>;
  dispose(): void;
}

export async function createVisualDiffer(): Promise<VisualDiffer> {
  const pdfium = await initPdfium();
  return {
    renderReport: (text, label, signal) => renderSide(text, label, signal),
    pdfSide: (pdf, label) => ({ label, pdf }),
    diff: (old, next, options) => diffSides(pdfium, old, next, options ?? {}),
    dispose: () => pdfium.destroy(),
  };
}

async function renderSide(text: string, label: string, signal?: AbortSignal): Promise<DiffSide> {
  const { pdf, pageKeys } = await renderReportText(text, label, signal);
  return { label, pdf, pageKeys };
}

async function diffSides(
  pdfium: PdfiumLibrary,
  old: DiffSide | undefined,
  next: DiffSide | undefined,
  options: DiffOptions,
): Promise<{ diff: ReportDiff; images: PageImages[] }> {
  const scale = options.scale ?? 1;
  const want = options.images ?? 'changed';
  const a = await openPages(pdfium, old);
  let b: OpenPdf;
  try {
    b = await openPages(pdfium, next);
  } catch (error) {
    a.close();
    throw error;
  }
  try {
    const pages: PageDiff[] = [];
    const images: PageImages[] = [];
    for (let i = 0; i < Math.max(a.count, b.count); i++) {
      options.signal?.throwIfAborted();
      const page = i + 1;
      if (i >= a.count || i >= b.count) {
        const status = i >= a.count ? 'added' : 'removed';
        pages.push({ page, status, changedPixels: 0, regions: [] });
        if (want === 'all')
          images.push(
            status === 'added' ? { page, new: rgbaToPng(await b.raster(i, scale)) } : { page, old: rgbaToPng(await a.raster(i, scale)) },
          );
        continue;
      }
      const oldKey = old?.pageKeys?.[i];
      const sameKeys = oldKey !== undefined && oldKey === next?.pageKeys?.[i];
      if (sameKeys && want !== 'all') {
        pages.push({ page, status: 'unchanged', changedPixels: 0, regions: [] });
        continue;
      }
      const [pa, pb] = [await a.raster(i, scale), await b.raster(i, scale)];
      const { changedPixels, regions } = sameKeys ? { changedPixels: 0, regions: [] } : pixelDiff(pa, pb);
      const status = changedPixels ? 'changed' : 'unchanged';
      pages.push({ page, status, changedPixels, regions });
      if (want === 'all' || (want === 'changed' && status === 'changed')) {
        images.push({
          page,
          old: rgbaToPng(pa),
          new: rgbaToPng(pb),
          ...(status === 'changed' ? { sideBySide: sideBySide(pa, pb, regions) } : {}),
        });
      }
    }
    return {
      diff: { oldLabel: old?.label ?? '(none)', newLabel: next?.label ?? '(none)', oldPages: a.count, newPages: b.count, pages },
      images,
    };
  } finally {
    a.close();
    b.close();
  }
}

interface OpenPdf {
  count: number;
  raster(index: number, scale: number): Promise<RgbaImage>;
  close(): void;
}

async function openPages(pdfium: PdfiumLibrary, side: DiffSide | undefined): Promise<OpenPdf> {
  if (!side) return { count: 0, raster: () => Promise.reject(new Error('no pages')), close: () => undefined };
  const { pdf, label } = side;
  let doc: Awaited<ReturnType<PdfiumLibrary['loadDocument']>>;
  try {
    doc = await pdfium.loadDocument(pdf);
  } catch (error) {
    throw new Error(`${label} is not a PDF that can be read: ${(error as Error).message}`, { cause: error });
  }
  const count = doc.getPageCount();
  try {
    checkRasterPages(label, count);
  } catch (error) {
    doc.destroy();
    throw error;
  }
  return {
    count,
    raster: (index, scale) => renderPage(doc, index, scale, label),
    close: () => doc.destroy(),
  };
}
