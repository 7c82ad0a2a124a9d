/**
 * Draft renders for the live view (LocalService.renderDraft, src/service/draft.ts): JSONC as the
 * editor holds it becomes a PDF from the service's real renderer with no task, no quota and no
 * file; a body the service would refuse comes back as its problems, never as an exception.
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { QuotaRecord } from '../../../src/core/api/types';
import { jsoncToJson } from '../../../src/core/loc/jsoncText';
import type { WorkerJob } from '../../../src/service/renderWorkerProtocol';
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

  /** A report of `n` paragraphs with a trailing comma and a comment (JSONC), about 60·n bytes. */
  const longJsonc = (n: number, paragraph = (i: number) => `{ "type": "Text", "options": { "text": "Paragraph ${i}" } },`): string =>
    `{ // long
  "type": "Report", "options": { "report_title": "Long draft" },
  "components": [
${Array.from({ length: n }, (_, i) => paragraph(i)).join('\n')}
  ],
}`;

  it('text over the body limit is refused unparsed, with the limit named', async () => {
    const limit = 10 * 1024 * 1024; // the service's default bodyLimit
    // Not even JSON: a parse would have answered 422 json_invalid.
    const draft = await h.service.renderDraft(`{ "type": "Report", ${' '.repeat(limit)}`);
    assert.deepEqual(draft, {
      ok: false,
      status: 413,
      problems: 1,
      detail: `The report is ${limit + 20} bytes, more than the ${limit}-byte body limit of the local service; it is not drawn`,
    });
  });

  it('the text is parsed and checked in the render worker: this thread sends bytes and parses nothing', async () => {
    const text = longJsonc(3_000); // ~180 KB: over the body worker's threshold too
    const jobs: WorkerJob[] = [];
    let parsed = 0;
    const post = Worker.prototype.postMessage;
    const parse = JSON.parse;
    Worker.prototype.postMessage = function (this: Worker, message: unknown, transfer?: never) {
      jobs.push(message as WorkerJob);
      return post.call(this, message, transfer);
    };
    JSON.parse = (json: string, reviver?: never) => ((parsed += json.length), parse(json, reviver)) as unknown;
    let draft;
    try {
      draft = await h.service.renderDraft(text);
    } finally {
      Worker.prototype.postMessage = post;
      JSON.parse = parse;
    }
    assert.ok(draft.ok, JSON.stringify(draft));
    assert.equal(parsed, 0, 'no JSON parsed on this thread');
    assert.deepEqual(
      jobs.map((j) => j.kind),
      ['draft-check', 'draft-render'],
    );
    const check = jobs[0] as Extract<WorkerJob, { kind: 'draft-check' }>;
    assert.ok(check.text instanceof Uint8Array, 'the text goes as bytes');
    assert.equal(check.text.byteLength, 0, 'transferred, not copied');
  });

  it('a refused draft lists exactly the 422 entries a submit of its body gets, small or large', async () => {
    const bad = (i: number) => (i % 500 === 7 ? `{ "type": "Text", "options": { "text": ${i} } },` : `{ "type": "Txet" },`);
    for (const text of [longJsonc(3, bad), longJsonc(3_000, bad), '{"type": "Report", "components": [}']) {
      const draft = await h.service.renderDraft(text);
      assert.equal(draft.ok, false);
      if (draft.ok) return;
      const res = await h.post('/build-report', jsoncToJson(text).body);
      assert.equal(res.status, 422);
      const detail = ((await res.json()) as { detail: unknown[] }).detail;
      assert.equal(draft.status, 422);
      assert.deepEqual(draft.detail, detail);
    }
  });

  it('a superseded draft is abandoned through its signal', async () => {
    const controller = new AbortController();
    controller.abort(new Error('superseded by a newer keystroke'));
    await assert.rejects(h.service.renderDraft(JSONC, { signal: controller.signal }), /superseded/);
  });
});
