/** The batch form's pieces without a service: output paths, the pool's pushback and budget, exit codes, step summary. */
import { strict as assert } from 'node:assert';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { stepSummaryMarkdown } from '../../../../src/cli/batch/batchReports';
import { commonFolder, expandInputs, MAX_BATCH_FILES, planOutputs } from '../../../../src/cli/batch/inputs';
import type { BatchInput } from '../../../../src/cli/batch/inputs';
import { runPool } from '../../../../src/cli/batch/pool';
import { batchRenderWorkers } from '../../../../src/cli/commands/batch';
import { worstExitCode } from '../../../../src/cli/batch/result';
import type { ReportOutcome } from '../../../../src/cli/batch/result';
import { CliError, EXIT } from '../../../../src/cli/exitCodes';
import { shown } from '../../../../src/cli/output';

const input = (name: string): BatchInput => ({ file: name, path: `/r/${name}`, output: `/o/${name}.pdf`, outputGiven: '/o' });
const outcome = (file: string, rest: Partial<ReportOutcome> = {}): ReportOutcome => ({
  file,
  output: `/o/${file}.pdf`,
  outputGiven: '/o',
  state: 'built',
  exitCode: EXIT.ok,
  ms: 5,
  diagnostics: [],
  notes: [],
  ...rest,
});

