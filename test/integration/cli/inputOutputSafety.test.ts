/**
 * The bundled CLI against hostile input and a hostile server (docs/cli.md, input and output rules):
 * - a FIFO as the report (alone and inside `validate <dir>`) and /dev/zero end at once
 *   with exit 2 instead of hanging or reading until "Invalid string length";
 * - a file with a 0xff byte is exit 1 with the byte offset, and nothing is sent;
 * - a loopback server answering with escape sequences (task id, status, error_message,
 *   422 msg) never gets them onto the terminal, nor a forged `file:line:col` line;
 * - a 1.29 MB 422 (FastAPI lists every error) is shown as diagnostics, exit 1 (not 6);
 * - a big generated report against the local service (--offline): 1,000 problem lines plus
 *   the too_many_errors summary, exit 1.
 */
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildOnce, cleanEnv, describeRun, runCli, runCliInProcess } from './cliHarness';

const posix = process.platform !== 'win32';
const ESC = '\x1b';
/** Everything a terminal could act on: ESC, 8-bit CSI/OSC/DCS, other C0/C1 controls but \t and \n. */
// eslint-disable-next-line no-control-regex -- control characters are what this pattern finds
const TERMINAL_CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;
const VALID = JSON.stringify(
  { type: 'Report', options: { report_title: 'Safe' }, components: [{ type: 'Text', options: { text: 'hello' } }] },
  null,
  2,
);

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

