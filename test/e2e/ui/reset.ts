// What a check leaves open (an unsaved copy, a panel, a dialog) must not fail the next.
import type { Workbench } from './pages';

/** Closes every editor without saving (undo history is all a failed check leaves) and the panel. */
export async function resetWorkbench(wb: Workbench): Promise<void> {
  const { page } = wb;
  for (let i = 0; i < 3; i++) await page.keyboard.press('Escape');
  // Each command only when there is something to do: one the palette does not offer (no editor,
  // no panel) would be asked for again and again until the quick input's retries give up.
  const tabs = page.locator('.tabs-container .tab');
  if (await tabs.count()) {
    await wb.quickInput.command('View: Revert and Close Editor', 'Revert and Close Editor').catch(() => {});
    if (await tabs.count()) await wb.quickInput.command('View: Close All Editors');
    const dontSave = page.locator('.monaco-dialog-box .monaco-button', { hasText: "Don't Save" });
    for (let i = 0; i < 5 && (await dontSave.isVisible().catch(() => false)); i++) await dontSave.click();
    await tabs.first().waitFor({ state: 'detached', timeout: 10_000 });
  }
  if (await page.locator('.part.panel').isVisible()) await wb.quickInput.command('View: Hide Panel').catch(() => {});
}
