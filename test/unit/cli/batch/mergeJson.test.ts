/** `merge` reads a batch's --json document back (batchFromJson): the inverse of what printSummary prints. */
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { batchFromJson, BatchJsonError, printSummary } from '../../../../src/cli/batch/batchOutput';
import type { BatchSummary } from '../../../../src/cli/batch/batchOutput';
import { Output } from '../../../../src/cli/output';

const CWD = join('/', 'machine-1', 'repo');

/** The --json document printSummary writes for `s`. */
function documentOf(s: BatchSummary): unknown {
  let text = '';
  const stdout = new PassThrough().setEncoding('utf8');
  stdout.on('data', (c: string) => (text += c));
  printSummary(new Output({ stdout, stderr: new PassThrough(), env: {}, cwd: CWD }, true, false), s);
  return JSON.parse(text);
}

const RUN: BatchSummary = {
  kind: 'build',
  jobs: 4,
  ms: 1840,
  exitCode: 1,
  local: true,
  shard: { index: 2, total: 3 },
  warnings: { count: 1, limit: 3, exceeded: false },
  quota: { singlePageRemaining: 97, multiPageRemaining: 20 },
  outcomes: [
    {
      file: 'reports/q3.report.json',
      output: join(CWD, 'out', 'q3.pdf'),
      outputGiven: join('out', 'q3.pdf'),
      state: 'built',
      exitCode: 0,
      ms: 1310,
      taskId: 't1',
      contentType: 'application/pdf',
      size: 35123,
      pages: 2,
      diagnostics: [],
      notes: [
        {
          range: { start: 0, end: 0 },
          start: { line: 40, character: 6 },
          end: { line: 40, character: 23 },
          severity: 'warning',
          message: 'Section "Part 5" and everything after it did not fit on the single page',
          type: 'overflow',
          path: 'components[4]',
          loc: ['components', 4],
          exact: true,
          renderNote: true,
        },
      ],
    },
    {
      file: 'reports/bad.report.json',
      output: join(CWD, 'out', 'bad.pdf'),
      outputGiven: join('out', 'bad.pdf'),
      state: 'failed',
      exitCode: 1,
      ms: 41,
      error: { kind: 'validation', message: 'the service rejected the report (1 error)' },
      diagnostics: [
        {
          range: { start: 0, end: 0 },
          start: { line: 15, character: 10 },
          end: { line: 15, character: 19 },
          severity: 'error',
          message: 'Missing "value"',
          type: 'required',
          path: 'components[0]',
          loc: ['components', 0],
          exact: true,
        },
      ],
      notes: [],
    },
    {
      file: 'reports/later.report.json',
      output: join(CWD, 'out', 'later.pdf'),
      outputGiven: join('out', 'later.pdf'),
      state: 'skipped',
      exitCode: 4,
      ms: 0,
      error: { kind: 'quota', message: 'not sent' },
      diagnostics: [],
      notes: [],
    },
  ],
};

describe('CLI merge: a batch document read back', () => {
  it('gives back the run printSummary printed, its outputs under the working folder of the merge', () => {
    // Absent and undefined fields alike.
    const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
    assert.deepEqual(plain(batchFromJson(documentOf(RUN), CWD)), plain(RUN));
    const elsewhere = join('/', 'merge-machine');
    const moved = batchFromJson(documentOf(RUN), elsewhere);
    assert.equal(moved.outcomes[0].output, join(elsewhere, 'out', 'q3.pdf'));
  });

  it('names what is wrong with a document that is not one', () => {
    const doc = documentOf(RUN) as { reports: Array<Record<string, unknown>> };
    const cases: Array<[unknown, string]> = [
      [[], 'the document is not an object'],
      [{ ...doc, command: 'validate' }, 'command is not build or preview'],
      [{ ...doc, reports: 'x' }, 'it has no "reports" list'],
      [{ ...doc, reports: [{ ...doc.reports[0], pages: -1 }] }, 'reports[0].pages is not a whole number'],
      [{ ...doc, reports: [{ ...doc.reports[0], exit_code: 99 }] }, 'reports[0].exit_code is not an exit code of report-studio'],
      [{ ...doc, shard: { index: 4, total: 3 } }, 'shard 4/3 is not a shard'],
    ];
    for (const [value, message] of cases) {
      assert.throws(
        () => batchFromJson(value, CWD),
        (e: unknown) => e instanceof BatchJsonError && e.message === message,
        message,
      );
    }
  });
});