/** A loopback server that counts requests and answers with `handler`. */
async function fakeService(handler: Handler): Promise<{ server: Server; url: string; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      requests.push(`${req.method} ${req.url}`);
      handler(req, res, body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`, requests };
}

const json = (res: ServerResponse, status: number, value: unknown): void => {
  const text = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }).end(text);
};

describe('CLI: input files and server text are handled safely', function () {
  this.timeout(180_000);
  let dir = '';
  const servers: Server[] = [];

  before(async () => {
    await buildOnce();
    dir = await mkdtemp(join(tmpdir(), 'rs-cli-safety-'));
    await writeFile(join(dir, 'valid.report.json'), VALID);
  });
  after(async () => {
    for (const s of servers) await new Promise<void>((r) => s.close(() => r()));
    await rm(dir, { recursive: true, force: true });
  });

  // In this process (dist/engine.js's runCli); the FIFO and /dev/zero test runs dist/cli.js as a
  // process (`runCli`), so a read that blocked would hang that process, not this one.
  const cli = (args: string[], url = 'http://127.0.0.1:9/api/v1', timeoutMs = 30_000, runner = runCliInProcess) =>
    runner(args, { cwd: dir, env: cleanEnv({ REPORT_STUDIO_API_KEY: 'rs_cli_safety_key_1', REPORT_STUDIO_BASE_URL: url }), timeoutMs });

  it('a FIFO, alone or inside validate <dir>, and /dev/zero end at once with exit 2', async function () {
    if (!posix) this.skip();
    const fake = await fakeService((_q, res) => json(res, 500, { detail: 'should never be called' }));
    servers.push(fake.server);
    const sub = join(dir, 'pipes');
    execFileSync('mkdir', ['-p', sub]);
    execFileSync('mkfifo', [join(sub, 'b.report.json')]);
    await writeFile(join(sub, 'a.report.json'), VALID);

    const build = await cli(['build', 'pipes/b.report.json'], fake.url, undefined, runCli);
    assert.equal(build.code, 2, describeRun(build));
    assert.match(build.stderr, /cannot read pipes\/b\.report\.json: is a named pipe \(FIFO\), not a regular file/);

    const validate = await cli(['validate', 'pipes'], undefined, undefined, runCli);
    assert.equal(validate.code, 2, describeRun(validate));
    assert.match(validate.stderr, /cannot read pipes\/b\.report\.json: is a named pipe/);
    assert.match(validate.stderr, /2 files checked: no problems, 1 unreadable/);

    if (existsSync('/dev/zero')) {
      const zero = await cli(['preview', '/dev/zero'], fake.url, undefined, runCli);
      assert.equal(zero.code, 2, describeRun(zero));
      assert.match(zero.stderr, /cannot read \/dev\/zero: is a character device, not a regular file/);
      assert.doesNotMatch(zero.stderr, /Invalid string length/);
    }
    assert.deepEqual(fake.requests, [], 'nothing was sent');
  });

  it('a 0xff byte is exit 1 with its byte offset; nothing is sent', async () => {
    const fake = await fakeService((_q, res) => json(res, 200, { task_id: 'x', status: 'QUEUED' }));
    servers.push(fake.server);
    const bytes = Buffer.concat([
      Buffer.from('{\n  "type": "Report",\n  "options": {"report_title": "caf'),
      Buffer.from([0xff]),
      Buffer.from('"},\n  "components": []\n}\n'),
    ]);
    await writeFile(join(dir, 'latin1.report.json'), bytes);
    const offset = bytes.indexOf(0xff);

    const build = await cli(['build', 'latin1.report.json'], fake.url);
    assert.equal(build.code, 1, describeRun(build));
    assert.equal(
      build.stdout,
      `latin1.report.json:3:35: error: not valid UTF-8: byte 0xff at byte offset ${offset}; report files must be UTF-8 [invalid_utf8]\n`,
    );
    assert.match(build.stderr, new RegExp(`not valid UTF-8: byte 0xff at byte offset ${offset} \\(line 3, column 35\\); nothing was sent`));
    assert.deepEqual(fake.requests, [], 'the replaced text was not sent');

    const asJson = await cli(['build', 'latin1.report.json', '--json'], fake.url);
    assert.equal(asJson.code, 1);
    const doc = JSON.parse(asJson.stdout);
    assert.equal(doc.diagnostics[0].type, 'invalid_utf8');
    assert.equal(doc.error.kind, 'validation');

    const validate = await cli(['validate', 'latin1.report.json', 'valid.report.json']);
    assert.equal(validate.code, 1, describeRun(validate));
    assert.match(validate.stdout, /^latin1\.report\.json:3:35: error: not valid UTF-8: byte 0xff/);
    assert.match(validate.stderr, /2 files checked: 1 error in 1 file/);
  });

  it("a server's escape sequences never reach the terminal, nor a forged problem line", async () => {
    const evil = `${ESC}]0;pwned${ESC}\\${ESC}[2J${ESC}[31m\x9b1m\r\nvalid.report.json:1:1: error: forged line`;
    const fake = await fakeService((req, res) => {
      const path = (req.url ?? '').split('?')[0];
      if (path.endsWith('/build-report')) return json(res, 200, { task_id: `task-${evil}`, status: 'QUEUED' });
      if (path.endsWith('/preview-report')) {
        return json(res, 422, {
          detail: [{ type: `string_type${ESC}[5m`, loc: ['body', 'options', 'report_title'], msg: `Input ${evil}`, input: 1 }],
        });
      }
      if (path.endsWith('/get-task-status')) return json(res, 200, { status: 'FAILED', error_message: `Rendering failed: ${evil}` });
      if (path.endsWith('/get-remaining-quota')) return json(res, 401, { detail: `Invalid API key ${evil}` });
      return json(res, 404, { detail: 'Not Found' });
    });
    servers.push(fake.server);
    const runs = [
      await cli(['build', 'valid.report.json', '--no-wait'], fake.url),
      await cli(['preview', 'valid.report.json'], fake.url),
      await cli(['status', 'some-task'], fake.url),
      await cli(['build', 'valid.report.json'], fake.url),
      await cli(['quota'], fake.url),
      await cli(['quota', '--json'], fake.url),
    ];
    assert.deepEqual(
      runs.map((r) => r.code),
      [0, 1, 5, 5, 3, 3],
      runs.map(describeRun).join('\n'),
    );
    for (const r of runs) {
      for (const [name, text] of [
        ['stdout', r.stdout],
        ['stderr', r.stderr],
      ] as const) {
        assert.ok(!TERMINAL_CONTROL.test(text), `${name} carries a control character: ${JSON.stringify(text)}`);
        assert.ok(
          !text.split('\n').some((l) => l.startsWith('valid.report.json:1:1: error: forged')),
          `${name} has a forged line: ${text}`,
        );
      }
    }
    assert.equal(runs[0].stdout, 'task- valid.report.json:1:1: error: forged line\n', 'the id is one line, without its sequences');
    assert.match(runs[1].stdout, /^valid\.report\.json:\d+:\d+: error: Input .*forged line.* \[string_type\] /);
    assert.match(runs[2].stdout, /^FAILED: Rendering failed: .*forged line\n$/);
    assert.equal(JSON.parse(runs[5].stdout).error.message.includes(ESC), true, '--json keeps the text, escaped as JSON');
  });

  it('a 1.29 MB 422 listing every error is shown as diagnostics (exit 1, not 6)', async () => {
    const count = 7200;
    const components = Array.from({ length: count }, () => ({ type: 'Text', options: { text: 1 } }));
    await writeFile(join(dir, 'many.report.json'), JSON.stringify({ type: 'Report', options: { report_title: 'Many' }, components }));
    const detail = components.map((_, i) => ({
      type: 'string_type',
      loc: ['body', 'components', i, 'Text', 'options', 'text'],
      msg: 'Input should be a valid string',
      input: 1,
      url: 'https://errors.pydantic.dev/2.9/v/string_type',
    }));
    const body = JSON.stringify({ detail });
    assert.ok(body.length > 1.25 * 1024 * 1024, `${body.length} bytes`);
    const fake = await fakeService((_q, res) => res.writeHead(422, { 'content-type': 'application/json' }).end(body));
    servers.push(fake.server);
    const r = await cli(['preview', 'many.report.json'], fake.url);
    assert.equal(r.code, 1, describeRun(r).slice(0, 2000));
    const lines = r.stdout.trim().split('\n');
    assert.equal(lines.length, count);
    assert.match(lines[count - 1], /^many\.report\.json:1:\d+: error: .*\[string_type\] \(components\[7199\]\.options\.text\)$/);
    assert.match(r.stderr, /the service rejected the report \(7200 errors\)/);
  });

  it('a big generated report against the local service: 1,000 problems and the summary, exit 1', async () => {
    const components = Array.from({ length: 60_000 }, () => ({
      type: 'Section',
      options: { columns: 'x', section_title: 3 },
      components: [],
    }));
    const text = JSON.stringify({ type: 'Report', options: { report_title: 'Big' }, components });
    assert.ok(text.length > 2 * 1024 * 1024);
    await writeFile(join(dir, 'big.report.json'), text);
    const data = join(dir, 'offline-data');
    const r = await runCliInProcess(['preview', 'big.report.json', '--offline', '--data-dir', data], {
      cwd: dir,
      env: cleanEnv(),
      timeoutMs: 120_000,
    });
    assert.equal(r.code, 1, describeRun(r).slice(0, 2000));
    const lines = r.stdout.trim().split('\n');
    assert.equal(lines.length, 1001);
    assert.match(lines[1000], /^big\.report\.json:1:\d+: error: 119000 more validation errors were not listed \[too_many_errors\]$/);
    assert.match(r.stderr, /the service rejected the report \(1001 errors\)/);
  });
});
