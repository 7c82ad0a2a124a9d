/**
 * The result viewer's words about cost and the offline page, in headless Chromium under the real
 * CSP: the rebuild button takes the host's label and tooltip (Redraw / Preview / Build); an
 * unreachable service's page offers Retry and "Use Local Service"; a stale error gives way to
 * the last result.
 */
import assert from 'node:assert/strict';
import { lastPosted, toolbar, viewerSuite } from './kit';

describe('result viewer: what the buttons cost, offline (Chromium, real CSP)', function () {
  this.timeout(60_000);
  const { open, showPdf, it } = viewerSuite();

  it('the rebuild button says what it repeats and what that costs, as the host tells it', async () => {
    const v = await open();
    await showPdf(v);
    await v.send({ type: 'setRebuildLabel', label: 'Redraw', title: 'Redraw the live view (drawn on this machine: free, uses no quota)' });
    assert.equal((await v.page.textContent('#rebuild'))?.trim(), 'Redraw');
    assert.equal(await v.page.getAttribute('#rebuild', 'title'), 'Redraw the live view (drawn on this machine: free, uses no quota)');
    assert.equal(await v.page.getAttribute('#rebuild', 'aria-label'), 'Redraw the live view (drawn on this machine: free, uses no quota)');
  });

  it('an unreachable service: the sentence, Retry and Use Local Service; a stale error goes back to the last result', async () => {
    const v = await open();
    await showPdf(v);
    const message =
      'The preview of sales.report.json could not reach the hosted service (api.hybiscus.dev): nothing is listening at that address.';
    await v.send({ type: 'showError', kind: 'network', message, offerLocal: true });
    assert.equal(await v.page.textContent('#errorMessage'), message);
    assert.equal((await v.page.textContent('#messageRebuild'))?.trim(), 'Retry');
    await v.page.click('#useLocalService');
    assert.deepEqual(await lastPosted(v, 'useLocalService'), { type: 'useLocalService' });
    await v.send({ type: 'showEmpty' });
    assert.equal((await toolbar(v)).view, 'pdf', 'the last result, not the stale error');
    await v.send({ type: 'showError', kind: 'auth', message: 'API key refused' });
    assert.equal((await v.page.textContent('#messageRebuild'))?.trim(), 'Rebuild');
    assert.equal(await v.page.isVisible('#useLocalService'), false, 'offered only when the host says so');
  });
});
