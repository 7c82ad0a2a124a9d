/**
 * Connections (docs/local-service.md, Limits): a cap on open connections, short header/body timeouts,
 * JSON answers to HTTP that cannot be parsed, a client that disconnects is an info line
 * (not an internal error), and a get-report read to the end is logged 200.
 */
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { waitFor } from '../../helpers/waitFor';
import { report, sleep, startHarness, submit, type Harness } from './helpers';

interface RawAnswer {
  status: number;
  headers: string;
  body: string;
  /** The server closed the connection. */
  closed: boolean;
}

function open(h: Harness): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect(h.service.port, '127.0.0.1', () => resolve(s));
    s.once('error', reject);
  });
}

/** Writes `chunks` (with `gapMs` between them) and collects what comes back until the server closes or `waitMs` passes. */
async function exchange(h: Harness, chunks: string[], opts: { gapMs?: number; waitMs?: number } = {}): Promise<RawAnswer> {
  const s = await open(h);
  let text = '';
  let closed = false;
  s.on('data', (d: Buffer) => (text += d.toString('latin1')));
  s.on('error', () => undefined);
  const done = new Promise<void>((r) => s.once('close', () => ((closed = true), r())));
  for (const [i, c] of chunks.entries()) {
    // The gap is the stimulus: a client that sends slowly.
    if (i > 0 && opts.gapMs) await sleep(opts.gapMs);
    if (closed || s.destroyed) break;
    s.write(c);
  }
  // Collects until the server closes; `waitMs` bounds a server that keeps the socket open on purpose.
  await Promise.race([done, sleep(opts.waitMs ?? 5_000)]);
  s.destroy();
  const [head, ...rest] = text.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
  return { status, headers: head, body: rest.join('\r\n\r\n'), closed };
}

function jsonDetail(a: RawAnswer): string {
  assert.match(a.headers, /content-type: application\/json/i, a.headers);
  const parsed = JSON.parse(a.body) as { detail: unknown };
  assert.equal(typeof parsed.detail, 'string');
  return parsed.detail as string;
}

