/**
 * Render reuse never hands a task another body's PDF (src/service/renderReuse.ts, issue 19 finding 1):
 * bodies over 64 KiB are validated in the body worker, which detached the request's bytes before
 * they were hashed, so every large body had the key of zero bytes and a Build within 30 s took the
 * previous large report's PDF (and its page count for the quota). Over real HTTP: different large
 * bodies from one key and from two keys, each PDF read back; a render is shared only within one
 * API key; a draft of a large body is still shared with the Preview that follows.
 */
import assert from 'node:assert/strict';
import type { QuotaRecord, TaskKind } from '../../../src/core/api/types';
import type { ReportBody } from '../../../src/core/report/types';
import { BODY_WORKER_THRESHOLD } from '../../../src/service/http/bodyPool';
import { MAX_KEYED_BODY_BYTES } from '../../../src/service/renderReuse';
import { PNG } from 'pngjs';
import { allText, readPdf } from '../../helpers/pdf';
import { countingRenderer, startHarness, type Harness } from './helpers';

const KEY_A = 'reuse-key-alpha-0001';
const KEY_B = 'reuse-key-beta-00002';

/** A report of `pages` pages titled `title`, padded past `size` bytes with a long Text value. */
function padded(title: string, size: number, pages = 1): ReportBody {
  const components: ReportBody['components'] = [{ type: 'Text', options: { text: 'x'.repeat(size) } }];
  for (let i = 1; i < pages; i++) components.push({ type: 'PageBreak' }, { type: 'Text', options: { text: `Page ${i + 1}` } });
  return {
    type: 'Report',
    options: { report_title: title },
    ...(pages > 1 ? { config: { enable_multi_page: true } } : {}),
    components,
  };
}

describe('local service: a reused render is always the task’s own body’s', function () {
  this.timeout(60_000);
  let h: Harness;
  let layouts: string[];

  beforeEach(async () => {
    const c = countingRenderer();
    layouts = c.layouts;
    h = await startHarness({ renderer: c.renderer, keys: [{ key: KEY_A }, { key: KEY_B }] });
  });
  afterEach(() => h.stop());

  /** Submits `body` as `key` and waits for the task; the task id and its file. */
  async function run(body: ReportBody, key: string, kind: TaskKind = 'build'): Promise<{ id: string; file: Uint8Array }> {
    const res = await h.post(kind === 'build' ? '/build-report' : '/preview-report', body, { headers: { 'x-api-key': key } });
    assert.equal(res.status, 200, await res.clone().text());
    const { task_id: id } = (await res.json()) as { task_id: string };
    for (;;) {
      const s = await h.api(`/get-task-status?task_id=${id}&wait=10`, { headers: { 'x-api-key': key } });
      const status = ((await s.json()) as { status: string }).status;
      if (status === 'SUCCESS') break;
      assert.notEqual(status, 'FAILED');
    }
    const file = await h.api(`/get-report?task_id=${id}`, { headers: { 'x-api-key': key } });
    assert.equal(file.status, 200);
    return { id, file: new Uint8Array(await file.arrayBuffer()) };
  }

  const textOf = async (pdf: Uint8Array): Promise<string> => allText(await readPdf(pdf));

  for (const [label, size] of [
    ['over 64 KiB', BODY_WORKER_THRESHOLD + 1024],
    ['over 1 MiB', MAX_KEYED_BODY_BYTES + 1024],
  ] as const) {
    it(`two different bodies ${label} from one key: each PDF shows its own report`, async () => {
      const a = await run(padded('Salary review CONFIDENTIAL (body A)', size), KEY_A);
      const b = await run(padded('Team offsite (body B)', size), KEY_A);
      const [textA, textB] = [await textOf(a.file), await textOf(b.file)];
      assert.match(textA, /Salary review CONFIDENTIAL \(body A\)/);
      assert.match(textB, /Team offsite \(body B\)/);
      assert.doesNotMatch(textB, /body A/, "the second task got the first body's PDF");
      assert.deepEqual(layouts, ['Salary review CONFIDENTIAL (body A)', 'Team offsite (body B)']);
    });
  }

  it('key B never takes key A’s render, of another body or of the same one', async () => {
    const secret = padded('Salary review CONFIDENTIAL (key A)', BODY_WORKER_THRESHOLD + 1024);
    await run(secret, KEY_A);
    const other = await run(padded('Harvest (key B)', BODY_WORKER_THRESHOLD + 1024), KEY_B, 'preview');
    assert.deepEqual(layouts, ['Salary review CONFIDENTIAL (key A)', 'Harvest (key B)'], 'a preview of its own');
    const same = await run(secret, KEY_B);
    assert.match(await textOf(same.file), /key A/, 'the same body, so the same text');
    assert.deepEqual(layouts.length, 3, 'but laid out again for key B: renders are shared within one key only');
    assert.ok(other.file.byteLength > 0);
  });

  it('the quota is charged by the page count of the task’s own report', async () => {
    const quota = async (): Promise<QuotaRecord> =>
      (await h.api('/get-remaining-quota', { headers: { 'x-api-key': KEY_A } })).json() as Promise<QuotaRecord>;
    const before = await quota();
    await run(padded('Three pages', BODY_WORKER_THRESHOLD + 1024, 3), KEY_A);
    const single = await run(padded('One page', BODY_WORKER_THRESHOLD + 1024, 1), KEY_A);
    assert.equal((await readPdf(single.file)).pageCount, 1);
    const after = await quota();
    assert.equal(before.remaining_multi_page_reports - after.remaining_multi_page_reports, 1, 'one multi-page build');
    assert.equal(before.remaining_single_page_reports - after.remaining_single_page_reports, 1, 'one single-page build');
  });

  it('a draft of a body over 64 KiB is still shared with the Preview of that body that follows', async () => {
    const body = padded('Drafted large', BODY_WORKER_THRESHOLD + 1024);
    const draft = await h.service.renderDraft(JSON.stringify(body));
    assert.ok(draft.ok);
    await run(body, KEY_A, 'preview');
    assert.deepEqual(layouts, ['Drafted large'], 'laid out once: the draft uses the first key’s scope');
  });
});