describe('CLI batch: inputs and outputs', () => {
  it('commonFolder is the deepest folder holding every folder given', () => {
    assert.equal(commonFolder(['/w/reports/a', '/w/reports/b/c']), '/w/reports');
    assert.equal(commonFolder(['/w/reports/a']), '/w/reports/a');
    assert.equal(commonFolder(['/w/a', '/v']), '/');
    assert.equal(commonFolder(['/w/ab', '/w/a']), '/w');
  });

  it("--out-dir mirrors the tree below the arguments' common folder; without it each file goes beside its report", () => {
    const files = ['/w/reports/a/x.report.json', '/w/reports/a/b/c/y.report.jsonc'];
    assert.deepEqual(
      planOutputs({ files, roots: ['/w/reports'], loops: [], given: new Map() }, 'build', '/w', 'out').map((i) => [i.file, i.output]),
      [
        ['reports/a/x.report.json', '/w/out/a/x.pdf'],
        ['reports/a/b/c/y.report.jsonc', '/w/out/a/b/c/y.pdf'],
      ],
    );
    assert.deepEqual(
      planOutputs({ files, roots: ['/w/reports/a', '/w/reports/a/b/c'], loops: [], given: new Map() }, 'build', '/w', 'out').map(
        (i) => i.output,
      ),
      ['/w/out/x.pdf', '/w/out/b/c/y.pdf'],
    );
    assert.deepEqual(
      planOutputs({ files, roots: ['/w'], loops: [], given: new Map() }, 'preview', '/elsewhere', undefined).map((i) => i.output),
      ['/w/reports/a/x.preview.jpg', '/w/reports/a/b/c/y.preview.jpg'],
    );
  });

  it('prints a path outside the working folder as the user wrote it: --out-dir ../pdfs → ../pdfs/…, an absolute one absolute', () => {
    const files = ['/w/reports/q3.report.json'];
    const plan = (outDir: string | undefined, given: string) =>
      planOutputs({ files, roots: ['/w/reports'], loops: [], given: new Map([[files[0], given]]) }, 'build', '/w/site', outDir).map((i) => [
        i.file,
        shown(i.output, '/w/site', i.outputGiven),
      ]);
    assert.deepEqual(plan('../pdfs', '../reports'), [['../reports/q3.report.json', '../pdfs/q3.pdf']]);
    assert.deepEqual(plan('/w/pdfs', '/w/reports'), [['/w/reports/q3.report.json', '/w/pdfs/q3.pdf']]);
    assert.deepEqual(plan(undefined, '../reports/q3.report.json'), [['../reports/q3.report.json', '../reports/q3.pdf']]);
    // Inside the working folder: relative, however it was given (as before).
    assert.equal(shown('/w/site/out/q3.pdf', '/w/site', '/w/site/out'), 'out/q3.pdf');
    assert.equal(shown('/w/site/..q3.pdf', '/w/site'), '..q3.pdf');
  });

  it('two reports writing one file are refused before anything is sent', () => {
    assert.throws(
      () =>
        planOutputs(
          { files: ['/w/q.report.json', '/w/q.report.jsonc'], roots: ['/w'], loops: [], given: new Map() },
          'build',
          '/w',
          undefined,
        ),
      (e: unknown) => e instanceof CliError && e.message === 'q.report.json and q.report.jsonc would both write q.pdf: rename one',
    );
  });

  it('folders skip node_modules and dot folders; patterns keep .json(c) files; the cap is enforced', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rs-batch-unit-'));
    try {
      for (const f of [
        'r/a.report.json',
        'r/s/b.report.jsonc',
        'r/node_modules/n.report.json',
        'r/.hidden/h.report.json',
        'r/c.json',
        'r/d.pdf',
      ]) {
        await mkdir(join(dir, f, '..'), { recursive: true });
        await writeFile(join(dir, f), '{}');
      }
      assert.deepEqual(await expandInputs(['r'], dir), {
        files: [join(dir, 'r/a.report.json'), join(dir, 'r/s/b.report.jsonc')],
        given: new Map([
          [join(dir, 'r/a.report.json'), 'r'],
          [join(dir, 'r/s/b.report.jsonc'), 'r'],
        ]),
        roots: [join(dir, 'r')],
        loops: [],
      });
      assert.deepEqual(await expandInputs(['r/*', 'r/s/b.report.jsonc', 'r/**/b.*.jsonc'], dir), {
        files: [join(dir, 'r/a.report.json'), join(dir, 'r/c.json'), join(dir, 'r/s/b.report.jsonc')],
        given: new Map([
          [join(dir, 'r/a.report.json'), 'r/*'],
          [join(dir, 'r/c.json'), 'r/*'],
          [join(dir, 'r/s/b.report.jsonc'), 'r/s/b.report.jsonc'],
        ]),
        roots: [join(dir, 'r'), join(dir, 'r/s'), join(dir, 'r')],
        loops: [],
      });
      await assert.rejects(expandInputs(['r/*.txt'], dir), /r\/\*\.txt: no \.json or \.jsonc file matches this pattern/);
      const many = join(dir, 'many');
      await mkdir(many);
      await Promise.all(Array.from({ length: MAX_BATCH_FILES + 1 }, (_, i) => writeFile(join(many, `${i}.report.json`), '{}')));
      await assert.rejects(expandInputs(['many'], dir), /more than 2000 report files match \(at many\): a run builds at most 2000/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('CLI batch: the pool', () => {
  it('never runs more than `jobs` reports at once and returns the outcomes in input order', async () => {
    let running = 0;
    let most = 0;
    const inputs = ['a', 'b', 'c', 'd', 'e'].map(input);
    const gates = new Map<string, () => void>();
    const started: string[] = [];
    const pool = runPool(
      inputs,
      async (i) => {
        running++;
        most = Math.max(most, running);
        started.push(i.file);
        await new Promise<void>((resolve) => gates.set(i.file, resolve));
        running--;
        return outcome(i.file);
      },
      { jobs: 2, signal: new AbortController().signal },
    );
    // Finish them in reverse order of start, one at a time, as each becomes ready.
    for (let done = 0; done < inputs.length; done++) {
      while (gates.size === 0) await new Promise((r) => setImmediate(r));
      const [file, open] = [...gates.entries()].at(-1)!;
      gates.delete(file);
      open();
    }
    const outcomes = await pool;
    assert.equal(most, 2);
    assert.deepEqual(
      outcomes.map((o) => o.file),
      ['a', 'b', 'c', 'd', 'e'],
    );
  });

  it('a busy answer is tried again after its Retry-After; a used-up quota stops that kind only', async () => {
    const calls: string[] = [];
    const costs: Record<string, 'single' | 'multi'> = { a: 'multi', b: 'single', c: 'multi', d: 'single' };
    const outcomes = await runPool(
      ['a', 'b', 'c', 'd'].map(input),
      async (i) => {
        calls.push(i.file);
        if (i.file === 'b' && calls.filter((c) => c === 'b').length === 1) {
          return outcome('b', {
            state: 'failed',
            exitCode: EXIT.network,
            error: { kind: 'rate_limited', message: 'busy', retryAfterMs: 1 },
          });
        }
        if (i.file === 'a') return outcome('a', { state: 'failed', exitCode: EXIT.quota, error: { kind: 'quota', message: 'used up' } });
        return outcome(i.file);
      },
      { jobs: 1, signal: new AbortController().signal, costOf: (i) => costs[i.file] },
    );
    assert.deepEqual(calls, ['a', 'b', 'd', 'b']);
    assert.deepEqual(
      outcomes.map((o) => `${o.file} ${o.state} ${o.exitCode}`),
      ['a failed 4', 'b built 0', 'c skipped 4', 'd built 0'],
    );
    assert.equal(outcomes[2].error?.message, 'not sent: the multi-page quota ran out during this run');
  });

  it('--allow-partial budget: the first reports of each kind in name order, the rest not sent', async () => {
    const outcomes = await runPool(['a', 'b', 'c'].map(input), async (i) => outcome(i.file), {
      jobs: 3,
      signal: new AbortController().signal,
      costOf: () => 'single',
      budget: { single: 2, multi: 0 },
    });
    assert.deepEqual(
      outcomes.map((o) => o.state),
      ['built', 'built', 'skipped'],
    );
  });

  it('after Ctrl-C nothing more is sent: the rest are "not built: interrupted", exit 130', async () => {
    const controller = new AbortController();
    const outcomes = await runPool(
      ['a', 'b', 'c'].map(input),
      async (i) => {
        controller.abort();
        return outcome(i.file, { state: 'skipped', exitCode: EXIT.cancelled, error: { kind: 'cancelled', message: 'Cancelled' } });
      },
      { jobs: 1, signal: controller.signal },
    );
    assert.deepEqual(
      outcomes.map((o) => o.error?.message),
      ['Cancelled', 'not built: interrupted', 'not built: interrupted'],
    );
    assert.equal(worstExitCode(outcomes), EXIT.cancelled);
  });
});

describe('CLI batch: the --offline service', () => {
  it('starts no more render workers than there are reports, tasks in flight or cores (each loads the renderer)', () => {
    const cores = availableParallelism();
    assert.equal(batchRenderWorkers(8, 1), 1, 'a shard of one report: one worker');
    assert.equal(batchRenderWorkers(1, 8), 1, '--jobs 1: one worker');
    assert.equal(batchRenderWorkers(64, 64), cores, 'one per core at most');
    assert.equal(batchRenderWorkers(8, 0), 1, 'at least one');
  });
});

describe('CLI batch: exit code and step summary', () => {
  it('the worst exit code: 130 first, else the highest', () => {
    assert.equal(worstExitCode([outcome('a'), outcome('b')]), 0);
    assert.equal(worstExitCode([outcome('a', { exitCode: 1 }), outcome('b', { exitCode: 6 }), outcome('c')]), 6);
    assert.equal(worstExitCode([outcome('a', { exitCode: 70 }), outcome('b', { exitCode: 130 })]), 130);
  });

  it('the step summary is a Markdown table; names and server text cannot break out of their cell or carry escape sequences', () => {
    const md = stepSummaryMarkdown(
      {
        kind: 'build',
        jobs: 2,
        ms: 1500,
        exitCode: 1,
        outcomes: [
          outcome('a|b`.report.json', { pages: 2, size: 10, output: '/w/out/a.pdf' }),
          outcome('x.report.json', {
            state: 'failed',
            exitCode: 1,
            error: { kind: 'validation', message: 'bad\x1b]0;title\x07\n| forged' },
          }),
        ],
        quota: { singlePageRemaining: 9, multiPageRemaining: 3 },
        local: true,
        warnings: { count: 0, exceeded: false },
      },
      '/w',
    );
    assert.equal(
      md,
      [
        '### report-studio build: 1 of 2 reports built',
        '',
        '| Report | Result | Warnings | File | Time | Output |',
        '| --- | --- | --- | --- | --- | --- |',
        '| ``a\\|b`.report.json`` | ✅ built |  | 2 pages | 5 ms | `out/a.pdf` |',
        '| `x.report.json` | ❌ failed (exit 1): bad \\| forged |  |  |  |  |',
        '',
        '1.5 s, 2 jobs, exit code 1. Quota left: 9 single · 3 multi (local).',
        '',
      ].join('\n'),
    );
  });
});
