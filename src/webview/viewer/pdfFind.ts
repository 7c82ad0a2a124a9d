/**
 * Find in the PDF: every match of a query in the pages' text (pdf.js text content, the same
 * items the text layer draws as spans), counted over the whole document, highlighted in the
 * text layers of the pages drawn now (and of each page when its text layer appears), the
 * current one scrolled into view. Case and runs of white space are ignored; a match lies
 * within one text item (a line as the renderer wrote it).
 */
import type { PDFDocumentProxy } from 'pdfjs-dist';

export interface FindMatch {
  /** 1-based page. */
  page: number;
  /** Index of the text item (= the text layer's span) on its page. */
  item: number;
  start: number;
  end: number;
}

/** What the finder needs of a page on screen: its text layer's spans and their texts, once drawn. */
export interface FindPage {
  readonly pageNumber: number;
  readonly textSpans: { divs: readonly HTMLElement[]; texts: readonly string[] } | null;
}

const fold = (s: string): string => s.toLocaleLowerCase();

/** Matches of `query` in each page's item texts (pure: the tests call it on plain arrays). */
export function findMatches(pages: readonly (readonly string[])[], query: string): FindMatch[] {
  const q = fold(query.trim().replace(/\s+/g, ' '));
  const out: FindMatch[] = [];
  if (!q) return out;
  pages.forEach((items, p) =>
    items.forEach((text, item) => {
      const t = fold(text);
      for (let at = t.indexOf(q); at >= 0; at = t.indexOf(q, at + q.length)) out.push({ page: p + 1, item, start: at, end: at + q.length });
    }),
  );
  return out;
}

export class PdfFinder {
  private texts: Promise<string[][]> | null = null;
  private matches: FindMatch[] = [];
  private current = -1;
  private query = '';
  private seq = 0;
  /** Spans changed by the highlights, with the text to put back. */
  private marked = new Map<HTMLElement, string>();

  constructor(
    private readonly pages: () => readonly FindPage[],
    /** Show `page` (not drawn yet: its text layer comes later and is highlighted then). */
    private readonly goToPage: (page: number) => void,
    /** Scroll `el` (the current match) into the middle of the view. */
    private readonly reveal: (el: HTMLElement) => void,
    /** The matches or the current one changed (the find bar's count). */
    private readonly changed: () => void = () => undefined,
  ) {}

  get count(): number {
    return this.matches.length;
  }
  /** 1-based index of the current match; 0 when none. */
  get index(): number {
    return this.current + 1;
  }

  /** A new document (a rebuild): its text is read again, and an open search runs on it. */
  async setDocument(doc: PDFDocumentProxy | null): Promise<void> {
    this.texts = doc ? readTexts(doc) : null;
    if (this.query) await this.search(this.query, false);
  }

  /** Finds `query`; `reveal` moves to the first match at or after the page on screen. */
  async search(query: string, reveal = true, fromPage = 1): Promise<void> {
    const seq = ++this.seq;
    this.query = query;
    const texts = (await this.texts) ?? [];
    if (seq !== this.seq) return;
    const previous = this.matches[this.current];
    this.matches = findMatches(texts, query);
    const same =
      previous && this.matches.findIndex((m) => m.page === previous.page && m.item === previous.item && m.start === previous.start);
    this.current = this.matches.length === 0 ? -1 : same !== undefined && same >= 0 && !reveal ? same : this.firstFrom(fromPage);
    this.paint(reveal);
    this.changed();
  }

  step(by: 1 | -1): void {
    if (!this.matches.length) return;
    this.current = (this.current + by + this.matches.length) % this.matches.length;
    this.paint(true);
    this.changed();
  }

  clear(): void {
    this.seq++;
    this.query = '';
    this.matches = [];
    this.current = -1;
    this.pendingReveal = false;
    this.unmark();
    this.changed();
  }

  /** A page's text layer was drawn: highlight its matches (and scroll to the current one if it is there). */
  pageReady(page: FindPage): void {
    if (!this.matches.length) return;
    const el = this.mark(page);
    const cur = this.matches[this.current];
    if (el && cur?.page === page.pageNumber && this.pendingReveal) {
      this.pendingReveal = false;
      this.reveal(el);
    }
  }

  private pendingReveal = false;

  private firstFrom(page: number): number {
    const i = this.matches.findIndex((m) => m.page >= page);
    return i >= 0 ? i : 0;
  }

  private paint(reveal: boolean): void {
    this.unmark();
    let currentEl: HTMLElement | undefined;
    for (const page of this.pages()) currentEl = this.mark(page) ?? currentEl;
    if (!reveal || this.current < 0) return;
    if (currentEl) return this.reveal(currentEl);
    this.pendingReveal = true;
    this.goToPage(this.matches[this.current].page);
  }

  /** Highlights the matches on `page`; returns the current match's element if it is there. */
  private mark(page: FindPage): HTMLElement | undefined {
    const spans = page.textSpans;
    if (!spans) return undefined;
    let currentEl: HTMLElement | undefined;
    const byItem = new Map<number, Array<{ m: FindMatch; i: number }>>();
    this.matches.forEach((m, i) => {
      if (m.page === page.pageNumber) byItem.set(m.item, [...(byItem.get(m.item) ?? []), { m, i }]);
    });
    for (const [item, hits] of byItem) {
      const div = spans.divs[item];
      const text = spans.texts[item];
      if (!div || text === undefined) continue;
      if (!this.marked.has(div)) this.marked.set(div, text);
      const parts: Node[] = [];
      let at = 0;
      for (const { m, i } of hits) {
        parts.push(document.createTextNode(text.slice(at, m.start)));
        const hit = document.createElement('span');
        hit.className = i === this.current ? 'find-hit selected' : 'find-hit';
        hit.textContent = text.slice(m.start, m.end);
        parts.push(hit);
        if (i === this.current) currentEl = hit;
        at = m.end;
      }
      parts.push(document.createTextNode(text.slice(at)));
      div.replaceChildren(...parts);
    }
    return currentEl;
  }

  private unmark(): void {
    for (const [div, text] of this.marked) div.textContent = text;
    this.marked.clear();
  }
}

async function readTexts(doc: PDFDocumentProxy): Promise<string[][]> {
  const pages: string[][] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.flatMap((it) => ('str' in it ? [it.str] : [])));
  }
  return pages;
}
