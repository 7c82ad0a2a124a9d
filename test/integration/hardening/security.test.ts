/**
 * Security checks of the local service: it binds loopback only unless --allow-remote
 * (and then warns); task ids and cloud-storage destinations cannot reach files outside
 * the data dir / bucket (a canary file outside must never be served, nothing may be
 * written outside); webhooks go to loopback only, other hosts and schemes are refused
 * before any connection (every fetch the service makes is recorded). No traffic ever
 * leaves loopback: non-loopback addresses are only ever refused, never contacted.
 * (The API-key audit is in security-keys.test.ts.)
 */
import assert from 'node:assert/strict';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import type { AddressInfo, Socket } from 'node:net';
import { startLocalService } from '../../../src/service/service';
import { BindRefusedError } from '../../../src/service/bindHost';
import { webhookRefusal } from '../../../src/service/delivery/webhooks';
import { sleep, startHarness, tempDir, type Harness } from '../service/helpers';
import { BUNDLE, buildOnce, ROOT, runToEnd, startServer, stopServer } from './standalone';
import { waitFor } from '../../helpers/waitFor';

const KEY = 'security-key-0123456789';
const CANARY = 'CANARY-6f1d2c-outside-the-data-dir';
const simple = (extra: Record<string, unknown> = {}) => ({
  type: 'Report',
  options: { report_title: 'Sec' },
  config: extra,
  components: [{ type: 'Text', options: { text: 'x' } }],
});

