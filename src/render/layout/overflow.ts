/**
 * The notice on a report whose content did not fit its pages (one, or the older SDK's
 * `n_pages`): layout stops at the last page's end (the page count — and so the quota —
 * follows what the report asked for), and this band tells the author why the rest is missing.
 */
import type { RenderNote } from '../../core/api/types';
import type { RenderTheme } from '../painter';
import type { PageModel } from './pageModel';
import type { OverflowStop } from './engine';
import type { LayoutNode } from './nodes';
import { reportPathOf } from './jsonPath';

const NOTICE_HEIGHT = 20;
/** Room kept at the page end for the notice (and a gap above it) when content was cut. */
export const OVERFLOW_NOTICE_BAND = NOTICE_HEIGHT + 6;

/** `Section "Top referrers"`, `Table`, … — how the note names the component that was cut. */
function describe(node: LayoutNode): string {
  const o = node.options;
  const title = [o.section_title, o.title, o.chart_title].find((t): t is string => typeof t === 'string' && t.trim() !== '');
  const short = title && title.length > 48 ? `${title.slice(0, 47)}…` : title;
  return short ? `${node.type} "${short}"` : node.type;
}

/** Where the cut happened, and what the author can do: `maxPages` is 1 or the older SDK's `n_pages`. */
function pageLimitWords(maxPages: number): { where: string; remedy: string } {
  return maxPages > 1
    ? {
        where: `the ${maxPages} pages config.n_pages allows`,
        remedy: 'raise config.n_pages or set config.enable_multi_page to true to continue on new pages.',
      }
    : { where: 'the single page', remedy: 'set config.enable_multi_page to true to continue on new pages.' };
}

/**
 * The render note for a report whose content did not fit: it points at the first
 * component that was cut, so the editor can warn on that node and offer to enable
 * multi-page reports.
 */
export function overflowNote(stop: OverflowStop, maxPages: number): RenderNote {
  const what = stop.partial ? `The rest of ${describe(stop.node)}` : describe(stop.node);
  const { where, remedy } = pageLimitWords(maxPages);
  return {
    kind: 'overflow',
    path: reportPathOf(stop.node.path),
    message: `${what} and everything after it did not fit on ${where}; ${remedy}`,
  };
}

export function paintOverflowNotice(doc: PDFKit.PDFDocument, theme: RenderTheme, model: PageModel): void {
  const { where, remedy } = pageLimitWords(model.maxPages);
  const h = NOTICE_HEIGHT;
  const y = model.contentBottom - h;
  doc.save();
  doc.rect(model.contentLeft, y, model.contentWidth, h).fill('#fef2f2');
  doc.rect(model.contentLeft, y, 3, h).fill('#dc2626');
  doc.font(theme.fonts.bold).fontSize(8).fillColor('#991b1b');
  doc.text(
    `More content did not fit on ${where === 'the single page' ? 'this single page' : where}. ${remedy[0].toUpperCase()}${remedy.slice(1)}`,
    model.contentLeft + 10,
    y + 6.5,
    {
      width: model.contentWidth - 16,
      lineBreak: false,
      ellipsis: true,
    },
  );
  doc.restore();
}
