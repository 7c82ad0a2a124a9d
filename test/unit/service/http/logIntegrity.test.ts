/**
 * Secrets and log integrity (docs/local-service.md, Request log), the pieces: credentials redacted after
 * percent-decoding (a key sent as `?api%5Fkey=%73ecret…` is accepted by the service, so it
 * must be masked however it is spelled), URL user info and Authorization values removed,
 * control characters escaped so one event stays one line, and no writer of the extension
 * holding the raw log channel. The 422 cap and the per-task webhook cap (items 3 and 4)
 * are pinned here too.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { escapeControlChars, logLine, percentDecode, redact } from '../../../../src/core/redact';
import { formatRequestLine, redactUrl } from '../../../../src/service/http/requestLog';
import { capErrors, MAX_LISTED_ERRORS, summaryEntry } from '../../../../src/service/http/errorCap';
import { checkBody, MAX_WEBHOOK_TARGETS, reportFacts } from '../../../../src/service/http/bodyCheck';
import type { ValidationErrorEntry } from '../../../../src/core/api/types';
import type { ReportBody } from '../../../../src/core/report/types';

const KEY = 'rs_secretKEY_0123456789';
/** The key with some characters percent-encoded, as a server still reads it. */
const ODDLY_ENCODED = '%72s_%73ecretKEY%5F0123456789';

describe('hardening: log integrity', () => {
  it('percent-decoding is byte-wise UTF-8 and never throws', () => {
    assert.equal(percentDecode(ODDLY_ENCODED), KEY);
    assert.equal(percentDecode('%E2%82%AC %zz 100%'), '€ %zz 100%');
    assert.equal(percentDecode('%ff'), '\ufffd');
    assert.equal(percentDecode('a+b', true), 'a b');
  });

  it('a key query parameter is masked whatever its spelling: the name is read after decoding', () => {
    for (const name of ['api_key', 'API_KEY', 'api%5Fkey', 'api%5fkey', '%61pi_key', 'api%5Fke%79']) {
      const url = `/api/v1/get-task-status?task_id=1&${name}=${ODDLY_ENCODED}&x=2`;
      assert.equal(redactUrl(url), `/api/v1/get-task-status?task_id=1&${name}=***&x=2`, name);
      const line = formatRequestLine('GET', url, 200, 1, 'abc');
      assert.ok(!line.includes('ecretKEY') && !line.includes(ODDLY_ENCODED), line);
    }
    // Other parameters are left alone.
    assert.equal(redactUrl('/x?task_id=%41&key_id=3'), '/x?task_id=%41&key_id=3');
  });

  it('a known key is removed in any percent-encoding, anywhere in a line', () => {
    assert.equal(redact(`GET /api/v1/${ODDLY_ENCODED}/x 404`, [KEY]), 'GET /api/v1/***/x 404');
    assert.equal(redact(`task_id=${encodeURIComponent(KEY)}`, [KEY]), 'task_id=***');
    assert.equal(redact('nothing %41 here', [KEY]), 'nothing %41 here', 'runs without a key stay as written');
  });

  it('URL user info, Authorization values and auth_header values are credentials too', () => {
    assert.equal(redact('to http://hook-user:pa%73s@127.0.0.1:9/h failed'), 'to http://***@127.0.0.1:9/h failed');
    assert.equal(redact('https://token@example.com/x'), 'https://***@example.com/x');
    assert.equal(redact('Authorization: Bearer abc.def'), 'Authorization: Bearer ***');
    assert.equal(redact('{"authorization":"Basic dXNlcjpwYXNz"}'), '{"authorization":"Basic ***"}');
    assert.equal(redact('{"url":"http://h/","auth_header":"tok\\"x"}'), '{"url":"http://h/","auth_header":"***"}');
    assert.equal(redact('mail me at a@b.example'), 'mail me at a@b.example', 'no scheme, no user info');
  });

  it('redaction stays linear on long hostile text (a 422 can echo megabytes): it returns, unchanged', () => {
    // Each would take minutes with a pattern that rescans from every start position.
    const plusRun = 'a+'.repeat(1_000_000);
    const badEscapes = '%zz'.repeat(700_000);
    const longRun = `${'x'.repeat(2_000_000)}%41`;
    assert.equal(redact(`${plusRun} %41`, [KEY]), `${plusRun} %41`);
    assert.equal(redact(`${badEscapes} %41`, [KEY]), `${badEscapes} %41`);
    assert.equal(redact(longRun, [KEY]), longRun);
    assert.equal(redact(`${'%41'.repeat(300_000)}${ODDLY_ENCODED} tail`, [KEY]), `${'A'.repeat(300_000)}*** tail`);
  });

  it('control characters are escaped: a value cannot start a forged line or drive a terminal', () => {
    const forged = 'tok\n2025-06-01T12:00:00.000Z GET /forged 200 0.1ms key=-';
    assert.equal(escapeControlChars(forged), 'tok\\n2025-06-01T12:00:00.000Z GET /forged 200 0.1ms key=-');
    assert.equal(escapeControlChars('a\r\tb\x1b[31mred\x9b1m\u2028\u202e\x00'), 'a\\r\\tb\\x1b[31mred\\x9b1m\\u2028\\u202e\\x00');
    assert.equal(escapeControlChars('C:\\data\\dir ünïcödé'), 'C:\\data\\dir ünïcödé', 'printable text is untouched');
    const line = logLine(`webhook to http://u:p@127.0.0.1/ failed: ${forged}`, [KEY]);
    assert.ok(!/[\n\r]/.test(line) && !line.includes('u:p@'), line);
  });

  it('no writer in the extension holds the raw log channel: only log.ts creates or touches it', () => {
    const root = join(__dirname, '../../../../src/extension');
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        const full = join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else if (name.endsWith('.ts')) files.push(full);
      }
    };
    walk(root);
    const offenders = files
      .filter((f) => relative(root, f) !== 'log.ts')
      .filter((f) =>
        /LogOutputChannel|OutputChannel\b|createOutputChannel|\.channel\b|console\.(log|info|warn|error|debug)/.test(
          readFileSync(f, 'utf8'),
        ),
      )
      .map((f) => relative(root, f));
    assert.deepEqual(offenders, [], 'these write around the redacting logger');
    assert.match(readFileSync(join(root, 'log.ts'), 'utf8'), /private readonly channel: vscode\.LogOutputChannel/);
  });
});

