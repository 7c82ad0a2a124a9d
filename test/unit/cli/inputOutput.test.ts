/**
 * CLI input and output (docs/cli.md), the pieces: only regular files are read (a FIFO
 * or /dev/zero would hang or never end), with a size cap; invalid UTF-8 is an error at its
 * byte offset; escape sequences and control characters from a server never reach the
 * terminal, and a server's value cannot forge a `file:line:col` line.
 */
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, closeSync, ftruncateSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { decodeUtf8, firstInvalidUtf8, InvalidUtf8Error, MAX_INPUT_BYTES, readReportInput } from '../../../src/cli/inputFile';
import { CliError } from '../../../src/cli/exitCodes';
import { formatDiagnostic, Output } from '../../../src/cli/output';
import { escapeJsonForTerminal, oneLine, printableName, stripControlSequences } from '../../../src/cli/terminalText';
import { ProgressLine } from '../../../src/cli/progress';

const posix = process.platform !== 'win32';

function sink(): { stream: PassThrough & { isTTY?: boolean }; text: () => string } {
  const stream = new PassThrough() as PassThrough & { isTTY?: boolean };
  let text = '';
  stream.on('data', (c: Buffer) => (text += c.toString('utf8')));
  return { stream, text: () => text };
}

describe('CLI input files', () => {
  let dir = '';
  before(() => (dir = mkdtempSync(join(tmpdir(), 'rs-cli-input-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('finds the first byte that breaks UTF-8 (overlong, surrogate, truncated, out of range)', () => {
    const at = (...bytes: number[]): number => firstInvalidUtf8(Uint8Array.from(bytes));
    assert.equal(at(0x61, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80), -1);
    assert.equal(at(0x61, 0xff), 1);
    assert.equal(at(0xc0, 0xaf), 0, 'overlong /');
    assert.equal(at(0x61, 0xed, 0xa0, 0x80), 1, 'UTF-16 surrogate');
    assert.equal(at(0x61, 0x62, 0xe2, 0x82), 2, 'truncated at the end');
    assert.equal(at(0xf4, 0x90, 0x80, 0x80), 0, 'beyond U+10FFFF');
    assert.equal(at(0x80), 0, 'a lone continuation byte');
  });

  it('invalid UTF-8 is an error with the byte offset, line and UTF-16 column', () => {
    const bytes = Buffer.concat([Buffer.from('{\n  "t": "€😀'), Buffer.from([0xff]), Buffer.from('"\n}')]);
    assert.throws(
      () => decodeUtf8('r.report.json', bytes),
      (e: unknown) =>
        e instanceof InvalidUtf8Error &&
        e.byteOffset === 17 &&
        e.byte === 0xff &&
        e.line === 1 &&
        e.column === 11 &&
        e.message === 'r.report.json: not valid UTF-8: byte 0xff at byte offset 17 (line 2, column 12)',
    );
    const d = (() => {
      try {
        decodeUtf8('r.report.json', bytes);
      } catch (e) {
        return (e as InvalidUtf8Error).diagnostic();
      }
      throw new Error('no error');
    })();
    assert.equal(
      formatDiagnostic('r.report.json', d),
      'r.report.json:2:12: error: not valid UTF-8: byte 0xff at byte offset 17; report files must be UTF-8 [invalid_utf8]',
    );
    assert.equal(decodeUtf8('x', Buffer.from('\ufeff{"a": "é"}')), '\ufeff{"a": "é"}', 'valid text (and a BOM) as before');
  });

  it('reads a regular file; refuses a directory, a missing file and one over the size cap', async () => {
    writeFileSync(join(dir, 'ok.report.json'), '{"type": "Report"}');
    assert.equal(await readReportInput('ok.report.json', dir), '{"type": "Report"}');
    await assert.rejects(
      readReportInput('missing.json', dir),
      (e: unknown) => e instanceof CliError && e.message === 'cannot read missing.json: no such file',
    );
    await assert.rejects(
      readReportInput('.', dir),
      (e: unknown) => e instanceof CliError && /cannot read \.: is a directory/.test(e.message),
    );
    const big = join(dir, 'big.report.json');
    const fd = openSync(big, 'w');
    ftruncateSync(fd, MAX_INPUT_BYTES + 1);
    closeSync(fd);
    await assert.rejects(
      readReportInput('big.report.json', dir),
      (e: unknown) =>
        e instanceof CliError &&
        e.message ===
          `cannot read big.report.json: ${MAX_INPUT_BYTES + 1} bytes, more than the ${MAX_INPUT_BYTES} bytes (10 MiB) a report file may have`,
    );
    writeFileSync(join(dir, 'small.json'), 'x'.repeat(101));
    await assert.rejects(readReportInput('small.json', dir, 100), /101 bytes, more than the 100 bytes/);
    assert.equal((await readReportInput('small.json', dir, 101)).length, 101, 'exactly at the cap is read');
  });

  it('a FIFO is refused at once (no writer needed), /dev/zero too', async function () {
    if (!posix) this.skip();
    const fifo = join(dir, 'pipe.report.json');
    execFileSync('mkfifo', [fifo]);
    await assert.rejects(
      readReportInput('pipe.report.json', dir),
      (e: unknown) => e instanceof CliError && e.message === 'cannot read pipe.report.json: is a named pipe (FIFO), not a regular file',
    );
    if (existsSync('/dev/zero')) {
      await assert.rejects(
        readReportInput('/dev/zero', dir),
        (e: unknown) => e instanceof CliError && e.message === 'cannot read /dev/zero: is a character device, not a regular file',
      );
    }
  });
});

describe('CLI output of server text', () => {
  const ESC = '\x1b';

  it('strips CSI, OSC (title, clipboard), DCS, 8-bit C1 forms and other controls; keeps text, tabs, newlines', () => {
    assert.equal(stripControlSequences(`a${ESC}[31mred${ESC}[0m b`), 'ared b');
    assert.equal(stripControlSequences(`${ESC}]0;pwned${ESC}\\title${ESC}]52;c;ZXZpbA==\x07`), 'title');
    assert.equal(stripControlSequences(`x${ESC}P1$r${ESC}\\y\x9b2Jz\x9d8;;http://e\x9cw`), 'xyzw');
    assert.equal(stripControlSequences(`back\bspace\rcr\x00nul\x7fdel${ESC}c\u202eevil`), 'backspacecrnuldelevil');
    assert.equal(stripControlSequences('tab\tnew\nline ünï 😀'), 'tab\tnew\nline ünï 😀');
    assert.equal(stripControlSequences(`dangling${ESC}`), 'dangling');
  });

  it('one-line values cannot forge a problem line', () => {
    assert.equal(oneLine('bad\nother.report.json:1:1: error: forged'), 'bad other.report.json:1:1: error: forged');
    assert.equal(oneLine(`a\r\nb\u2028c${ESC}[2Kd`), 'a b cd');
  });

  it('JSON documents escape what JSON.stringify leaves raw (C1, DEL, separators, bidi)', () => {
    const json = escapeJsonForTerminal(JSON.stringify({ m: `x\x9b31m\u2028\u202e${ESC}` }));
    assert.equal(json, '{"m":"x\\u009b31m\\u2028\\u202e\\u001b"}');
    assert.deepEqual(JSON.parse(json), { m: `x\x9b31m\u2028\u202e${ESC}` }, 'still the same JSON value');
  });

  it('every Output channel strips sequences; diagnostics stay one line each', () => {
    const out = sink();
    const err = sink();
    const o = new Output({ stdout: out.stream, stderr: err.stream, env: {}, cwd: '/' }, false, false);
    o.line(`task ${ESC}]0;x\x07id`);
    o.info(`info ${ESC}[2J`);
    o.error(`error \x9b31m`);
    o.diagnostics('r.json', [
      {
        range: { start: 0, end: 1 },
        start: { line: 0, character: 0 },
        end: { line: 0, character: 1 },
        message: `bad${ESC}[31m\nr.json:9:9: error: forged`,
        type: 'string_type',
        path: 'a\nb',
        loc: [],
        exact: true,
      },
    ]);
    assert.equal(out.text(), 'task id\nr.json:1:1: error: bad r.json:9:9: error: forged [string_type] (a b)\n');
    assert.equal(err.text(), 'info \nreport-studio: error \n');
  });

  it('file names are printed on one line with their controls escaped, and never start a workflow command', () => {
    assert.equal(printableName('a\n::error file=x,line=1::forged\n.report.json'), 'a\\n::error file=x,line=1::forged\\n.report.json');
    assert.equal(printableName(`r\r\t${ESC}[2J\u202e\x9b.json`), 'r\\r\\t\\u001b[2J\\u202e\\u009b.json');
    assert.equal(printableName('::warning::x.report.json'), './::warning::x.report.json');
    assert.equal(printableName('  ##[error]x.json'), './  ##[error]x.json');
    assert.equal(printableName('reports/ünï 😀: q3.report.json'), 'reports/ünï 😀: q3.report.json', 'printable names are unchanged');
    const out = sink();
    const err = sink();
    const o = new Output({ stdout: out.stream, stderr: err.stream, env: {}, cwd: '/' }, false, false);
    const d = { range: { start: 0, end: 1 }, start: { line: 0, character: 0 }, end: { line: 0, character: 1 } };
    o.diagnostics('b\nfoo.json:1:1: error: forged', [{ ...d, message: 'm', type: 't', path: '(document)', loc: [], exact: true }]);
    o.error('cannot read x\n::error::forged', ['hint: y\n::error::forged']);
    assert.equal(out.text(), 'b\\nfoo.json:1:1: error: forged:1:1: error: m [t]\n');
    assert.equal(err.text(), 'report-studio: cannot read x ::error::forged\n  hint: y ::error::forged\n');
  });

  it('the progress line shows a server status without its escape sequences', () => {
    const err = sink();
    err.stream.isTTY = true;
    const p = new ProgressLine(err.stream, 'build r.json', true);
    p.update({ phase: 'waiting', status: `RUNNING${ESC}]0;pwned\x07${ESC}[2J` } as never);
    p.stop();
    assert.ok(err.text().includes('RUNNING'));
    assert.ok(
      !err.text().includes('pwned') && !err.text().includes(`${ESC}[2J`) && !err.text().includes(`${ESC}]`),
      JSON.stringify(err.text()),
    );
  });
});
