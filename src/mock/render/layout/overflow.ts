/**
 * The notice on a single-page report whose content did not fit: layout stops at
 * the page end (the page count — and so the quota — follows what the report
 * asked for), and this band tells the author why the rest is missing.
 */
import type { RenderTheme } from '../painter';
import type { PageModel } from './page-model';

export function paintOverflowNotice(doc: PDFKit.PDFDocument, theme: RenderTheme, model: PageModel): void {
  const h = 20;
  const y = model.contentBottom - h;
  doc.save();
  doc.rect(model.contentLeft, y, model.contentWidth, h).fill('#fef2f2');
  doc.rect(model.contentLeft, y, 3, h).fill('#dc2626');
  doc.font(theme.fonts.bold).fontSize(8).fillColor('#991b1b');
  doc.text('More content did not fit on this single page. Set config.enable_multi_page to true to continue on new pages.', model.contentLeft + 10, y + 6.5, {
    width: model.contentWidth - 16,
    lineBreak: false,
    ellipsis: true,
  });
  doc.restore();
}
