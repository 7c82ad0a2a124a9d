/** Cloud storage (a local folder standing for the bucket) and webhooks against a loopback receiver. */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { DEFAULTS } from '../../../src/service/options';
import { authorizationValue, retryDelayMs } from '../../../src/service/delivery/webhooks';
import { waitFor } from '../../helpers/waitFor';
import { report, startHarness, submit, tempDir, type Harness } from './helpers';

interface Received {
  headers: IncomingMessage['headers'];
  body: unknown;
  /** The body exactly as sent. */
  text: string;
  path: string;
}

async function receiver(statuses: number[]): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(text), text, path: req.url ?? '' });
      res.writeHead(statuses[received.length - 1] ?? 200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

describe('local service: cloud storage', function () {
  it('a build with config.cloud_storage is written to the bucket folder, not kept; get-report → 303 to its URL', async () => {
    const bucket = tempDir('rs-bucket-');
    const h = await startHarness({ bucketDir: bucket });
    try {
      const { taskId } = await submit(
        h,
        report('Cloud', undefined, {
          cloud_storage: { s3: 's3://acme-reports/monthly', azure_blob_storage: null, google_cloud_storage: 'gs-bucket' },
        }),
      );
      assert.equal((await h.waitFor(taskId)).status, 'SUCCESS');
      const s3Path = join(bucket, 's3', 'acme-reports', 'monthly', `${taskId}.pdf`);
      assert.ok(existsSync(s3Path));
      assert.ok(existsSync(join(bucket, 'google_cloud_storage', 'gs-bucket', `${taskId}.pdf`)));
      assert.ok(!existsSync(join(bucket, 'azure_blob_storage')), 'null providers are not used');
      assert.ok(!existsSync(join(h.dataDir, 'files', `${taskId}.pdf`)), 'not kept as a task file');
      assert.equal(readFileSync(s3Path).subarray(0, 5).toString(), '%PDF-');

      const res = await h.api(`/get-report?task_id=${taskId}`, { redirect: 'manual' });
      assert.equal(res.status, 303);
      const url = `${h.service.url}/bucket/s3/acme-reports/monthly/${taskId}.pdf`;
      assert.equal(res.headers.get('location'), url);
      assert.deepEqual(await res.json(), {
        detail: 'The report was uploaded to cloud storage (s3) and is not kept by the service',
        url,
        path: s3Path,
      });
      // A client that follows redirects gets the PDF.
      const followed = await h.api(`/get-report?task_id=${taskId}`);
      assert.equal(followed.status, 200);
      assert.equal(followed.headers.get('content-type'), 'application/pdf');
      assert.deepEqual(new Uint8Array(await followed.arrayBuffer()), new Uint8Array(readFileSync(s3Path)));
      // The bucket URL cannot escape the bucket folder.
      assert.equal((await fetch(`${h.service.url}/bucket/s3/..%2F..%2Fdev-key.json`)).status, 404);
      assert.equal((await (await h.api('/get-remaining-quota')).json()).remaining_single_page_reports, 99);
    } finally {
      await h.stop();
      rmSync(bucket, { recursive: true, force: true });
    }
  });
});

const reportUrl = (h: Harness, taskId: string): string => `${h.service.baseUrl}/get-report?task_id=${taskId}`;

describe('local service: webhooks', function () {
  it('POSTs {"event","task_id","url"} with "Authorization: Bearer <auth_header>"; 5xx retried with backoff', async () => {
    const rx = await receiver([500, 503, 200]);
    const h = await startHarness({ webhookRetryBaseMs: 5 });
    try {
      const { taskId } = await submit(
        h,
        report('Hooked', undefined, { webhooks: [{ url: `${rx.url}/done?x=1`, auth_header: 's3cret-token' }] }),
      );
      await h.waitFor(taskId);
      await waitFor('three deliveries', () => rx.received.length >= 3);
      const expected = JSON.stringify({ event: 'report.completed', task_id: taskId, url: reportUrl(h, taskId) });
      for (const r of rx.received) {
        assert.equal(r.text, expected, 'the documented body, byte for byte');
        assert.equal(r.headers.authorization, 'Bearer s3cret-token');
        assert.equal(r.headers['content-type'], 'application/json');
        assert.equal(r.path, '/done?x=1');
      }
      // The "delivered" line ends the delivery: a further attempt would have come before it.
      await waitFor('the delivered line', () => h.logs.some((l) => l.includes(`webhook for task ${taskId} (report.completed) delivered`)));
      assert.equal(rx.received.length, 3, 'no delivery after the success');
      assert.ok(h.logs.some((l) => l.includes(`webhook for task ${taskId} (report.completed) delivered`) && l.includes('(attempt 3)')));
      assert.ok(!h.logs.join('\n').includes('s3cret-token'), 'the auth header is never logged');
      // The url is the task's get-report URL: with the key, it serves the PDF.
      const pdf = await h.api(`/get-report?task_id=${taskId}`);
      assert.equal(pdf.status, 200);
      assert.equal(pdf.headers.get('content-type'), 'application/pdf');
    } finally {
      await h.stop();
      rx.server.close();
    }
  });

  it('an auth_header that already starts with "Bearer " is not doubled; no auth_header → no Authorization', () => {
    assert.equal(authorizationValue('abc'), 'Bearer abc');
    assert.equal(authorizationValue('Bearer abc'), 'Bearer abc');
    assert.equal(authorizationValue('bearer abc'), 'bearer abc');
    assert.equal(authorizationValue('Bearerabc'), 'Bearer Bearerabc');
  });

  it('retries as documented by default: 8 retries, 30 s multiplier (30 s, 1 min, … 64 min)', () => {
    assert.equal(DEFAULTS.webhookAttempts, 9, 'first try + 8 retries');
    const delays = [1, 2, 3, 4, 5, 6, 7, 8].map((retry) => retryDelayMs(DEFAULTS.webhookRetryBaseMs, retry) / 1000);
    assert.deepEqual(delays, [30, 60, 120, 240, 480, 960, 1920, 3840]);
  });

  it('a FAILED task sends report.failed; a 4xx is final; non-loopback hosts are skipped unless allowed', async () => {
    const rx = await receiver([404]);
    const h = await startHarness({ failRate: 1, webhookRetryBaseMs: 10 });
    try {
      const { taskId } = await submit(
        h,
        report('Hooked', undefined, {
          webhooks: [{ url: `${rx.url}/hook`, auth_header: null }, { url: 'http://10.20.30.40/hook' }],
        }),
      );
      await h.waitFor(taskId);
      await waitFor('one delivery', () => rx.received.length >= 1);
      // The "not retried" line ends that delivery: a retry would have come before it.
      await waitFor('the not-retried line', () => h.logs.some((l) => l.includes('refused with HTTP 404; not retried')));
      assert.equal(rx.received.length, 1);
      assert.equal(rx.received[0].text, JSON.stringify({ event: 'report.failed', task_id: taskId, url: reportUrl(h, taskId) }));
      assert.equal(rx.received[0].headers.authorization, undefined);
      assert.ok(
        h.logs.some(
          (l) =>
            l === `webhook for task ${taskId} skipped: host 10.20.30.40 is not loopback (allow it with --webhook-allow-host 10.20.30.40)`,
        ),
      );
      assert.ok(h.logs.some((l) => l.includes('refused with HTTP 404; not retried')));
    } finally {
      await h.stop();
      rx.server.close();
    }
  });

  it('URL userinfo becomes Basic auth and, like the auth header, never reaches the log', async () => {
    const rx = await receiver([503, 503, 503]);
    const h = await startHarness({ webhookRetryBaseMs: 5, webhookAttempts: 3, renderDelayMs: 0 });
    try {
      const withUser = rx.url.replace('http://', 'http://hook-user:pa%73s-w0rd@');
      const { taskId } = await submit(
        h,
        report('Hooked', undefined, {
          webhooks: [{ url: `${withUser}/basic` }, { url: `${rx.url}/forged`, auth_header: 'tok-x\r\nX-Forged: 1' }],
        }),
      );
      await h.waitFor(taskId);
      await waitFor('giving up', () =>
        h.logs.some((l) => l.includes(`webhook for task ${taskId} to ${rx.url} failed after 3 attempts: HTTP 503`)),
      );
      assert.equal(rx.received.length, 3, 'only the first webhook was called (three times)');
      for (const r of rx.received) {
        assert.equal(r.path, '/basic');
        assert.equal(r.headers.authorization, `Basic ${Buffer.from('hook-user:pass-w0rd').toString('base64')}`);
        assert.equal(r.headers['x-forged'], undefined);
      }
      assert.ok(
        h.logs.some((l) => l === `webhook for task ${taskId} skipped: auth_header cannot be sent: it contains a line break or NUL`),
      );
      const log = h.logs.join('\n');
      for (const secret of ['hook-user', 'pa%73s', 'pass-w0rd', 'tok-x', 'X-Forged'])
        assert.ok(!log.includes(secret), `the log shows ${secret}:\n${log}`);
    } finally {
      await h.stop();
      rx.server.close();
    }
  });

  it('gives up after the configured attempts when the receiver is down; the error is named by its class', async () => {
    const rx = await receiver([]);
    const url = rx.url;
    await new Promise((r) => rx.server.close(r));
    const h = await startHarness({ webhookRetryBaseMs: 5, webhookAttempts: 3 });
    try {
      const { taskId } = await submit(
        h,
        report('Hooked', undefined, { webhooks: [{ url: `${url}/hook`, auth_header: 'Bearer down-secret' }] }),
      );
      await h.waitFor(taskId);
      const line = (): string | undefined =>
        h.logs.find((l) => l.startsWith(`webhook for task ${taskId} to ${url} failed after 3 attempts`));
      await waitFor('giving up', () => line() !== undefined);
      assert.equal(line(), `webhook for task ${taskId} to ${url} failed after 3 attempts: network error ECONNREFUSED`);
    } finally {
      await h.stop();
    }
  });

  it('more than 3 webhooks in one report → 422 too_long at config.webhooks', async () => {
    const h = await startHarness();
    try {
      const hooks = [1, 2, 3, 4].map((n) => ({ url: `http://127.0.0.1:9/hook${n}` }));
      const { res } = await submit(h, report('Four hooks', undefined, { webhooks: hooks }));
      assert.equal(res.status, 422, await res.clone().text());
      const detail = ((await res.json()) as { detail: Array<{ type: string; loc: unknown[] }> }).detail;
      assert.deepEqual(
        detail.map((d) => [d.type, d.loc]),
        [['too_long', ['body', 'config', 'webhooks']]],
      );
      const three = await submit(h, report('Three hooks', undefined, { webhooks: hooks.slice(0, 3) }), 'preview');
      assert.equal(three.res.status, 200);
    } finally {
      await h.stop();
    }
  });
});
