/**
 * The outbound-request policy (src/net) for images and webhooks: which addresses may
 * be reached (the resolved address, not the name), redirects re-checked, size and time
 * caps, and failures that say only "not fetched: <reason class>". Every server here is on
 * 127.0.0.1; names resolve through an injected resolver, and a blocked address is refused
 * before any connection is attempted — no test sends traffic anywhere else.
 */
import { strict as assert } from 'node:assert';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LookupAddress } from 'node:dns';
import { classifyAddress, embeddedIPv4 } from '../../../src/net/addresses';
import {
  checkUrl,
  fetchBytes,
  imageFetchPolicy,
  OutboundError,
  outboundRequest,
  webhookPolicy,
  type ResolveFn,
} from '../../../src/net/outboundPolicy';
import { png } from '../../helpers/imageFixtures';
import { WebhookSender } from '../../../src/service/delivery/webhooks';
import { startHarness, type Harness } from './helpers';
import type { ReportBody } from '../../../src/core/report/types';
import { waitFor } from '../../helpers/waitFor';

/** A resolver for test names; anything else fails as NXDOMAIN (the system resolver is never asked). */
function resolver(table: Record<string, string[]>, asked: string[] = []): ResolveFn {
  return (host, cb) => {
    asked.push(host);
    const list = table[host];
    if (!list) return cb(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' }), []);
    cb(
      null,
      list.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  };
}

async function reason(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    assert.ok(err instanceof OutboundError, String(err));
    assert.equal(err.message, `not fetched: ${err.reason}`);
    return err.reason;
  }
  throw new Error('expected the request to be refused');
}

describe('outbound policy: address classes', () => {
  it('classifies loopback, public and every non-public range, IPv4 inside IPv6 included', () => {
    const cases: Array<[string, string]> = [
      ['127.0.0.1', 'loopback'],
      ['127.9.9.9', 'loopback'],
      ['::1', 'loopback'],
      ['::ffff:127.0.0.1', 'loopback'],
      ['8.8.8.8', 'public'],
      ['172.32.0.1', 'public'],
      ['2606:4700::1111', 'public'],
      ['100.128.0.1', 'public'],
      ['169.254.169.254', 'non-public'],
      ['10.1.2.3', 'non-public'],
      ['172.16.0.1', 'non-public'],
      ['172.31.255.255', 'non-public'],
      ['192.168.1.5', 'non-public'],
      ['100.64.0.1', 'non-public'],
      ['100.100.100.200', 'non-public'],
      ['0.0.0.0', 'non-public'],
      ['0.1.2.3', 'non-public'],
      ['224.0.0.1', 'non-public'],
      ['255.255.255.255', 'non-public'],
      ['::', 'non-public'],
      ['fe80::1', 'non-public'],
      ['fd00:ec2::254', 'non-public'],
      ['fc00::1', 'non-public'],
      ['ff02::1', 'non-public'],
      ['::ffff:169.254.169.254', 'non-public'],
      ['::ffff:a9fe:a9fe', 'non-public'],
      ['64:ff9b::a9fe:a9fe', 'non-public'],
      ['2002:a9fe:a9fe::1', 'non-public'],
      ['::ffff:10.0.0.1', 'non-public'],
    ];
    for (const [ip, expected] of cases) assert.equal(classifyAddress(ip), expected, ip);
    assert.equal(embeddedIPv4('64:ff9b::c0a8:0105'), '192.168.1.5');
  });

  it('checks the URL before any lookup: scheme, IP literals (in every spelling), localhost names', () => {
    const images = imageFetchPolicy();
    const remote = imageFetchPolicy({ allowLoopback: false });
    const refusal = (url: string, policy = images): string | undefined => {
      try {
        checkUrl(url, policy);
        return undefined;
      } catch (err) {
        return (err as OutboundError).reason;
      }
    };
    assert.equal(refusal('file:///etc/passwd'), 'not http(s)');
    assert.equal(refusal('ftp://127.0.0.1/x'), 'not http(s)');
    assert.equal(refusal('not a url'), 'invalid URL');
    assert.equal(refusal('http://169.254.169.254/latest/meta-data/'), 'blocked address');
    assert.equal(refusal('http://[fd00:ec2::254]/'), 'blocked address');
    assert.equal(refusal('http://0xa9fea9fe/'), 'blocked address', 'hex form of 169.254.169.254');
    assert.equal(refusal('http://[::ffff:10.0.0.1]/'), 'blocked address');
    assert.equal(refusal('http://0/'), 'blocked address', '0 is 0.0.0.0');
    assert.equal(refusal('http://2130706433/x.png'), undefined, '127.0.0.1, loopback allowed for images');
    assert.equal(refusal('http://2130706433/x.png', remote), 'blocked address');
    assert.equal(refusal('http://images.localhost/x.png', remote), 'blocked address');
    assert.equal(refusal('http://10.0.0.5/x.png', imageFetchPolicy({ allowHosts: ['10.0.0.5'] })), undefined, '--fetch-allow-host');
    assert.equal(refusal('http://8.8.8.8/x', webhookPolicy([])), 'blocked address', 'webhooks: no public addresses');
    assert.equal(refusal('http://8.8.8.8/x', webhookPolicy(['8.8.8.8'])), undefined);
  });
});

describe('outbound policy: requests', () => {
  let server: Server;
  let port: number;
  let hits: string[];
  const caps = { maxBytes: 100_000, timeoutMs: 2_000 };

  before(async () => {
    hits = [];
    server = createServer((req, res) => {
      hits.push(req.url ?? '');
      const url = new URL(req.url ?? '/', 'http://x');
      const hop = Number(url.searchParams.get('hop') ?? 0);
      if (url.pathname === '/ok.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(png());
      if (url.pathname === '/chain') return void res.writeHead(302, { location: hop >= 2 ? '/ok.png' : `/chain?hop=${hop + 1}` }).end();
      if (url.pathname === '/loop') return void res.writeHead(301, { location: `/loop?hop=${hop + 1}` }).end();
      if (url.pathname === '/to-metadata')
        return void res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/iam' }).end();
      if (url.pathname === '/to-name') return void res.writeHead(307, { location: `http://intranet.test:${port}/ok.png` }).end();
      if (url.pathname === '/to-file') return void res.writeHead(302, { location: 'file:///etc/passwd' }).end();
      if (url.pathname === '/error') return void res.writeHead(500, { 'content-type': 'text/plain' }).end('stack trace with secrets');
      if (url.pathname === '/declared-big')
        return void res.writeHead(200, { 'content-length': String(caps.maxBytes + 1) }).end(Buffer.alloc(caps.maxBytes + 1));
      if (url.pathname === '/streamed-big') {
        res.writeHead(200);
        for (let i = 0; i < 30; i++) res.write(Buffer.alloc(10_000));
        return void res.end();
      }
      if (url.pathname === '/silent') return; // never answers; closed in after()
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });

  after(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('connects to the resolved address that the policy allows, and to nothing else', async () => {
    const asked: string[] = [];
    const policy = imageFetchPolicy({
      lookup: resolver(
        {
          'cdn.test': ['127.0.0.1'],
          'mixed.test': ['10.0.0.7', '127.0.0.1'],
          'metadata.test': ['169.254.169.254'],
          'evil.localhost': ['10.9.9.9'],
        },
        asked,
      ),
    });
    assert.ok((await fetchBytes(`http://cdn.test:${port}/ok.png`, policy, caps)).length > 0);
    // Of a private and a loopback address, only loopback is connected to.
    assert.ok((await fetchBytes(`http://mixed.test:${port}/ok.png`, policy, caps)).length > 0);
    assert.equal(await reason(fetchBytes(`http://metadata.test:${port}/latest`, policy, caps)), 'blocked address');
    // *.localhost never goes to DNS: it is loopback, whatever a resolver would say.
    assert.ok((await fetchBytes(`http://evil.localhost:${port}/ok.png`, policy, caps)).length > 0);
    assert.ok(!asked.includes('evil.localhost'));
    assert.equal(
      await reason(fetchBytes(`http://evil.localhost:${port}/ok.png`, imageFetchPolicy({ allowLoopback: false }), caps)),
      'blocked address',
    );
    assert.equal(await reason(fetchBytes(`http://nowhere.test:${port}/ok.png`, policy, caps)), 'DNS failure');
    assert.equal(
      await reason(
        fetchBytes(
          `http://metadata.test:${port}/`,
          imageFetchPolicy({ allowLoopback: false, lookup: resolver({ 'metadata.test': ['127.0.0.1'] }) }),
          caps,
        ),
      ),
      'blocked address',
    );
    // An allowed host is reached whatever it resolves to.
    const allowed = imageFetchPolicy({ allowLoopback: false, allowHosts: ['cdn.test'], lookup: resolver({ 'cdn.test': ['127.0.0.1'] }) });
    assert.ok((await fetchBytes(`http://cdn.test:${port}/ok.png`, allowed, caps)).length > 0);
  });

  it('follows at most 3 redirects, checking every hop', async () => {
    const policy = imageFetchPolicy({ lookup: resolver({ 'intranet.test': ['192.168.0.10'] }) });
    hits = [];
    assert.ok((await fetchBytes(`http://127.0.0.1:${port}/chain`, policy, caps)).length > 0);
    assert.deepEqual(hits, ['/chain', '/chain?hop=1', '/chain?hop=2', '/ok.png'], 'three redirects followed');
    assert.equal(await reason(fetchBytes(`http://127.0.0.1:${port}/loop`, policy, caps)), 'too many redirects');
    assert.equal(await reason(fetchBytes(`http://127.0.0.1:${port}/to-metadata`, policy, caps)), 'blocked address');
    assert.equal(await reason(fetchBytes(`http://127.0.0.1:${port}/to-name`, policy, caps)), 'blocked address');
    assert.equal(await reason(fetchBytes(`http://127.0.0.1:${port}/to-file`, policy, caps)), 'not http(s)');
    // Webhooks follow none: a 3xx is the answer.
    const res = await outboundRequest(`http://127.0.0.1:${port}/chain`, webhookPolicy([]), { method: 'POST', body: '{}', ...caps });
    assert.equal(res.status, 302);
  });

  it('caps size (declared and streamed) and time; an HTTP error says nothing of the body', async () => {
    const policy = imageFetchPolicy();
    assert.equal(await reason(fetchBytes(`http://127.0.0.1:${port}/declared-big`, policy, caps)), 'too large');
    assert.equal(await reason(fetchBytes(`http://127.0.0.1:${port}/streamed-big`, policy, caps)), 'too large');
    assert.equal(await reason(fetchBytes(`http://127.0.0.1:${port}/silent`, policy, { ...caps, timeoutMs: 300 })), 'timed out');
    assert.equal(await reason(fetchBytes(`http://127.0.0.1:${port}/error`, policy, caps)), 'HTTP error');
  });

  it("a refused connection is 'connection failed' (no port state); the caller's abort is its own error", async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    assert.equal(await reason(fetchBytes(`http://127.0.0.1:${closedPort}/x`, imageFetchPolicy(), caps)), 'connection failed');
    const abort = new AbortController();
    const pending = fetchBytes(`http://127.0.0.1:${port}/silent`, imageFetchPolicy(), { ...caps, signal: abort.signal });
    abort.abort(new Error('render stopped'));
    await assert.rejects(pending, /render stopped/);
  });
});

describe('outbound policy: webhooks', () => {
  it('a webhook to *.localhost reaches loopback without asking DNS; the log names the origin only', async () => {
    const got: string[] = [];
    const rx = createServer((req, res) => {
      got.push(`${req.method} ${req.url}`);
      req.resume().on('end', () => res.writeHead(204).end());
    });
    await new Promise<void>((r) => rx.listen(0, '127.0.0.1', r));
    const port = (rx.address() as AddressInfo).port;
    const logs: string[] = [];
    const sender = new WebhookSender({
      allowHosts: [],
      attempts: 1,
      baseDelayMs: 1,
      reportUrl: (id) => `http://127.0.0.1/r/${id}`,
      log: (l) => logs.push(l),
    });
    try {
      sender.send('t-1', 'SUCCESS', [{ url: `http://hooks.localhost:${port}/hook`, auth_header: null }]);
      await waitFor('the delivery to end', () => sender.pending === 0);
      assert.deepEqual(got, ['POST /hook']);
      assert.deepEqual(logs, [`webhook for task t-1 (report.completed) delivered to http://hooks.localhost:${port} (attempt 1)`]);
    } finally {
      await sender.close();
      rx.closeAllConnections();
      await new Promise((r) => rx.close(r));
    }
  });
});

describe('outbound policy: images in the local service', function () {
  this.timeout(60_000);
  let imageServer: Server;
  let imageUrl: string;
  const harnesses: Harness[] = [];

  before(async () => {
    imageServer = createServer((_req, res) => void res.writeHead(200, { 'content-type': 'image/png' }).end(png()));
    await new Promise<void>((r) => imageServer.listen(0, '127.0.0.1', r));
    imageUrl = `http://127.0.0.1:${(imageServer.address() as AddressInfo).port}/logo.png`;
  });

  after(async () => {
    for (const h of harnesses) await h.stop();
    imageServer.closeAllConnections();
    await new Promise((r) => imageServer.close(r));
  });

  const body = (): ReportBody => ({
    type: 'Report',
    options: { report_title: 'Policy' },
    components: [
      { type: 'Image', options: { image_url: imageUrl } },
      { type: 'Image', options: { image_url: 'http://169.254.169.254/latest/meta-data/iam/security-credentials/' } },
    ],
  });

  async function run(options: Parameters<typeof startHarness>[0]) {
    // The real renderer, in its worker thread (renderer: undefined → the service's default).
    const h = await startHarness({ renderer: undefined, ...options });
    harnesses.push(h);
    const res = await h.post('/preview-report', body());
    assert.equal(res.status, 200);
    const { task_id } = (await res.json()) as { task_id: string };
    return { h, task_id, status: await h.waitFor(task_id) };
  }

  it('loopback images are fetched; a metadata address is a placeholder and a note, the task SUCCEEDS', async () => {
    const { h, task_id, status } = await run({});
    assert.equal(status.status, 'SUCCESS', status.error_message ?? '');
    assert.deepEqual(status.notes, [
      {
        kind: 'image-unavailable',
        path: ['components', 1, 'options', 'image_url'],
        message:
          'image_url http://169.254.169.254/latest/meta-data/iam/security-credentials/ not fetched: blocked address — a placeholder was drawn',
      },
    ]);
    assert.ok(
      h.logs.some(
        (l) =>
          l.includes(`task ${task_id} note (image-unavailable) at components[1].options.image_url`) &&
          l.includes('not fetched: blocked address'),
      ),
    );
  });

  it('beyond loopback (--allow-remote) loopback images are refused unless --fetch-allow-host names them', async () => {
    const remote = await run({ host: '0.0.0.0', allowRemote: true });
    assert.equal(remote.status.status, 'SUCCESS');
    assert.deepEqual(
      remote.status.notes?.map((n) => [n.path[1], n.message.replace(/^.* not fetched/, 'not fetched')]),
      [
        [0, 'not fetched: blocked address — a placeholder was drawn'],
        [1, 'not fetched: blocked address — a placeholder was drawn'],
      ],
    );
    const allowed = await run({ host: '0.0.0.0', allowRemote: true, fetchAllowHosts: ['127.0.0.1'] });
    assert.deepEqual(
      allowed.status.notes?.map((n) => n.path[1]),
      [1],
    );
  });
});
