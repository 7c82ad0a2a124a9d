/**
 * Where each page sits inside a preview JPEG (source ↔ preview sync on a preview): the image is
 * one page wide and stacks the pages top to bottom as PreviewLayout says (core/report/previewLayout.ts).
 */
import type { PreviewLayout } from '../../core/report/previewLayout';

/** One page inside the preview image, in pixels of the image. */
export interface PreviewPageFrame {
  /** 1-based. */
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The pages of a `pageCount`-page report of `pageSize` (PDF points) inside a preview image of
 * `image` pixels; pages that do not fit in its height (beyond the preview's page cap, or a
 * service that shows fewer) are left out.
 */
export function previewPageFrames(
  image: { width: number; height: number },
  pageSize: { width: number; height: number },
  pageCount: number,
  layout: PreviewLayout,
): PreviewPageFrame[] {
  if (!(image.width > 0 && image.height > 0 && pageSize.width > 0 && pageSize.height > 0)) return [];
  const scale = image.width / pageSize.width;
  const height = pageSize.height * scale;
  const gap = (layout.gapPx / layout.pxPerPt) * scale;
  const frames: PreviewPageFrame[] = [];
  for (let i = 0; i < Math.min(pageCount, layout.maxPages); i++) {
    const y = i * (height + gap);
    // A pixel of slack per page: the renderer rounds each page to whole pixels.
    if (y + height > image.height + 1 + i) break;
    frames.push({ page: i + 1, x: 0, y, width: image.width, height });
  }
  return frames;
}
