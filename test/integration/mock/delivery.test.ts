/** Cloud storage (a local folder standing for the bucket) and webhooks against a loopback receiver. */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { report, sleep, startHarness, submit, tempDir } from './helpers';

interface Received {
  headers: IncomingMessage['headers'];
  body: unknown;
  path: string;
}

async function receiver(statuses: number[]): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(text), path: req.url ?? '' });
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
      const { taskId } = await submit(h, report('Cloud', undefined, { cloud_storage: { s3: 's3://acme-reports/monthly', azure_blob_storage: null, google_cloud_storage: 'gs-bucket' } }));
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
      assert.deepEqual(await res.json(), { detail: 'The report was uploaded to cloud storage (s3) and is not kept by the service', url, path: s3Path });
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

describe('local service: webhooks', function () {
  it('POSTs {task_id, status, error_message} with the auth_header on completion, retried with backoff', async () => {
    const rx = await receiver([500, 503, 200]);
    const h = await startHarness({ webhookRetryBaseMs: 20 });
    try {
      const { taskId } = await submit(h, report('Hooked', undefined, { webhooks: [{ url: `${rx.url}/done?x=1`, auth_header: 'Bearer s3cret' }] }));
      await h.waitFor(taskId);
      for (let i = 0; i < 100 && rx.received.length < 3; i++) await sleep(20);
      assert.equal(rx.received.length, 3, 'two failures, then delivered');
      for (const r of rx.received) {
        assert.deepEqual(r.body, { task_id: taskId, status: 'SUCCESS', error_message: null });
        assert.equal(r.headers.authorization, 'Bearer s3cret');
        assert.equal(r.headers['content-type'], 'application/json');
        assert.equal(r.path, '/done?x=1');
      }
      await sleep(100);
      assert.equal(rx.received.length, 3, 'no delivery after the success');
      assert.ok(h.logs.some((l) => l.includes(`webhook for task ${taskId} delivered`) && l.includes('(attempt 3)')));
      assert.ok(!h.logs.join('\n').includes('s3cret'), 'the auth header is never logged');
    } finally {
      await h.stop();
      rx.server.close();
    }
  });

  it('a FAILED task is reported too; a 4xx is final; non-loopback hosts are skipped unless allowed', async () => {
    const rx = await receiver([404]);
    const h = await startHarness({ failRate: 1, webhookRetryBaseMs: 10 });
    try {
      const { taskId } = await submit(h, report('Hooked', undefined, {
        webhooks: [{ url: `${rx.url}/hook`, auth_header: null }, { url: 'http://10.20.30.40/hook' }],
      }));
      await h.waitFor(taskId);
      for (let i = 0; i < 100 && rx.received.length < 1; i++) await sleep(20);
      await sleep(100);
      assert.equal(rx.received.length, 1);
      assert.deepEqual(rx.received[0].body, { task_id: taskId, status: 'FAILED', error_message: 'Injected failure: the local service runs with fail-rate 1' });
      assert.equal(rx.received[0].headers.authorization, undefined);
      assert.ok(h.logs.some((l) => l === `webhook for task ${taskId} skipped: host 10.20.30.40 is not loopback (allow it with --webhook-allow-host 10.20.30.40)`));
      assert.ok(h.logs.some((l) => l.includes('refused with HTTP 404; not retried')));
    } finally {
      await h.stop();
      rx.server.close();
    }
  });

  it('gives up after the configured attempts when the receiver is down', async () => {
    const rx = await receiver([]);
    const url = rx.url;
    await new Promise((r) => rx.server.close(r));
    const h = await startHarness({ webhookRetryBaseMs: 5, webhookAttempts: 3 });
    try {
      const { taskId } = await submit(h, report('Hooked', undefined, { webhooks: [{ url: `${url}/hook` }] }));
      await h.waitFor(taskId);
      const done = (): boolean => h.logs.some((l) => l.startsWith(`webhook for task ${taskId} to ${url} failed after 3 attempts`));
      for (let i = 0; i < 200 && !done(); i++) await sleep(20);
      assert.ok(done());
    } finally {
      await h.stop();
    }
  });
});
