/** Rate limit, fault injection and the request log. */
import assert from 'node:assert/strict';
import { report, startHarness, submit } from './helpers';

describe('local service: limits and faults', function () {
  it('per-key rate limit → 503 with Retry-After and a detail; other keys are not affected', async () => {
    let now = 1_000_000;
    const h = await startHarness({ rateLimit: 5, now: () => now, keys: [{ key: 'key-one-00001' }, { key: 'key-two-00002' }] });
    try {
      const get = (key: string): Promise<Response> => h.api('/get-remaining-quota', { headers: { 'x-api-key': key } });
      for (let i = 0; i < 10; i++) assert.equal((await get('key-one-00001')).status, 200, `burst request ${i}`);
      const limited = await get('key-one-00001');
      assert.equal(limited.status, 503);
      assert.equal(limited.headers.get('retry-after'), '1');
      assert.deepEqual(await limited.json(), { detail: 'Rate limit exceeded: at most 5 requests per second per API key; retry after 1 s' });
      assert.equal((await get('key-two-00002')).status, 200);
      now += 1000; // five tokens back
      for (let i = 0; i < 5; i++) assert.equal((await get('key-one-00001')).status, 200);
      assert.equal((await get('key-one-00001')).status, 503);
    } finally {
      await h.stop();
    }
  });

  it('--error-rate answers 503 with Retry-After; a failed submit reserves nothing', async () => {
    const h = await startHarness({ errorRate: 1 });
    try {
      const r = await h.post('/build-report', report());
      assert.equal(r.status, 503);
      assert.equal(r.headers.get('retry-after'), '1');
      assert.deepEqual(await r.json(), { detail: 'Service unavailable (injected fault: the local service runs with error-rate 1)' });
    } finally {
      await h.stop();
    }
    // A deterministic random source: every other request fails.
    let n = 0;
    const half = await startHarness({ errorRate: 0.5, random: () => (n++ % 2 === 0 ? 0.9 : 0.1) });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await half.api('/get-remaining-quota')).status);
      assert.deepEqual(statuses, [200, 503, 200, 503]);
    } finally {
      await half.stop();
    }
  });

  it('--latency delays responses but the service still answers correctly; --fail-rate with a fixed random source', async () => {
    let n = 0;
    const h = await startHarness({ latencyMs: 50, failRate: 0.5, random: () => (n++ % 2 === 0 ? 0.2 : 0.8) });
    try {
      const a = await submit(h, report());
      const b = await submit(h, report());
      assert.equal(a.res.status, 200);
      const results = [await h.waitFor(a.taskId), await h.waitFor(b.taskId)].map((s) => s.status).sort();
      assert.deepEqual(results, ['FAILED', 'SUCCESS']);
    } finally {
      await h.stop();
    }
  });

  it('logs one line per request: method, path, status, ms and a key id, never the key', async () => {
    const h = await startHarness();
    try {
      await h.api('/get-remaining-quota');
      await fetch(`${h.service.baseUrl}/get-task-status?task_id=abc&api_key=${h.key}`);
      await h.api('/get-remaining-quota', { noKey: true });
      const lines = h.logs.filter((l) => / (GET|POST) /.test(l));
      assert.equal(lines.length, 3);
      assert.match(lines[0], /^\d{4}-\d\d-\d\dT[\d:.]+Z GET \/api\/v1\/get-remaining-quota 200 \d+\.\dms key#[0-9a-f]{12}$/);
      assert.match(lines[1], /^\S+ GET \/api\/v1\/get-task-status\?task_id=abc&api_key=\*\*\* 404 \d+\.\dms key#[0-9a-f]{12}$/);
      assert.match(lines[2], / 401 \d+\.\dms key=-$/);
      assert.ok(!h.logs.join('\n').includes(h.key));
    } finally {
      await h.stop();
    }
  });
});