describe('local service: connections', function () {
  let h: Harness;
  afterEach(async () => h?.stop());

  it('malformed HTTP is answered with a JSON body (400, 431, 417), then the connection is closed', async () => {
    h = await startHarness();
    const bad = await exchange(h, ['GARBAGE\x01 / HTTP/1.1\r\n\r\n']);
    assert.equal(bad.status, 400, bad.headers);
    assert.match(jsonDetail(bad), /^Bad request: the request is not valid HTTP\/1\.1 \(HPE_[A-Z_]+\)$/);
    assert.ok(bad.closed);

    const huge = await exchange(h, [`GET /api/v1/get-remaining-quota HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`]);
    assert.equal(huge.status, 431, huge.headers);
    assert.match(jsonDetail(huge), /at most 16384 bytes/);

    const expect = await exchange(h, [`POST /api/v1/build-report HTTP/1.1\r\nHost: x\r\nExpect: bogus\r\nContent-Length: 2\r\n\r\n{}`]);
    assert.equal(expect.status, 417, expect.headers);
    assert.match(jsonDetail(expect), /only "Expect: 100-continue"/);
    assert.ok(
      h.logs.some((l) => / 400 0\.0ms key=-$/.test(l) && l.includes('unparsable request')),
      h.logs.join('\n'),
    );
  });

  it('partial headers and a trickled body are answered 408 (JSON) within the timeouts; an idle connection is closed', async () => {
    h = await startHarness({ headersTimeoutMs: 300, requestTimeoutMs: 600 });
    const partial = await exchange(h, ['GET /api/v1/get-remaining-quota HTTP/1.1\r\nHost: x\r\n'], { waitMs: 4_000 });
    assert.equal(partial.status, 408, `no 408 for partial headers: ${JSON.stringify(partial)}`);
    assert.match(jsonDetail(partial), /^Request timeout: the request headers must arrive within 0\.3 s/);
    assert.ok(partial.closed);

    const head = `POST /api/v1/preview-report HTTP/1.1\r\nHost: x\r\nX-API-KEY: ${h.key}\r\nContent-Type: application/json\r\nContent-Length: 400\r\n\r\n`;
    const trickle = await exchange(h, [head, ...Array.from({ length: 40 }, () => ' ')], { gapMs: 100, waitMs: 4_000 });
    assert.equal(trickle.status, 408, `no 408 for a trickled body: ${JSON.stringify(trickle)}`);
    assert.ok(trickle.closed);

    const idle = await exchange(h, [], { waitMs: 4_000 });
    assert.ok(idle.closed, 'an idle connection that sends nothing is closed');
    if (idle.body) assert.match(jsonDetail(idle), /^Request timeout/);
    assert.ok(!h.logs.some((l) => l.includes('internal error')), h.logs.join('\n'));
  });

  it('connections beyond --max-connections get a JSON 503 and are closed; the others keep working', async () => {
    h = await startHarness({ maxConnections: 3 });
    const idle = await Promise.all([open(h), open(h), open(h)]);
    try {
      // The server counts a connection in its 'connection' event, which has no outside sign: until
      // it has counted the three, a fourth may still be served; ask again until it is refused.
      let over: RawAnswer | undefined;
      await waitFor(
        'a fourth connection refused with 503',
        async () => (over = await exchange(h, ['GET /api/v1/get-remaining-quota HTTP/1.1\r\nHost: x\r\n\r\n'])).status === 503,
        5_000,
        50,
      );
      assert.ok(over);
      assert.match(over.headers, /retry-after: 1/i);
      assert.match(jsonDetail(over), /at most 3 at a time \(--max-connections\)/);
    } finally {
      idle.forEach((s) => s.destroy());
    }
    await waitFor('served again once connections closed', async () => (await h.api('/get-remaining-quota')).status === 200);
  });

  it('a client that disconnects mid-body is an info line, not an internal error', async () => {
    h = await startHarness();
    const s = await open(h);
    s.write(
      `POST /api/v1/preview-report HTTP/1.1\r\nHost: x\r\nX-API-KEY: ${h.key}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"type": "Rep`,
    );
    // The server must have read the partial body before the client goes; reading has no outside sign.
    await sleep(100);
    s.destroy();
    const gone = (): boolean =>
      h.logs.some((l) => l === 'client went away during POST /api/v1/preview-report before the response was complete');
    await waitFor(`the "client went away" line; log:\n${h.logs.join('\n')}`, gone);
    assert.ok(
      h.logs.some((l) => / POST \/api\/v1\/preview-report 499 /.test(l)),
      h.logs.join('\n'),
    );
    assert.ok(!h.logs.some((l) => l.includes('internal error')), h.logs.join('\n'));
  });

  it('a get-report read to the last byte and closed at once is logged 200, not 499', async () => {
    h = await startHarness();
    const { taskId } = await submit(h, report('Fully read'));
    await h.waitFor(taskId);
    for (let trial = 0; trial < 20; trial++) {
      const s = await open(h);
      let buf = Buffer.alloc(0);
      await new Promise<void>((resolve) => {
        s.on('data', (d: Buffer) => {
          buf = Buffer.concat([buf, d]);
          const end = buf.indexOf('\r\n\r\n');
          const length = Number(/content-length: (\d+)/i.exec(buf.subarray(0, Math.max(0, end)).toString())?.[1] ?? -1);
          // Every byte of the file is here: hang up without waiting for anything else.
          if (end >= 0 && length >= 0 && buf.length >= end + 4 + length) {
            s.destroy();
            resolve();
          }
        });
        s.write(`GET /api/v1/get-report?task_id=${taskId} HTTP/1.1\r\nHost: x\r\nX-API-KEY: ${h.key}\r\n\r\n`);
      });
    }
    const lines = (): string[] => h.logs.filter((l) => l.includes(`GET /api/v1/get-report?task_id=${taskId}`));
    await waitFor('20 get-report log lines', () => lines().length >= 20);
    assert.equal(lines().length, 20);
    assert.deepEqual(
      lines().filter((l) => !/ 200 /.test(l)),
      [],
      'every fully sent get-report is logged 200',
    );
  });
});
