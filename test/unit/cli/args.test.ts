import { strict as assert } from 'node:assert';
import { PassThrough } from 'node:stream';
import { parseCommandLine } from '../../../src/cli/args';
import { defaultOutputPath } from '../../../src/cli/commands/report';
import { CliError, EXIT, exitCodeForKind } from '../../../src/cli/exitCodes';
import { Output } from '../../../src/cli/output';
import { ProgressLine } from '../../../src/cli/progress';
import { registerSecret, unregisterSecret } from '../../../src/core/redact';

describe('CLI argument parsing', () => {
  it('global options before or after the command', () => {
    const a = parseCommandLine(['--base-url', 'http://x', 'build', 'r.json', '-o', 'o.pdf', '--json']);
    assert.equal(a.command, 'build');
    assert.deepEqual(a.positionals, ['r.json']);
    assert.equal(a.global.baseUrl, 'http://x');
    assert.equal(a.global.json, true);
    assert.equal(a.options.output, 'o.pdf');
  });

  it('a command option on another command is a usage error', () => {
    assert.throws(
      () => parseCommandLine(['quota', '-o', 'x']),
      (e: CliError) => e.exitCode === EXIT.usage && /for "quota"/.test(e.message),
    );
  });

  it('serve hands the rest to the local service flags untouched', () => {
    const a = parseCommandLine(['--quiet', 'serve', '--port', '0', '--fail-rate', '0.5', '--bogus']);
    assert.equal(a.command, 'serve');
    assert.deepEqual(a.rest, ['--port', '0', '--fail-rate', '0.5', '--bogus']);
    assert.equal(a.global.quiet, true);
  });

  it('--timeout takes seconds; the poll options whole milliseconds', () => {
    assert.equal(parseCommandLine(['build', 'f', '--timeout', '1.5']).global.timeoutMs, 1500);
    assert.throws(() => parseCommandLine(['build', 'f', '--timeout', '0']), /positive number of seconds/);
  });

  it('unknown commands are named', () => {
    assert.throws(() => parseCommandLine(['bild', 'x']), /Unknown command "bild"/);
  });

  it('default output paths sit next to the input', () => {
    assert.equal(defaultOutputPath('reports/q3.report.json', 'build'), 'reports/q3.pdf');
    assert.equal(defaultOutputPath('q3.report.jsonc', 'preview'), 'q3.preview.jpg');
    assert.equal(defaultOutputPath('plain.json', 'build'), 'plain.pdf');
  });

  it('every error kind has an exit code', () => {
    const expected = {
      auth: 3,
      payment: 4,
      quota: 4,
      validation: 1,
      not_found: 2,
      task_failed: 5,
      network: 6,
      timeout: 6,
      rate_limited: 6,
      server: 6,
      bad_response: 6,
      cancelled: 130,
    } as const;
    for (const [kind, code] of Object.entries(expected)) assert.equal(exitCodeForKind(kind as keyof typeof expected), code, kind);
  });
});

describe('CLI output', () => {
  function sink(isTTY = false): PassThrough & { isTTY?: boolean; text(): string } {
    const s = new PassThrough() as PassThrough & { isTTY?: boolean; text(): string };
    let buf = '';
    s.on('data', (c: Buffer) => (buf += c.toString()));
    s.isTTY = isTTY;
    s.text = () => buf;
    return s;
  }

  it('redacts registered keys from every line', () => {
    const out = sink();
    const err = sink();
    registerSecret('rs_secret_key_42');
    try {
      const o = new Output({ stdout: out, stderr: err, env: {}, cwd: '/' }, false, false);
      o.line('url http://h/?api_key=rs_secret_key_42');
      o.error('key rs_secret_key_42 rejected');
      assert.equal(out.text(), 'url http://h/?api_key=***\n');
      assert.equal(err.text(), 'report-studio: key *** rejected\n');
    } finally {
      unregisterSecret('rs_secret_key_42');
    }
  });

  it('the progress line only draws on a terminal and erases itself', () => {
    const tty = sink(true);
    const p = ProgressLine.for(tty, 'build x', false).start();
    p.update({ phase: 'status', status: 'RUNNING', taskId: 't', kind: 'build', elapsedMs: 1, polls: 1 });
    p.stop();
    assert.match(tty.text(), /RUNNING/);
    assert.ok(tty.text().endsWith('\r\x1b[K'));
    const pipe = sink(false);
    const q = ProgressLine.for(pipe, 'build x', false).start();
    q.stop();
    assert.equal(pipe.text(), '');
  });
});
