/**
 * The result viewer's other panels in headless Chromium under the real CSP: JPEG preview,
 * task status, FAILED, 422 and other errors, toolbar messages, and the light/dark screenshots
 * (test-results/screenshots/viewer-*.png). Shares its harness and checks with viewer.test.ts.
 */
import assert from 'node:assert/strict';
import { lastPosted, shot, toolbar, viewSize, viewerSuite } from './kit';

describe('result viewer: panels (Chromium, real CSP)', function () {
  this.timeout(60_000);
  const { harness, open, showPdf, allow, it } = viewerSuite();

  it('shows a JPEG preview fitted to the width, with zoom and actual size', async () => {
    const v = await open();
    await v.send({ type: 'showJpeg', url: harness.fileUrl('preview.jpg'), fileName: 'preview.jpg' });
    await v.page.waitForSelector('.jpeg-image:not([hidden])');
    const view = await viewSize(v, '.jpeg-view');
    const width = () => v.page.$eval('.jpeg-image', (e) => (e as HTMLImageElement).offsetWidth);
    assert.equal(await width(), view.width - 32);
    assert.match((await v.page.getAttribute('.jpeg-image', 'src')) ?? '', /^blob:/);
    assert.equal(await v.page.isVisible('#pageInput'), false, 'no page navigation for a JPEG');
    assert.equal((await toolbar(v)).zoom, 'fit-width');
    await v.page.click('#zoomIn');
    assert.ok((await width()) > view.width - 32);
    await v.page.click('#actualSize');
    assert.equal(await width(), 900);
    await v.page.click('#rebuild');
    assert.deepEqual(await lastPosted(v, 'rebuild'), { type: 'rebuild', kind: 'preview' });
  });

  it('shows task status (QUEUED → RUNNING with elapsed time), cancels, and shows a banner over a result', async () => {
    const v = await open();
    await v.send({ type: 'showStatus', reportName: 'sales.report.json', kind: 'build', status: 'QUEUED', taskId: 't-123' });
    assert.equal((await toolbar(v)).view, 'status');
    assert.equal(await v.page.textContent('#taskStatus'), 'Queued');
    await v.send({
      type: 'showStatus',
      reportName: 'sales.report.json',
      kind: 'build',
      status: 'RUNNING',
      taskId: 't-123',
      elapsedMs: 65_000,
    });
    assert.equal(await v.page.textContent('#taskStatus'), 'Running');
    assert.match((await v.page.textContent('#taskElapsed')) ?? '', /^1:0[5-9] min$/);
    assert.equal(await v.page.isDisabled('#rebuild'), true, 'no rebuild while a task runs');
    await v.page.click('#cancelTask');
    assert.deepEqual(await lastPosted(v, 'cancelTask'), { type: 'cancelTask', taskId: 't-123' });
    await showPdf(v);
    assert.equal(await v.page.isVisible('.status-banner'), false);
    await v.send({ type: 'showStatus', reportName: 'sales.report.json', kind: 'build', status: 'RUNNING', taskId: 't-124' });
    assert.equal(await v.page.isVisible('.status-banner'), true);
    assert.equal((await toolbar(v)).view, 'pdf', 'the previous PDF stays readable during the rebuild');
  });

  it('shows a FAILED task with its error_message and goes back to the last result', async () => {
    const v = await open();
    await showPdf(v);
    const msg = 'Chart "sales": column "amount" not found in data';
    await v.send({ type: 'showFailed', errorMessage: msg, taskId: 't-9', kind: 'build' });
    assert.equal(await v.page.textContent('#messageTitle'), 'Build failed');
    assert.equal(await v.page.textContent('#failedMessage'), msg);
    await v.page.click('#messageRebuild');
    assert.deepEqual(await lastPosted(v, 'rebuild'), { type: 'rebuild', kind: 'build' });
    await v.page.click('#showLastResult');
    assert.equal((await toolbar(v)).view, 'pdf');
  });

  it('lists 422 errors as links that post revealError with their index', async () => {
    const v = await open();
    await v.send({
      type: 'showValidationErrors',
      kind: 'build',
      errors: [
        { index: 0, type: 'missing', msg: 'Field required', locText: 'sections[0].components[1].options.section_title', line: 12, col: 9 },
        { index: 1, type: 'string_type', msg: 'Input should be a valid string', locText: 'options.report_title', line: 3, col: 21 },
        {
          index: 2,
          type: 'union_tag_invalid',
          msg: "Input tag 'Sektion' found using 'type' does not match any of the expected tags",
          locText: 'components[2]',
          line: null,
          col: null,
        },
      ],
    });
    assert.equal(await v.page.textContent('#messageTitle'), 'The service rejected the report: 3 problems');
    const rows = await v.page.$$eval('.error-link', (els) => els.map((e) => e.textContent));
    assert.equal(rows.length, 3);
    assert.match(rows[0] ?? '', /12:9.*Field required.*sections\[0\]\.components\[1\]\.options\.section_title.*missing/);
    assert.match(rows[2] ?? '', /^—/);
    await v.page.click('.error-link[data-index="1"]');
    assert.deepEqual(await lastPosted(v, 'revealError'), { type: 'revealError', index: 1 });
    await v.page.focus('.error-link[data-index="2"]');
    await v.page.keyboard.press('Enter');
    assert.deepEqual(await lastPosted(v, 'revealError'), { type: 'revealError', index: 2 });
  });

  it('shows other errors by kind, and a PDF that cannot be loaded says why', async () => {
    const v = await open();
    await v.send({ type: 'showError', kind: 'auth', message: 'The API key was rejected (401).' });
    assert.equal(await v.page.textContent('#messageTitle'), 'Authentication failed');
    assert.equal(await v.page.textContent('#errorMessage'), 'The API key was rejected (401).');
    await v.send({ type: 'showPdf', url: harness.fileUrl('broken.pdf'), fileName: 'broken.pdf' });
    await v.page.waitForSelector('.pdf-view .overlay.error');
    assert.match((await v.page.textContent('.pdf-view .overlay')) ?? '', /Cannot display broken\.pdf: The file is not a valid PDF\./);
    assert.equal((await lastPosted(v, 'viewerError'))?.type, 'viewerError');
    allow(/Failed to load resource: the server responded with a status of 404/);
    await v.send({ type: 'showPdf', url: harness.fileUrl('gone.pdf'), fileName: 'gone.pdf' });
    await v.page.waitForFunction(() => document.querySelector('.pdf-view .overlay')?.textContent?.includes('HTTP 404'));
  });

  it('toolbar buttons post rebuild, saveAs and openExternally with the result URL', async () => {
    const v = await open();
    await showPdf(v);
    await v.page.click('#rebuild');
    await v.page.click('#saveAs');
    await v.page.click('#openExternally');
    const url = harness.fileUrl('report.pdf');
    const sent = (await v.posted()).filter((m) => ['rebuild', 'saveAs', 'openExternally'].includes(m.type));
    assert.deepEqual(sent, [
      { type: 'rebuild', kind: 'build' },
      { type: 'saveAs', url },
      { type: 'openExternally', url },
    ]);
    for (const id of ['rebuild', 'saveAs', 'openExternally', 'zoomIn', 'fitWidth', 'invert']) {
      assert.ok(await v.page.getAttribute(`#${id}`, 'aria-label'), `#${id} has an accessible name`);
      assert.ok(await v.page.getAttribute(`#${id}`, 'title'), `#${id} has a tooltip`);
    }
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`screenshots in the ${theme} theme (test-results/screenshots/viewer-${theme}-*.png)`, async () => {
      const v = await open(theme);
      await shot(v, theme, 'empty');
      await v.send({
        type: 'showStatus',
        reportName: 'sales.report.json',
        kind: 'build',
        status: 'RUNNING',
        taskId: '6f0c2d1e-9b1a-4c1e-8f43-1d2a0f7e5b11',
        elapsedMs: 4000,
      });
      await shot(v, theme, 'status');
      await showPdf(v);
      await v.page.waitForSelector('.pdf-page[data-page="2"] canvas');
      await shot(v, theme, 'pdf');
      await v.send({
        type: 'showStatus',
        reportName: 'sales.report.json',
        kind: 'build',
        status: 'RUNNING',
        taskId: 't-2',
        elapsedMs: 2000,
      });
      await shot(v, theme, 'rebuilding');
      await v.send({
        type: 'showFailed',
        errorMessage: 'Chart "sales": column "amount" not found in data.\nAvailable columns: month, revenue, region',
        taskId: '6f0c2d1e-9b1a-4c1e-8f43-1d2a0f7e5b11',
        kind: 'build',
      });
      await shot(v, theme, 'failed');
      await v.send({
        type: 'showValidationErrors',
        errors: [
          {
            index: 0,
            type: 'missing',
            msg: 'Field required',
            locText: 'sections[0].components[1].options.section_title',
            line: 12,
            col: 9,
          },
          { index: 1, type: 'string_type', msg: 'Input should be a valid string', locText: 'options.report_title', line: 3, col: 21 },
          {
            index: 2,
            type: 'union_tag_invalid',
            msg: "Input tag 'Sektion' found using 'type' does not match any of the expected tags: 'Section', 'Row', 'Text'",
            locText: 'components[2]',
            line: 40,
            col: 7,
          },
        ],
      });
      await shot(v, theme, 'errors');
      await v.page.click('#showLastResult');
      await v.page.selectOption('#zoomSelect', '0.5');
      await v.page.click('#invert');
      await v.page.waitForSelector('.pdf-page[data-page="3"] canvas');
      await shot(v, theme, 'pdf-inverted-50');
      await v.page.click('#invert');
      await v.send({ type: 'showJpeg', url: harness.fileUrl('preview.jpg'), fileName: 'preview.jpg' });
      await v.page.waitForSelector('.jpeg-image:not([hidden])');
      await shot(v, theme, 'jpeg');
      await v.page.setViewportSize({ width: 460, height: 600 });
      await v.send({ type: 'showPdf', url: harness.fileUrl('report.pdf'), fileName: 'report.pdf' });
      await v.page.waitForSelector('.pdf-page[data-page="1"] canvas');
      await shot(v, theme, 'narrow');
    });
  }
});