/** A raw request: the path is sent byte for byte (fetch would normalise dot segments). */
function rawGet(
  url: string,
  path: string,
  headers: Record<string, string> = { 'x-api-key': KEY },
): Promise<{ status: number; body: string; headers: IncomingMessage['headers'] }> {
  const u = new URL(url);
  return new Promise((resolvePromise, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: u.port, path, method: 'GET', headers }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString('latin1')));
      res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('hardening: security of the local service', function () {
  this.timeout(300_000);
  const cleanup: Array<() => Promise<void> | void> = [];
  before(() => buildOnce());
  afterEach(async () => {
    for (const c of cleanup.splice(0).reverse()) await c();
  });

  it('refuses to listen beyond loopback unless --allow-remote is given, and then warns', async () => {
    const parent = tempDir('rs-bind-');
    cleanup.push(() => rmSync(parent, { recursive: true, force: true }));
    const dataDir = join(parent, 'never-created');
    for (const host of ['0.0.0.0', '::', '192.0.2.10', 'example.com', '']) {
      const r = await runToEnd([BUNDLE, '--port', '0', '--host', host, '--data-dir', dataDir, '--api-key', KEY]);
      assert.equal(r.code, 2, `--host ${JSON.stringify(host)}: exit ${r.code}, stderr ${r.stderr}`);
      assert.match(r.stderr, /refusing to listen on .*not a loopback address.*--allow-remote/s, r.stderr);
      assert.ok(!/listening on/.test(r.stdout), 'nothing listens');
    }
    const serve = await runToEnd([
      join(ROOT, 'dist/cli.js'),
      'serve',
      '--port',
      '0',
      '--host',
      '0.0.0.0',
      '--data-dir',
      dataDir,
      '--api-key',
      KEY,
    ]);
    assert.equal(serve.code, 2, serve.stderr);
    assert.match(serve.stderr, /report-studio serve: --host: refusing to listen on 0\.0\.0\.0/);
    assert.ok(!existsSync(dataDir), 'a refused start touches nothing');

    // Embedded: refused before the data dir is locked, so a loopback start right after works.
    const embeddedDir = join(parent, 'embedded');
    await assert.rejects(startLocalService({ dataDir: embeddedDir, host: '0.0.0.0', keys: [{ key: KEY }] }), BindRefusedError);
    const ok = await startLocalService({ dataDir: embeddedDir, host: 'localhost', keys: [{ key: KEY }] });
    assert.match(ok.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    await ok.stop();

    // With the flag: it starts, warns on stderr, and is used here through 127.0.0.1 only.
    const p = await startServer([
      '--host',
      '0.0.0.0',
      '--allow-remote',
      '--data-dir',
      join(parent, 'remote'),
      '--api-key',
      KEY,
      '--minimal-renderer',
    ]);
    cleanup.push(async () => void (await stopServer(p)));
    await waitFor(`a warning on stderr: ${p.stderr.join('\n')}`, () => p.stderr.some((l) => l.startsWith('WARNING'))).catch(
      () => undefined,
    );
    const warning = p.stderr.find((l) => l.startsWith('WARNING'));
    assert.ok(warning, `no warning on stderr: ${p.stderr.join('\n')}`);
    assert.match(warning, /listens on 0\.0\.0\.0:\d+, beyond loopback \(--allow-remote\)/);
    assert.equal((await fetch(`${p.url}/api/v1/get-remaining-quota`, { headers: { 'x-api-key': KEY } })).status, 200);
    assert.equal(await stopServer(p), 0);
  });

  it('task ids and bucket paths cannot reach a file outside the data dir', async () => {
    const parent = tempDir('rs-traversal-');
    cleanup.push(() => rmSync(parent, { recursive: true, force: true }));
    for (const name of ['canary.pdf', 'canary.json', 'canary.jpg']) writeFileSync(join(parent, name), CANARY);
    mkdirSync(join(parent, 'data', 'bucket', 's3'), { recursive: true });
    const h: Harness = await startHarness({ keys: [{ key: KEY }] }, join(parent, 'data'));
    cleanup.push(() => h.stop());
    const sub = await h.post('/build-report', simple());
    const realId = ((await sub.json()) as { task_id: string }).task_id;
    await h.waitFor(realId);
    const ids = [
      '../canary',
      '../../canary.pdf',
      '..%2Fcanary',
      '..%2F..%2Fcanary.pdf',
      '%2e%2e%2fcanary',
      '....//canary',
      '..\\canary',
      encodeURIComponent(join(parent, 'canary.pdf')),
      join(parent, 'canary'),
      `${realId}/../../canary`,
      `${realId}%2F..%2F..%2F..%2Fcanary`,
      '%00',
      `${realId}%00`,
      `${realId}%00.pdf`,
      `..%00/canary`,
      'x'.repeat(10_000),
      '%E2%80%AE',
      '%F0%9F%98%80',
    ];
    for (const endpoint of ['get-task-status', 'get-report']) {
      for (const id of ids) {
        const r = await rawGet(h.service.url, `/api/v1/${endpoint}?task_id=${id}`);
        assert.ok(r.status === 404 || r.status === 422, `${endpoint} ${id.slice(0, 60)} → ${r.status}`);
        assert.equal(r.headers['content-type'], 'application/json');
        assert.ok(!r.body.includes(CANARY), `${endpoint} ${id.slice(0, 60)} served the canary`);
      }
    }
    for (const path of [
      '/bucket/../canary.pdf',
      '/bucket/../../canary.pdf',
      '/bucket/..%2F..%2Fcanary.pdf',
      '/bucket/s3/%2e%2e/%2e%2e/%2e%2e/canary.pdf',
      `/bucket/${encodeURIComponent(join(parent, 'canary.pdf'))}`,
      '/bucket/s3/..%5C..%5C..%5Ccanary.pdf',
      '/bucket/%00',
      '/bucket/s3/canary.pdf%00.pdf',
      '/bucket/../../ledger.json',
      '/api/v1/../../canary.pdf',
    ]) {
      const r = await rawGet(h.service.url, path, {});
      assert.equal(r.status, 404, `${path} → ${r.status} ${r.body.slice(0, 100)}`);
      assert.ok(!r.body.includes(CANARY), `${path} served the canary`);
    }
    assert.equal((await h.api(`/get-report?task_id=${realId}`)).status, 200, 'the real task still downloads');
  });

  it('cloud-storage destinations with ../, absolute paths, NUL and backslashes stay inside the bucket dir', async () => {
    const parent = tempDir('rs-bucket-');
    cleanup.push(() => rmSync(parent, { recursive: true, force: true }));
    const bucketDir = join(parent, 'data', 'bucket');
    const h = await startHarness({ keys: [{ key: KEY }], bucketDir }, join(parent, 'data'));
    cleanup.push(() => h.stop());
    const destinations = [
      's3://acme/../../../../escape',
      '../../escape',
      '/etc/escape',
      `${parent}/escape`,
      'C:\\Windows\\escape',
      'a\\..\\..\\..\\escape',
      'acme/%2e%2e/%2e%2e/escape',
      'acme/\u0000/x',
      '..',
      '....//....//escape',
      '.',
      ' ../ ',
      'acme/./../escape',
      'https://h/p/../../escape?sig=1#f',
      `${'a/'.repeat(300)}deep`,
      'x'.repeat(400),
      'ключ/😀/\u202e',
    ];
    for (const [i, dest] of destinations.entries()) {
      const provider = ['s3', 'azure_blob_storage', 'google_cloud_storage'][i % 3];
      const res = await h.post('/build-report', simple({ cloud_storage: { [provider]: dest } }));
      assert.equal(res.status, 200, `${JSON.stringify(dest)}: ${await res.clone().text()}`);
      const id = ((await res.json()) as { task_id: string }).task_id;
      const s = await h.waitFor(id);
      assert.equal(s.status, 'SUCCESS', `${JSON.stringify(dest)}: ${s.error_message}`);
      const r = await h.api(`/get-report?task_id=${id}`, { redirect: 'manual' });
      assert.equal(r.status, 303);
      const body = (await r.json()) as { url: string; path: string };
      assert.ok(
        resolve(body.path).startsWith(resolve(bucketDir) + sep + provider + sep),
        `${JSON.stringify(dest)} was written to ${body.path}`,
      );
      assert.ok(body.url.startsWith(`${h.service.url}/bucket/${provider}/`) && r.headers.get('location') === body.url);
      const file = await fetch(body.url);
      assert.equal(file.status, 200, `${body.url} → ${file.status}`);
      assert.equal(file.headers.get('content-type'), 'application/pdf');
    }
    assert.deepEqual(readdirSync(parent), ['data'], 'nothing was written outside the data dir');
    assert.ok(!existsSync('/etc/escape') && !existsSync(join(parent, 'escape')));
  });

  it('webhooks reach loopback only: other hosts and schemes are refused before any connection', async () => {
    const received: Array<{ path: string; auth?: string; body: string }> = [];
    const receiver: Server = createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d));
      req.on('end', () => {
        received.push({ path: req.url ?? '', auth: req.headers.authorization, body });
        if (req.url === '/redirect') res.writeHead(302, { location: 'http://192.0.2.10/elsewhere' }).end();
        else res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    cleanup.push(() => new Promise<void>((r) => receiver.close(() => r())));
    const port = (receiver.address() as AddressInfo).port;

    // Every TCP connection made in this process is recorded (webhooks go through undici and
    // the outbound policy, the test's own API calls through fetch; both end in net.connect);
    // one to anything but loopback fails here instead of leaving the machine.
    const calls: string[] = [];
    // The module object itself (an ES namespace import is read-only): undici and fetch call net.connect on it.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const net = require('node:net') as { connect: (...a: unknown[]) => Socket };
    const realConnect = net.connect;
    net.connect = (...args: unknown[]) => {
      const o = (typeof args[0] === 'object' ? args[0] : { port: args[0], host: args[1] }) as { host?: string; port?: number };
      calls.push(`${o.host}:${o.port}`);
      if (!/^(127\.0\.0\.1|localhost|::1)$/.test(String(o.host))) throw new Error(`test guard: refused a connection to ${o.host}`);
      return realConnect(...args);
    };
    cleanup.push(() => void (net.connect = realConnect));

    const h = await startHarness({ keys: [{ key: KEY }], webhookRetryBaseMs: 10, webhookAttempts: 2 });
    cleanup.push(() => h.stop());
    const refused = [
      'http://192.0.2.10/hook',
      'https://example.com/hook',
      'http://[2001:db8::1]/hook',
      'http://127.0.0.1.nip.io/hook',
      'http://localhost.example.com/hook',
      'http://0.0.0.0:9/hook',
      'http://10.0.0.1:8080/hook',
      'http://user:pw@example.com/hook',
      'file:///etc/passwd',
      `ftp://127.0.0.1:${port}/x`,
      'data:text/plain,hello',
      'javascript:alert(1)',
      `gopher://127.0.0.1:${port}/x`,
      `ws://127.0.0.1:${port}/x`,
    ];
    let atValidation = 0;
    let atDelivery = 0;
    for (const url of refused) {
      const res = await h.post('/preview-report', simple({ webhooks: [{ url, auth_header: 'Bearer hook-secret' }] }));
      if (res.status === 422) {
        atValidation++; // refused at validation (not a URL the schema accepts)
        continue;
      }
      atDelivery++;
      assert.equal(res.status, 200, `${url}: ${res.status}`);
      const id = ((await res.json()) as { task_id: string }).task_id;
      await h.waitFor(id);
      await waitFor(`the refusal of ${url}`, () => h.logs.some((l) => l.includes(`webhook for task ${id} skipped`))).catch(() => undefined);
      assert.ok(
        h.logs.some((l) => l.includes(`webhook for task ${id} skipped`)),
        `no refusal logged for ${url}`,
      );
    }
    assert.ok(atDelivery >= 10, `only ${atDelivery} refusals reached delivery (${atValidation} at validation)`);
    const ok = await h.post(
      '/preview-report',
      simple({
        webhooks: [
          { url: `http://127.0.0.1:${port}/done`, auth_header: 'Bearer hook-secret' },
          { url: `http://localhost:${port}/redirect` },
        ],
      }),
    );
    const id = ((await ok.json()) as { task_id: string }).task_id;
    await h.waitFor(id);
    await waitFor('two deliveries', () => received.length >= 2);
    await sleep(200); // a followed redirect or a retry would show up here
    const made = calls.filter((c) => c !== `127.0.0.1:${h.service.port}`); // the test's own API calls aside
    assert.deepEqual(made.sort(), [`127.0.0.1:${port}`, `localhost:${port}`].sort(), 'the only connections the service made');
    assert.deepEqual(received.map((r) => r.path).sort(), ['/done', '/redirect']);
    const done = received.find((r) => r.path === '/done');
    assert.equal(done?.auth, 'Bearer hook-secret');
    assert.deepEqual(JSON.parse(done!.body), {
      event: 'report.completed',
      task_id: id,
      url: `${h.service.baseUrl}/get-report?task_id=${id}`,
    });
    assert.ok(
      h.logs.some((l) => /refused with HTTP 302; not retried/.test(l)),
      'a redirect is not followed',
    );
    // The allow-list itself, checked without traffic.
    assert.equal(webhookRefusal('https://hooks.example.com/x', ['hooks.example.com']), undefined);
    assert.match(webhookRefusal('https://other.example.com/x', ['hooks.example.com']) ?? '', /not loopback/);
    assert.equal(webhookRefusal('https://any.example.org/x', ['*']), undefined);
    assert.match(webhookRefusal('file:///etc/passwd', ['*']) ?? '', /not http/);
  });
});
