/**
 * The CI recipe of docs/ci.md, run locally: the GitHub Actions workflow
 * (docs/examples/report-studio.yml) step by step — each `run:` in bash as the runner starts it,
 * in a temporary "repository" (the examples and one broken report), with the environment the
 * runner gives and the CLI's packed tarball as the package; `uses:` steps are skipped, but the
 * upload step's `path` must hold the PDFs the build made — and the generic shell version
 * (docs/examples/report-studio-ci.sh) on the same repository.
 */
import { strict as assert } from 'node:assert';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { filesUnder } from '../../helpers/files';
import { readPdf } from '../../helpers/pdf';
import { buildOnce, describeRun, ROOT } from '../cli/cliHarness';
import type { CliRun } from '../cli/cliHarness';
import { binDir, pathWith, runProgram, packTarball, userEnv } from './npmPackage';

const WORKFLOW = join(ROOT, 'docs', 'examples', 'report-studio.yml');
const SHELL_RECIPE = join(ROOT, 'docs', 'examples', 'report-studio-ci.sh');
/** Two of the examples (a single- and a multi-page one), built in one run with the broken report. */
const EXAMPLES = ['analytics', 'invoice'];

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  shell?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}

interface StepRun extends CliRun {
  step: Step;
}

/** A repository with some examples under reports/ and a report the service would reject. */
async function makeRepository(dir: string): Promise<void> {
  await mkdir(join(dir, 'reports'), { recursive: true });
  for (const name of EXAMPLES) await copyFile(join(ROOT, 'examples', `${name}.report.json`), join(dir, 'reports', `${name}.report.json`));
  await copyFile(join(ROOT, 'test', 'fixtures', 'broken', '01-card-missing-value.report.json'), join(dir, 'reports', 'broken.report.json'));
  // Not reports: validate and the build loop skip dot folders and node_modules.
  await mkdir(join(dir, 'node_modules', 'x'), { recursive: true });
  await writeFile(join(dir, 'node_modules', 'x', 'skip.report.json'), '{');
}

/** What the broken report must produce in `--format github`: one error annotation on its line. */
const BROKEN_ANNOTATION =
  '::error file=reports/broken.report.json,line=16,col=11,endLine=16,endColumn=20,title=report-studio%3A required::' +
  'Missing required option "value" in Card options [required] (components[0].components[0].options.value)';

