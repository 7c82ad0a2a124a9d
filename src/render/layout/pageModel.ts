/**
 * Page geometry: A4 portrait (landscape with config.landscape), margins from the
 * report options on the 0–32 unit scale, and the bands reserved for the header
 * and footer on content pages.
 */
import { resolveReportObject } from '../../catalogue';
import type { ReportBody } from '../../core/report/types';
import { maxContentPages } from '../../core/report/pageSwitch';
import { MARGIN_UNIT_PT } from '../painter';

const A4 = { width: 595.28, height: 841.89 };
/** Base page margin before the user's horizontal/vertical margins are added. */
const BASE_MARGIN_X = 36;
const BASE_MARGIN_Y = 28;
// Density of the hosted service's single-page designs (README "Single-page reports").
const HEADER_HEIGHT = 46;
const HEADER_GAP = 12;
const FOOTER_HEIGHT = 22;

export interface PageModel {
  width: number;
  height: number;
  /** Content box of a content page (inside margins, below header, above footer). */
  contentLeft: number;
  contentWidth: number;
  contentTop: number;
  contentBottom: number;
  marginX: number;
  marginY: number;
  header: boolean;
  footer: boolean;
  headerHeight: number;
  footerHeight: number;
  /** The most content pages (Infinity with `enable_multi_page`; `n_pages` for the older SDK's bodies). */
  maxPages: number;
}

/** Whether content pages carry the header band (painted by chrome.ts): on unless options or config turn it off. */
export function headerEnabled(report: ReportBody): boolean {
  return resolveReportObject('options', report.options).enable_header && resolveReportObject('config', report.config).enable_header;
}

export function pageModel(report: ReportBody): PageModel {
  const options = resolveReportObject('options', report.options);
  const config = resolveReportObject('config', report.config);
  const width = config.landscape ? A4.height : A4.width;
  const height = config.landscape ? A4.width : A4.height;
  const marginX = BASE_MARGIN_X + options.horizontal_margin * MARGIN_UNIT_PT;
  const marginY = BASE_MARGIN_Y + options.vertical_margin * MARGIN_UNIT_PT;
  const header = headerEnabled(report);
  const footer = Boolean(options.footer_text) || config.enable_pagination;
  const contentTop = marginY + (header ? HEADER_HEIGHT + HEADER_GAP : 0);
  const contentBottom = height - marginY - (footer ? FOOTER_HEIGHT : 0);
  return {
    width,
    height,
    contentLeft: marginX,
    contentWidth: width - 2 * marginX,
    contentTop,
    contentBottom,
    marginX,
    marginY,
    header,
    footer,
    headerHeight: HEADER_HEIGHT,
    footerHeight: FOOTER_HEIGHT,
    maxPages: maxContentPages(report.config),
  };
}
