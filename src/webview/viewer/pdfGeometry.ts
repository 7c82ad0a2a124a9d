/**
 * Where the pages are in the scroller, measured once per layout (not on every scroll
 * frame): which page is at a given y, which pages are visible, which one shows most.
 * Pure arithmetic over the measured tops and heights, so it is unit-testable.
 */
export class PageGeometry {
  constructor(
    /** offsetTop of each page inside the scrolled content. */
    readonly tops: readonly number[] = [],
    readonly heights: readonly number[] = [],
  ) {}

  static measure(pages: readonly HTMLElement[]): PageGeometry {
    return new PageGeometry(
      pages.map((p) => p.offsetTop),
      pages.map((p) => p.offsetHeight),
    );
  }

  get count(): number {
    return this.tops.length;
  }

  /** Index of the last page whose top is at or above document y (0 when above the first). */
  indexAt(y: number): number {
    let lo = 0;
    let hi = this.tops.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.tops[mid] <= y + 0.5) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** First and last page index intersecting [top, bottom). */
  visibleRange(top: number, bottom: number): [number, number] {
    const first = this.indexAt(top);
    let last = first;
    while (last + 1 < this.count && this.tops[last + 1] < bottom) last++;
    return [first, last];
  }

  /** The page covering most of [top, bottom); the earlier one on a tie. */
  mostVisible(top: number, bottom: number): number {
    const [first, last] = this.visibleRange(top, bottom);
    let best = first;
    let bestArea = -1;
    for (let i = first; i <= last; i++) {
      const visible = Math.min(bottom, this.tops[i] + this.heights[i]) - Math.max(top, this.tops[i]);
      if (visible > bestArea + 0.5) [best, bestArea] = [i, visible];
    }
    return best;
  }
}
