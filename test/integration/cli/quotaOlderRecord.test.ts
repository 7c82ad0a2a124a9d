/**
 * `report-studio quota` against a service that answers the older 9-field quota record
 * (no AI fields, dates without a zone and with microseconds), run in-process against a
 * tiny loopback server.
 */
import * as assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { runCli } from '../../../src/cli/main';
import { OLDER_RECORD } from '../../unit/core/quota/records';

const KEY = 'rs_older_record_key_0123';

async function run(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
  stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
  const code = await runCli(
    argv,
    { stdout, stderr, env: { REPORT_STUDIO_API_KEY: KEY }, cwd: process.cwd() },
    new AbortController().signal,
  );
  return { code, stdout: out, stderr: err };
}

describe('CLI: quota from a service sending the older 9-field record', function () {
  let server: Server;
  let baseUrl: string;
  const seenKeys: Array<string | undefined> = [];

  before(async () => {
    server = createServer((req, res) => {
      seenKeys.push(req.headers['x-api-key'] as string | undefined);
      if (req.url !== '/api/v1/get-remaining-quota') {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"Not Found"}');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(OLDER_RECORD));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  });

  after(() => new Promise<void>((r) => server.close(() => r())));

  it('prints the table without an AI row and with the dates in UTC', async () => {
    const r = await run(['quota', '--base-url', baseUrl]);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(r.stdout.trimEnd().split('\n'), [
      'Single-page reports  95 of 100 left',
      'Multi-page reports   100 of 100 left',
      'Pages per report     at most 5',
      'Period               2024-11-21 17:08 UTC → 2024-12-21 17:08 UTC',
      'Subscription         active',
    ]);
    assert.equal(r.stderr, '');
    assert.equal(seenKeys.at(-1), KEY);
  });

  it('--json gives the record as the service sent it', async () => {
    const r = await run(['quota', '--base-url', baseUrl, '--json']);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), { ok: true, command: 'quota', quota: OLDER_RECORD });
  });
});
