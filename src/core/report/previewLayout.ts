/**
 * How a preview JPEG lays its pages out (src/render/preview.ts draws it so): every page at
 * `pxPerPt` pixels per PDF point, stacked top to bottom with `gapPx` grey pixels between
 * pages, at most `maxPages` pages. The extension sends it to the viewer with a source map so
 * the viewer finds the pages inside the image (src/webview/viewer/previewPages.ts); a hosted
 * service's JPEG is assumed to stack its pages the same way, scaled to its width, and the sync
 * is labelled approximate there.
 */
export interface PreviewLayout {
  pxPerPt: number;
  gapPx: number;
  maxPages: number;
}

export const PREVIEW_LAYOUT: Readonly<PreviewLayout> = { pxPerPt: 1, gapPx: 12, maxPages: 12 };
