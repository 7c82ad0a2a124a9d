/**
 * What a visual diff of two renders found (`report-studio diff --json`, the extension's compare
 * view). Pages are matched by their number: page N of the old render with page N of the new one.
 */
import { ENGLISH } from '../l10n';

/** A rectangle in page pixels of the diff's raster (RasterScale px per PDF point). */
export interface DiffRegion {
  x: number;
  y: number;
  width: number;
  height: number;
}

type PageStatus = 'added' | 'removed' | 'changed' | 'unchanged';

export interface PageDiff {
  /** 1-based page number (in the new render; in the old one for a removed page). */
  page: number;
  status: PageStatus;
  /** Pixels that differ (changed pages only; 0 otherwise). */
  changedPixels: number;
  /** Where the page changed, merged into boxes (changed pages only). */
  regions: DiffRegion[];
}

export interface ReportDiff {
  /** What was compared, as the user named it (a file, `rev:path`, "last build"). */
  oldLabel: string;
  newLabel: string;
  oldPages: number;
  newPages: number;
  pages: PageDiff[];
}

export interface DiffCounts {
  added: number;
  removed: number;
  changed: number;
  unchanged: number;
}

export function diffCounts(diff: ReportDiff): DiffCounts {
  const counts: DiffCounts = { added: 0, removed: 0, changed: 0, unchanged: 0 };
  for (const p of diff.pages) counts[p.status]++;
  return counts;
}

/** True when some page was added, removed or changed. */
export function hasChanges(diff: ReportDiff): boolean {
  return diff.pages.some((p) => p.status !== 'unchanged');
}

/** "page 2 changed; page 4 added" — the changed pages in words, or "no change". */
export function describeChanges(diff: ReportDiff, l10n = ENGLISH): string {
  const word = (p: { page: number; status: PageStatus }): string =>
    p.status === 'added'
      ? l10n.t('page {0} added', p.page)
      : p.status === 'removed'
        ? l10n.t('page {0} removed', p.page)
        : l10n.t('page {0} changed', p.page);
  const words = diff.pages.filter((p) => p.status !== 'unchanged').map(word);
  return words.length ? words.join('; ') : l10n.t('no change');
}
