/**
 * The options of page images (`report-studio export --png`, later the MCP server): the
 * resolution and which pages. Pure, so the CLI checks its arguments before rendering anything
 * and the renderer checks them again for callers that are not the CLI.
 */

/** Resolution of page images in dots per inch: 144 makes an A4 page 1,190 px wide (PDFium rounds down). */
export const DEFAULT_DPI = 144;
/**
 * 18 dpi: a thumbnail (A4 ≈ 148 px wide); 500 dpi: print quality (A4 ≈ 4,134 × 5,847 px, 24 megapixels),
 * the most that keeps an A4 or Letter page within the rasteriser's cap of 25 megapixels a page
 * (src/render/pdfium.ts; test/unit/cli/exportOptions.test.ts holds the two together).
 */
export const MIN_DPI = 18;
export const MAX_DPI = 500;

/** Pages `from` to `to` (1-based, inclusive); no `to`: to the last page. */
export interface PageSpan {
  from: number;
  to?: number;
}

/** How `--pages` is written, for messages and help. */
export const PAGES_SYNTAX = '2, 1-3, 2- or 1,3';

/** Spans in one selection at most (each names pages that must exist, so pages are bounded by the report). */
export const MAX_PAGE_SPANS = 100;

/** A selection that names a page the report does not have (the caller's argument is wrong, not the report). */
export class PageSelectionError extends Error {
  constructor(
    readonly page: number,
    readonly pageCount: number,
  ) {
    super(`the report has ${pageCount} page${pageCount === 1 ? '' : 's'}: page ${page} was asked for`);
    this.name = 'PageSelectionError';
  }
}

/** Across bundles (the CLI and dist/engine.js each have the class) the name tells. */
export function isPageSelectionError(error: unknown): error is PageSelectionError {
  return error instanceof Error && error.name === 'PageSelectionError';
}

/** `"144"` → 144; throws a sentence for anything but a whole number in [MIN_DPI, MAX_DPI]. */
export function parseDpi(text: string): number {
  const n = /^\d+$/.test(text.trim()) ? Number(text) : NaN;
  checkDpi(n, text);
  return n;
}

export function checkDpi(n: number, given: string = String(n)): void {
  if (!Number.isInteger(n) || n < MIN_DPI || n > MAX_DPI) {
    throw new RangeError(`--dpi takes a whole number from ${MIN_DPI} to ${MAX_DPI}, got "${given}"`);
  }
}

/** `"1-3,5,7-"` → spans; throws a sentence naming the part that is not a page or range. */
export function parsePageSelection(text: string): PageSpan[] {
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length > MAX_PAGE_SPANS) {
    throw new RangeError(`--pages takes at most ${MAX_PAGE_SPANS} pages or ranges, got ${parts.length}`);
  }
  return parts.map((part) => {
    const m = /^(\d+)(?:(-)(\d*))?$/.exec(part);
    const from = m ? Number(m[1]) : 0;
    const to = m?.[3] ? Number(m[3]) : m?.[2] ? undefined : from;
    if (!m || from < 1 || !Number.isSafeInteger(to ?? from) || (to !== undefined && to < from)) {
      throw new RangeError(`--pages takes page numbers and ranges such as ${PAGES_SYNTAX} (pages count from 1), got "${text}"`);
    }
    return to === undefined ? { from } : { from, to };
  });
}

/** The page numbers a selection picks from a report of `pageCount` pages, ascending, each once (none given: all). */
export function selectedPages(spans: readonly PageSpan[] | undefined, pageCount: number): number[] {
  if (!spans) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const pages = new Set<number>();
  for (const { from, to } of spans) {
    const last = to ?? pageCount;
    if (Math.max(from, last) > pageCount) throw new PageSelectionError(Math.max(from, last), pageCount);
    for (let p = from; p <= last; p++) pages.add(p);
  }
  return [...pages].sort((a, b) => a - b);
}
