/** Flag parsing of the standalone local service (shared with `report-studio serve`). */
import assert from 'node:assert/strict';
import { defaultDataDir, FlagError, parseDuration, parseFlags, parseSize } from '../../../src/service/flags';

describe('local service flags', () => {
  it('defaults: port 8787, the per-user state dir, the development key', () => {
    const f = parseFlags([], { XDG_STATE_HOME: '/state' });
    assert.equal(f.options.port, 8787);
    if (process.platform === 'linux') assert.equal(f.options.dataDir, '/state/report-studio/local-service');
    assert.equal(f.options.keys, undefined);
    assert.deepEqual(f.options.plan, {});
    assert.equal(f.help, false);
  });

  it('every flag, in both --flag value and --flag=value forms', () => {
    const f = parseFlags([
      '--port=0',
      '--data-dir',
      '/d',
      '--api-key',
      'key-one-0001',
      '--api-key=key-two-0002',
      '--quota-single',
      '5',
      '--quota-multi',
      '2',
      '--max-pages',
      '3',
      '--period-days',
      '7',
      '--subscription-inactive',
      '--retention',
      '90m',
      '--concurrency',
      '4',
      '--render-timeout',
      '30s',
      '--bucket-dir',
      '/b',
      '--webhook-allow-host',
      'Hooks.Example.com',
      '--fetch-allow-host',
      'Images.Intranet',
      '--rate-limit',
      '0',
      '--body-limit',
      '512kb',
      '--max-depth',
      '32',
      '--latency',
      '250',
      '--render-delay',
      '2s',
      '--fail-rate',
      '0.25',
      '--error-rate=0.1',
      '--quiet',
      '--minimal-renderer',
    ]);
    const plan = { quotaSingle: 5, quotaMulti: 2, maxPages: 3, periodDays: 7, subscriptionActive: false };
    assert.deepEqual(f.options, {
      port: 0,
      dataDir: '/d',
      keys: [
        { ...plan, key: 'key-one-0001' },
        { ...plan, key: 'key-two-0002' },
      ],
      plan,
      retentionMs: 90 * 60_000,
      concurrency: 4,
      renderTimeoutMs: 30_000,
      bucketDir: '/b',
      webhookAllowHosts: ['hooks.example.com'],
      fetchAllowHosts: ['images.intranet'],
      rateLimit: 0,
      bodyLimit: 512 * 1024,
      maxDepth: 32,
      latencyMs: 250,
      renderDelayMs: 2000,
      failRate: 0.25,
      errorRate: 0.1,
    });
    assert.equal(f.quiet, true);
    assert.equal(f.minimalRenderer, true);
  });

  it('the delivery, fairness and connection flags', () => {
    const f = parseFlags([
      '--webhook-attempts',
      '3',
      '--webhook-retry-base=250ms',
      '--max-queued-per-key',
      '7',
      '--max-connections=64',
      '--max-long-polls-per-key',
      '4',
      '--headers-timeout',
      '2s',
      '--request-timeout',
      '5s',
    ]);
    assert.equal(f.options.webhookAttempts, 3);
    assert.equal(f.options.webhookRetryBaseMs, 250);
    assert.equal(f.options.maxQueuedPerKey, 7);
    assert.equal(f.options.maxConnections, 64);
    assert.equal(f.options.maxLongPollsPerKey, 4);
    assert.equal(f.options.headersTimeoutMs, 2000);
    assert.equal(f.options.requestTimeoutMs, 5000);
    assert.throws(
      () => parseFlags(['--headers-timeout', '10s', '--request-timeout', '5s']),
      /--headers-timeout: must not be longer than --request-timeout/,
    );
    assert.throws(() => parseFlags(['--max-connections', '0']), /--max-connections/);
    assert.throws(() => parseFlags(['--max-long-polls-per-key', '0']), /--max-long-polls-per-key/);
    assert.throws(() => parseFlags(['--max-queued-per-key', 'many']), /--max-queued-per-key/);
  });

  it('rejects bad values with a message naming the flag', () => {
    const bad: Array<[string[], string]> = [
      [['--port', '-1'], '--port: expected an integer ≥ 0, got "-1"'],
      [['--port', '70000'], '--port: at most 65535'],
      [['--fail-rate', '1.5'], '--fail-rate: expected a number from 0 to 1, got "1.5"'],
      [['--quota-single'], '--quota-single needs a value'],
      [['--retention', 'soon'], '--retention: expected a duration such as 24h, 30m, 90s or 500ms, got "soon"'],
      [['--api-key', 'short'], '--api-key: keys must have at least 8 characters'],
      [['--frobnicate'], 'unknown flag --frobnicate (see --help)'],
    ];
    for (const [argv, message] of bad)
      assert.throws(
        () => parseFlags(argv),
        (e: unknown) => e instanceof FlagError && e.message === message,
        argv.join(' '),
      );
  });

  it('durations, sizes and per-platform data dirs', () => {
    assert.equal(parseDuration('--retention', '24', 'h'), 24 * 3_600_000);
    assert.equal(parseDuration('--latency', '1.5s', 'ms'), 1500);
    assert.equal(parseDuration('--retention', '2d', 'h'), 2 * 86_400_000);
    assert.equal(parseSize('--body-limit', '10mb'), 10 * 1024 * 1024);
    assert.equal(parseSize('--body-limit', '100'), 100);
    assert.match(defaultDataDir({ LOCALAPPDATA: 'C:\\Users\\u\\AppData\\Local' }, 'win32'), /report-studio[\\/]local-service$/);
    assert.match(defaultDataDir({}, 'darwin'), /Library[\\/]Application Support[\\/]report-studio[\\/]local-service$/);
  });
});
