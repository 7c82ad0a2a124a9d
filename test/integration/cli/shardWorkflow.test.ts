/**
 * The sharded workflow of docs/ci.md (docs/examples/report-studio-shards.yml), run locally: each
 * job's `run:` steps in bash as the runner starts them, job by job (plan → a build job per entry
 * of the matrix plan printed → merge), every job in a directory of its own (another machine),
 * artifacts copied between them as upload/download-artifact would. `report-studio` is dist/cli.js
 * (the install step is skipped: the packed CLI's install is ciRecipe.test.ts's): the spawned,
 * end-to-end `build --offline --shard` of the CLI tests (shard.test.ts runs its commands
 * in-process). The joined run must be the run one machine makes of the same reports (that run is
 * `runCli` of dist/engine.js in this process: the reference, not what is tested).
 */
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { chmod, cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { buildOnce, CLI, cleanEnv, describeRun, ROOT, runCliInProcess } from './cliHarness';

const WORKFLOW = join(ROOT, 'docs', 'examples', 'report-studio-shards.yml');
const BROKEN = join(ROOT, 'test', 'fixtures', 'broken', '01-card-missing-value.report.json');
const EXAMPLES = ['analytics', 'invoice', 'kpi-dashboard'];

interface Step {
  id?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, string | boolean>;
}
interface Job {
  needs?: string;
  if?: string;
  outputs?: Record<string, string>;
  strategy?: { matrix: string };
  steps: Step[];
}

/** A repository: three examples in two folders and a report the service rejects. */
async function makeRepository(dir: string): Promise<void> {
  await mkdir(join(dir, 'reports', 'finance'), { recursive: true });
  await mkdir(join(dir, 'reports', 'ops'), { recursive: true });
  for (const [i, name] of EXAMPLES.entries()) {
    await cp(join(ROOT, 'examples', `${name}.report.json`), join(dir, 'reports', i ? 'ops' : 'finance', `${name}.report.json`));
  }
  await cp(BROKEN, join(dir, 'reports', 'ops', 'broken.report.json'));
}

/** `${{ … }}` replaced from `context`; an expression the test does not know fails it (the doc changed). */
function expand(text: string, context: Record<string, string>): string {
  return text.replace(/\$\{\{\s*(.+?)\s*\}\}/g, (_, expr: string) => {
    if (expr === '!cancelled()') return 'true';
    assert.ok(expr in context, `unknown expression \${{ ${expr} }} in the workflow`);
    return context[expr];
  });
}

describe('CI recipe (docs/ci.md): the sharded workflow, run locally', function () {
  this.timeout(600_000);
  let tmp = '';
  let bin = '';

  before(async () => {
    await buildOnce();
    tmp = await mkdtemp(join(tmpdir(), 'rs-shard-workflow-'));
    bin = join(tmp, 'bin');
    await mkdir(bin);
    await writeFile(join(bin, 'report-studio'), `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`);
    await chmod(join(bin, 'report-studio'), 0o755);
  });
  after(() => rm(tmp, { recursive: true, force: true }));

  /** One job on a "machine" of its own; returns its outputs and whether it failed. */
  async function runJob(
    name: string,
    job: Job,
    context: Record<string, string>,
    artifacts: string,
  ): Promise<{ outputs: Record<string, string>; failed: boolean }> {
    const work = await mkdtemp(join(tmp, `${name}-`));
    const stepOutputs: Record<string, string> = {};
    let failed = false;
    for (const [i, step] of job.steps.entries()) {
      if (failed && !(step.if ?? '').includes('!cancelled()')) continue;
      const uses = step.uses?.replace(/@.*$/, '');
      if (uses === 'actions/checkout') await makeRepository(work);
      else if (uses === 'actions/upload-artifact') {
        const target = join(artifacts, expand(String(step.with?.name), context));
        // One folder: the artifact holds what is in it; several paths: each under its name.
        const paths = String(step.with?.path).split('\n').filter(Boolean);
        for (const path of paths) await cp(join(work, path), paths.length === 1 ? target : join(target, path), { recursive: true });
      } else if (uses === 'actions/download-artifact') {
        const pattern = new RegExp(`^${String(step.with?.pattern).replace(/\*/g, '.*')}$`);
        assert.equal(step.with?.['merge-multiple'], true);
        for (const artifact of (await readdir(artifacts)).filter((a) => pattern.test(a))) {
          await cp(join(artifacts, artifact), join(work, String(step.with?.path)), { recursive: true });
        }
      } else if (step.run && !step.run.startsWith('npm install -g')) {
        const outputFile = join(tmp, `${name}-output-${i}`);
        await writeFile(outputFile, '');
        const script = expand(step.run, { ...context, ...stepOutputs });
        try {
          execFileSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], {
            cwd: work,
            env: cleanEnv({
              PATH: `${bin}:${process.env.PATH}`,
              GITHUB_OUTPUT: outputFile,
              GITHUB_STEP_SUMMARY: join(tmp, `${name}-summary.md`),
            }),
            stdio: ['ignore', 'ignore', 'pipe'],
          });
        } catch {
          failed = true;
        }
        for (const line of (await readFile(outputFile, 'utf8')).split('\n').filter(Boolean)) {
          const [key, ...value] = line.split('=');
          stepOutputs[`steps.${step.id}.outputs.${key}`] = value.join('=');
        }
      }
    }
    const outputs = Object.fromEntries(Object.entries(job.outputs ?? {}).map(([k, v]) => [k, expand(v, stepOutputs)]));
    return { outputs, failed };
  }

  it('plan → a build job per shard → merge: the joined run is the one-machine run, its JUnit and summary whole', async () => {
    const workflow = parse(await readFile(WORKFLOW, 'utf8')) as { jobs: Record<string, Job> };
    const { plan, build, merge } = workflow.jobs;
    assert.deepEqual([build.needs, merge.needs], ['plan', 'build']);
    const artifacts = join(tmp, 'artifacts');
    await mkdir(artifacts);

    const planned = await runJob('plan', plan, {}, artifacts);
    assert.equal(planned.failed, false);
    assert.equal(build.strategy?.matrix, '${{ fromJSON(needs.plan.outputs.matrix) }}');
    const matrix = JSON.parse(planned.outputs.matrix) as { shard: string[] };
    assert.deepEqual(matrix, { shard: ['1/4', '2/4', '3/4', '4/4'] });

    const builds = [];
    for (const [index, shard] of matrix.shard.entries()) {
      builds.push(await runJob(`build-${index}`, build, { 'matrix.shard': shard, 'strategy.job-index': String(index) }, artifacts));
    }
    // The broken report's shard fails its job; the others pass.
    assert.equal(builds.filter((b) => b.failed).length, 1);

    assert.equal(merge.if, '${{ !cancelled() }}');
    const merged = await runJob('merge', merge, {}, artifacts);
    assert.equal(merged.failed, true, 'merge exits 1: a report failed');
    const run = JSON.parse(await readFile(join(artifacts, 'report-pdfs', 'report-run.json'), 'utf8'));
    assert.ok(
      run.reports.every(
        (r: { state: string; output_relative: string }) => r.state !== 'built' || r.output_relative.startsWith('report-pdfs/'),
      ),
    );

    // The same reports on one machine, in one run.
    const one = await mkdtemp(join(tmp, 'one-'));
    await makeRepository(one);
    const single = await runCliInProcess(['build', '.', '--offline', '--out-dir', 'report-pdfs', '--json'], {
      cwd: one,
      env: cleanEnv(),
      timeoutMs: 240_000,
    });
    assert.equal(single.code, 1, describeRun(single));
    const whole = JSON.parse(single.stdout);
    const essence = (doc: typeof run) =>
      doc.reports
        .map((r: { file: string; state: string; pages: number | null; exit_code: number; output_relative: string }) =>
          [r.file, r.state, r.pages, r.exit_code, r.output_relative].join(' '),
        )
        .sort();
    assert.deepEqual(essence(run), essence(whole));
    assert.deepEqual({ ...run.summary, ms: 0 }, { ...whole.summary, ms: 0 });
    assert.equal(run.exit_code, whole.exit_code);

    const pdfs = (await readdir(join(artifacts, 'report-pdfs', 'report-pdfs'), { recursive: true })).filter((f) =>
      String(f).endsWith('.pdf'),
    );
    assert.equal(pdfs.length, EXAMPLES.length);
    const junit = await readFile(join(artifacts, 'report-pdfs', 'report-junit.xml'), 'utf8');
    assert.equal(junit.match(/<testcase /g)?.length, EXAMPLES.length + 1);
    const summary = await readFile(join(tmp, 'merge-summary.md'), 'utf8');
    assert.match(summary, /^### report-studio build: 3 of 4 reports built$/m);
  });
});
