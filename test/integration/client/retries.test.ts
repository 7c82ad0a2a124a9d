/**
 * The retry rules: 503 is retried for every request and honours Retry-After; network
 * failures are retried for requests safe to repeat, and for a build only when the
 * request never left this machine; nothing else is retried.
 */
import { strict as assert } from 'node:assert';
import { ReportClient } from '../../../src/core/client/apiClient';
import type { ReportServiceError } from '../../../src/core/client/errors';
import { closedPort, SIMPLE_REPORT, startFakeServer, startTestService } from './helpers';

/** The service's random source: these values first (0 → 503 with error-rate), then "no fault". */
function sequence(...values: number[]): () => number {
  return () => (values.length ? values.shift()! : 0.99);
}

/** Delays logged by the client's onRetry, e.g. "… rate_limited, retry 1 in 1000 ms". */
function retryDelays(log: string[]): number[] {
  return log
    .map((l) => /retry \d+ in (\d+) ms/.exec(l)?.[1])
    .filter((d): d is string => !!d)
    .map(Number);
}

describe('retry rules', function () {
  this.timeout(60_000);

  it('503 from the service is retried after its Retry-After, then succeeds', async () => {
    const t = await startTestService({ errorRate: 0.5, random: sequence(0, 0) });
    try {
      const quota = await t.client.getRemainingQuota();
      assert.equal(typeof quota.remaining_single_page_reports, 'number');
      // The service sends Retry-After: 1; the client's own backoff would be 5–50 ms.
      assert.deepEqual(retryDelays(t.log), [1000, 1000]);
    } finally {
      await t.stop();
    }
  });

  it('a build refused with 503 is retried and charged once', async () => {
    const t = await startTestService({ errorRate: 0.5, random: sequence(0.99, 0) });
    try {
      const before = await t.client.getRemainingQuota();
      const submitted = await t.client.buildReport(SIMPLE_REPORT);
      assert.equal(submitted.quota?.singlePageRemaining, before.remaining_single_page_reports - 1);
      assert.deepEqual(retryDelays(t.log), [1000]);
      const after = await t.client.getRemainingQuota();
      assert.equal(after.remaining_single_page_reports, before.remaining_single_page_reports - 1);
    } finally {
      await t.stop();
    }
  });

  it('persistent 503 → rate_limited after the configured retries', async () => {
    const t = await startTestService({ errorRate: 1 });
    try {
      const client = t.newClient({ retry: { retries: 1 } });
      await assert.rejects(
        client.getRemainingQuota(),
        (e: ReportServiceError) => e.kind === 'rate_limited' && e.status === 503 && e.attempts === 2 && e.retryAfterMs === 1000,
      );
    } finally {
      await t.stop();
    }
  });

  it('a Retry-After beyond the cap is not waited for', async () => {
    const t = await startTestService({ errorRate: 1 });
    try {
      const client = t.newClient({ retry: { maxRetryAfterMs: 500 } });
      await assert.rejects(client.getRemainingQuota(), (e: ReportServiceError) => e.kind === 'rate_limited' && e.attempts === 1);
    } finally {
      await t.stop();
    }
  });

  it('503 without Retry-After: exponential backoff with jitter', async () => {
    const fake = await startFakeServer((_req, res) => res.writeHead(503, { 'content-type': 'application/json' }).end('{"detail":"busy"}'));
    const log: string[] = [];
    const client = new ReportClient({
      apiKey: 'k-0123456789',
      baseUrl: fake.baseUrl,
      log: (l) => log.push(l),
      retry: { retries: 3, baseDelayMs: 20, maxDelayMs: 60 },
    });
    try {
      await assert.rejects(client.getTaskStatus('t'), (e: ReportServiceError) => e.kind === 'rate_limited' && e.attempts === 4);
      const [d1, d2, d3] = retryDelays(log);
      assert.ok(d1 >= 10 && d1 <= 20, `first delay ${d1}`);
      assert.ok(d2 >= 20 && d2 <= 40, `second delay ${d2}`);
      assert.ok(d3 >= 30 && d3 <= 60, `third delay ${d3} (capped)`);
      assert.equal(fake.requests.length, 4);
    } finally {
      await client.close();
      await fake.stop();
    }
  });

  describe('network failures', () => {
    /** A server that reads the request, then drops the connection without answering. */
    const dropAfterRead = (): ReturnType<typeof startFakeServer> => startFakeServer((req) => req.socket.destroy());

    it('a build is NOT repeated once the request was sent (it may have been charged)', async () => {
      const fake = await dropAfterRead();
      const client = new ReportClient({ apiKey: 'k-0123456789', baseUrl: fake.baseUrl, retry: { baseDelayMs: 5 } });
      try {
        await assert.rejects(
          client.buildReport(SIMPLE_REPORT),
          (e: ReportServiceError) => e.kind === 'network' && e.attempts === 1 && e.requestSent,
        );
        assert.deepEqual(fake.requests, ['POST /api/v1/build-report']);
      } finally {
        await client.close();
        await fake.stop();
      }
    });

    it('a preview (free) and GETs are repeated', async () => {
      const fake = await dropAfterRead();
      const client = new ReportClient({ apiKey: 'k-0123456789', baseUrl: fake.baseUrl, retry: { retries: 2, baseDelayMs: 5 } });
      try {
        await assert.rejects(client.previewReport(SIMPLE_REPORT), (e: ReportServiceError) => e.kind === 'network' && e.attempts === 3);
        await assert.rejects(client.getTaskStatus('t'), (e: ReportServiceError) => e.kind === 'network' && e.attempts === 3);
        assert.equal(fake.requests.length, 6);
      } finally {
        await client.close();
        await fake.stop();
      }
    });

    it('connection refused: even a build is repeated (nothing was sent)', async () => {
      const port = await closedPort();
      const log: string[] = [];
      const client = new ReportClient({
        apiKey: 'k-0123456789',
        baseUrl: `http://127.0.0.1:${port}`,
        log: (l) => log.push(l),
        retry: { retries: 2, baseDelayMs: 5 },
      });
      try {
        await assert.rejects(client.buildReport(SIMPLE_REPORT), (e: ReportServiceError) => {
          assert.equal(e.kind, 'network');
          assert.equal(e.requestSent, false);
          assert.equal(e.attempts, 3);
          assert.match(e.message, /ECONNREFUSED/);
          return true;
        });
        assert.equal(retryDelays(log).length, 2);
      } finally {
        await client.close();
      }
    });

    it('a timeout is not retried', async () => {
      const fake = await startFakeServer(() => undefined); // never answers
      const client = new ReportClient({ apiKey: 'k-0123456789', baseUrl: fake.baseUrl, timeoutMs: 100 });
      try {
        await assert.rejects(client.getRemainingQuota(), (e: ReportServiceError) => e.kind === 'timeout' && e.attempts === 1);
        assert.equal(fake.requests.length, 1);
      } finally {
        await client.close();
        await fake.stop();
      }
    });
  });
});
