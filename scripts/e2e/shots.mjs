// Screenshots of the workbench for the docs (docs/images/, refreshed by scripts/docs-images.mjs):
// notification toasts are hidden while the picture is taken — the local-service notice or a
// progress toast VS Code keeps up for its minimum time would cover the panel — and shown again.
// The checks read toasts from the DOM, never from a picture.
import { join } from 'node:path';

const HIDE_TOASTS = '.notifications-toasts { visibility: hidden !important; }';

/** `page.screenshot` into `shotDir/name` with the notification toasts hidden. */
export async function docShot(page, shotDir, name) {
  const style = await page.addStyleTag({ content: HIDE_TOASTS });
  try {
    await page.screenshot({ path: join(shotDir, name) });
  } finally {
    await style.evaluate((el) => el.remove());
  }
}
