/**
 * The panel's toolbar: result actions (Rebuild, Save As, Open Externally), page navigation,
 * zoom and the dark-pages switch (off, on, auto). It only reports clicks; the controller decides what they do
 * and pushes the resulting page/zoom back through the setters.
 */
import * as l10n from '@vscode/l10n';
import type { DarkMode, ZoomSetting } from '../protocol';
import { NEXT_DARK_MODE } from './darkMode';
import { button, h } from './dom';
import { ZOOM_PRESETS, percent } from './zoom';
import { LiveBadges } from './liveBadges';

export interface ToolbarActions {
  rebuild(): void;
  saveAs(): void;
  openExternally(): void;
  goToPage(page: number): void;
  step(where: 'first' | 'prev' | 'next' | 'last'): void;
  zoomIn(): void;
  zoomOut(): void;
  setZoom(setting: ZoomSetting): void;
  toggleDarkMode(): void;
  find(): void;
  openExported(): void;
  backToLive(): void;
}

export type ToolbarMode = 'pdf' | 'jpeg' | 'none';

const CUSTOM = 'custom';

/** A labelled group of toolbar controls (Result, Pages, Zoom). */
const group = (label: string, ...controls: HTMLElement[]): HTMLDivElement =>
  h('div', { class: 'tb-group', attrs: { role: 'group', 'aria-label': label } }, ...controls);

export class Toolbar {
  readonly el: HTMLDivElement;
  private readonly buttons = new Map<string, HTMLButtonElement>();
  private readonly pageInput: HTMLInputElement;
  private readonly pageCount: HTMLSpanElement;
  private readonly zoomSelect: HTMLSelectElement;
  private readonly customOption: HTMLOptionElement;
  private readonly title: HTMLSpanElement;
  /** The Live / Paused, Preview / Build and ≈ Sync badges beside the title, and Back to live. */
  readonly badges: LiveBadges;
  /** The link to the file `reportStudio.export.*` wrote. */
  private readonly exported: HTMLButtonElement;
  private readonly navGroup: HTMLDivElement;
  private readonly zoomGroup: HTMLDivElement;
  private readonly separator = h('span', { class: 'tb-separator', attrs: { role: 'separator' } });
  private current = 1;
  private count = 0;

