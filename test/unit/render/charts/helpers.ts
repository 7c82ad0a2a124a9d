/**
 * A real pdfkit document, theme and PaintContext for painting single chart
 * components in tests and the chart sheet: the core's document factory and
 * theme, with Liberation Sans (shipped in pdfjs-dist) as the embedded fonts.
 */
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import type { ComponentPainter, PaintContext, Rect } from '../../../../src/render/painter';
import { documentBytes, newDocument } from '../../../../src/render/pdfkitSetup';
import { buildTheme } from '../../../../src/render/theme';
import { lookupPainter } from '../../../../src/render/registry';
import { allText, readPdf } from '../../../helpers/pdf';

const FONT_DIR = join(process.cwd(), 'node_modules/pdfjs-dist/standard_fonts');

const SIZES: Record<string, number> = { '3xs': 6, '2xs': 7, xs: 8, sm: 9, base: 10, lg: 12, xl: 14, '2xl': 17, '3xl': 21, '4xl': 26 };

export interface TestCanvas {
  doc: PDFKit.PDFDocument;
  ctx: PaintContext;
  /** Ends the document and returns its bytes. */
  finish(): Promise<Uint8Array>;
}

export function testCanvas(opts: { width?: number; height?: number; theme?: string; path?: string } = {}): TestCanvas {
  const width = opts.width ?? 595;
  const height = opts.height ?? 842;
  const doc = newDocument({ width, height, title: 'chart test' });
  doc.addPage({ size: [width, height], margin: 0 });
  doc.registerFont('t-regular', join(FONT_DIR, 'LiberationSans-Regular.ttf'));
  doc.registerFont('t-bold', join(FONT_DIR, 'LiberationSans-Bold.ttf'));
  doc.registerFont('t-italic', join(FONT_DIR, 'LiberationSans-Italic.ttf'));
  doc.registerFont('t-boldItalic', join(FONT_DIR, 'LiberationSans-BoldItalic.ttf'));
  const fonts = { regular: 't-regular', bold: 't-bold', italic: 't-italic', boldItalic: 't-boldItalic', heading: 't-bold' };
  doc.font(fonts.regular);
  const theme = buildTheme(opts.theme ?? 'default', {}, fonts);
  const ctx: PaintContext = {
    doc,
    theme,
    path: opts.path ?? 'components[0] (Test)',
    fontSize: (name, fallback) => {
      return (name !== undefined && SIZES[name]) || fallback;
    },
  };
  return { doc, ctx, finish: () => documentBytes(doc) };
}

/** Measures then paints `options` at (x, y) with `width`; returns the rect used. */
export function paintAt(
  p: ComponentPainter,
  options: Record<string, unknown>,
  canvas: TestCanvas,
  x: number,
  y: number,
  width: number,
): Rect {
  const height = p.measure(options, width, canvas.ctx);
  const rect = { x, y, width, height };
  canvas.doc.save();
  canvas.doc.rect(x, y, width, height).clip();
  p.paint(options, rect, canvas.ctx);
  canvas.doc.restore();
  return rect;
}

export interface Rendered {
  /** Page text with whitespace collapsed. */
  text: string;
  pageCount: number;
  /** What measure() returned. */
  height: number;
  bytes: Uint8Array;
}

/** Paints one component of `type` into a fresh one-page PDF and reads it back. */
export async function renderOne(type: string, options: Record<string, unknown>, width = 300): Promise<Rendered> {
  const painter = lookupPainter(type);
  if (!painter) throw new Error(`no painter for ${type}`);
  const canvas = testCanvas({ path: `components[0] (${type})` });
  const rect = paintAt(painter, options, canvas, 40, 40, width);
  const bytes = await canvas.finish();
  const pdf = await readPdf(bytes);
  return { text: allText(pdf), pageCount: pdf.pageCount, height: rect.height, bytes };
}

/** The URIs of link annotations in a PDF (pdfkit writes them uncompressed). */
export function linkUris(bytes: Uint8Array): string[] {
  return [
    ...Buffer.from(bytes)
      .toString('latin1')
      .matchAll(/\/URI \(([^)]*)\)/g),
  ].map((m) => m[1]);
}

/** The inflated content streams of a PDF, to look for drawing operators (colours, paths). */
export function contentStreams(bytes: Uint8Array): string[] {
  const raw = Buffer.from(bytes).toString('latin1');
  return [...raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)].flatMap((m) => {
    try {
      return [inflateSync(Buffer.from(m[1], 'latin1')).toString('latin1')];
    } catch {
      return [];
    }
  });
}

/** PDF fill-colour operands for a hex colour as pdfkit writes them ("r g b scn", 0..1). */
export function fillOperator(hex: string): RegExp {
  const parts = [1, 3, 5].map((i) => (parseInt(hex.slice(i, i + 2), 16) / 255).toFixed(4).slice(0, -1).replace('.', '\\.'));
  return new RegExp(parts.map((p) => `${p}\\d*`).join(' ') + ' scn');
}
