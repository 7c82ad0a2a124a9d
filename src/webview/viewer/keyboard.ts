/**
 * Keyboard and Ctrl+wheel for the result views: PageUp/PageDown/Home/End move between PDF
 * pages, + / - / 0 zoom, Ctrl+F (⌘F) finds in the PDF and F3 / Shift+F3 step through its matches, Ctrl (or ⌘) + wheel and trackpad pinch zoom around the pointer.
 * Keys typed into the page box or the zoom drop-down are left alone.
 */
import type { ViewName } from '../protocol';

export interface KeyTarget {
  view(): ViewName;
  step(where: 'first' | 'prev' | 'next' | 'last'): void;
  zoomIn(): void;
  zoomOut(): void;
  actualSize(): void;
  /** Opens the find bar (PDF view). */
  find(): void;
  /** Next / previous match while the find bar is open. */
  findStep(by: 1 | -1): void;
  /** deltaY in pixels; x/y relative to the scrolled view's client area. */
  wheelZoom(deltaY: number, x: number, y: number): void;
}

const PAGE_KEYS: Record<string, 'first' | 'prev' | 'next' | 'last'> = {
  PageUp: 'prev',
  PageDown: 'next',
  Home: 'first',
  End: 'last',
};

export function installKeyboard(doc: Document, t: KeyTarget): void {
  doc.addEventListener('keydown', (e) => {
    // Before the input check: Ctrl+F in the find box selects its text again.
    if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'f' && t.view() === 'pdf') {
      t.find();
      e.preventDefault();
      return;
    }
    if (e.key === 'F3' && t.view() === 'pdf') {
      t.findStep(e.shiftKey ? -1 : 1);
      e.preventDefault();
      return;
    }
    const target = e.target as HTMLElement | null;
    if (target && (target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.isContentEditable)) return;
    const view = t.view();
    if (view !== 'pdf' && view !== 'jpeg') return;
    if (e.altKey) return;
    const page = PAGE_KEYS[e.key];
    if (page && view === 'pdf' && !e.ctrlKey && !e.metaKey && !e.shiftKey) {
      t.step(page);
      e.preventDefault();
      return;
    }
    switch (e.key) {
      case '+':
      case '=':
        t.zoomIn();
        break;
      case '-':
      case '_':
        t.zoomOut();
        break;
      case '0':
        t.actualSize();
        break;
      default:
        return;
    }
    e.preventDefault();
  });
}

/** Ctrl/⌘ + wheel on `el` zooms instead of scrolling (pinch gestures arrive as Ctrl+wheel too). */
export function installWheelZoom(el: HTMLElement, t: KeyTarget): void {
  el.addEventListener(
    'wheel',
    (e) => {
      if (!e.ctrlKey && !e.metaKey) return;
      e.preventDefault();
      const delta =
        e.deltaMode === WheelEvent.DOM_DELTA_LINE ? e.deltaY * 16 : e.deltaMode === WheelEvent.DOM_DELTA_PAGE ? e.deltaY * 400 : e.deltaY;
      const r = el.getBoundingClientRect();
      t.wheelZoom(delta, e.clientX - r.left - el.clientLeft, e.clientY - r.top - el.clientTop);
    },
    { passive: false },
  );
}
