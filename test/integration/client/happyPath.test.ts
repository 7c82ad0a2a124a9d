/** The client and the task runner against the real local service with the real renderer. */
import { strict as assert } from 'node:assert';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { redact } from '../../../src/core/redact';
import { runTask } from '../../../src/core/runner/taskRunner';
import type { TaskProgress } from '../../../src/core/runner/taskRunner';
import { decodeJpeg } from '../../helpers/jpeg';
import { allText, readPdf } from '../../helpers/pdf';
import { SIMPLE_REPORT, startTestService } from './helpers';
import type { TestService } from './helpers';

describe('client ↔ local service: submit, poll, download', function () {
  this.timeout(120_000);
  let t: TestService;
  let outDir: string;

  before(async () => {
    t = await startTestService({ realRenderer: true });
    outDir = await mkdtemp(join(tmpdir(), 'rs-out-'));
  });
  after(async () => {
    await t.stop();
    await rm(outDir, { recursive: true, force: true });
  });

  it('builds a PDF into memory; its text is the report', async () => {
    const progress: TaskProgress[] = [];
    const result = await runTask(t.client, { kind: 'build', report: SIMPLE_REPORT, onProgress: (p) => progress.push(p) });
    assert.equal(result.contentType, 'application/pdf');
    assert.ok(result.bytes);
    const pdf = await readPdf(result.bytes);
    assert.equal(pdf.pageCount, 1);
    const text = allText(pdf);
    for (const needle of ['Integration test', 'KPIs', 'VIEWS', '987', 'USERS', '1.2k', 'Hello world'])
      assert.ok(text.includes(needle), `PDF lacks ${needle}`);
    // Progress: submitted first, every status change once, then downloading and done.
    assert.equal(progress[0].phase, 'submitted');
    assert.deepEqual(
      progress.slice(-2).map((p) => p.phase),
      ['downloading', 'done'],
    );
    const statuses = progress.filter((p) => p.phase === 'status').map((p) => p.status);
    assert.equal(statuses[statuses.length - 1], 'SUCCESS');
    assert.equal(new Set(statuses).size, statuses.length, 'a status is reported once per change');
    assert.ok(result.polls >= 1);
  });

  it('previews a JPEG streamed to disk and decodes it', async () => {
    const path = join(outDir, 'nested', 'preview.jpg');
    const result = await runTask(t.client, { kind: 'preview', report: JSON.stringify(SIMPLE_REPORT), output: { to: 'file', path } });
    assert.equal(result.path, path);
    assert.equal(result.contentType, 'image/jpeg');
    const bytes = await readFile(path);
    assert.equal(bytes.length, result.size);
    const image = decodeJpeg(bytes);
    assert.ok(image.width > 100 && image.height > 100);
    assert.deepEqual((await readdir(join(outDir, 'nested'))).sort(), ['preview.jpg'], 'no temporary file left behind');
  });

  it('sends JSONC as strict JSON: comments and trailing commas are accepted', async () => {
    const jsonc = `{
      // a comment
      "type": "Report", /* another */
      "options": { "report_title": "From JSONC", },
      "components": [ { "type": "Text", "options": { "text": "hi" } }, ],
    }`;
    const result = await runTask(t.client, { kind: 'build', report: jsonc });
    assert.ok(allText(await readPdf(result.bytes!)).includes('From JSONC'));
  });

  it('parses the quota headers of a build and they match get-remaining-quota', async () => {
    const before = await t.client.getRemainingQuota();
    const submitted = await t.client.buildReport(SIMPLE_REPORT);
    assert.equal(submitted.status, 'QUEUED');
    assert.match(submitted.task_id, /^[0-9a-f-]{36}$/);
    assert.equal(submitted.quota?.singlePageRemaining, before.remaining_single_page_reports - 1);
    assert.equal(submitted.quota?.multiPageRemaining, before.remaining_multi_page_reports);
    const after = await t.client.getRemainingQuota();
    assert.equal(after.remaining_single_page_reports, before.remaining_single_page_reports - 1);
    assert.equal(typeof after.subscription_active, 'boolean');
    assert.ok(!Number.isNaN(Date.parse(after.period_end)));
  });

  it('a preview does not count against the quota', async () => {
    const before = await t.client.getRemainingQuota();
    await runTask(t.client, { kind: 'preview', report: SIMPLE_REPORT });
    const after = await t.client.getRemainingQuota();
    assert.equal(after.remaining_single_page_reports, before.remaining_single_page_reports);
  });

  it('the browser URL carries api_key only on request, and it opens the file', async () => {
    const { taskId } = await runTask(t.client, { kind: 'preview', report: SIMPLE_REPORT });
    const plain = t.client.reportUrl(taskId);
    assert.ok(!plain.includes('api_key'));
    const withKey = t.client.reportUrl(taskId, { includeApiKey: true });
    assert.ok(withKey.includes(`api_key=${encodeURIComponent(t.service.apiKeys[0])}`));
    assert.ok(!redact(withKey).includes(t.service.apiKeys[0]));
    const res = await request(withKey);
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'image/jpeg');
    await res.body.dump();
  });

  it('follows a cloud-upload redirect to the bucket without sending the key', async () => {
    const report = { ...SIMPLE_REPORT, config: { cloud_storage: { s3: 'my-bucket/reports' } } };
    const result = await runTask(t.client, { kind: 'build', report });
    assert.equal(result.contentType, 'application/pdf');
    assert.ok(
      t.log.some((l) => /→ 303 → GET http:\/\/127\.0\.0\.1:\d+\/bucket\//.test(l)),
      'the redirect was followed',
    );
  });

  it('the API key never appears in the client log', () => {
    assert.ok(t.log.length > 5);
    for (const line of t.log) assert.ok(!line.includes(t.service.apiKeys[0]), line);
  });
});