describe('hardening: bounded lists in the local service', () => {
  const entry = (i: number): ValidationErrorEntry => ({
    type: 'string_type',
    loc: ['body', 'components', i, 'Text', 'options', 'text'],
    msg: 'Input should be a valid string',
    input: i,
  });

  it('a 422 lists at most 1,000 entries and summarises the rest in one final entry', () => {
    const all = Array.from({ length: 2500 }, (_, i) => entry(i));
    const capped = capErrors(all);
    const detail = JSON.parse(capped.json) as ValidationErrorEntry[];
    assert.equal(capped.listed, MAX_LISTED_ERRORS);
    assert.equal(capped.total, 2500);
    assert.equal(detail.length, MAX_LISTED_ERRORS + 1);
    assert.deepEqual(detail.slice(0, 3), all.slice(0, 3), 'the first entries, in order');
    assert.deepEqual(detail[MAX_LISTED_ERRORS], {
      type: 'too_many_errors',
      loc: ['body'],
      msg: '1500 more validation errors were not listed',
      input: null,
      ctx: { listed: 1000, total: 2500 },
    });
    assert.equal(summaryEntry(9, 10).msg, '1 more validation error was not listed');
    const few = capErrors(all.slice(0, 3));
    assert.equal(JSON.parse(few.json).length, 3, 'no summary when everything is listed');
  });

  it('a 422 lists at most 8 MB of entries (inputs are echoed), but always the first; NaN stays JSON', () => {
    const big = (i: number): ValidationErrorEntry => ({
      type: 'missing',
      loc: ['body', i],
      msg: 'Field required',
      input: { text: 'x'.repeat(1_000_000) },
    });
    const capped = capErrors(Array.from({ length: 20 }, (_, i) => big(i)));
    assert.equal(capped.listed, 8);
    assert.ok(capped.json.length < 8.5 * 1024 * 1024, `${capped.json.length} bytes`);
    assert.equal(JSON.parse(capped.json).at(-1).ctx.total, 20);
    assert.equal(capErrors([big(0)], 1000, 10).listed, 1, 'the first entry is listed however large');
    assert.deepEqual(JSON.parse(capErrors([{ ...entry(0), input: NaN }]).json)[0].input, 'NaN');
  });

  it('webhooks kept for a task: at most 3, whatever the body holds', () => {
    const hooks = Array.from({ length: 100 }, (_, i) => ({ url: `http://127.0.0.1:9/h${i}`, auth_header: 't' }));
    const facts = reportFacts({ type: 'Report', config: { webhooks: hooks }, components: [] } as unknown as ReportBody);
    assert.equal(facts.webhooks.length, MAX_WEBHOOK_TARGETS);
    assert.deepEqual(facts.webhooks[2], { url: 'http://127.0.0.1:9/h2', auth_header: 't' });
  });

  it('checkBody: the same verdict inline and serialised for the worker', () => {
    const body = {
      type: 'Report',
      options: { report_title: 'T' },
      config: { enable_multi_page: 'yes' },
      components: [{ type: 'Text', options: { text: 'x' } }],
    };
    const bytes = Buffer.from(JSON.stringify(body));
    const inline = checkBody({ bytes, contentType: 'application/json', maxDepth: 64 }, false);
    const worker = checkBody({ bytes, contentType: 'application/json', maxDepth: 64 }, true);
    assert.ok(inline.ok && worker.ok);
    assert.deepEqual(inline.facts, { title: 'T', multiPage: true, webhooks: [] });
    assert.deepEqual(worker.facts, inline.facts);
    assert.deepEqual(JSON.parse(worker.reportJson!), body);
    const bad = checkBody({ bytes: Buffer.from([0x7b, 0xff, 0x7d]), contentType: undefined, maxDepth: 64 }, true);
    assert.deepEqual(bad, { ok: false, status: 400, detail: 'There was an error parsing the body' });
  });
});
