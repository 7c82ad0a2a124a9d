/**
 * Loads every image of the report (Image components, the header logo, the cover
 * background) before the synchronous layout starts: downloads in parallel, checks and
 * decodes in report order (../images.ts). An image that could not be fetched becomes a
 * placeholder and a note for the author at the option's JSON path.
 */
import { resolveReportObject } from '../../catalogue';
import type { ReportBody } from '../../core/report/types';
import type { RenderNote } from '../renderer';
import { reportPathOf } from './jsonPath';
import { NO_IMAGE_SOURCE, attachImage, loadImages, type ImageRef, type ImageSettings, type LoadedImage } from '../images';
import { formatPath } from '../../core/loc/treeWalk';
import { headerEnabled } from './pageModel';
import type { LayoutNode } from './nodes';
import { nonBlank } from '../values';

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

export async function preloadImages(
  report: ReportBody,
  trees: LayoutNode[][],
  settings: ImageSettings,
  notes: RenderNote[],
  signal?: AbortSignal,
): Promise<PreloadedChrome> {
  const refs: ImageRef[] = [];
  const targets: Array<(img: LoadedImage) => void> = [];
  const chrome: PreloadedChrome = {};
  const logo = nonBlank(resolveReportObject('options', report.options).logo_url);
  if (logo && headerEnabled(report)) {
    refs.push({ path: ['options', 'logo_url'], source: { kind: 'url', url: logo } });
    targets.push((img) => (chrome.logo = img));
  }
  const bg = report.cover_page ? nonBlank(resolveReportObject('cover_page', report.cover_page).bg_image) : undefined;
  if (bg) {
    refs.push({ path: ['cover_page', 'bg_image'], source: { kind: 'url', url: bg } });
    targets.push((img) => (chrome.coverImage = img));
  }
  for (const node of trees.flatMap((t) => imageNodes(t))) {
    const o = node.options;
    const base = [...reportPathOf(node.path), 'options'];
    const base64 = nonBlank(o.base64);
    const url = nonBlank(o.image_url);
    if (base64) refs.push({ path: [...base, 'base64'], source: { kind: 'base64', text: base64 } });
    else if (url) refs.push({ path: [...base, 'image_url'], source: { kind: 'url', url } });
    else {
      // Both null or empty (the service accepts that, as the hosted one does): a labelled box and a note.
      attachImage(o, { kind: 'placeholder', reason: NO_IMAGE_SOURCE, source: formatPath(base) });
      const key = 'base64' in o && !('image_url' in o) ? 'base64' : 'image_url';
      notes.push({
        kind: 'image-unavailable',
        path: [...base, key],
        message: 'image_url and base64 are both empty — a placeholder was drawn',
      });
      continue;
    }
    targets.push((img) => attachImage(o, img));
  }
  const loaded = await loadImages(refs, settings, signal);
  loaded.forEach((l, i) => {
    targets[i](l.image);
    if (l.note) notes.push({ kind: 'image-unavailable', path: refs[i].path, message: l.note });
  });
  return chrome;
}
