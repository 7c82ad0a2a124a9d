/**
 * The notice on a single-page report whose content did not fit: layout stops at
 * the page end (the page count — and so the quota — follows what the report
 * asked for), and this band tells the author why the rest is missing.
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

/**
 * The render note for a single-page report whose content did not fit: it points at
 * the first component that was cut, so the editor can warn on that node and offer
 * to enable multi-page reports.
 */
export function overflowNote(stop: OverflowStop, nPages?: unknown): RenderNote {
  const what = stop.partial ? `The rest of ${describe(stop.node)}` : describe(stop.node);
  // The older SDK's only page switch was `nPages`: say why it did not give more pages.
  const pagesAsked = typeof nPages === 'number' && nPages > 1 ? ` config.n_pages (${nPages}) alone does not make a multi-page report;` : '';
  return {
    kind: 'overflow',
    path: reportPathOf(stop.node.path),
    message: `${what} and everything after it did not fit on the single page;${pagesAsked} set config.enable_multi_page to true to continue on new pages.`,
  };
}

export function paintOverflowNotice(doc: PDFKit.PDFDocument, theme: RenderTheme, model: PageModel): void {
  const h = NOTICE_HEIGHT;
  const y = model.contentBottom - h;
  doc.save();
  doc.rect(model.contentLeft, y, model.contentWidth, h).fill('#fef2f2');
  doc.rect(model.contentLeft, y, 3, h).fill('#dc2626');
  doc.font(theme.fonts.bold).fontSize(8).fillColor('#991b1b');
  doc.text(
    'More content did not fit on this single page. Set config.enable_multi_page to true to continue on new pages.',
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
