/**
 * The page plan: layout runs first and records, per page, an ordered list of
 * draw operations; painting replays them once the page count is known (so the
 * footer can say "page 2 of 5" and backgrounds can be sized after their content).
 */
import type { Rect } from '../painter';

export interface DrawOp {
  /** Component path for error messages. */
  path: string;
  /** Drawing is clipped to this rect (null: unclipped, for page chrome). */
  clip: Rect | null;
  /** Where the component at `path` is drawn, for the source map (leaves, headers, panels). */
  box?: Rect;
  draw(): void;
}

export interface PlannedPage {
  kind: 'cover' | 'content';
  ops: DrawOp[];
}

/** A background that grows with its container and is re-opened on each page it spans. */
export interface OpenBackground {
  x: number;
  width: number;
  path: string;
  /** Space kept between the background's edge and content on continuation pages. */
  padding: number;
  paint(rect: Rect): void;
  /** The rect of the fragment on the current page (its height is fixed when it closes). */
  current?: Rect;
}

export class PagePlan {
  readonly pages: PlannedPage[] = [];
  y = 0;
  private readonly backgrounds: OpenBackground[] = [];

  constructor(
    readonly top: number,
    readonly bottom: number,
    /** The most pages this plan may have (core/report/pageSwitch.ts): further pages are refused and content is cut. */
    readonly maxPages: number,
  ) {}

  /** Set when content did not fit on the pages the report may have. */
  overflowed = false;

  /** False when the next newPage() will be refused (the report's last allowed page is in use). */
  get mayAddPage(): boolean {
    return this.pages.length < this.maxPages;
  }

  get page(): PlannedPage {
    return this.pages[this.pages.length - 1];
  }

  get remaining(): number {
    return this.bottom - this.y;
  }

  /** True when nothing has been placed on the current page yet. */
  get atTop(): boolean {
    return this.y <= this.top + 0.01;
  }

  /** Starts the cover page (a cover plan never gets a second page). */
  addCoverPage(): PlannedPage {
    this.pages.push({ kind: 'cover', ops: [] });
    this.y = this.top;
    return this.page;
  }

  /** Starts a content page; returns false when the report may not have another one. */
  newPage(): boolean {
    if (!this.mayAddPage) {
      this.overflowed = true;
      // Layout stops here: backgrounds still open (a highlighted section cut short)
      // end below what was placed, so the part that fit keeps its panel.
      for (const bg of this.backgrounds) this.closeFragment(bg, Math.min(this.bottom, this.y + bg.padding));
      return false;
    }
    for (const bg of this.backgrounds) this.closeFragment(bg, this.bottom);
    this.pages.push({ kind: 'content', ops: [] });
    this.y = this.top;
    for (const bg of this.backgrounds) this.openFragment(bg);
    this.y += this.backgrounds.reduce((sum, bg) => sum + bg.padding, 0);
    return true;
  }

  push(op: DrawOp): void {
    this.page.ops.push(op);
  }

  openBackground(bg: OpenBackground): void {
    this.backgrounds.push(bg);
    this.openFragment(bg);
  }

  closeBackground(bg: OpenBackground, bottom: number): void {
    this.closeFragment(bg, bottom);
    this.backgrounds.splice(this.backgrounds.indexOf(bg), 1);
  }

  private openFragment(bg: OpenBackground): void {
    const rect: Rect = { x: bg.x, y: this.y, width: bg.width, height: 0 };
    bg.current = rect;
    this.push({ path: bg.path, clip: null, draw: () => bg.paint(rect) });
  }

  private closeFragment(bg: OpenBackground, bottom: number): void {
    if (bg.current) bg.current.height = Math.max(0, bottom - bg.current.y);
  }
}
