/** The loading / error card a result view shows over (or instead of) its content. */
import { h, icon, setChildren } from './dom';

export class Overlay {
  private readonly el: HTMLDivElement;

  constructor(parent: HTMLElement) {
    this.el = h('div', { class: 'overlay', attrs: { role: 'status', 'aria-live': 'polite' } });
    this.el.hidden = true;
    parent.append(this.el);
  }

  loading(text: string): void {
    this.el.className = 'overlay loading';
    setChildren(this.el, h('span', { class: 'spinner', attrs: { 'aria-hidden': 'true' } }), h('span', { text }));
    this.el.hidden = false;
  }

  error(text: string): void {
    this.el.className = 'overlay error';
    this.el.setAttribute('role', 'alert');
    setChildren(this.el, icon('error', 'icon large'), h('span', { class: 'overlay-text', text }));
    this.el.hidden = false;
  }

  hide(): void {
    this.el.hidden = true;
    this.el.setAttribute('role', 'status');
    setChildren(this.el);
  }

  get visibleText(): string {
    return this.el.hidden ? '' : (this.el.textContent ?? '');
  }
}
