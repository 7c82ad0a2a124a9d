/** Loads every image of the report (in parallel) before the synchronous layout starts. */
import type { ReportBody } from '../../../core/report/types';
import { attachImage, loadImage, type ImageLimits, type LoadedImage } from '../images';
import type { LayoutNode } from './nodes';

export interface PreloadedChrome {
  logo?: LoadedImage;
  coverImage?: LoadedImage;
}

function imageNodes(nodes: LayoutNode[], out: Array<Extract<LayoutNode, { kind: 'leaf' }>> = []) {
  for (const n of nodes) {
    if (n.kind === 'leaf' && n.type === 'Image') out.push(n);
    else if (n.kind === 'container') imageNodes(n.children, out);
  }
  return out;
}

export async function preloadImages(report: ReportBody, trees: LayoutNode[][], limits: ImageLimits, signal?: AbortSignal): Promise<PreloadedChrome> {
  const jobs: Array<Promise<unknown>> = [];
  for (const node of trees.flatMap((t) => imageNodes(t))) {
    const o = node.options;
    jobs.push(loadImage({ url: o.image_url, base64: o.base64 }, node.path, limits, signal).then((img) => attachImage(o, img)));
  }
  const chrome: PreloadedChrome = {};
  const logo = report.options?.logo_url;
  if (typeof logo === 'string' && logo.trim() && report.options?.enable_header !== false) {
    jobs.push(loadImage({ url: logo }, 'options.logo_url', limits, signal).then((img) => (chrome.logo = img)));
  }
  const bg = report.cover_page?.bg_image;
  if (typeof bg === 'string' && bg.trim()) {
    jobs.push(loadImage({ url: bg }, 'cover_page.bg_image', limits, signal).then((img) => (chrome.coverImage = img)));
  }
  // All settle first, so no download is left running; then the first failure (in report order) wins.
  const results = await Promise.allSettled(jobs);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  return chrome;
}
