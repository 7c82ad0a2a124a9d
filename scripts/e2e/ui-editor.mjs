// Editor steps the UI checks share.

/**
 * Ctrl+Space until the suggest widget lists "highlighted": a Card option that is no word of the
 * document, so the JSON language server answered, not VS Code's word-based fallback (which can
 * come first while the server starts).
 */
export async function suggestCardOptions(page, failure, attempts = 5) {
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('Control+Space');
    try {
      await page.locator('.suggest-widget.visible .monaco-list-row', { hasText: 'highlighted' }).first().waitFor({ timeout: 5_000 });
      return;
    } catch (e) {
      if (attempt >= attempts) throw new Error(`${failure}: ${e.message}`, { cause: e });
      await page.keyboard.press('Escape');
    }
  }
}
