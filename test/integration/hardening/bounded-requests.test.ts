/**
 * Bounded request work and log integrity of the local service (docs/local-service.md, Limits and safety),
 * against the bundled standalone service as a child process:
 * - a huge-but-allowed body (9.5 MB, 240,000 validation errors) is validated off the event
 *   loop: a quota request sent while it is validated is answered first; its 422 lists
 *   1,000 entries and a too_many_errors summary (before: 240,000 entries, ~60 MB);
 * - 100,000 webhooks are a 422 too_long, not 100,000 deliveries;
 * - SIGTERM while three such bodies are validated stops the service within 5 s;
 * - the request log masks a key sent as `?api%5Fkey=%73ecret…` (accepted by the service),
 *   a failing webhook's auth_header and URL password never appear, a line break in a value
 *   cannot forge a log line, and no logged line carries a raw control character.
 * Timings are measured and printed; only the 5 s SIGTERM requirement is asserted.
 */
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { percentDecode } from '../../../src/core/redact';
import { RenderError, type ReportRenderer } from '../../../src/render/renderer';
import { startHarness, tempDir } from '../service/helpers';
import { closedPort } from '../client/helpers';
import { buildOnce, exited, startServer, stopServer, type ServerProcess } from './standalone';
import { waitFor } from '../../helpers/waitFor';

const KEY = 'rs_bounded_key_0123456789';
const ODDLY_ENCODED_KEY = '%72s_%62ounded_key_0123456789';
const SECTIONS = 120_000;

/** A 9.5 MB body (under the 10 MB default limit) with 2 errors per component. */
function errorDenseBody(): Buffer {
  const components = Array.from({ length: SECTIONS }, () => ({
    type: 'Section',
    options: { columns: 'x', section_title: 3 },
    components: [],
  }));
  return Buffer.from(JSON.stringify({ type: 'Report', options: { report_title: 'Dense' }, components }));
}

interface Answer {
  status: number;
  body: string;
  /** performance.now() when the answer was complete. */
  at: number;
}

/** A raw POST; `sent` resolves once every byte of the body was handed to the socket. */
function post(url: string, path: string, body: Buffer): { sent: Promise<void>; answer: Promise<Answer> } {
  const u = new URL(url);
  let markSent!: () => void;
  const sent = new Promise<void>((r) => (markSent = r));
  const answer = new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: u.port,
        path,
        method: 'POST',
        headers: { 'x-api-key': KEY, 'content-type': 'application/json', 'content-length': body.length },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), at: performance.now() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.on('finish', () => markSent());
    req.end(body);
  });
  answer.catch(() => undefined);
  return { sent, answer };
}

