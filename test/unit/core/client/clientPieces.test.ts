import { strict as assert } from 'node:assert';
import { normaliseBaseUrl } from '../../../../src/core/client/apiClient';
import { errorFromStatus, kindForStatus, ReportServiceError } from '../../../../src/core/client/errors';
import { asTaskStatus, parseQuotaHeaders } from '../../../../src/core/client/responses';
import { backoffDelay, DEFAULT_RETRY_POLICY, isRetryable, parseRetryAfter, withRetries } from '../../../../src/core/client/retry';
import { redact, registerSecret, unregisterSecret } from '../../../../src/core/redact';
import { ADAPTIVE_POLLING, FIXED_750_POLLING, pollTime, resolveSchedule } from '../../../../src/core/runner/polling';

describe('error classification', () => {
  it('maps each documented status to its kind', () => {
    const expected: Record<number, string> = {
      400: 'validation',
      401: 'auth',
      402: 'payment',
      403: 'auth',
      404: 'not_found',
      410: 'not_found',
      413: 'validation',
      422: 'validation',
      429: 'quota',
      500: 'server',
      502: 'server',
      503: 'rate_limited',
    };
    for (const [status, kind] of Object.entries(expected)) assert.equal(kindForStatus(Number(status)), kind, `HTTP ${status}`);
  });

  it('parses 422 details and counts them in the message', () => {
    const e = errorFromStatus(
      422,
      { detail: [{ type: 'missing', loc: ['body', 'components'], msg: 'Field required', input: {} }] },
      'POST /build-report',
    );
    assert.equal(e.kind, 'validation');
    assert.equal(e.details.length, 1);
    assert.equal(e.message, 'POST /build-report: the report did not pass validation: 1 validation error (HTTP 422)');
  });

  it('reads a 429 with Retry-After as a busy queue (retried), one without as a used-up quota', () => {
    const queue = errorFromStatus(429, { detail: 'Too many tasks queued: retry after 2 s' }, 'POST /preview-report', 2000);
    assert.equal(queue.kind, 'rate_limited');
    assert.equal(queue.retryAfterMs, 2000);
    assert.equal(queue.message, 'POST /preview-report: too many tasks waiting: Too many tasks queued: retry after 2 s (HTTP 429)');
    assert.equal(isRetryable(queue, 'unsent-only'), true);
    const quota = errorFromStatus(429, { detail: 'Single-page report quota exhausted' }, 'POST /build-report');
    assert.equal(quota.kind, 'quota');
    assert.equal(isRetryable(quota, 'unsent-only'), false);
  });

  it('uses a string detail and a non-JSON body as the reason', () => {
    assert.match(
      errorFromStatus(401, { detail: 'Invalid API key' }, 'GET /x').message,
      /API key missing or not valid: Invalid API key \(HTTP 401\)/,
    );
    assert.match(
      errorFromStatus(502, '<html>\n<b>Bad gateway</b></html>', 'GET /x').message,
      /server error: <html> <b>Bad gateway<\/b><\/html> \(HTTP 502\)/,
    );
  });

  it('never carries a registered key in its message', () => {
    registerSecret('sk-live-abcdef123456');
    try {
      const e = errorFromStatus(401, { detail: 'key sk-live-abcdef123456 is unknown' }, 'GET /x');
      assert.ok(!e.message.includes('sk-live-abcdef123456'));
      assert.match(e.message, /key \*\*\* is unknown/);
      assert.ok(!JSON.stringify(e.toJSON()).includes('abcdef123456'));
    } finally {
      unregisterSecret('sk-live-abcdef123456');
    }
  });
});