/** An opaque PNG of seeded noise (it does not compress): `side` × `side` pixels, about 3·side² bytes. */
function noisePng(side: number, seed = 19): Buffer {
  const img = new PNG({ width: side, height: side });
  let x = seed;
  for (let i = 0; i < img.data.length; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    img.data[i] = (i & 3) === 3 ? 255 : x >>> 24;
  }
  return PNG.sync.write(img, { colorType: 2 });
}

describe('local service: a corrected report with a base64 logo is built anew (real renderer)', function () {
  this.timeout(120_000);
  let h: Harness;

  before(async () => {
    h = await startHarness({ renderer: undefined });
  });
  after(() => h.stop());

  it('the second Build, one word changed, shows the correction', async () => {
    const logo = noisePng(200).toString('base64');
    assert.ok(logo.length > BODY_WORKER_THRESHOLD, 'a body the body worker validates');
    const build = async (text: string): Promise<string> => {
      const body = {
        type: 'Report',
        options: { report_title: 'Quarterly results' },
        components: [
          { type: 'Image', options: { base64: logo, base64_extension: 'png' } },
          { type: 'Text', options: { text } },
        ],
      };
      const res = await h.post('/build-report', body);
      assert.equal(res.status, 200, await res.clone().text());
      const { task_id: id } = (await res.json()) as { task_id: string };
      assert.equal((await h.waitFor(id)).status, 'SUCCESS');
      return allText(await readPdf(new Uint8Array(await (await h.api(`/get-report?task_id=${id}`)).arrayBuffer())));
    };
    assert.match(await build('Revenue grew by 12 percent'), /Revenue grew by 12 percent/);
    assert.match(await build('Revenue grew by 21 percent'), /Revenue grew by 21 percent/, 'the corrected text, not the first PDF');
  });
});
