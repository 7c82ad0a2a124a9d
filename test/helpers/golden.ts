/**
 * Golden images of the examples: every page of examples/<name>.report.json
 * rendered to PDF, rasterised by PDFium at 50 dpi, compared with
 * test/golden/<name>-p<N>.png. Refresh with `npm run golden:update`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { createRenderer, type ReportRenderer } from '../../src/render';
import { initPdfium, rasterise, type PdfiumLibrary, type RgbaImage } from '../../src/render/pdfium';

export const GOLDEN_DIR = 'test/golden';
const EXAMPLES_DIR = 'examples';
const GOLDEN_SCALE = 50 / 72;
/** A pixel differs when any channel differs by more than this. */
const CHANNEL_TOLERANCE = 48;
/** A page fails when more than this share of its pixels differ. */
export const MAX_DIFF_RATIO = 0.004;

export function exampleNames(): string[] {
  return readdirSync(EXAMPLES_DIR)
    .filter((f) => f.endsWith('.report.json'))
    .map((f) => f.replace(/\.report\.json$/, ''))
    .sort();
}

export function goldenPath(name: string, page: number): string {
  return join(GOLDEN_DIR, `${name}-p${page}.png`);
}

let tools: Promise<{ renderer: ReportRenderer; pdfium: PdfiumLibrary }> | undefined;

export async function renderExamplePages(name: string): Promise<RgbaImage[]> {
  tools ??= Promise.all([createRenderer(), initPdfium()]).then(([renderer, pdfium]) => ({ renderer, pdfium }));
  const { renderer, pdfium } = await tools;
  const body = JSON.parse(readFileSync(join(EXAMPLES_DIR, `${name}.report.json`), 'utf8'));
  const { pdf, pageCount } = await renderer.renderPdf(body);
  const { pages } = await rasterise(pdfium, pdf, GOLDEN_SCALE, pageCount);
  return pages;
}

export function encodePng(img: RgbaImage): Buffer {
  const png = new PNG({ width: img.width, height: img.height });
  png.data.set(img.data);
  return PNG.sync.write(png, { colorType: 2 });
}

export function decodePng(bytes: Buffer): RgbaImage {
  const png = PNG.sync.read(bytes);
  return { width: png.width, height: png.height, data: new Uint8Array(png.data) };
}

/** Share of pixels that differ beyond CHANNEL_TOLERANCE (1 when sizes differ). */
export function diffRatio(a: RgbaImage, b: RgbaImage): number {
  if (a.width !== b.width || a.height !== b.height) return 1;
  let differing = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    if (
      Math.abs(a.data[i] - b.data[i]) > CHANNEL_TOLERANCE ||
      Math.abs(a.data[i + 1] - b.data[i + 1]) > CHANNEL_TOLERANCE ||
      Math.abs(a.data[i + 2] - b.data[i + 2]) > CHANNEL_TOLERANCE
    )
      differing++;
  }
  return differing / (a.width * a.height);
}
