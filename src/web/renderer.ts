/**
 * The renderer for the browser (dist/web/renderer.js, scripts/web-build.mjs): the very renderer
 * of the local service — pdfkit → PDF, PDFium → the preview JPEG — with its files handed in as
 * bytes instead of read from disk. The host (the web extension, a test page) reads each of
 * RENDERER_FILES from the extension's own dist/ and passes them to createBrowserRenderer().
 */
import { createRenderer, type RendererSettings, type ReportRenderer } from '../render';
import { FALLBACK_FILES } from '../render/fonts';
import { allFontFiles } from '../render/typography';
import { installRenderAssets } from './render/assets';

/** Every file the renderer may read, by its path under dist/ (scripts/render-assets.mjs copies them there). */
export const RENDERER_FILES: readonly string[] = [
  'pdfium.wasm',
  'libjpegturbowasm.wasm',
  'webp_dec.wasm',
  'icons/tabler-outline.json',
  ...[...new Set([...allFontFiles(), ...Object.values(FALLBACK_FILES)])].sort().map((f) => `fonts/${f}`),
];

/** A renderer over `files` (name under dist/ → bytes; every one of RENDERER_FILES). PDFium compiles here, once. */
export function createBrowserRenderer(
  files: Iterable<readonly [string, Uint8Array]>,
  settings?: RendererSettings,
): Promise<ReportRenderer> {
  installRenderAssets(files);
  return createRenderer(settings);
}