describe('redact', () => {
  it('removes api_key query values, header values and registered keys', () => {
    assert.equal(redact('http://h/api/v1/get-report?task_id=1&api_key=s3cr3t#x'), 'http://h/api/v1/get-report?task_id=1&api_key=***#x');
    assert.equal(redact(new URL('http://h/?api_key=abc')), 'http://h/?api_key=***');
    assert.equal(redact('X-API-KEY: abc123'), 'X-API-KEY: ***');
    assert.equal(redact('{"x-api-key": "abc123"}'), '{"x-api-key": "***"}');
    assert.equal(redact('the key is k-9 ok', ['k-9']), 'the key is *** ok');
  });

  it('removes URL-encoded forms of a registered key', () => {
    registerSecret('key with/slash+plus');
    try {
      assert.equal(redact(`a=${encodeURIComponent('key with/slash+plus')}`), 'a=***');
    } finally {
      unregisterSecret('key with/slash+plus');
    }
  });
});

describe('retry rules', () => {
  const err = (kind: ReportServiceError['kind'], requestSent = true): ReportServiceError =>
    new ReportServiceError({ kind, message: kind, requestSent });

  it('retries 503 for every request, network failures only when safe or unsent', () => {
    assert.equal(isRetryable(err('rate_limited'), 'unsent-only'), true);
    assert.equal(isRetryable(err('network'), 'safe'), true);
    assert.equal(isRetryable(err('network', true), 'unsent-only'), false);
    assert.equal(isRetryable(err('network', false), 'unsent-only'), true);
    for (const kind of ['auth', 'quota', 'validation', 'server', 'timeout', 'bad_response'] as const) {
      assert.equal(isRetryable(err(kind), 'safe'), false, kind);
    }
  });

  it('backs off exponentially with jitter inside [step/2, step] and a cap', () => {
    const p = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 100, maxDelayMs: 1000 };
    assert.equal(
      backoffDelay(0, p, () => 0),
      50,
    );
    assert.equal(
      backoffDelay(0, p, () => 1),
      100,
    );
    assert.equal(
      backoffDelay(2, p, () => 1),
      400,
    );
    assert.equal(
      backoffDelay(10, p, () => 1),
      1000,
    );
    assert.equal(
      backoffDelay(10, p, () => 0),
      500,
    );
  });

  it('parses Retry-After seconds and HTTP dates', () => {
    assert.equal(parseRetryAfter('2'), 2000);
    assert.equal(parseRetryAfter('0.5'), 500);
    assert.equal(parseRetryAfter('Wed, 21 Oct 2015 07:28:10 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT')), 10_000);
    assert.equal(parseRetryAfter('soon'), undefined);
    assert.equal(parseRetryAfter(undefined), undefined);
  });

  it("withRetries gives up after the policy's retries and reports the attempts", async () => {
    let calls = 0;
    const policy = { ...DEFAULT_RETRY_POLICY, retries: 2, baseDelayMs: 1, maxDelayMs: 2 };
    await assert.rejects(
      withRetries(
        async () => {
          calls++;
          throw err('rate_limited');
        },
        { policy, repeatability: 'safe' },
      ),
      (e: ReportServiceError) => e.kind === 'rate_limited' && e.attempts === 3,
    );
    assert.equal(calls, 3);
  });

  it('withRetries does not wait for a Retry-After beyond the cap', async () => {
    let calls = 0;
    const policy = { ...DEFAULT_RETRY_POLICY, maxRetryAfterMs: 1000 };
    const tooLong = new ReportServiceError({ kind: 'rate_limited', message: '503', retryAfterMs: 60_000 });
    await assert.rejects(
      withRetries(
        async () => {
          calls++;
          throw tooLong;
        },
        { policy, repeatability: 'safe' },
      ),
      (e: ReportServiceError) => e.retryAfterMs === 60_000,
    );
    assert.equal(calls, 1);
  });
});

