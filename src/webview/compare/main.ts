/**
 * The compare view (src/extension/compare/comparePanel.ts): the pages of two renders of a
 * report, old and new side by side or overlaid (a slider fades from the old page to the new),
 * the changed regions framed, runs of unchanged pages collapsed into one line that opens them.
 * Sizes and positions are set through CSSOM (the CSP refuses inline style attributes).
 */
import * as l10n from '@vscode/l10n';
import { h } from '../viewer/dom';
import { firstStart } from '../pageStart';
import type { ComparePage, CompareFromWebview, CompareMode, CompareResult, CompareState, CompareToWebview } from './compareProtocol';

interface VsCodeApi {
  postMessage(message: CompareFromWebview): void;
  getState(): CompareState | undefined;
  setState(state: CompareState): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

// Set by start(): a second copy of this script does not get them (see the end of the file).
let vscode: VsCodeApi;
let app: HTMLElement;
let mode: CompareMode = 'sideBySide';
let shown: CompareResult | undefined;

function message(title: string, detail: string, kind: 'busy' | 'error'): void {
  const box = h('div', { class: `message ${kind}` });
  box.append(h('h2', { text: title }), h('p', { text: detail }));
  app.replaceChildren(box);
}

/** A page picture with its changed regions framed (positions in % of the picture, so it scales). */
function picture(src: string | undefined, page: ComparePage, r: CompareResult, side: 'old' | 'new'): HTMLElement {
  const frame = h('div', { class: `picture ${side}` });
  frame.style.aspectRatio = `${r.pageWidth} / ${r.pageHeight}`;
  if (src) {
    const img = h('img');
    img.src = src;
    img.alt = l10n.t('Page {0}, {1}', page.page, side === 'old' ? r.oldLabel : r.newLabel);
    frame.append(img);
  } else
    frame.append(h('div', { class: 'absent', text: side === 'old' ? l10n.t('not in the old render') : l10n.t('not in the new render') }));
  for (const region of page.regions) {
    const box = h('div', { class: 'region' });
    box.style.left = `${(100 * region.x) / r.pageWidth}%`;
    box.style.top = `${(100 * region.y) / r.pageHeight}%`;
    box.style.width = `${(100 * region.width) / r.pageWidth}%`;
    box.style.height = `${(100 * region.height) / r.pageHeight}%`;
    frame.append(box);
  }
  return frame;
}

function overlay(page: ComparePage, r: CompareResult): HTMLElement {
  const stack = h('div', { class: 'overlay' });
  const old = picture(page.old, { ...page, regions: [] }, r, 'old');
  const next = picture(page.new, page, r, 'new');
  const fade = h('input', { class: 'fade' });
  fade.type = 'range';
  fade.min = '0';
  fade.max = '100';
  fade.value = '50';
  fade.title = l10n.t('Old page ← → new page');
  fade.setAttribute('aria-label', l10n.t('Page {0}: fade from the old page to the new one', page.page));
  const apply = () => (next.style.opacity = String(Number(fade.value) / 100));
  fade.addEventListener('input', apply);
  apply();
  const layers = h('div', { class: 'layers' });
  layers.append(old, next);
  stack.append(layers, fade);
  return stack;
}

function pageView(page: ComparePage, r: CompareResult): HTMLElement {
  const section = h('section', { class: `page ${page.status}` });
  section.dataset.page = String(page.page);
  section.dataset.status = page.status;
  const what = {
    added: l10n.t('added'),
    removed: l10n.t('removed'),
    changed: page.regions.length === 1 ? l10n.t('changed (1 region)') : l10n.t('changed ({0} regions)', page.regions.length),
    unchanged: l10n.t('unchanged'),
  }[page.status];
  section.append(h('h3', { text: l10n.t('Page {0} — {1}', page.page, what) }));
  if (mode === 'overlay' && page.status === 'changed') section.append(overlay(page, r));
  else {
    const pair = h('div', { class: 'pair' });
    pair.append(picture(page.old, page, r, 'old'), picture(page.new, page, r, 'new'));
    section.append(pair);
  }
  return section;
}

/** Consecutive unchanged pages: one line ("Pages 1–3 unchanged") that opens them. */
function unchangedRun(pages: ComparePage[], r: CompareResult): HTMLElement {
  const first = pages[0].page;
  const last = pages[pages.length - 1].page;
  const details = h('details', { class: 'unchanged-run' });
  details.append(
    h('summary', { text: first === last ? l10n.t('Page {0} unchanged', first) : l10n.t('Pages {0}–{1} unchanged', first, last) }),
  );
  const drawn = pages.filter((p) => p.old || p.new);
  if (!drawn.length)
    details.append(h('p', { class: 'note', text: l10n.t('Not drawn: their page keys are equal, so they are drawn identically.') }));
  // The pictures are made only when the run is opened: most people never open it.
  let filled = false;
  details.addEventListener('toggle', () => {
    if (!details.open || filled || !drawn.length) return;
    filled = true;
    details.append(...drawn.map((p) => pageView(p, r)));
  });
  return details;
}

function toolbar(r: CompareResult): HTMLElement {
  const bar = h('div', { class: 'toolbar' });
  const labels = h('div', { class: 'labels' });
  labels.append(
    h('span', { class: 'old-label', text: l10n.t('Old: {0}', r.oldLabel) }),
    h('span', { class: 'new-label', text: l10n.t('New: {0}', r.newLabel) }),
  );
  const modes = h('div', { class: 'modes' });
  modes.setAttribute('role', 'group');
  modes.setAttribute('aria-label', l10n.t('How to show the pages'));
  for (const [value, label] of [
    ['sideBySide', l10n.t('Side by side')],
    ['overlay', l10n.t('Overlay')],
  ] as const) {
    const button = h('button', { class: 'mode', text: label });
    button.id = `mode-${value}`;
    button.setAttribute('aria-pressed', String(mode === value));
    button.addEventListener('click', () => {
      mode = value;
      vscode.setState({ mode });
      if (shown) render(shown);
    });
    modes.append(button);
  }
  bar.append(labels, modes);
  return bar;
}

function render(r: CompareResult): void {
  shown = r;
  document.body.dataset.report = `compare:${r.report}`;
  const head = h('header');
  const pages = r.oldPages === r.newPages ? l10n.t('{0} pages', r.newPages) : l10n.t('{0} → {1} pages', r.oldPages, r.newPages);
  head.append(h('h1', { text: r.report }), h('p', { class: 'summary', text: `${r.summary} · ${pages}` }), toolbar(r));
  const list = h('main');
  let run: ComparePage[] = [];
  const flush = () => {
    if (run.length) list.append(unchangedRun(run, r));
    run = [];
  };
  for (const page of r.pages) {
    if (page.status === 'unchanged') run.push(page);
    else {
      flush();
      list.append(pageView(page, r));
    }
  }
  flush();
  app.replaceChildren(head, list);
}

function start(): void {
  vscode = acquireVsCodeApi();
  app = document.getElementById('app') as HTMLElement;
  // VS Code's display language (comparePanel.ts puts the bundle there); none: English.
  if (app.dataset.l10n) l10n.config({ contents: app.dataset.l10n });
  mode = vscode.getState()?.mode ?? 'sideBySide';
  window.addEventListener('message', (event: MessageEvent<CompareToWebview>) => {
    const m = event.data;
    if (m.type === 'comparing') {
      document.body.dataset.report = `compare:${m.report}`;
      message(
        l10n.t('Comparing {0}…', m.report),
        l10n.t('{0} with {1}, drawn by the bundled renderer (free).', m.oldLabel, m.newLabel),
        'busy',
      );
    } else if (m.type === 'error') {
      document.body.dataset.report = `compare:${m.report}`;
      message(l10n.t('Cannot compare {0}', m.report), m.message, 'error');
    } else if (m.type === 'result') render(m.result);
  });
  vscode.postMessage({ type: 'ready' });
}

// A second copy of this script (asked for again after a stall, pageLoader.ts) does nothing.
if (firstStart()) start();
