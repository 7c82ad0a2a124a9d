/**
 * One test per error kind, against the real local service (with its fault flags and
 * plans) wherever it can produce the failure, and a loopback fake server only for what
 * a misbehaving server or network does.
 */
import { strict as assert } from 'node:assert';
import { randomUUID } from 'node:crypto';
import { ReportClient } from '../../../src/core/client/apiClient';
import type { ReportServiceError } from '../../../src/core/client/errors';
import type { ReportBody } from '../../../src/core/report/types';
import { runTask, waitForTask } from '../../../src/core/runner/taskRunner';
import { SIMPLE_REPORT, startFakeServer, startTestService } from './helpers';
import type { TestService } from './helpers';

const kindIs =
  (kind: string, extra: (e: ReportServiceError) => boolean = () => true) =>
  (e: ReportServiceError): boolean => {
    assert.equal(e.kind, kind, `${e.kind}: ${e.message}`);
    return extra(e);
  };

describe('client error kinds against the local service', function () {
  this.timeout(60_000);
  let t: TestService;
  before(async () => {
    t = await startTestService({
      keys: [
        { key: 'rs_test_key_quota_one', quotaSingle: 1 },
        { key: 'rs_test_key_inactive', subscriptionActive: false },
      ],
    });
  });
  after(() => t.stop());

  it('auth: a wrong key → 401, and the message does not contain the key', async () => {
    const wrong = 'rs_wrong_key_0123456789';
    const client = t.newClient({ apiKey: wrong });
    await assert.rejects(
      client.getRemainingQuota(),
      kindIs('auth', (e) => e.status === 401 && !e.message.includes(wrong)),
    );
  });

  it('payment: an inactive subscription → 402', async () => {
    const client = t.newClient({ apiKey: 'rs_test_key_inactive' });
    await assert.rejects(
      client.buildReport(SIMPLE_REPORT),
      kindIs('payment', (e) => e.status === 402 && /Subscription inactive/.test(e.message)),
    );
  });

  it('not_found: an unknown task id → 404', async () => {
    await assert.rejects(
      t.client.getTaskStatus(randomUUID()),
      kindIs('not_found', (e) => e.status === 404),
    );
  });

  it('validation: a 422 carries the parsed entries', async () => {
    const bad: ReportBody = { type: 'Report', options: { report_title: 'x' }, components: [{ type: 'Section', options: { columns: 2 } }] };
    await assert.rejects(
      t.client.previewReport(bad),
      kindIs('validation', (e) => {
        assert.equal(e.status, 422);
        assert.deepEqual(
          e.details.map((d) => [d.type, d.loc]),
          [['missing', ['body', 'components', 0, 'Section', 'options', 'section_title']]],
        );
        return true;
      }),
    );
  });

  it('validation: a body that is not JSON → json_invalid with a character offset', async () => {
    await assert.rejects(
      t.client.previewReport('{"type": "Report", "components": [1,,2]}'),
      kindIs('validation', (e) => {
        assert.equal(e.details[0].type, 'json_invalid');
        assert.deepEqual(e.details[0].loc, ['body', 36]);
        return true;
      }),
    );
  });

  it('quota: the second build of a one-report plan → 429', async () => {
    const client = t.newClient({ apiKey: 'rs_test_key_quota_one' });
    const first = await client.buildReport(SIMPLE_REPORT);
    assert.equal(first.quota?.singlePageRemaining, 0);
    await assert.rejects(
      client.buildReport(SIMPLE_REPORT),
      kindIs('quota', (e) => e.status === 429 && e.attempts === 1),
    );
  });

  it('task_failed: a task the service fails carries its error_message', async () => {
    const failing = await startTestService({ failRate: 1 });
    try {
      await assert.rejects(
        runTask(failing.client, { kind: 'preview', report: SIMPLE_REPORT }),
        kindIs(
          'task_failed',
          (e) =>
            !!e.taskId &&
            /Injected failure/.test(e.message) &&
            // The service's words as a field, without the runner's "Preview <id> failed: " prefix.
            /^Injected failure/.test(e.serviceMessage ?? '') &&
            e.message.endsWith(e.serviceMessage ?? '\u0000'),
        ),
      );
    } finally {
      await failing.stop();
    }
  });

  it('not_found: a report past retention → 410', async () => {
    const short = await startTestService({ retentionMs: 1 });
    try {
      const { task_id: taskId } = await short.client.previewReport(SIMPLE_REPORT);
      await waitForTask(short.client, taskId, 'preview');
      await new Promise((r) => setTimeout(r, 20)); // the time passing is the test: retention is 1 ms
      await assert.rejects(
        short.client.getReport(taskId),
        kindIs('not_found', (e) => e.status === 410),
      );
    } finally {
      await short.stop();
    }
  });
});

