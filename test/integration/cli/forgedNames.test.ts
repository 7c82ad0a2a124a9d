/**
 * File names cannot forge CI output (docs/cli.md, output rules): report files whose names hold
 * a line break followed by a GitHub workflow command (`::error file=x,line=1::forged`) or a
 * problem-matcher line (`foo.json:1:1: error: forged`), or that start with `::`, run through the
 * bundled CLI — validate in text, --format github and --json; build and preview (--offline) —
 * print exactly one line per problem and no forged command or line, on stdout or stderr.
 */
import { strict as assert } from 'node:assert';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildOnce, cleanEnv, describeRun, runCliInProcess, type CliRun } from './cliHarness';

/** One error for validate and for the service: a Card without its `value`. */
const BROKEN = JSON.stringify({
  type: 'Report',
  options: { report_title: 'x' },
  components: [{ type: 'Card', options: { title: 't' } }],
});
const VALID = JSON.stringify({ type: 'Report', options: { report_title: 'ok' }, components: [{ type: 'Text', options: { text: 'hi' } }] });

const COMMAND_NAME = 'a\n::error file=x,line=1::forged\n.report.json';
const MATCHER_NAME = 'b\nfoo.json:1:1: error: forged\r.report.json';
const LEADING_NAME = '::error file=y,line=1::forged.report.json';
const MISSING_NAME = 'missing\n::error file=z,line=1::forged\n.report.json';
const VALID_NAME = 'd\n::error file=w,line=1::forged\n.report.json';

/** A line a CI runner or a problem matcher would take for something the CLI did not mean to say. */
const FORGED = /^\s*(::error file=[xyzw],|foo\.json:1:1: error: forged)/;

function forgedLines(r: CliRun): string[] {
  return `${r.stdout}\n${r.stderr}`.split(/\r\n|\r|\n/).filter((line) => FORGED.test(line));
}

const lines = (text: string): string[] => text.split('\n').filter(Boolean);

describe('CLI: file names cannot forge CI output', function () {
  this.timeout(120_000);
  let dir = '';
  // In this process (dist/engine.js's runCli): what is tested is the text each command writes.
  const run = (args: string[], env: Record<string, string> = {}) => runCliInProcess(args, { cwd: dir, env: cleanEnv(env) });

  before(async () => {
    await buildOnce();
    dir = await mkdtemp(join(tmpdir(), 'rs-cli-names-'));
    for (const name of [COMMAND_NAME, MATCHER_NAME, LEADING_NAME]) await writeFile(join(dir, name), BROKEN);
    await writeFile(join(dir, VALID_NAME), VALID);
  });
  after(() => rm(dir, { recursive: true, force: true }));

  const broken = [COMMAND_NAME, MATCHER_NAME, LEADING_NAME];

  it('validate, text: one file:line:col line per problem, the names escaped', async () => {
    const r = await run(['validate', ...broken]);
    assert.equal(r.code, 1, describeRun(r));
    assert.deepEqual(forgedLines(r), [], describeRun(r));
    assert.deepEqual(lines(r.stdout), [
      'a\\n::error file=x,line=1::forged\\n.report.json:1:78: error: Missing required option "value" in Card options [required] (components[0].options.value)',
      'b\\nfoo.json:1:1: error: forged\\r.report.json:1:78: error: Missing required option "value" in Card options [required] (components[0].options.value)',
      './::error file=y,line=1::forged.report.json:1:78: error: Missing required option "value" in Card options [required] (components[0].options.value)',
    ]);
  });

  it('validate --format github: one workflow command per problem, the file property escaped', async () => {
    const r = await run(['validate', ...broken, '--format', 'github']);
    assert.equal(r.code, 1, describeRun(r));
    assert.deepEqual(forgedLines(r), [], describeRun(r));
    const out = lines(r.stdout);
    assert.equal(out.length, 3, describeRun(r));
    assert.ok(
      out.every((l) => l.startsWith('::error file=')),
      describeRun(r),
    );
    // The runner unescapes %3A and %2C: the property reads as the name the text format prints.
    assert.ok(out[0].startsWith('::error file=a\\n%3A%3Aerror file=x%2Cline=1%3A%3Aforged\\n.report.json,line=1,'), out[0]);
    assert.ok(out[1].startsWith('::error file=b\\nfoo.json%3A1%3A1%3A error%3A forged\\r.report.json,line=1,'), out[1]);
    assert.deepEqual(
      lines(r.stderr).filter((l) => l.trimStart().startsWith('::')),
      [],
      'no workflow command on stderr',
    );
  });

  it('validate --json: one document naming each file exactly', async () => {
    const r = await run(['validate', ...broken, '--json']);
    assert.equal(r.code, 1, describeRun(r));
    assert.deepEqual(forgedLines(r), [], describeRun(r));
    const doc = JSON.parse(r.stdout) as { files: Array<{ file: string }> };
    assert.deepEqual(
      doc.files.map((f) => f.file),
      broken,
    );
  });

  it('an unreadable file: one error line naming it, in text and github format', async () => {
    for (const format of ['text', 'github']) {
      const r = await run(['validate', MISSING_NAME, '--format', format]);
      assert.equal(r.code, 2, describeRun(r));
      assert.deepEqual(forgedLines(r), [], describeRun(r));
      assert.deepEqual(lines(r.stderr).slice(0, 1), [
        'report-studio: cannot read missing\\n::error file=z,line=1::forged\\n.report.json: no such file',
      ]);
    }
  });

  it('build --offline: a 422 is one line per problem in text and github format; no forged line on stderr', async () => {
    for (const format of ['text', 'github']) {
      const r = await run(['build', COMMAND_NAME, '--offline', '--data-dir', join(dir, `data-${format}`), '--format', format]);
      assert.equal(r.code, 1, describeRun(r));
      assert.deepEqual(forgedLines(r), [], describeRun(r));
      assert.equal(lines(r.stdout).length, 1, describeRun(r));
      assert.match(
        r.stderr,
        /^report-studio: a\\n::error file=x,line=1::forged\\n\.report\.json: the service rejected the report \(1 error\)$/m,
      );
    }
  });

  it('preview --offline: the saved file is named on one line', async () => {
    const r = await run(['preview', VALID_NAME, '--offline', '--data-dir', join(dir, 'data-preview')]);
    assert.equal(r.code, 0, describeRun(r));
    assert.deepEqual(forgedLines(r), [], describeRun(r));
    assert.deepEqual(
      lines(r.stdout).map((l) => l.split('  (')[0]),
      ['d\\n::error file=w,line=1::forged\\n.preview.jpg'],
    );
    assert.ok((await readdir(dir)).includes('d\n::error file=w,line=1::forged\n.preview.jpg'), 'the file itself keeps its name');
  });
});
