/**
 * Dark pages: `on` inverts the pages' colours (hues kept), `auto` does so while VS Code's theme
 * is dark. VS Code marks the webview's <body> with the theme's kind (`vscode-dark`,
 * `vscode-light`, `vscode-high-contrast`, `vscode-high-contrast-light`) and changes the class
 * when the theme changes, so `auto` follows it without a message from the extension.
 */
import type { DarkMode } from '../protocol';

/** What the toolbar button switches to next. */
export const NEXT_DARK_MODE: Readonly<Record<DarkMode, DarkMode>> = { off: 'on', on: 'auto', auto: 'off' };

function themeIsDark(body: HTMLElement): boolean {
  return (
    body.classList.contains('vscode-dark') ||
    (body.classList.contains('vscode-high-contrast') && !body.classList.contains('vscode-high-contrast-light'))
  );
}

export function pagesInverted(mode: DarkMode, body: HTMLElement): boolean {
  return mode === 'on' || (mode === 'auto' && themeIsDark(body));
}

/** Calls `changed` whenever VS Code changes the theme kind on <body>. */
export function watchTheme(body: HTMLElement, changed: () => void): void {
  new MutationObserver(changed).observe(body, { attributes: true, attributeFilter: ['class'] });
}
