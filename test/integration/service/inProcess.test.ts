/**
 * The service's two adapters answer alike: the same requests sent to the Node HTTP service and,
 * in-process, to the service the browser hosts (src/web/localService.ts, run here on Node with
 * the same renderer) get the same statuses, API headers and bodies — task ids aside.
 */
import { strict as assert } from 'node:assert';
import { startLocalService as startBrowserService } from '../../../src/web/localService';
import { inProcessHandler } from '../../../src/web/client/inProcessOrigins';
import type { LocalService, LocalServiceOptions } from '../../../src/service/service';
import { createMinimalRenderer } from '../../../src/render/minimalRenderer';
import { startHarness, type Harness } from './helpers';

const KEY = 'rs_test_in_process_key';
/**
 * The headers of the API (a client reads them); the transport's own (date, keep-alive) differ by
 * design. content-length is checked against the body on each side (the bodies are compared with
 * task ids replaced).
 */
const API_HEADERS = [
  'content-type',
  'content-disposition',
  'cache-control',
  'location',
  'allow',
  'retry-after',
  'x-single-page-reports-remaining',
  'x-multi-page-reports-remaining',
];

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

type Send = (method: string, path: string, init?: { headers?: Record<string, string>; body?: string }) => Promise<Answer>;

const OPTIONS: Partial<LocalServiceOptions> = {
  keys: [{ key: KEY, quotaSingle: 1 }],
  bodyLimit: 4096,
  renderDelayMs: 400,
  rateLimit: 0,
  now: () => Date.UTC(2026, 10, 27, 12),
};

function answer(status: number, headers: Record<string, string>, bytes: Uint8Array, taskIds: string[]): Answer {
  assert.equal(headers['content-length'], String(bytes.length), 'content-length is the body’s');
  const kept: Record<string, string> = {};
  for (const name of API_HEADERS) if (headers[name] !== undefined) kept[name] = headers[name];
  const isPdf = Buffer.from(bytes.subarray(0, 4)).toString('latin1') === '%PDF';
  let body = isPdf ? `%PDF (${bytes.length} bytes)` : Buffer.from(bytes).toString('utf8');
  for (const id of taskIds) body = body.replaceAll(id, '<task>').replaceAll(id.slice(0, 8), '<task8>');
  // Queued or already rendering: the moment the second request lands differs by a few ms.
  body = body.replace(/ is (QUEUED|RUNNING);/, ' is <unfinished>;');
  if (kept['content-disposition'])
    kept['content-disposition'] = kept['content-disposition'].replace(taskIds.at(-1)?.slice(0, 8) ?? '-', '<task8>');
  return { status, headers: kept, body };
}

