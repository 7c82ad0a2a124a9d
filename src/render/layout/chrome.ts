/**
 * Page chrome on content pages: the header band (logo, report_title,
 * report_byline, version_number) when enable_header (options or config), and the footer band
 * (footer_text, "Page N of M" when enable_pagination).
 */
import { resolveReportObject } from '../../catalogue';
import type { ReportBody } from '../../core/report/types';
import type { RenderTheme } from '../painter';
import type { PageModel } from './pageModel';
import type { LoadedImage } from '../images';
import { drawLoadedImage, drawPlaceholder } from '../images/draw';

export interface ChromeInput {
  doc: PDFKit.PDFDocument;
  theme: RenderTheme;
  model: PageModel;
  report: ReportBody;
  logo?: LoadedImage;
}

/**
 * The page colour of content pages: the theme's `background` (white in every built-in
 * theme, so only an override such as the official custom-colour-theme sample's
 * `"background": "#DEEFE7"` paints anything).
 */
export function paintPageBackground(doc: PDFKit.PDFDocument, model: PageModel, theme: RenderTheme): void {
  const colour = theme.colours.background;
  if (!colour || colour.toLowerCase() === '#ffffff') return;
  doc.save();
  doc.rect(0, 0, model.width, model.height).fill(colour);
  doc.restore();
}

/** The header band is drawn unless `options.enable_header` or (newer SDK) `config.enable_header` is false. */
export function paintHeader({ doc, theme, model, report, logo }: ChromeInput): void {
  const o = resolveReportObject('options', report.options);
  const x = model.marginX;
  const y = model.marginY;
  const w = model.contentWidth;
  const h = model.headerHeight;
  doc.save();
  let textX = x;
  if (logo) {
    // The logo box: the header height less 8 pt, at most 120 pt wide; a logo that was not
    // fetched is a placeholder of 5:2 in that box (room for what and why).
    const boxH = h - 8;
    const natural = logo.kind === 'placeholder' ? { width: 5, height: 2 } : logo;
    const scale = Math.min(boxH / natural.height, 120 / natural.width);
    const box = { x, y: 0, width: natural.width * scale, height: natural.height * scale };
    box.y = y + (h - 4 - box.height) / 2;
    if (logo.kind === 'placeholder') drawPlaceholder(doc, box, theme, logo, 'Logo');
    else drawLoadedImage(doc, logo, box, theme, 'options.logo_url');
    textX += box.width + 12;
  }
  // Text options without a default: anything but text (numbers arrive as their digits) prints nothing.
  const version = typeof o.version_number === 'string' ? o.version_number : '';
  doc.font(theme.fonts.regular).fontSize(8);
  const versionW = version ? doc.widthOfString(version) + 14 : 0;
  const textW = Math.max(20, x + w - textX - versionW - 8);
  const title = String(o.report_title ?? '');
  const byline = typeof o.report_byline === 'string' ? o.report_byline : '';
  doc.font(theme.fonts.heading).fontSize(16).fillColor(theme.colours.headline);
  const titleH = doc.currentLineHeight(true);
  const bylineH = byline ? 12 : 0;
  const top = y + Math.max(0, (h - 4 - titleH - bylineH) / 2);
  doc.text(title, textX, top, { width: textW, lineBreak: false, ellipsis: true });
  if (byline) {
    doc.font(theme.fonts.regular).fontSize(9).fillColor(theme.colours['sub-headline']);
    doc.text(byline, textX, top + titleH + 1, { width: textW, lineBreak: false, ellipsis: true });
  }
  if (version) {
    const vw = versionW - 4;
    const vy = y + (h - 4) / 2 - 8;
    doc.roundedRect(x + w - vw, vy, vw, 16, 8).fill(theme.colours['light-background']);
    doc.font(theme.fonts.bold).fontSize(8).fillColor(theme.colours.accent);
    doc.text(version, x + w - vw, vy + 4.5, { width: vw, align: 'center', lineBreak: false });
  }
  doc.rect(x, y + h - 2, w, 2).fill(theme.colours.accent);
  doc.restore();
}

export function paintFooter(input: ChromeInput, pageNumber: number, pageCount: number): void {
  const { doc, theme, model, report } = input;
  const footer = resolveReportObject('options', report.options).footer_text;
  const text = typeof footer === 'string' ? footer : '';
  const numbered = resolveReportObject('config', report.config).enable_pagination;
  const x = model.marginX;
  const w = model.contentWidth;
  const top = model.height - model.marginY - model.footerHeight;
  doc.save();
  doc
    .moveTo(x, top + 8)
    .lineTo(x + w, top + 8)
    .lineWidth(0.5)
    .strokeColor(theme.colours['background-faded'])
    .stroke();
  doc.font(theme.fonts.regular).fontSize(8).fillColor(theme.colours['sub-headline']);
  const numberText = numbered ? `Page ${pageNumber} of ${pageCount}` : '';
  const numberW = numberText ? doc.widthOfString(numberText) + 10 : 0;
  if (text) doc.text(text, x, top + 14, { width: w - numberW, lineBreak: false, ellipsis: true });
  if (numberText) doc.text(numberText, x + w - numberW, top + 14, { width: numberW, align: 'right', lineBreak: false });
  doc.restore();
}
