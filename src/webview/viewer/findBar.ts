/**
 * The find bar over the PDF (Ctrl+F / ⌘F in the viewer, or the toolbar's search button): a
 * query box, "3 of 12", previous / next (Shift+Enter / Enter, F3), and close (Escape). It
 * floats at the top right of the pages, as VS Code's own find widget does.
 */
import * as l10n from '@vscode/l10n';
import { button, h } from './dom';
import type { PdfFinder } from './pdfFind';

const TYPING_MS = 120;

export class FindBar {
  readonly el: HTMLDivElement;
  private readonly input: HTMLInputElement;
  private readonly countEl: HTMLSpanElement;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly finder: PdfFinder,
    /** The page on screen: a new search starts from it. */
    private readonly currentPage: () => number,
    /** Where the focus goes back to when the bar closes. */
    private readonly returnFocus: () => void,
  ) {
    this.input = h('input', {
      class: 'find-input',
      attrs: {
        id: 'findInput',
        type: 'search',
        autocomplete: 'off',
        spellcheck: 'false',
        placeholder: l10n.t('Find in PDF'),
        'aria-label': l10n.t('Find in the PDF'),
      },
    });
    this.countEl = h('span', { class: 'find-count', attrs: { id: 'findCount', role: 'status', 'aria-live': 'polite' } });
    this.el = h(
      'div',
      { class: 'find-bar', attrs: { role: 'search', 'aria-label': l10n.t('Find in the PDF') } },
      this.input,
      this.countEl,
      button({ id: 'findPrev', icon: 'up', title: l10n.t('Previous match (Shift+Enter)'), onClick: () => this.step(-1) }),
      button({ id: 'findNext', icon: 'down', title: l10n.t('Next match (Enter)'), onClick: () => this.step(1) }),
      button({ id: 'findClose', icon: 'close', title: l10n.t('Close (Escape)'), onClick: () => this.close() }),
    );
    this.el.hidden = true;
    this.input.addEventListener('input', () => {
      if (this.timer) clearTimeout(this.timer);
      this.timer = setTimeout(() => {
        this.timer = undefined;
        void this.finder.search(this.input.value, true, this.currentPage());
      }, TYPING_MS);
    });
    this.input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' || e.key === 'F3') this.step(e.shiftKey ? -1 : 1);
      else if (e.key === 'Escape') this.close();
      else return;
      e.preventDefault();
      e.stopPropagation();
    });
  }

  get open(): boolean {
    return !this.el.hidden;
  }

  /** Shows the bar with the query selected (typing replaces it; the matches of a query stay highlighted). */
  show(): void {
    const wasOpen = this.open;
    this.el.hidden = false;
    this.input.focus();
    this.input.select();
    if (!wasOpen && this.input.value) void this.finder.search(this.input.value, true, this.currentPage());
  }

  /** Hides the bar and its highlights; `refocus` gives the keyboard back to the pages. */
  close(refocus = true): void {
    if (!this.open) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.el.hidden = true;
    this.finder.clear();
    if (refocus) this.returnFocus();
  }

  step(by: 1 | -1): void {
    if (this.timer) {
      // Enter right after typing: search what was typed first.
      clearTimeout(this.timer);
      this.timer = undefined;
      void this.finder.search(this.input.value, true, this.currentPage());
      return;
    }
    this.finder.step(by);
  }

  /** The count after any change of the matches. */
  update(): void {
    const n = this.finder.count;
    this.countEl.textContent = !this.input.value.trim() ? '' : n === 0 ? l10n.t('No results') : l10n.t('{0} of {1}', this.finder.index, n);
    this.el.classList.toggle('no-results', n === 0 && !!this.input.value.trim());
  }
}