describe('hardening: bounded request work and log integrity', function () {
  this.timeout(300_000);
  const cleanup: Array<() => Promise<void> | void> = [];
  before(() => buildOnce());
  afterEach(async () => {
    for (const c of cleanup.splice(0).reverse()) await c();
  });

  async function server(extra: string[] = []): Promise<ServerProcess> {
    const dir = tempDir('rs-bounded-');
    const p = await startServer(['--data-dir', join(dir, 'data'), '--api-key', KEY, '--minimal-renderer', '--rate-limit', '0', ...extra]);
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    cleanup.push(async () => void (await stopServer(p)));
    return p;
  }

  it('a 9.5 MB body with 240,000 errors: validated off the event loop, its 422 capped at 1,000 entries', async () => {
    const p = await server();
    const body = errorDenseBody();
    const started = performance.now();
    const big = post(p.url, '/api/v1/preview-report', body);
    await big.sent;
    const quota = await fetch(`${p.url}/api/v1/get-remaining-quota`, { headers: { 'x-api-key': KEY } });
    const quotaAt = performance.now();
    assert.equal(quota.status, 200);
    const answer = await big.answer;
    console.log(
      `      [measured] 9.5 MB body: quota answered ${(quotaAt - started).toFixed(0)} ms after the submit started, ` +
        `the 422 (${(answer.body.length / 1024).toFixed(0)} KB) after ${(answer.at - started).toFixed(0)} ms`,
    );
    assert.ok(quotaAt < answer.at, 'the quota request was answered while the big body was being validated');
    assert.equal(answer.status, 422, answer.body.slice(0, 500));
    const detail = JSON.parse(answer.body).detail as Array<{
      type: string;
      loc: unknown[];
      msg: string;
      input: unknown;
      ctx?: Record<string, unknown>;
    }>;
    assert.equal(detail.length, 1001);
    assert.deepEqual(detail[0].loc, ['body', 'components', 0, 'Section', 'options', 'section_title']);
    assert.deepEqual(detail[1000], {
      type: 'too_many_errors',
      loc: ['body'],
      msg: `${2 * SECTIONS - 1000} more validation errors were not listed`,
      input: null,
      ctx: { listed: 1000, total: 2 * SECTIONS },
    });
    assert.ok(answer.body.length < 1024 * 1024, `${answer.body.length} bytes`);

    // 100,000 webhooks: one too_long entry (the list is at most 3), no delivery.
    const hooks = Array.from({ length: 100_000 }, (_, i) => ({ url: `http://127.0.0.1:9/h${i}`, auth_header: 'tok' }));
    const many = await post(
      p.url,
      '/api/v1/build-report',
      Buffer.from(JSON.stringify({ type: 'Report', options: { report_title: 'Hooks' }, config: { webhooks: hooks }, components: [] })),
    ).answer;
    assert.equal(many.status, 422);
    const tooLong = JSON.parse(many.body).detail;
    assert.equal(tooLong.length, 1);
    assert.equal(tooLong[0].type, 'too_long');
    assert.deepEqual(tooLong[0].loc, ['body', 'config', 'webhooks']);
    assert.equal(tooLong[0].ctx.actual_length, 100_000);
  });

  it('SIGTERM while three huge bodies are being validated stops the service within 5 s', async () => {
    const p = await server();
    const body = errorDenseBody();
    const posts = [0, 1, 2].map(() => post(p.url, '/api/v1/preview-report', body));
    await Promise.all(posts.map((x) => x.sent));
    // Let the service take the bodies in (they are read, then validated).
    await new Promise((r) => setTimeout(r, 200));
    const signalled = performance.now();
    process.kill(p.child.pid!, 'SIGTERM');
    const code = await exited(p.child);
    const took = performance.now() - signalled;
    console.log(`      [measured] SIGTERM → exit ${code} in ${took.toFixed(0)} ms`);
    assert.ok(took < 5_000, `the service took ${took.toFixed(0)} ms to stop`);
    assert.equal(code, 0, p.stderr.join('\n'));
    await Promise.allSettled(posts.map((x) => x.answer));
  });

  it('the request log: encoded keys masked, webhook credentials absent, no forged or control-carrying line', async () => {
    const p = await server(['--webhook-attempts', '2', '--webhook-retry-base', '10ms']);
    // The service accepts the key however it is percent-encoded, so the log must mask it so.
    const odd = await fetch(`${p.url}/api/v1/get-remaining-quota?api%5Fkey=${ODDLY_ENCODED_KEY}`);
    assert.equal(odd.status, 200, 'accepted: the name and the value are percent-decoded');
    assert.equal((await fetch(`${p.url}/api/v1/get-task-status?task_id=${ODDLY_ENCODED_KEY}&api_key=${ODDLY_ENCODED_KEY}`)).status, 404);

    const down = await closedPort();
    const forged = '2025-06-01T00:00:00.000Z GET /api/v1/forged 200 0.1ms key=-';
    const report = {
      type: 'Report',
      options: { report_title: 'Hooks' },
      config: {
        webhooks: [
          { url: `http://hook-user:pass-w0rd@127.0.0.1:${down}/h` },
          { url: `http://127.0.0.1:${down}/h2`, auth_header: 'tok-secret-1' },
          { url: `http://127.0.0.1:${down}/h3`, auth_header: `tok-x\n${forged}` },
        ],
      },
      components: [{ type: 'Text', options: { text: 'x' } }],
    };
    const submitted = await post(p.url, '/api/v1/build-report', Buffer.from(JSON.stringify(report))).answer;
    assert.equal(submitted.status, 200, submitted.body);
    await waitFor('two webhook failures logged', () => p.stderr.filter((l) => /failed after 2 attempts/.test(l)).length >= 2, 30_000, 50);
    assert.equal(await stopServer(p), 0);

    const log = p.stderr.join('\n');
    const decoded = percentDecode(log);
    for (const secret of [KEY, 'pass-w0rd', 'hook-user', 'tok-secret-1', 'tok-x']) {
      assert.ok(!log.includes(secret) && !decoded.includes(secret), `the log shows ${secret}:\n${log}`);
    }
    assert.ok(!log.includes(ODDLY_ENCODED_KEY), `the log shows the encoded key:\n${log}`);
    assert.ok(
      p.stderr.some((l) => l.includes('/api/v1/get-remaining-quota?api%5Fkey=*** 200')),
      log,
    );
    assert.ok(!p.stderr.some((l) => l.startsWith(forged)), `a forged line:\n${log}`);
    // eslint-disable-next-line no-control-regex -- control characters are what this pattern finds
    assert.ok(!p.stderr.some((l) => /[\x00-\x08\x0b-\x1f\x7f-\x9f]/.test(l)), `a control character:\n${JSON.stringify(p.stderr)}`);
  });

  it('every logged value has its control characters escaped: one event, one line', async () => {
    const evil = `boom\n2025-06-01T00:00:00.000Z GET /api/v1/forged 200 0.1ms key=-\x1b[2J\r\x9b31m\u2028`;
    const renderer: ReportRenderer = {
      async renderPdf(report) {
        if (report.options?.report_title === 'notes') {
          return {
            pdf: new Uint8Array([0x25, 0x50, 0x44, 0x46]),
            pageCount: 1,
            notes: [{ kind: 'font-fallback', path: ['components', 0], message: evil }],
          };
        }
        throw new RenderError(evil);
      },
      async renderPreviewJpeg() {
        return new Uint8Array([0xff, 0xd8, 0xff, 0xd9]);
      },
      async dispose() {},
    };
    const h = await startHarness({ renderer });
    cleanup.push(() => rmSync(h.dataDir, { recursive: true, force: true }));
    cleanup.push(() => h.stop());
    for (const title of ['fails', 'notes']) {
      const r = await h.post('/build-report', {
        type: 'Report',
        options: { report_title: title },
        components: [{ type: 'Text', options: { text: 'x' } }],
      });
      assert.equal(r.status, 200);
      await h.waitFor(((await r.json()) as { task_id: string }).task_id);
    }
    const failed = h.logs.find((l) => / FAILED: /.test(l));
    const note = h.logs.find((l) => / note \(font-fallback\)/.test(l));
    assert.ok(failed && note, h.logs.join('\n'));
    assert.match(failed, /boom\\n2025-06-01T00:00:00\.000Z GET \/api\/v1\/forged 200 0\.1ms key=-\\x1b\[2J\\r\\x9b31m\\u2028$/);
    for (const line of h.logs)
      // eslint-disable-next-line no-control-regex -- control characters are what this pattern finds
      assert.ok(!/[\x00-\x1f\x7f-\x9f\u2028\u2029]/.test(line), `a raw control character in ${JSON.stringify(line)}`);
  });
});
