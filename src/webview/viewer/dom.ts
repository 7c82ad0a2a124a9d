/**
 * Tiny DOM builders. Everything is created through the DOM API (never innerHTML) so user
 * text (error messages, file names) can never become markup, and sizes go through CSSOM
 * (`el.style.x = …`), which the CSP allows while refusing inline style attributes.
 */
import { ICONS } from './icons';
import type { IconName } from './icons';

type Child = Node | string | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: { class?: string; attrs?: Record<string, string>; text?: string } = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (props.class) el.className = props.class;
  if (props.attrs) for (const [k, v] of Object.entries(props.attrs)) el.setAttribute(k, v);
  if (props.text !== undefined) el.textContent = props.text;
  for (const c of children) if (c) el.append(c);
  return el;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

export function icon(name: IconName, cls = 'icon'): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('class', cls);
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  for (const d of ICONS[name]) {
    const path = document.createElementNS(SVG_NS, 'path');
    path.setAttribute('d', d);
    svg.append(path);
  }
  return svg;
}

export interface ButtonSpec {
  id: string;
  icon?: IconName;
  /** Visible text next to the icon (omit for icon-only buttons). */
  label?: string;
  /** Tooltip and accessible name; include the shortcut if there is one. */
  title: string;
  onClick: () => void;
  cls?: string;
}

export function button(spec: ButtonSpec): HTMLButtonElement {
  const b = h('button', {
    class: spec.cls ?? (spec.label ? 'tb-button labelled' : 'tb-button'),
    attrs: { type: 'button', id: spec.id, title: spec.title, 'aria-label': spec.title },
  });
  if (spec.icon) b.append(icon(spec.icon));
  if (spec.label) b.append(h('span', { class: 'label', text: spec.label }));
  b.addEventListener('click', () => spec.onClick());
  return b;
}

/** Replace all children of `el`. */
export function setChildren(el: Element, ...children: Child[]): void {
  el.replaceChildren(...(children.filter(Boolean) as Array<Node | string>));
}

/**
 * Scrolls `scroller` (and nothing else) so `el` sits in its middle. Not scrollIntoView: that
 * also scrolls every ancestor that can scroll, and moved the whole page (toolbar included)
 * up under the panel's top edge.
 */
export function centreIn(scroller: HTMLElement, el: HTMLElement): void {
  const r = el.getBoundingClientRect();
  const v = scroller.getBoundingClientRect();
  scroller.scrollTop += r.top + r.height / 2 - (v.top + v.height / 2);
  if (r.left < v.left || r.right > v.right) scroller.scrollLeft += r.left - v.left - 16;
}