describe('client error kinds: time limits and cancellation', function () {
  this.timeout(60_000);

  it('timeout: a response slower than the per-request deadline', async () => {
    const t = await startTestService({ latencyMs: 2_000 });
    try {
      const client = t.newClient({ timeoutMs: 150 });
      await assert.rejects(
        client.getRemainingQuota(),
        kindIs('timeout', (e) => /150 ms/.test(e.message) && e.attempts === 1),
      );
    } finally {
      await t.stop();
    }
  });

  it('timeout: a task longer than the overall deadline names the task', async () => {
    const t = await startTestService({ renderDelayMs: 5_000 });
    try {
      await assert.rejects(
        runTask(t.client, { kind: 'preview', report: SIMPLE_REPORT, timeoutMs: 400 }),
        kindIs('timeout', (e) => !!e.taskId && e.message.includes(e.taskId)),
      );
    } finally {
      await t.stop();
    }
  });

  it('cancelled: aborting while the task runs', async () => {
    const t = await startTestService({ renderDelayMs: 5_000 });
    try {
      const controller = new AbortController();
      const seen: string[] = [];
      const run = runTask(t.client, {
        kind: 'preview',
        report: SIMPLE_REPORT,
        signal: controller.signal,
        onProgress: (p) => {
          seen.push(p.status);
          if (p.status === 'RUNNING') controller.abort();
        },
      });
      await assert.rejects(
        run,
        kindIs('cancelled', (e) => !!e.taskId),
      );
      assert.ok(seen.includes('RUNNING'));
    } finally {
      await t.stop();
    }
  });

  it('cancelled: an already aborted signal sends nothing', async () => {
    const fake = await startFakeServer((_req, res) => res.end());
    try {
      const client = new ReportClient({ apiKey: 'k-0123456789', baseUrl: fake.baseUrl });
      await assert.rejects(client.getRemainingQuota({ signal: AbortSignal.abort() }), kindIs('cancelled'));
      assert.equal(fake.requests.length, 0);
      await client.close();
    } finally {
      await fake.stop();
    }
  });
});

describe('client error kinds a misbehaving server produces (loopback fake)', () => {
  async function withFake(
    handler: Parameters<typeof startFakeServer>[0],
    body: (client: ReportClient, requests: string[]) => Promise<void>,
  ): Promise<void> {
    const fake = await startFakeServer(handler);
    const client = new ReportClient({ apiKey: 'k-0123456789', baseUrl: fake.baseUrl, retry: { baseDelayMs: 5, maxDelayMs: 10 } });
    try {
      await body(client, fake.requests);
    } finally {
      await client.close();
      await fake.stop();
    }
  }

  it('server: a 500 is not retried', () =>
    withFake(
      (_req, res) => res.writeHead(500, { 'content-type': 'application/json' }).end('{"detail":"Internal Server Error"}'),
      async (client, requests) => {
        await assert.rejects(
          client.getRemainingQuota(),
          kindIs('server', (e) => e.status === 500 && /Internal Server Error/.test(e.message)),
        );
        assert.equal(requests.length, 1);
      },
    ));

  it('server: a 502 with an HTML body is reported with a readable snippet', () =>
    withFake(
      (_req, res) => res.writeHead(502, { 'content-type': 'text/html' }).end('<html><body><h1>502 Bad Gateway</h1></body></html>'),
      async (client) => {
        await assert.rejects(
          client.getTaskStatus('x'),
          kindIs('server', (e) => e.status === 502 && /502 Bad Gateway/.test(e.message)),
        );
      },
    ));

  it('bad_response: HTML where JSON was expected', () =>
    withFake(
      (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>login page</html>'),
      async (client) => {
        await assert.rejects(
          client.getRemainingQuota(),
          kindIs('bad_response', (e) => /expected JSON, got text\/html/.test(e.message)),
        );
      },
    ));

  it('bad_response: JSON of the wrong shape', () =>
    withFake(
      (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"task_id": 5}'),
      async (client) => {
        await assert.rejects(
          client.buildReport(SIMPLE_REPORT),
          kindIs('bad_response', (e) => /task_id/.test(e.message)),
        );
      },
    ));

  it('bad_response: a "PDF" that is not one is not written', () =>
    withFake(
      (_req, res) => res.writeHead(200, { 'content-type': 'application/pdf' }).end('not a pdf at all'),
      async (client) => {
        await assert.rejects(
          client.getReport('t'),
          kindIs('bad_response', (e) => /not a valid application\/pdf/.test(e.message)),
        );
      },
    ));

  it('network: the connection is reset mid-download; no partial file is left', async () => {
    const { mkdtemp, readdir, rm } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = await mkdtemp(join(tmpdir(), 'rs-reset-'));
    try {
      await withFake(
        (_req, res) => {
          res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': '100000' });
          res.write('%PDF-1.7\n' + 'x'.repeat(1000));
          // Part of the body first, then the connection drops: a reset mid-download (the 20 ms only
          // lets the first bytes leave; the check holds at any delay).
          setTimeout(() => res.destroy(), 20);
        },
        async (client, requests) => {
          await assert.rejects(client.downloadReport('t', join(dir, 'out.pdf')), kindIs('network'));
          assert.equal(requests.length, 4, 'a GET is retried after a network failure');
          assert.deepEqual(await readdir(dir), []);
        },
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('the redirect to a bucket URL is followed without the API key', async () => {
    const seen: Array<string | undefined> = [];
    const bucket = await startFakeServer((req, res) => {
      seen.push(req.headers['x-api-key'] as string | undefined);
      res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.7\n%%EOF\n');
    });
    try {
      await withFake(
        (_req, res) => res.writeHead(303, { location: `${bucket.baseUrl.replace('/api/v1', '')}/bucket/x.pdf` }).end(),
        async (client) => {
          const file = await client.getReport('t');
          assert.equal(file.contentType, 'application/pdf');
        },
      );
      assert.deepEqual(seen, [undefined]);
    } finally {
      await bucket.stop();
    }
  });
});
