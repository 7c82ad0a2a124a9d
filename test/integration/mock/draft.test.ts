/**
 * Draft renders for the live view (LocalService.renderDraft, src/mock/draft.ts): JSONC as the
 * editor holds it becomes a PDF from the service's real renderer with no task, no quota and no
 * file; a body the service would refuse comes back as its problems, never as an exception.
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { QuotaRecord } from '../../../src/core/api/types';
import { readPdf } from '../../helpers/pdf';
import { startHarness, type Harness } from './helpers';

const JSONC = `{
  // typed a moment ago, not saved
  "type": "Report",
  "options": { "report_title": "Live Draft Title", },
  "components": [
    { "type": "Text", "options": { "text": "Drafted paragraph" } },
  ],
}`;

describe('local service: draft renders for the live view', function () {
  this.timeout(60_000);
  let h: Harness;

  before(async () => {
    // The real renderer in its worker threads, as the extension runs it.
    h = await startHarness({ renderer: undefined });
  });
  after(() => h.stop());

  const quota = async () => (await (await h.api('/get-remaining-quota')).json()) as QuotaRecord;

  it('renders JSONC text to a PDF with the real renderer; no task, no quota, no file', async () => {
    const before = await quota();
    const draft = await h.service.renderDraft(JSONC);
    assert.ok(draft.ok, JSON.stringify(draft));
    assert.equal(draft.pageCount, 1);
    const pdf = await readPdf(draft.pdf);
    assert.equal(pdf.pages.length, 1);
    assert.match(pdf.pages[0], /Live Draft Title/);
    assert.match(pdf.pages[0], /Drafted paragraph/);
    assert.deepEqual(await quota(), before, 'never charged');
    assert.deepEqual(readdirSync(join(h.dataDir, 'tasks')), [], 'no task recorded');
    assert.deepEqual(readdirSync(join(h.dataDir, 'files')), [], 'no file stored');
  });

  it('a body the service would refuse: its problems as the 422 would list them, no render', async () => {
    const draft = await h.service.renderDraft('{"type": "Report", "options": {"report_title": 7}, "components": [{"type": "Txet"}]}');
    assert.equal(draft.ok, false);
    if (draft.ok) return;
    assert.equal(draft.status, 422);
    assert.ok(draft.problems >= 2, `${draft.problems} problems`);
    const entries = draft.detail as Array<{ loc: unknown[]; type: string }>;
    assert.ok(
      entries.every((e) => e.loc[0] === 'body'),
      JSON.stringify(entries),
    );
    assert.ok(entries.some((e) => e.loc.join('.') === 'body.options.report_title'));
  });

  it('half-typed JSON is a problem, not an exception', async () => {
    const draft = await h.service.renderDraft('{"type": "Report", "options": {');
    assert.equal(draft.ok, false);
    if (draft.ok) return;
    assert.equal(draft.problems, 1);
  });

  it('a superseded draft is abandoned through its signal', async () => {
    const controller = new AbortController();
    controller.abort(new Error('superseded by a newer keystroke'));
    await assert.rejects(h.service.renderDraft(JSONC, { signal: controller.signal }), /superseded/);
  });
});
