/**
 * Source ↔ preview sync over a view's pages, from a source map (a live draft's own, or for a
 * service result the local renderer's layout of the same text): the component the editor's
 * cursor is in gets an outline on every page it is drawn on (scrolled into view when asked), a
 * click on a page asks the extension to select the innermost component there, and hovering
 * names that component (type and path). A page is any element matching `pageSelector` with
 * `data-page` and its size in PDF points (`data-pt-width`, `data-pt-height`): the PDF view's
 * pages, or the frames the JPEG view lays over its image. Boxes are placed in percent of the
 * page, so zooming needs no redraw; pages created by a new document get the outline again.
 */
import * as l10n from '@vscode/l10n';
import type { ReportPath } from '../../core/api/types';
import type { SourceBox } from '../../core/report/sourceMap';
import { boxesOf, componentAt } from './sourceBoxes';
import { centreIn, h } from './dom';

export interface SyncEvents {
  /** The author clicked the component at `path` in the page; `whole`: the second click of a double-click. */
  select(path: ReportPath, whole: boolean): void;
}

/** `components[0].components[1]`, as the panel's 422 list writes paths. */
function pathText(path: ReportPath): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

export class SyncLayer {
  private boxes: SourceBox[] = [];
  private approximate = false;
  private highlighted: ReportPath | null = null;

  constructor(
    private readonly pagesEl: HTMLElement,
    private readonly scroller: HTMLElement,
    private readonly events: SyncEvents,
    private readonly pageSelector = '.pdf-page',
  ) {
    pagesEl.addEventListener('click', (e) => this.onClick(e));
    pagesEl.addEventListener('mousemove', (e) => this.onMove(e), { passive: true });
  }

  /**
   * The map of the result now shown (empty: no sync); `approximate` when it is the local
   * renderer's layout of a result another service drew.
   */
  setBoxes(boxes: readonly SourceBox[], approximate = false): void {
    this.boxes = [...boxes];
    this.approximate = approximate;
    this.pagesEl.classList.toggle('has-source-map', this.boxes.length > 0);
    this.refresh(false);
  }

  /** Outlines the component at `path` (null: none); `reveal` scrolls its first box into view. */
  highlight(path: ReportPath | null, reveal: boolean): void {
    this.highlighted = path;
    this.refresh(reveal);
  }

  /** Draws the outline again (after the pages were replaced by a new document). */
  refresh(reveal: boolean): void {
    for (const el of this.pagesEl.querySelectorAll('.sync-box')) el.remove();
    if (!this.highlighted) return;
    let first: HTMLElement | undefined;
    for (const b of boxesOf(this.boxes, this.highlighted)) {
      const page = this.pageEl(b.page);
      if (!page) continue;
      const { width, height } = pageSize(page);
      const box = h('div', {
        class: 'sync-box',
        attrs: { 'data-path': pathText(b.path), 'data-page': String(b.page), 'aria-hidden': 'true' },
      });
      box.style.left = `${(100 * b.x) / width}%`;
      box.style.top = `${(100 * b.y) / height}%`;
      box.style.width = `${(100 * b.width) / width}%`;
      box.style.height = `${(100 * b.height) / height}%`;
      page.append(box);
      first ??= box;
    }
    if (reveal && first && !this.inView(first)) centreIn(this.scroller, first);
  }

  private pageEl(page: number): HTMLElement | null {
    return this.pagesEl.querySelector<HTMLElement>(`${this.pageSelector}[data-page="${page}"]`);
  }

  private inView(el: HTMLElement): boolean {
    const r = el.getBoundingClientRect();
    const v = this.scroller.getBoundingClientRect();
    return r.top >= v.top && r.bottom <= v.bottom;
  }

  /** The component under a mouse event, in PDF points of its page. */
  private hit(e: MouseEvent): SourceBox | undefined {
    if (!this.boxes.length) return undefined;
    const page = this.pageAt(e);
    if (!page) return undefined;
    const r = page.getBoundingClientRect();
    const { width, height } = pageSize(page);
    const x = ((e.clientX - r.left) / r.width) * width;
    const y = ((e.clientY - r.top) / r.height) * height;
    return componentAt(this.boxes, Number(page.dataset.page), x, y);
  }

  private onClick(e: MouseEvent): void {
    // A text selection being made is not a click on a component; a double-click's own word
    // selection is (its second click, detail 2, selects the whole component in the editor).
    const whole = e.detail >= 2;
    if (!whole && document.getSelection()?.toString()) return;
    const b = this.hit(e);
    if (!b) return;
    if (whole) document.getSelection()?.removeAllRanges();
    this.events.select(b.path, whole);
  }

  private onMove(e: MouseEvent): void {
    const page = this.pageAt(e);
    if (!page) return;
    const b = this.hit(e);
    const type = b?.type || l10n.t('Component');
    page.title = !b
      ? ''
      : this.approximate
        ? l10n.t(
            '{0} · {1} — approximate: where the local renderer draws it (click: cursor to it in the editor; double-click: select it)',
            type,
            pathText(b.path),
          )
        : l10n.t('{0} · {1} (click: cursor to it in the editor; double-click: select it)', type, pathText(b.path));
  }

  private pageAt(e: MouseEvent): HTMLElement | null {
    return (e.target as Element | null)?.closest<HTMLElement>(this.pageSelector) ?? null;
  }
}

/** The page's size in PDF points (PageSlot puts it on the element). */
function pageSize(page: HTMLElement): { width: number; height: number } {
  return { width: Number(page.dataset.ptWidth) || 1, height: Number(page.dataset.ptHeight) || 1 };
}
