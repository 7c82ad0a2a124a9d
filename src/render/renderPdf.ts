/**
 * Report body → PDF: builds the layout tree, loads images, plans every page
 * (cover, content with page breaks), then paints the plan with page chrome.
 */
import { resolveReportObject } from '../catalogue';
import type { ReportBody } from '../core/report/types';
import { capNotes } from '../core/api/echoLimits';
import { RenderError, type RenderedPdf, type RenderNote } from './renderer';
import { newDocument, documentBytes } from './pdfkitSetup';
import { registerFonts } from './fonts';
import { reportFontSpec } from './googleFonts';
import { buildTheme } from './theme';
import { fontSize } from './fontScale';
import type { ImageSettings } from './images';
import { buildNodes, type LayoutNode } from './layout/nodes';
import { pageModel } from './layout/pageModel';
import { PagePlan, type PlannedPage } from './layout/plan';
import { LayoutEngine, OverflowStop, type LayoutEnv } from './layout/engine';
import { preloadImages } from './layout/preload';
import { coverBackground, coverComponents, coverGeometry, paintCoverBackground } from './layout/cover';
import { paintFooter, paintHeader, paintPageBackground, type ChromeInput } from './layout/chrome';
import { OVERFLOW_NOTICE_BAND, overflowNote, paintOverflowNotice } from './layout/overflow';
import { componentTypeOf, reportPathOf } from './layout/jsonPath';
import { MAX_SOURCE_BOXES, type SourceBox } from '../core/report/sourceMap';
import { PageKeyRecorder } from './pageKeys';

export interface PdfRenderOptions {
  signal?: AbortSignal;
  /** Hard limit for one render (layout + painting), checked between steps. */
  timeLimitMs?: number;
  /** Image limits and who may be fetched from (defaults: images/limits.ts, net/outboundPolicy.ts). */
  images?: ImageSettings;
  /**
   * Called at the same fixed points as the time check and once more after the last page,
   * while the decoded images are still held (the render worker ends itself there when its
   * memory outside the JS heap is over budget). A timer alone would miss a peak that comes
   * and goes inside one synchronous step.
   */
  checkMemory?: () => void;
}

const DEFAULT_TIME_LIMIT_MS = 60_000;