describe('CI recipe (docs/ci.md): the workflow and the shell version, run locally', function () {
  this.timeout(180_000);
  let tmp = '';
  let tarball = '';

  before(async () => {
    await buildOnce();
    tmp = await mkdtemp(join(tmpdir(), 'rs-ci-recipe-'));
    tarball = await packTarball(join(tmp, 'pack'));
  });
  after(() => rm(tmp, { recursive: true, force: true }));

  /** Environment of a fresh runner: npm's global prefix on PATH (as setup-node leaves it), no network. */
  function runnerEnv(base: string, extra: Record<string, string>): NodeJS.ProcessEnv {
    const prefix = join(base, 'npm-prefix');
    return userEnv({
      PATH: pathWith(binDir(prefix)),
      HOME: join(base, 'home'),
      TMPDIR: join(base, 'tmp'),
      NPM_CONFIG_PREFIX: prefix,
      NPM_CONFIG_CACHE: join(base, 'npm-cache'),
      NPM_CONFIG_OFFLINE: 'true',
      NPM_CONFIG_UPDATE_NOTIFIER: 'false',
      REPORT_STUDIO_PACKAGE: tarball,
      ...extra,
    });
  }

  it('the GitHub Actions workflow: annotations for the broken report, validate fails, the others built and uploaded', async () => {
    const base = join(tmp, 'github');
    const workspace = join(base, 'workspace');
    const runnerTemp = join(base, 'runner-temp');
    for (const d of [workspace, runnerTemp, join(base, 'home'), join(base, 'tmp')]) await mkdir(d, { recursive: true });
    await makeRepository(workspace);

    const workflow = parse(await readFile(WORKFLOW, 'utf8'));
    assert.equal(workflow.defaults?.run?.shell, 'bash');
    const job = workflow.jobs.reports;
    const steps = job.steps as Step[];
    assert.deepEqual(
      steps.filter((s) => s.uses).map((s) => s.uses?.replace(/@.*/, '')),
      ['actions/checkout', 'actions/setup-node', 'actions/upload-artifact'],
    );
    assert.equal(steps.find((s) => s.uses?.startsWith('actions/setup-node'))?.with?.['node-version'], 20);

    const env = runnerEnv(base, {
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: workspace,
      RUNNER_TEMP: runnerTemp,
      RUNNER_OS: 'Linux',
      GITHUB_STEP_SUMMARY: join(runnerTemp, 'step-summary.md'),
      ...workflow.env,
      ...job.env,
    });
    const runs: StepRun[] = [];
    let failed = false;
    for (const step of steps) {
      if (step.uses) continue; // checkout: the workspace is ready; setup-node: this Node; upload: checked below
      // GitHub runs a step after a failed one only when its `if` says so.
      if (failed && !/!cancelled\(\)|always\(\)/.test(step.if ?? '')) continue;
      assert.ok(step.run && !step.run.includes('${{'), `${step.name}: a run script without expressions, so it runs as written`);
      const script = join(base, 'tmp', `step-${runs.length}.sh`);
      await writeFile(script, step.run);
      // `shell: bash` is `bash --noprofile --norc -eo pipefail {0}` on the runner.
      const r = await runProgram('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], {
        cwd: workspace,
        env: { ...env, ...step.env },
        timeoutMs: 120_000,
      });
      runs.push({ ...r, step });
      if (r.code !== 0) failed = true;
    }
    const byName = (name: string): StepRun => {
      const r = runs.find((s) => s.step.name === name);
      assert.ok(r, `step "${name}" ran`);
      return r;
    };

    assert.equal(byName('Install report-studio').code, 0, describeRun(byName('Install report-studio')));
    const validate = byName('Validate reports');
    assert.equal(validate.code, 1, describeRun(validate));
    assert.deepEqual(validate.stdout.trim().split('\n'), [BROKEN_ANNOTATION], 'the examples are clean; the broken report has one error');
    assert.match(validate.stderr, new RegExp(`${EXAMPLES.length + 1} files checked: 1 error in 1 file`));

    const build = byName('Build PDFs offline');
    assert.equal(build.code, 1, `the broken report fails to build\n${describeRun(build)}`);
    assert.match(build.stdout + build.stderr, /broken\.report\.json:16:11: error: Missing required option "value"/);
    // One run for every report: one summary line, and a table on the job's summary page.
    assert.match(build.stderr, new RegExp(`^${EXAMPLES.length + 1} reports in .*: ${EXAMPLES.length} built, 1 failed$`, 'm'));
    const summary = await readFile(join(runnerTemp, 'step-summary.md'), 'utf8');
    assert.match(summary, new RegExp(`^### report-studio build: ${EXAMPLES.length} of ${EXAMPLES.length + 1} reports built$`, 'm'));
    assert.match(summary, /^\| `reports\/invoice\.report\.json` \| ✅ built \| {2}\| 1 page \| /m);

    const upload = steps.find((s) => s.uses?.startsWith('actions/upload-artifact'));
    assert.ok(upload?.with?.path && /!cancelled\(\)/.test(upload.if ?? ''), 'the upload runs after a failed step too');
    const uploaded = join(workspace, upload.with.path);
    assert.deepEqual(
      await filesUnder(uploaded),
      EXAMPLES.map((name) => `reports/${name}.pdf`),
    );
    const invoice = await readPdf(await readFile(join(uploaded, 'reports', 'invoice.pdf')));
    assert.equal(invoice.pageCount, 1);
    assert.match(invoice.pages[0], /Invoice INV-2024-0117/);
  });

  it('the shell version: the same checks and PDFs, exit 1 for the broken report, exit 0 without it', async () => {
    const base = join(tmp, 'shell');
    const repo = join(base, 'repo');
    for (const d of [repo, join(base, 'home'), join(base, 'tmp')]) await mkdir(d, { recursive: true });
    await makeRepository(repo);
    const env = runnerEnv(base, { REPORT_STUDIO_FORMAT: 'github', GITHUB_WORKSPACE: repo });

    const broken = await runProgram('bash', [SHELL_RECIPE], { cwd: repo, env, timeoutMs: 120_000 });
    assert.equal(broken.code, 1, describeRun(broken));
    assert.deepEqual(
      broken.stdout
        .trim()
        .split('\n')
        .filter((l) => l.startsWith('::')),
      [BROKEN_ANNOTATION],
    );
    assert.deepEqual(
      await filesUnder(join(repo, 'report-pdfs')),
      EXAMPLES.map((name) => `reports/${name}.pdf`),
    );

    await rm(join(repo, 'reports', 'broken.report.json'));
    await rm(join(repo, 'report-pdfs'), { recursive: true });
    const junit = join(base, 'junit.xml');
    const clean = await runProgram('bash', [SHELL_RECIPE], {
      cwd: repo,
      env: { ...env, PDF_DIR: join(base, 'pdfs'), JUNIT_FILE: junit },
      timeoutMs: 120_000,
    });
    assert.equal(clean.code, 0, describeRun(clean));
    const xml = await readFile(junit, 'utf8');
    assert.match(xml, new RegExp(`<testsuite name="report-studio build" time="[\\d.]+" tests="${EXAMPLES.length}" failures="0"`));
    assert.deepEqual(
      await filesUnder(join(base, 'pdfs')),
      EXAMPLES.map((name) => `reports/${name}.pdf`),
    );
    assert.deepEqual(await readdir(join(base, 'tmp')), [], 'the script leaves no temporary folder behind');
  });
});
