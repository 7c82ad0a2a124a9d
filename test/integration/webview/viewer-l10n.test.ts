/**
 * The viewer in another language (headless Chromium, real CSP): given the German bundle on the
 * page (`data-l10n`, as the extension passes `vscode.l10n.bundle`), the toolbar, the page count
 * and the empty state are German before anything else is drawn; without one, English.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ViewerPage } from './harness';
import { shot, viewerSuite } from './kit';

const GERMAN = JSON.parse(readFileSync(join(__dirname, '../../../l10n/bundle.l10n.de.json'), 'utf8'));

describe('result viewer: in the display language (Chromium, real CSP)', function () {
  this.timeout(60_000);
  const { harness, open, showPdf, it } = viewerSuite();
  afterEach(() => (harness.words = undefined));

  const words = (v: ViewerPage) =>
    v.page.evaluate(() => ({
      saveAs: document.querySelector('#saveAs .label')?.textContent,
      saveAsTitle: document.getElementById('saveAs')?.title,
      zoom: document.querySelector<HTMLSelectElement>('#zoomSelect')?.options[0].textContent,
      count: document.getElementById('pageCount')?.textContent,
      empty: document.querySelector('.empty h2')?.textContent,
    }));

  it('speaks German with the German bundle: toolbar, zoom choices, page count, empty state', async () => {
    harness.words = GERMAN;
    const v = await open('light');
    await v.waitReady();
    const before = await words(v);
    assert.equal(before.empty, 'Noch kein Ergebnis');
    await showPdf(v);
    const after = await words(v);
    assert.deepEqual(
      { saveAs: after.saveAs, saveAsTitle: after.saveAsTitle, zoom: after.zoom, count: after.count },
      { saveAs: 'Speichern unter…', saveAsTitle: 'Das Ergebnis speichern unter…', zoom: 'Breite anpassen', count: 'von 5' },
    );
    await shot(v, 'light', 'german');
  });

  it('speaks English without a bundle', async () => {
    const v = await open('light');
    await v.waitReady();
    await showPdf(v);
    const shown = await words(v);
    assert.deepEqual(
      { saveAs: shown.saveAs, zoom: shown.zoom, count: shown.count },
      { saveAs: 'Save As…', zoom: 'Fit Width', count: 'of 5' },
    );
  });
});