export async function renderReportPdf(report: ReportBody, options: PdfRenderOptions = {}): Promise<RenderedPdf> {
  const { signal } = options;
  const deadline = Date.now() + (options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS);
  const checkTime = () => {
    options.checkMemory?.();
    signal?.throwIfAborted();
    if (Date.now() > deadline)
      throw new RenderError(
        `rendering took longer than ${Math.round((options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS) / 1000)} s and was stopped`,
      );
  };
  if (!report || typeof report !== 'object') throw new RenderError('the report body is not an object');
  if (!Array.isArray(report.components)) throw new RenderError('"components" must be an array', 'components');
  const model = pageModel(report);
  const config = resolveReportObject('config', report.config);
  const doc = newDocument({ width: model.width, height: model.height, title: String(report.options?.report_title ?? 'Report') });
  const keys = new PageKeyRecorder(doc);
  // Notes for the author (placeholder images, overflow, substituted fonts), in report order.
  const notes: RenderNote[] = [];
  const fonts = registerFonts(doc, reportFontSpec(config, notes));
  const theme = buildTheme(config.colour_theme, config.override_colour_theme, fonts);

  const cover = report.cover_page && typeof report.cover_page === 'object' ? report.cover_page : undefined;
  const coverColour = cover ? coverBackground(cover, theme) : '';
  const coverNodes = cover ? buildNodes(coverComponents(cover, coverColour), 'cover_page.components') : [];
  const nodes = buildNodes(report.components, 'components');
  const chrome = await preloadImages(report, [coverNodes, nodes], options.images ?? {}, notes, signal);
  checkTime();

  // Layout measures a row more than once (and a cut page is laid out twice): one note per component.
  const noted = new Set<string>();
  const note = (n: RenderNote) => {
    const key = `${n.kind} ${n.path.join('.')}`;
    if (!noted.has(key)) notes.push(n);
    noted.add(key);
  };
  const env = (plan: PagePlan): LayoutEnv => ({ doc, theme, plan, fontSize, checkTime, note });
  const pages: PlannedPage[] = [];
  if (cover) pages.push(...layoutCover(coverNodes, coverGeometry(cover, model.width, model.height), env));
  const layoutContent = (bottom: number) => {
    const plan = new PagePlan(model.contentTop, bottom, model.maxPages);
    plan.newPage();
    try {
      new LayoutEngine(env(plan)).flowAll(nodes, model.contentLeft, model.contentWidth);
      return { plan, stop: undefined };
    } catch (err) {
      if (!(err instanceof OverflowStop)) throw err;
      return { plan, stop: err };
    }
  };
  let content = layoutContent(model.contentBottom);
  // Cut content: lay the page out again above a band of its own for the notice, so the
  // notice never covers what did fit; the note names the first component cut then.
  if (content.stop) content = layoutContent(model.contentBottom - OVERFLOW_NOTICE_BAND);
  if (content.stop) notes.push(overflowNote(content.stop, model.maxPages));
  const { plan } = content;
  pages.push(...plan.pages);

  const chromeInput: ChromeInput = { doc, theme, model, report, logo: chrome.logo };
  for (let i = 0; i < pages.length; i++) {
    checkTime();
    const page = pages[i];
    doc.addPage();
    keys.beginPage();
    if (page.kind === 'cover') paintCoverBackground(doc, model.width, model.height, coverColour, chrome.coverImage, theme);
    if (page.kind === 'content') paintPageBackground(doc, model, theme);
    // Header first, footer last: the content stream order is the text's reading order.
    if (page.kind === 'content' && model.header) paintHeader(chromeInput);
    for (const op of page.ops) runOp(doc, op);
    if (page.kind === 'content') {
      if (model.footer) paintFooter(chromeInput, i + 1, pages.length);
      if (plan.overflowed && i === pages.length - 1) paintOverflowNotice(doc, theme, model);
    }
    keys.endPage();
    // Let the service's event loop breathe between pages of a long report.
    await new Promise((r) => setImmediate(r));
  }
  options.checkMemory?.();
  const pdf = await documentBytes(doc);
  return {
    pdf,
    pageCount: pages.length,
    notes: capNotes(notes),
    boxes: sourceBoxes(pages),
    pageKeys: keys.pageKeys(),
    pageSize: { width: model.width, height: model.height },
  };
}

function layoutCover(nodes: LayoutNode[], g: ReturnType<typeof coverGeometry>, env: (plan: PagePlan) => LayoutEnv): PlannedPage[] {
  const plan = new PagePlan(g.top, g.bottom, 1);
  plan.addCoverPage();
  const engine = new LayoutEngine(env(plan));
  const GAP = 14;
  const total = nodes.reduce((h, n, i) => h + engine.measure(n, g.width) + (i ? GAP : 0), 0);
  plan.y = g.top + Math.max(0, (g.bottom - g.top - total) / 2);
  try {
    engine.flowAll(nodes, g.x, g.width, GAP);
  } catch (err) {
    if (!(err instanceof OverflowStop)) throw err;
  }
  return plan.pages;
}

function runOp(doc: PDFKit.PDFDocument, op: PlannedPage['ops'][number]): void {
  doc.save();
  try {
    if (op.clip) doc.rect(op.clip.x, op.clip.y, op.clip.width, Math.max(0, op.clip.height)).clip();
    op.draw();
  } catch (err) {
    if (err instanceof RenderError) throw err;
    throw new RenderError(err instanceof Error ? err.message : String(err), op.path);
  } finally {
    doc.restore();
  }
}

/** The source map of the laid-out pages: each op that knows its box, by report path (capped). */
function sourceBoxes(pages: readonly PlannedPage[]): SourceBox[] {
  const boxes: SourceBox[] = [];
  pages.forEach((page, i) => {
    for (const op of page.ops) {
      if (!op.box || boxes.length >= MAX_SOURCE_BOXES) continue;
      const { x, y, width, height } = op.box;
      boxes.push({ path: reportPathOf(op.path), type: componentTypeOf(op.path), page: i + 1, x, y, width, height });
    }
  });
  return boxes;
}