describe('polling schedule, base URL and quota headers', () => {
  it('adaptive polling starts soon, then checks on the multiples of its cap', () => {
    const times = [0, 1, 2, 3, 4, 5, 6, 7].map((n) => pollTime(ADAPTIVE_POLLING, n));
    assert.deepEqual(times, [100, 250, 475, 750, 1500, 2250, 3000, 3750]);
    assert.deepEqual(
      [0, 1, 4].map((n) => pollTime(FIXED_750_POLLING, n)),
      [750, 1500, 3750],
    );
    // A slow start never steps over a multiple of the cap: it lands on it.
    const slow = { initialDelayMs: 250, factor: 1.5, maxDelayMs: 2000 };
    assert.deepEqual(
      [0, 1, 2, 3, 4, 5].map((n) => pollTime(slow, n)),
      [250, 625, 1188, 2000, 4000, 6000],
    );
    assert.throws(() => resolveSchedule({ factor: 0.5 }), /factor/);
  });

  it('adaptive polling never notices a task later than fixed 750 ms polling, at any render length', () => {
    const adaptive = Array.from({ length: 200 }, (_, n) => pollTime(ADAPTIVE_POLLING, n));
    const fixed = Array.from({ length: 200 }, (_, n) => pollTime(FIXED_750_POLLING, n));
    const firstAtOrAfter = (ts: number[], done: number) => ts.find((t) => t >= done)!;
    for (let done = 0; done <= 60_000; done += 7) {
      assert.ok(firstAtOrAfter(adaptive, done) <= firstAtOrAfter(fixed, done), `a task done at ${done} ms`);
    }
    // The price: three more checks in the first 750 ms, none after.
    assert.equal(adaptive.filter((t) => t <= 750).length - fixed.filter((t) => t <= 750).length, 3);
    assert.equal(adaptive.filter((t) => t <= 60_000).length - fixed.filter((t) => t <= 60_000).length, 3);
  });

  it('normalises base URLs', () => {
    assert.equal(normaliseBaseUrl('http://127.0.0.1:8787'), 'http://127.0.0.1:8787/api/v1');
    assert.equal(normaliseBaseUrl('http://127.0.0.1:8787/api/v1/'), 'http://127.0.0.1:8787/api/v1');
    assert.equal(normaliseBaseUrl('https://proxy.example/reports/v1?api_key=x'), 'https://proxy.example/reports/v1');
    assert.throws(() => normaliseBaseUrl('ftp://x'), /http/);
    assert.throws(
      () => normaliseBaseUrl('not a url?api_key=abcdef'),
      (e: Error) => !e.message.includes('abcdef'),
    );
  });

  it('parses the remaining-quota headers', () => {
    assert.deepEqual(parseQuotaHeaders({ 'x-single-page-reports-remaining': '9', 'x-multi-page-reports-remaining': '2' }), {
      singlePageRemaining: 9,
      multiPageRemaining: 2,
    });
    assert.deepEqual(parseQuotaHeaders({ 'x-single-page-reports-remaining': 'lots', 'x-multi-page-reports-remaining': '0' }), {
      singlePageRemaining: null,
      multiPageRemaining: 0,
    });
    assert.equal(parseQuotaHeaders({}), undefined);
  });
});

describe('task status answers', () => {
  it("reads the local service's render notes and drops malformed ones", () => {
    const answer = asTaskStatus(
      {
        status: 'SUCCESS',
        error_message: null,
        notes: [
          { kind: 'image-unavailable', path: ['components', 0, 'options', 'image_url'], message: 'not fetched: offline' },
          { kind: 'nonsense', path: [], message: 'x' },
          { kind: 'overflow', path: 'components[1]', message: 'did not fit' },
          'junk',
        ],
      },
      'GET /get-task-status',
    );
    assert.deepEqual(answer.notes, [
      { kind: 'image-unavailable', path: ['components', 0, 'options', 'image_url'], message: 'not fetched: offline' },
      { kind: 'overflow', path: [], message: 'did not fit' },
    ]);
  });

  it("has no notes field for a hosted service's answer", () => {
    const answer = asTaskStatus({ status: 'SUCCESS', error_message: null }, 'GET /get-task-status');
    assert.deepEqual(answer, { status: 'SUCCESS', error_message: null });
  });
});