  constructor(private readonly actions: ToolbarActions) {
    const b = (spec: Parameters<typeof button>[0]): HTMLButtonElement => {
      const el = button(spec);
      this.buttons.set(spec.id, el);
      return el;
    };
    const fileGroup = group(
      l10n.t('Result'),
      b({
        id: 'rebuild',
        icon: 'rebuild',
        label: l10n.t('Rebuild'),
        title: l10n.t('Rebuild the report'),
        onClick: () => actions.rebuild(),
      }),
      b({ id: 'saveAs', icon: 'save', label: l10n.t('Save As…'), title: l10n.t('Save the result as…'), onClick: () => actions.saveAs() }),
      b({
        id: 'openExternally',
        icon: 'external',
        label: l10n.t('Open Externally'),
        title: l10n.t('Open the result in the default application'),
        onClick: () => actions.openExternally(),
      }),
    );

    this.pageInput = h('input', {
      class: 'page-input',
      attrs: {
        id: 'pageInput',
        type: 'text',
        inputmode: 'numeric',
        autocomplete: 'off',
        'aria-label': l10n.t('Page number'),
        title: l10n.t('Page number (Enter to go)'),
      },
    });
    this.pageInput.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') this.commitPage();
      else if (e.key === 'Escape') this.showPage();
    });
    this.pageInput.addEventListener('change', () => this.commitPage());
    this.pageInput.addEventListener('focus', () => this.pageInput.select());
    this.pageCount = h('span', { class: 'page-count', attrs: { id: 'pageCount', 'aria-live': 'polite' } });
    this.navGroup = group(
      l10n.t('Pages'),
      b({ id: 'firstPage', icon: 'first', title: l10n.t('First page (Home)'), onClick: () => actions.step('first') }),
      b({ id: 'prevPage', icon: 'prev', title: l10n.t('Previous page (Page Up)'), onClick: () => actions.step('prev') }),
      h('span', { class: 'page-box' }, this.pageInput, this.pageCount),
      b({ id: 'nextPage', icon: 'next', title: l10n.t('Next page (Page Down)'), onClick: () => actions.step('next') }),
      b({ id: 'lastPage', icon: 'last', title: l10n.t('Last page (End)'), onClick: () => actions.step('last') }),
      b({ id: 'find', icon: 'search', title: l10n.t('Find in the PDF (Ctrl+F)'), onClick: () => actions.find() }),
    );

    this.zoomSelect = h('select', {
      class: 'zoom-select',
      attrs: { id: 'zoomSelect', 'aria-label': l10n.t('Zoom'), title: l10n.t('Zoom') },
    });
    this.zoomSelect.append(
      h('option', { attrs: { value: 'fit-width' }, text: l10n.t('Fit Width') }),
      h('option', { attrs: { value: 'fit-page' }, text: l10n.t('Fit Page') }),
      ...ZOOM_PRESETS.map((s) => h('option', { attrs: { value: String(s) }, text: percent(s) })),
    );
    this.customOption = h('option', { attrs: { value: CUSTOM, disabled: '' } });
    this.customOption.hidden = true;
    this.zoomSelect.append(this.customOption);
    this.zoomSelect.addEventListener('change', () => {
      const v = this.zoomSelect.value;
      if (v === 'fit-width' || v === 'fit-page') actions.setZoom({ mode: v, scale: 1 });
      else if (v !== CUSTOM) actions.setZoom({ mode: 'scale', scale: Number(v) });
    });
    this.zoomGroup = group(
      l10n.t('Zoom'),
      b({ id: 'zoomOut', icon: 'zoomOut', title: l10n.t('Zoom out (-)'), onClick: () => actions.zoomOut() }),
      this.zoomSelect,
      b({ id: 'zoomIn', icon: 'zoomIn', title: l10n.t('Zoom in (+)'), onClick: () => actions.zoomIn() }),
      b({ id: 'fitWidth', icon: 'fitWidth', title: l10n.t('Fit width'), onClick: () => actions.setZoom({ mode: 'fit-width', scale: 1 }) }),
      b({ id: 'fitPage', icon: 'fitPage', title: l10n.t('Fit page'), onClick: () => actions.setZoom({ mode: 'fit-page', scale: 1 }) }),
      b({
        id: 'actualSize',
        icon: 'actualSize',
        title: l10n.t('Actual size (0)'),
        onClick: () => actions.setZoom({ mode: 'scale', scale: 1 }),
      }),
      b({ id: 'invert', icon: 'invert', title: l10n.t('Dark pages: off'), onClick: () => actions.toggleDarkMode() }),
    );
    this.buttons.get('invert')?.append(h('span', { class: 'tb-mode', text: 'A', attrs: { 'aria-hidden': 'true' } }));

    this.exported = button({
      id: 'openExported',
      icon: 'file',
      label: l10n.t('Exported file'),
      title: l10n.t('Open the exported file'),
      cls: 'tb-button labelled tb-link',
      onClick: () => actions.openExported(),
    });
    this.exported.hidden = true;
    this.title = h('span', { class: 'tb-title', attrs: { id: 'resultTitle' } });
    this.badges = new LiveBadges(() => actions.backToLive());
    this.el = h(
      'div',
      { class: 'toolbar', attrs: { role: 'toolbar', 'aria-label': l10n.t('Report result') } },
      fileGroup,
      this.exported,
      this.separator,
      this.navGroup,
      this.zoomGroup,
      this.title,
      ...this.badges.els,
    );
    this.setMode('none');
    this.setResultAvailable(false);
  }

  /** Which controls make sense: page navigation only for PDFs, zoom for both results. */
  setMode(mode: ToolbarMode): void {
    this.navGroup.hidden = mode !== 'pdf';
    this.zoomGroup.hidden = mode === 'none';
    this.separator.hidden = mode === 'none';
  }

  setPage(current: number, count: number): void {
    this.current = current;
    this.count = count;
    this.showPage();
    this.enable('firstPage', current > 1);
    this.enable('prevPage', current > 1);
    this.enable('nextPage', current < count);
    this.enable('lastPage', current < count);
  }

  setZoom(setting: ZoomSetting): void {
    const pct = percent(setting.scale);
    if (setting.mode !== 'scale') {
      this.zoomSelect.value = setting.mode;
      this.customOption.hidden = true;
    } else {
      const preset = ZOOM_PRESETS.find((s) => Math.abs(s - setting.scale) < 0.005);
      this.customOption.hidden = preset !== undefined;
      this.customOption.textContent = pct;
      this.zoomSelect.value = preset !== undefined ? String(preset) : CUSTOM;
    }
    this.zoomSelect.title = l10n.t('Zoom: {0}', pct);
    this.zoomSelect.dataset.scale = String(setting.scale);
    this.buttons.get('fitWidth')?.classList.toggle('checked', setting.mode === 'fit-width');
    this.buttons.get('fitPage')?.classList.toggle('checked', setting.mode === 'fit-page');
  }

  /** The dark-pages button: `mode` as chosen, `inverted` what the pages are now (auto: the theme's kind). */
  setDarkMode(mode: DarkMode, inverted: boolean): void {
    const b = this.buttons.get('invert');
    if (!b) return;
    const words: Record<DarkMode, string> = {
      off: l10n.t('off'),
      on: l10n.t('on'),
      auto: inverted ? l10n.t('auto, follows the VS Code theme (now dark)') : l10n.t('auto, follows the VS Code theme (now as printed)'),
    };
    const next: Record<DarkMode, string> = { off: l10n.t('off'), on: l10n.t('on'), auto: l10n.t('auto') };
    const label = l10n.t('Dark pages: {0}. Click for {1}.', words[mode], next[NEXT_DARK_MODE[mode]]);
    b.classList.toggle('checked', inverted);
    b.setAttribute('aria-pressed', String(inverted));
    b.dataset.mode = mode;
    b.title = label;
    b.setAttribute('aria-label', label);
  }

  /** The link to the exported file (null: none). */
  setExported(file: { fileName: string; location: string } | null): void {
    this.exported.hidden = file === null;
    if (!file) return;
    const label = this.exported.querySelector('.label');
    if (label) label.textContent = file.fileName;
    const pdf = /\.pdf$/i.test(file.fileName);
    const title = pdf
      ? l10n.t('Open {0} — written by reportStudio.export — in the PDF viewer', file.location)
      : l10n.t('Open {0} — written by reportStudio.export', file.location);
    this.exported.title = title;
    this.exported.setAttribute('aria-label', title);
  }

  /** A PDF file on its own (the PDF viewer): there is no report to rebuild. */
  setFileMode(): void {
    const rebuild = this.buttons.get('rebuild');
    if (rebuild) rebuild.hidden = true;
  }

  setResultAvailable(available: boolean): void {
    this.enable('saveAs', available);
    this.enable('openExternally', available);
  }

  setRebuildEnabled(enabled: boolean): void {
    this.enable('rebuild', enabled);
  }

  /** What the rebuild button repeats and costs, in the host's words (Redraw / Preview / Build). */
  setRebuildLabel(label: string, title: string): void {
    const b = this.buttons.get('rebuild');
    if (!b) return;
    b.title = title;
    b.setAttribute('aria-label', title);
    const text = b.querySelector('.label');
    if (text) text.textContent = label;
  }

  setTitle(text: string, tooltip = text): void {
    this.title.textContent = text;
    this.title.title = tooltip;
  }

  private enable(id: string, on: boolean): void {
    const el = this.buttons.get(id);
    if (el) el.disabled = !on;
  }

  private showPage(): void {
    if (document.activeElement !== this.pageInput) this.pageInput.value = this.count ? String(this.current) : '–';
    this.pageCount.textContent = l10n.t('of {0}', this.count || '–');
  }

  private commitPage(): void {
    const n = Number.parseInt(this.pageInput.value, 10);
    if (Number.isFinite(n) && this.count) this.actions.goToPage(Math.min(this.count, Math.max(1, n)));
    this.pageInput.value = String(this.current);
  }
}
