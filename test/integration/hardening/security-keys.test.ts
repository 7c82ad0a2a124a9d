/**
 * The API key never appears in any log, error message, output or file. A scenario runs
 * the standalone service with its request log on (key in the header, in `?api_key=`,
 * wrong keys, errors of every kind), the CLI as a subprocess with the key from the env
 * and from argv (successes, 422, 401, 404, unreachable service, a base URL carrying the
 * key), both against the service and against a hostile loopback server that echoes the
 * key back in its error bodies and headers, and the core client in-process against that
 * server. Then every captured line, every file in the data dir and every output file is
 * searched for the key (as is, URL-encoded, JSON-escaped, base64): zero hits.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { ReportClient } from '../../../src/core/client/apiClient';
import { redact } from '../../../src/core/redact';
import { tempDir } from '../service/helpers';
import { describeHits, findKeys, findKeysInDir, type KeyHit } from './keyAudit';
import { buildOnce, ROOT, runToEnd, startServer, stopServer, type ServerProcess } from './standalone';

const CLI = join(ROOT, 'dist/cli.js');
// Characters that URL-encoding changes, so the encoded form is searched separately.
const KEY = `rs_Sec+ret/Key=${randomBytes(6).toString('hex')}~!`;
const REPORT = { type: 'Report', options: { report_title: 'Key audit' }, components: [{ type: 'Text', options: { text: 'hello' } }] };

/** A server that echoes whatever key it gets into bodies and headers, as a hostile proxy might. */
function echoServer(): Promise<Server> {
  const server = createServer((req, res) => {
    const key = String(req.headers['x-api-key'] ?? new URL(req.url ?? '/', 'http://x').searchParams.get('api_key') ?? '');
    const path = (req.url ?? '').split('?')[0];
    if (path.endsWith('/get-remaining-quota')) {
      res
        .writeHead(401, { 'content-type': 'application/json', 'x-debug-key': key })
        .end(JSON.stringify({ detail: `Invalid API key ${key}` }));
    } else if (path.endsWith('/build-report')) {
      res.writeHead(500, { 'content-type': 'text/html' }).end(`<html><body>Upstream error for key ${key}</body></html>`);
    } else if (path.endsWith('/preview-report')) {
      res
        .writeHead(422, { 'content-type': 'application/json' })
        .end(JSON.stringify({ detail: [{ type: 'string_type', loc: ['body', 'options', key], msg: `bad ${key}`, input: key }] }));
    } else {
      res.writeHead(200, { 'content-type': 'application/json' }).end(`{"status": "${key}`);
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('hardening: the API key never appears in any log, error, output or file', function () {
  this.timeout(600_000);
  let service: ServerProcess | undefined;
  let echo: Server | undefined;
  let dir = '';
  before(() => buildOnce());
  after(async () => {
    if (service) await stopServer(service);
    await new Promise<void>((r) => (echo ? echo.close(() => r()) : r()));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('a scenario of service, CLI and client traffic, good and bad, leaves zero traces of the key', async () => {
    dir = tempDir('rs-keys-');
    const dataDir = join(dir, 'data');
    const outDir = join(dir, 'out');
    mkdirSync(outDir);
    writeFileSync(join(outDir, 'ok.report.json'), JSON.stringify(REPORT));
    writeFileSync(join(outDir, 'broken.report.json'), '{"type": "Report", "components": [{"type": "Card", "options": {"title": 5}}]}');
    const captured: Array<[string, string]> = [];

    service = await startServer(['--data-dir', dataDir, '--api-key', KEY, '--rate-limit', '0', '--minimal-renderer']);
    const base = `${service.url}/api/v1`;
    const q = encodeURIComponent(KEY);
    const sub = await fetch(`${base}/build-report`, {
      method: 'POST',
      headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
      body: JSON.stringify(REPORT),
    });
    const taskId = ((await sub.json()) as { task_id: string }).task_id;
    const requests: Array<[string, RequestInit?]> = [
      [`${base}/get-remaining-quota?api_key=${q}`],
      [`${base}/get-task-status?task_id=${taskId}&api_key=${q}`],
      [`${base}/get-task-status?api_key=${q}&task_id=${taskId}`],
      [`${base}/get-report?task_id=${taskId}&api_key=${KEY}`],
      [`${base}/get-report?task_id=nope&api_key=${q}`],
      [`${base}/get-remaining-quota?API_KEY=${q}&api_key=${q}`],
      [`${base}/get-remaining-quota?api_key=${q}x`],
      [`${base}/get-remaining-quota`, { headers: { 'x-api-key': `${KEY}x` } }],
      [`${base}/build-report?api_key=${q}`],
      [`${base}/build-report?api_key=${q}`, { method: 'POST', body: '{"type": ' }],
      [`${base}/preview-report?api_key=${q}`, { method: 'POST', body: '{}', headers: { 'content-type': 'text/plain' } }],
      [`${base}/get-task-status/?api_key=${q}`, { redirect: 'manual' }],
      [`${base}/get-remaining-quota?api_key=${q}`, { method: 'HEAD' }],
    ];
    for (const [url, init] of requests) {
      // Error bodies must not echo a key sent as a credential (a 307 Location repeating the
      // requester's own query string is not checked: it only goes back to the sender).
      const r = await fetch(url, init);
      captured.push([
        `reply to ${url.replace(q, '<key>').replace(KEY, '<key>')}`,
        `${r.status} ${Buffer.from(await r.arrayBuffer()).toString('latin1')}`,
      ]);
    }

    echo = await echoServer();
    const echoBase = `http://127.0.0.1:${(echo.address() as AddressInfo).port}/api/v1`;
    const env = (extra: Record<string, string>) => ({ ...process.env, REPORT_STUDIO_API_KEY: KEY, REPORT_STUDIO_BASE_URL: base, ...extra });
    const runs: Array<[string[], Record<string, string>?]> = [
      [['quota']],
      [['quota', '--json']],
      [['preview', join(outDir, 'ok.report.json'), '-o', join(outDir, 'ok.jpg'), '--verbose']],
      [['build', join(outDir, 'ok.report.json'), '-o', join(outDir, 'ok.pdf'), '--verbose', '--json']],
      [['build', join(outDir, 'broken.report.json'), '--verbose']],
      [['status', taskId, '--json', '--verbose']],
      [['status', '00000000-0000-4000-8000-000000000000', '--verbose']],
      [['status', KEY]],
      [['quota', '--verbose'], { REPORT_STUDIO_API_KEY: `${KEY}x` }],
      [['quota', '--verbose', '--base-url', 'http://127.0.0.1:1/api/v1']],
      [['quota', '--verbose', '--base-url', `${base}?api_key=${q}`]],
      [['quota', '--base-url', `not a url ${KEY}`]],
      [['quota', '--api-key', KEY, '--verbose'], { REPORT_STUDIO_API_KEY: '' }],
      [['quota', '--verbose', '--json'], { REPORT_STUDIO_BASE_URL: echoBase }],
      [['build', join(outDir, 'ok.report.json'), '--verbose', '--timeout', '20'], { REPORT_STUDIO_BASE_URL: echoBase }],
      [['preview', join(outDir, 'ok.report.json'), '--verbose', '--json'], { REPORT_STUDIO_BASE_URL: echoBase }],
      [['status', 'abc', '--verbose'], { REPORT_STUDIO_BASE_URL: echoBase }],
    ];
    const codes: number[] = [];
    for (const [args, extra] of runs) {
      const r = await runToEnd([CLI, ...args], env(extra ?? {}), 120_000);
      codes.push(r.code ?? -1);
      captured.push(
        [`cli ${args.join(' ').replace(KEY, '<key>').replace(q, '<key>')} stdout`, r.stdout],
        [`cli ${args[0]} stderr`, r.stderr],
      );
    }
    assert.ok(
      codes.includes(0) && codes.includes(1) && codes.includes(3) && codes.includes(6),
      `the scenario covers success, 422, 401 and network failures (exit codes ${codes.join(',')})`,
    );

    // The core client in-process against the hostile server: messages, JSON forms, stacks.
    const client = new ReportClient({
      apiKey: KEY,
      baseUrl: echoBase,
      retry: { retries: 0 },
      log: (l) => captured.push(['client log', l]),
    });
    for (const call of [
      () => client.getRemainingQuota(),
      () => client.buildReport(REPORT as never),
      () => client.previewReport(REPORT as never),
      () => client.getTaskStatus('x'),
    ]) {
      try {
        await call();
        assert.fail('the hostile server never answers well');
      } catch (err) {
        captured.push(['client error', `${String(err)} ${(err as Error).message} ${(err as Error).stack} ${JSON.stringify(err)}`]);
      }
    }
    captured.push(['report URL shown', redact(client.reportUrl(taskId, { includeApiKey: true }))]);
    await client.close();

    assert.equal(await stopServer(service), 0);
    captured.push(['service stdout', service.stdout.join('\n')], ['service stderr', service.stderr.join('\n')]);
    service = undefined;
    assert.ok(captured.find(([w]) => w === 'service stderr')![1].includes('api_key=***'), 'the request log ran (and masked the query key)');

    // The audit itself can see the key: a planted copy in each spelling is found.
    for (const planted of [KEY, q, q.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()), new URLSearchParams({ api_key: KEY }).toString()])
      assert.ok(findKeys('probe', `x${planted}y`, [KEY]).length > 0, planted);
    const hits: KeyHit[] = captured.flatMap(([where, text]) => findKeys(where, text, [KEY]));
    const files = findKeysInDir(dir, [KEY]);
    hits.push(...files.hits);
    console.log(`      searched ${captured.length} captured outputs and ${files.files} files for the key in every spelling`);
    assert.deepEqual(hits, [], `the key leaked:\n${describeHits(hits)}`);
  });
});
