/**
 * Dark pages: `on` inverts the pages' colours (hues kept), `auto` does so while VS Code's theme
 * is dark. VS Code marks the webview's <body> with the theme's kind (`vscode-dark`,
 * `vscode-light`, `vscode-high-contrast`, `vscode-high-contrast-light`) and changes the class
 * when the theme changes, so `auto` follows it without a message from the extension.
 */
import type { DarkMode } from '../protocol';
import type { StateStore } from './state';

/** What the toolbar button switches to next. */
export const NEXT_DARK_MODE: Readonly<Record<DarkMode, DarkMode>> = { off: 'on', on: 'auto', auto: 'off' };

function themeIsDark(body: HTMLElement): boolean {
  return (
    body.classList.contains('vscode-dark') ||
    (body.classList.contains('vscode-high-contrast') && !body.classList.contains('vscode-high-contrast-light'))
  );
}

function pagesInverted(mode: DarkMode, body: HTMLElement): boolean {
  return mode === 'on' || (mode === 'auto' && themeIsDark(body));
}

/** Calls `changed` whenever VS Code changes the theme kind on <body>. */
function watchTheme(body: HTMLElement, changed: () => void): void {
  new MutationObserver(changed).observe(body, { attributes: true, attributeFilter: ['class'] });
}

/**
 * A panel's dark pages: its own toolbar choice (kept in the state across reloads), else the
 * `reportStudio.viewer.darkMode` setting as the extension last said; `apply` draws the result.
 */
export class DarkPages {
  private setting: DarkMode = 'off';

  constructor(
    private readonly store: StateStore,
    private readonly apply: (mode: DarkMode, inverted: boolean) => void,
  ) {
    watchTheme(document.body, () => this.refresh());
  }

  get mode(): DarkMode {
    return this.store.state.darkMode ?? this.setting;
  }

  /** The setting changed (a panel that chose its own mode keeps it). */
  setSetting(mode: DarkMode): void {
    this.setting = mode;
    this.refresh();
  }

  /** The toolbar's button: the next mode, for this panel; it then no longer follows the setting. */
  next(): void {
    this.store.update({ darkMode: NEXT_DARK_MODE[this.mode] });
    this.refresh();
  }

  refresh(): void {
    this.apply(this.mode, pagesInverted(this.mode, document.body));
  }
}
