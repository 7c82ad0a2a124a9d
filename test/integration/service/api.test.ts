/** Every endpoint's success path and its error paths, over real HTTP. */
import assert from 'node:assert/strict';
import { API_BASE_PATH, API_PATHS, MANAGED_CLOUD_ASYNC_BASE_PATH } from '../../../src/core/api/types';
import { API_ROUTES } from '../../../src/service/http/routeTable';
import { readPdf } from '../../helpers/pdf';
import { decodeJpeg, isJpeg } from '../../helpers/jpeg';
import { report, reportWithPages, startHarness, submit, type Harness } from './helpers';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('local service: endpoints', function () {
  let h: Harness;
  before(async () => (h = await startHarness()));
  after(async () => h.stop());

  it('build-report → QUEUED with a UUID v4, then SUCCESS and a real PDF with the right headers', async () => {
    const { res, taskId } = await submit(h, reportWithPages(2));
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type')!, /^application\/json/);
    const body = await res.json();
    assert.deepEqual(Object.keys(body).sort(), ['status', 'task_id']);
    assert.equal(body.status, 'QUEUED');
    assert.match(taskId, UUID_V4);
    assert.equal(await h.waitFor(taskId).then((s) => s.status), 'SUCCESS');
    const file = await h.api(`/get-report?task_id=${taskId}`);
    assert.equal(file.status, 200);
    assert.equal(file.headers.get('content-type'), 'application/pdf');
    const bytes = new Uint8Array(await file.arrayBuffer());
    assert.equal(Number(file.headers.get('content-length')), bytes.length);
    assert.equal(file.headers.get('content-disposition'), `inline; filename="Report-of-2-pages-${taskId.slice(0, 8)}.pdf"`);
    const pdf = await readPdf(bytes);
    assert.equal(pdf.pageCount, 2);
    assert.match(pdf.pages[1], /Page 2/);
  });

  it('preview-report → a JPEG that decodes, and get-task-status shows error_message null', async () => {
    const { res, taskId } = await submit(h, report('Preview me'), 'preview');
    assert.equal(res.status, 200);
    assert.deepEqual(await h.waitFor(taskId), { status: 'SUCCESS', error_message: null });
    const file = await h.api(`/get-report?task_id=${taskId}`);
    assert.equal(file.status, 200);
    assert.equal(file.headers.get('content-type'), 'image/jpeg');
    const bytes = new Uint8Array(await file.arrayBuffer());
    assert.equal(Number(file.headers.get('content-length')), bytes.length);
    assert.match(file.headers.get('content-disposition')!, /^inline; filename="Preview-me-[0-9a-f]{8}\.jpg"$/);
    assert.ok(isJpeg(bytes));
    const img = decodeJpeg(bytes);
    assert.ok(img.width > 100 && img.height > img.width);
  });

  it('get-remaining-quota returns all 11 fields with ISO 8601 UTC dates', async () => {
    const res = await h.api('/get-remaining-quota');
    assert.equal(res.status, 200);
    const q = await res.json();
    assert.deepEqual(Object.keys(q).sort(), [
      'error',
      'max_ai_json_completions',
      'max_multi_page_reports',
      'max_pages_per_report',
      'max_single_page_reports',
      'period_end',
      'period_start',
      'remaining_ai_json_completions',
      'remaining_multi_page_reports',
      'remaining_single_page_reports',
      'subscription_active',
    ]);
    for (const k of [
      'remaining_single_page_reports',
      'remaining_multi_page_reports',
      'max_single_page_reports',
      'max_multi_page_reports',
      'max_pages_per_report',
      'max_ai_json_completions',
      'remaining_ai_json_completions',
    ]) {
      assert.ok(Number.isInteger(q[k]), k);
    }
    assert.match(q.period_start, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    assert.match(q.period_end, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    assert.equal(Date.parse(q.period_end) - Date.parse(q.period_start), 30 * 86_400_000);
    assert.equal(q.error, null);
    assert.equal(q.subscription_active, true);
  });

  it('the API key works in the X-API-KEY header and in the api_key query, equivalently', async () => {
    const viaHeader = await h.api('/get-remaining-quota');
    const viaQuery = await fetch(`${h.service.baseUrl}/get-remaining-quota?api_key=${encodeURIComponent(h.key)}`);
    assert.equal(viaQuery.status, 200);
    assert.deepEqual(await viaQuery.json(), await viaHeader.json());
    const { taskId } = await submit(h, report());
    await h.waitFor(taskId);
    // Browser style: the file opened with the key in the query.
    const file = await fetch(`${h.service.baseUrl}/get-report?task_id=${taskId}&api_key=${encodeURIComponent(h.key)}`);
    assert.equal(file.status, 200);
    assert.equal(file.headers.get('content-type'), 'application/pdf');
    assert.ok(!h.logs.join('\n').includes(h.key), 'the key never appears in the request log');
    assert.ok(h.logs.some((l) => l.includes('api_key=***')));
  });

  it('missing or unknown key → 401 with a detail', async () => {
    for (const path of ['/build-report', '/preview-report']) {
      const r = await h.api(path, { method: 'POST', body: '{}', noKey: true });
      assert.equal(r.status, 401);
      assert.deepEqual(await r.json(), { detail: 'Missing API key: send it in the X-API-KEY header or the api_key query parameter' });
    }
    const bad = await h.api('/get-remaining-quota', { headers: { 'x-api-key': 'not-the-key-123' } });
    assert.equal(bad.status, 401);
    assert.deepEqual(await bad.json(), { detail: 'Invalid API key' });
    const badQuery = await fetch(`${h.service.baseUrl}/get-task-status?task_id=x&api_key=wrong-key-456`);
    assert.equal(badQuery.status, 401);
  });

  it('unknown task_id → 404 on get-task-status and get-report; missing task_id → 422 like FastAPI', async () => {
    for (const path of ['/get-task-status', '/get-report']) {
      const r = await h.api(`${path}?task_id=00000000-0000-4000-8000-000000000000`);
      assert.equal(r.status, 404);
      assert.deepEqual(await r.json(), {
        detail: "Task not found: no task with task_id '00000000-0000-4000-8000-000000000000' for this API key",
      });
      const m = await h.api(path);
      assert.equal(m.status, 422);
      assert.deepEqual(await m.json(), { detail: [{ type: 'missing', loc: ['query', 'task_id'], msg: 'Field required', input: null }] });
    }
  });

  it('unknown path → 404, wrong method → 405, trailing slash → 307, like FastAPI', async () => {
    const nf = await h.api('/nope');
    assert.equal(nf.status, 404);
    assert.deepEqual(await nf.json(), { detail: 'Not Found' });
    const m = await h.api('/build-report');
    assert.equal(m.status, 405);
    assert.equal(m.headers.get('allow'), 'POST');
    assert.deepEqual(await m.json(), { detail: 'Method Not Allowed' });
    const slash = await h.api('/get-remaining-quota/', { redirect: 'manual' });
    assert.equal(slash.status, 307);
    assert.equal(slash.headers.get('location'), '/api/v1/get-remaining-quota');
  });

  it('every API path constant is served under /api/v1 and the Managed Cloud base, with its method (routeTable.ts)', async () => {
    for (const base of [API_BASE_PATH, MANAGED_CLOUD_ASYNC_BASE_PATH]) {
      for (const name of Object.keys(API_PATHS) as Array<keyof typeof API_PATHS>) {
        const url = `${h.service.url}${base}${API_PATHS[name]}`;
        const method = API_ROUTES[name].method;
        const right = await fetch(url, { method, body: method === 'POST' ? '{}' : undefined });
        assert.equal(right.status, 401, `${method} ${base}${API_PATHS[name]} without a key`);
        await right.arrayBuffer();
        const wrong = await fetch(url, { method: method === 'GET' ? 'POST' : 'GET' });
        assert.equal(wrong.status, 405, `${base}${API_PATHS[name]} with the other method`);
        await wrong.arrayBuffer();
      }
    }
  });

  it('GET /openapi.json describes every endpoint, parameter, header and error body', async () => {
    const r = await fetch(`${h.service.url}/openapi.json`);
    assert.equal(r.status, 200);
    const doc = await r.json();
    assert.equal(doc.openapi, '3.1.0');
    assert.deepEqual(
      Object.keys(doc.paths).sort(),
      Object.values(API_PATHS)
        .map((p) => API_BASE_PATH + p)
        .sort(),
    );
    const build = doc.paths['/api/v1/build-report'].post;
    assert.deepEqual(Object.keys(build.responses).sort(), [
      '200',
      '400',
      '401',
      '402',
      '408',
      '413',
      '417',
      '422',
      '429',
      '431',
      '503',
      '507',
    ]);
    assert.match(build.responses['400'].description, /not UTF-8/);
    assert.ok(doc.paths['/api/v1/preview-report'].post.responses['429'], 'the queue cap answers previews 429 too');
    assert.ok(doc.components.schemas.TaskStatusResponse.properties.notes, 'render notes are described');
    assert.ok(build.responses['200'].headers['X-SINGLE-PAGE-REPORTS-REMAINING']);
    assert.deepEqual(Object.keys(doc.paths['/api/v1/get-report'].get.responses).sort(), [
      '200',
      '303',
      '400',
      '401',
      '404',
      '408',
      '409',
      '410',
      '417',
      '422',
      '431',
      '503',
    ]);
    assert.equal(doc.paths['/api/v1/get-task-status'].get.parameters[0].name, 'task_id');
    assert.deepEqual(doc.components.securitySchemes.APIKeyHeader, { type: 'apiKey', in: 'header', name: 'X-API-KEY' });
    assert.deepEqual(doc.components.securitySchemes.APIKeyQuery, { type: 'apiKey', in: 'query', name: 'api_key' });
    // Every $ref resolves inside the document.
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    for (const ref of new Set(refs)) {
      const name = ref.slice(8, -1).replace('#/components/schemas/', '');
      assert.ok(doc.components.schemas[name], `unresolved ${ref}`);
    }
  });
});

describe('local service: get-report before SUCCESS and after FAILED', function () {
  it('QUEUED/RUNNING → 409 "not ready"; FAILED → 409 with the error_message', async () => {
    const slow = await startHarness({ renderDelayMs: 60_000 });
    try {
      const { taskId } = await submit(slow, report());
      const r = await slow.api(`/get-report?task_id=${taskId}`);
      assert.equal(r.status, 409);
      const { detail } = await r.json();
      assert.match(detail, new RegExp(`^Report not ready: task ${taskId} is (QUEUED|RUNNING); poll get-task-status until it is SUCCESS$`));
    } finally {
      await slow.stop();
    }
    const failing = await startHarness({ failRate: 1 });
    try {
      const { taskId } = await submit(failing, report());
      const s = await failing.waitFor(taskId);
      assert.deepEqual(s, { status: 'FAILED', error_message: 'Injected failure: the local service runs with fail-rate 1' });
      const r = await failing.api(`/get-report?task_id=${taskId}`);
      assert.equal(r.status, 409);
      assert.deepEqual(await r.json(), {
        detail: `Task ${taskId} FAILED, so there is no report: Injected failure: the local service runs with fail-rate 1`,
      });
    } finally {
      await failing.stop();
    }
  });

  it('a renderer error ends FAILED with the renderer message', async () => {
    const h = await startHarness({
      renderer: {
        renderPdf: async () => {
          throw new Error('components[0] (Image): image could not be loaded');
        },
        renderPreviewJpeg: async () => new Uint8Array(),
        dispose: async () => undefined,
      },
    });
    try {
      const { taskId } = await submit(h, report());
      assert.deepEqual(await h.waitFor(taskId), {
        status: 'FAILED',
        error_message: 'Rendering failed: components[0] (Image): image could not be loaded',
      });
    } finally {
      await h.stop();
    }
  });

  it('a render over the time limit ends FAILED and frees its slot', async () => {
    const h = await startHarness({
      renderTimeoutMs: 200,
      concurrency: 1,
      renderer: {
        renderPdf: () => new Promise(() => undefined),
        renderPreviewJpeg: async () => new Uint8Array(),
        dispose: async () => undefined,
      },
    });
    try {
      const a = await submit(h, report());
      const b = await submit(h, report());
      assert.deepEqual(await h.waitFor(a.taskId), {
        status: 'FAILED',
        error_message: 'Rendering took longer than the 0.2 s time limit of the local service',
      });
      assert.equal((await h.waitFor(b.taskId)).status, 'FAILED');
    } finally {
      await h.stop();
    }
  });
});

describe('local service: the default renderer (worker threads)', function () {
  this.timeout(60_000);
  let h: Harness;
  before(async () => (h = await startHarness({ renderer: undefined })));
  after(async () => h.stop());

  it('builds a real PDF and previews a real JPEG off the main thread', async () => {
    const body = report('Worker Rendered', [
      {
        type: 'Section',
        options: { section_title: 'KPIs', columns: 2 },
        components: [
          { type: 'Card', options: { title: 'Views', value: 987 } },
          { type: 'Card', options: { title: 'Sales', value: '£1.2k' } },
        ],
      },
    ]);
    const build = await submit(h, body);
    const preview = await submit(h, body, 'preview');
    assert.equal((await h.waitFor(build.taskId)).status, 'SUCCESS');
    assert.equal((await h.waitFor(preview.taskId)).status, 'SUCCESS');
    const pdf = await readPdf(new Uint8Array(await (await h.api(`/get-report?task_id=${build.taskId}`)).arrayBuffer()));
    assert.equal(pdf.pageCount, 1);
    assert.match(pdf.pages[0], /Worker Rendered/);
    assert.match(pdf.pages[0], /KPIs/);
    const jpeg = new Uint8Array(await (await h.api(`/get-report?task_id=${preview.taskId}`)).arrayBuffer());
    const img = decodeJpeg(jpeg);
    assert.ok(img.width > 200 && img.height > img.width, `${img.width}x${img.height}`);
  });

  it('HEAD on get-report gives the headers without the body', async () => {
    const { taskId } = await submit(h, report('Head'));
    await h.waitFor(taskId);
    const get = await h.api(`/get-report?task_id=${taskId}`);
    const size = (await get.arrayBuffer()).byteLength;
    const head = await h.api(`/get-report?task_id=${taskId}`, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.headers.get('content-type'), 'application/pdf');
    assert.equal(Number(head.headers.get('content-length')), size);
    assert.equal((await head.arrayBuffer()).byteLength, 0);
  });
});