/** The walk: every kind of answer the API gives, in one order. */
async function walk(send: Send, ids: string[]): Promise<Answer[]> {
  const json = { 'content-type': 'application/json' };
  const report = JSON.stringify({
    type: 'Report',
    options: { report_title: 'Same on both' },
    components: [{ type: 'Text', options: { text: 'hello' } }],
  });
  const out: Answer[] = [];
  out.push(await send('GET', '/api/v1/get-remaining-quota', { headers: { 'x-api-key': '' } }));
  out.push(await send('GET', '/api/v1/get-remaining-quota', { headers: { 'x-api-key': 'not-a-valid-key' } }));
  out.push(await send('GET', '/api/v1/no-such-route'));
  out.push(await send('GET', '/api/v1/build-report'));
  out.push(await send('GET', '/api/v1/get-remaining-quota/'));
  out.push(await send('POST', '/api/v1/build-report', { headers: json, body: `{"type":"Report","padding":"${'x'.repeat(5000)}"}` }));
  out.push(
    await send('POST', '/api/v1/build-report', { headers: json, body: '{"type":"Report","options":{"report_title":5},"components":[{}]}' }),
  );
  out.push(await send('POST', '/api/v1/build-report', { headers: json, body: '{"type":"Report", oops' }));
  const built = await send('POST', '/api/v1/build-report', { headers: json, body: report });
  const id = (JSON.parse(built.body) as { task_id: string }).task_id;
  ids.push(id);
  out.push({ ...built, body: built.body.replace(id, '<task>') });
  out.push(await send('GET', `/api/v1/get-report?task_id=${id}`));
  const status = await send('GET', `/api/v1/get-task-status?task_id=${id}&wait=10`);
  const final = JSON.parse(status.body) as { status: string; waited_ms?: number };
  if (final.status !== 'SUCCESS') {
    // Held until RUNNING → SUCCESS: one more long-poll.
    status.body = (await send('GET', `/api/v1/get-task-status?task_id=${id}&wait=10`)).body;
  }
  const { waited_ms: _waited, ...rest } = JSON.parse(status.body) as { waited_ms?: number };
  out.push({ ...status, headers: {}, body: JSON.stringify(rest) });
  out.push(await send('GET', `/api/v1/get-report?task_id=${id}`));
  out.push(await send('GET', `/api/v1/get-report?task_id=00000000-0000-0000-0000-000000000000`));
  out.push(await send('GET', '/api/v1/get-report'));
  out.push(await send('POST', '/api/v1/build-report', { headers: json, body: report }));
  out.push(
    await send('POST', '/api/v1/preview-report', { headers: json, body: report }).then((a) => ({
      ...a,
      body: a.body.replace(/"task_id":"[^"]+"/, '"task_id":"<new>"'),
    })),
  );
  out.push(await send('GET', '/api/v1/get-remaining-quota'));
  out.push(await send('GET', `/api/v1/get-task-status?task_id=${id}&wait=x`));
  return out;
}

describe('local service: the in-process adapter answers as the HTTP server does', function () {
  this.timeout(60_000);
  let http: Harness;
  let browser: LocalService;

  before(async () => {
    [http, browser] = await Promise.all([
      startHarness(OPTIONS),
      startBrowserService({
        ...OPTIONS,
        dataDir: 'unused',
        renderer: createMinimalRenderer(),
        assets: () => Promise.reject(new Error('the renderer is given')),
      }),
    ]);
  });

  after(async () => {
    await Promise.all([http?.stop(), browser?.stop()]);
  });

  it('the same statuses, API headers and bodies: 401, 404, 405, 307, 413, 422, 200 with quota, 409, SUCCESS, the PDF, 429, quota', async () => {
    const overHttp: Send = async (method, path, init = {}) => {
      const res = await fetch(http.service.url + path, {
        method,
        headers: { 'x-api-key': KEY, ...init.headers },
        body: init.body,
        redirect: 'manual',
      });
      const headers: Record<string, string> = {};
      res.headers.forEach((value, name) => (headers[name] = value));
      return answer(res.status, headers, new Uint8Array(await res.arrayBuffer()), httpIds);
    };
    const handler = inProcessHandler(browser.url);
    assert.ok(handler, 'the browser service answers its origin in-process');
    const inProcess: Send = async (method, path, init = {}) => {
      const body = init.body === undefined ? undefined : new TextEncoder().encode(init.body);
      const res = await handler({ method, url: browser.url + path, headers: { 'x-api-key': KEY, ...init.headers }, body });
      return answer(res.status, res.headers, res.body, localIds);
    };
    const httpIds: string[] = [];
    const localIds: string[] = [];
    const [a, b] = await Promise.all([walk(overHttp, httpIds), walk(inProcess, localIds)]);
    assert.deepEqual(
      b.map((x) => x.status),
      a.map((x) => x.status),
    );
    assert.deepEqual(b, a);
    assert.deepEqual(
      a.map((x) => x.status),
      [401, 401, 404, 405, 307, 413, 422, 422, 200, 409, 200, 200, 404, 422, 429, 200, 200, 422],
    );
    assert.equal(a[8].headers['x-single-page-reports-remaining'], '0', 'the submit carries the quota headers');
    assert.match(a[11].body, /^%PDF/);
  });
});
