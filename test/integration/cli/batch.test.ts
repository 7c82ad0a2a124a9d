/**
 * `report-studio build|preview <files|dirs|globs…>`: the batch form against the real local service
 * (or a hosted-like proxy in front of it), PDFs read back. In this process (dist/engine.js's
 * runCli), but for Ctrl-C and the first --offline run: dist/cli.js as a process, which loads
 * the engine and its service itself.
 */
import { strict as assert } from 'node:assert';
import { copyFile, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJpeg } from '../../helpers/jpeg';
import { filesUnder } from '../../helpers/files';
import { allText, readPdf } from '../../helpers/pdf';
import { SIMPLE_REPORT, startTestService } from '../client/helpers';
import type { TestService } from '../client/helpers';
import { startBatchProxy } from './batchProxy';
import { buildOnce, cleanEnv, collect, describeRun, ROOT, runCli, runCliInProcess, spawnCli, waitForOutput } from './cliHarness';
import type { CliRun } from './cliHarness';

const BROKEN = join(ROOT, 'test', 'fixtures', 'broken', '01-card-missing-value.report.json');
const example = (name: string): string => join(ROOT, 'examples', `${name}.report.json`);
const single = (title: string): string => JSON.stringify({ ...SIMPLE_REPORT, options: { ...SIMPLE_REPORT.options, report_title: title } });

/** The attributes of each `<testcase>` and what it holds (failure, skipped), read from the XML text. */
function junitCases(xml: string): Array<{ name: string; failure?: string; skipped: boolean }> {
  const attr = (tag: string, name: string): string | undefined => tag.match(new RegExp(`\\b${name}="([^"]*)"`))?.[1];
  return [...xml.matchAll(/<testcase\b([^>]*?)(\/>|>([\s\S]*?)<\/testcase>)/g)].map((m) => ({
    name: attr(m[1], 'name') ?? '',
    failure: m[3]?.match(/<failure\b([^>]*)/)?.[1] && attr(m[3].match(/<failure\b([^>]*)/)![1], 'message'),
    skipped: /<skipped\b/.test(m[3] ?? ''),
  }));
}

describe('CLI: batch build and preview', function () {
  this.timeout(240_000);
  let t: TestService;
  let dir: string;
  const KEY_SMALL = 'rs_batch_key_small_quota';

  async function cli(args: string[], env: Record<string, string | undefined> = {}): Promise<CliRun> {
    return runCliInProcess(args, {
      cwd: dir,
      env: cleanEnv({ REPORT_STUDIO_API_KEY: t.service.apiKeys[0], REPORT_STUDIO_BASE_URL: t.service.baseUrl, ...env }),
      timeoutMs: 180_000,
    });
  }

  before(async () => {
    await buildOnce();
    t = await startTestService({ keys: [{ key: 'rs_batch_key_main_0001' }, { key: KEY_SMALL, quotaSingle: 2, quotaMulti: 0 }] });
    dir = await mkdtemp(join(tmpdir(), 'rs-batch-'));
    await mkdir(join(dir, 'reports', 'a'), { recursive: true });
    await mkdir(join(dir, 'reports', 'b', 'deep'), { recursive: true });
    await mkdir(join(dir, 'bad'), { recursive: true });
    await mkdir(join(dir, 'reports', 'node_modules', 'x'), { recursive: true });
    await copyFile(example('analytics'), join(dir, 'reports', 'a', 'analytics.report.json'));
    await copyFile(example('invoice'), join(dir, 'reports', 'a', 'invoice.report.json'));
    await writeFile(join(dir, 'reports', 'b', 'one.report.json'), single('One'));
    await writeFile(join(dir, 'reports', 'b', 'deep', 'two.report.jsonc'), `// JSONC\n${single('Two')}`);
    await writeFile(join(dir, 'reports', 'node_modules', 'x', 'skip.report.json'), '{');
    await copyFile(BROKEN, join(dir, 'bad', 'broken.report.json'));
    await writeFile(join(dir, 'bad', 'syntax.report.json'), '{\n  "type": "Report"\n  "components": []\n}\n');
  });
  after(async () => {
    await t?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('several files, a folder and a glob: --out-dir mirrors their tree, one line per report, PDFs read back', async () => {
    const r = await cli(['build', 'reports/a', 'reports/b/*.report.json', 'reports/b/deep/two.report.jsonc', '--out-dir', 'out1']);
    assert.equal(r.code, 0, describeRun(r));
    assert.deepEqual(await filesUnder(join(dir, 'out1')), ['a/analytics.pdf', 'a/invoice.pdf', 'b/deep/two.pdf', 'b/one.pdf']);
    const lines = r.stdout.trimEnd().split('\n').sort();
    assert.equal(lines.length, 4, r.stdout);
    for (const line of lines) {
      const m = line.match(/^(\S+) → (\S+) {2}\((\d+) pages?, [\d.]+ K?B, [\d.]+ m?s\)$/);
      assert.ok(m, `not a result line: ${line}`);
      const pdf = await readPdf(await readFile(join(dir, m[2])));
      assert.equal(pdf.pageCount, Number(m[3]), line);
    }
    assert.match(r.stderr, /^4 reports in [\d.]+ m?s \(4 jobs\): 4 built$/m);
    assert.match(r.stderr, /^Quota left: \d+ single · \d+ multi$/m);
  });

  it('preview --json: one document with a summary and each report', async () => {
    const r = await cli(['preview', 'reports', '--out-dir', 'previews', '--json', '--jobs', '2']);
    assert.equal(r.code, 0, describeRun(r));
    const doc = JSON.parse(r.stdout);
    assert.equal(doc.ok, true);
    assert.equal(doc.command, 'preview');
    assert.equal(doc.exit_code, 0);
    assert.equal(doc.jobs, 2);
    assert.deepEqual({ ...doc.summary, ms: 0 }, { reports: 4, built: 4, failed: 0, skipped: 0, warnings: 0, ms: 0 });
    assert.deepEqual(
      doc.reports.map((x: { file: string }) => x.file),
      ['reports/a/analytics.report.json', 'reports/a/invoice.report.json', 'reports/b/deep/two.report.jsonc', 'reports/b/one.report.json'],
    );
    for (const rep of doc.reports) {
      assert.equal(rep.state, 'built');
      assert.equal(rep.content_type, 'image/jpeg');
      assert.equal(rep.error, null);
      assert.deepEqual(rep.diagnostics, []);
      const img = decodeJpeg(await readFile(rep.output));
      assert.equal(img.width, rep.width);
    }
    assert.equal(r.stderr, '');
  });

  it('one bad report among good ones: the others are built, the worst exit code, errors naming the files', async () => {
    const r = await cli(['build', 'reports/b', 'bad', '--out-dir', 'out2']);
    assert.equal(r.code, 1, describeRun(r));
    assert.deepEqual(await filesUnder(join(dir, 'out2')), ['reports/b/deep/two.pdf', 'reports/b/one.pdf']);
    assert.match(r.stdout, /^bad\/broken\.report\.json:16:11: error: Missing required option "value" in Card options \[missing\]/m);
    assert.match(r.stdout, /^bad\/syntax\.report\.json:3:3: error: /m);
    assert.match(r.stderr, /^report-studio: bad\/broken\.report\.json: the service rejected the report \(1 error\)$/m);
    assert.match(r.stderr, /^report-studio: bad\/syntax\.report\.json: 1 JSON syntax error; nothing was sent$/m);
    assert.match(r.stderr, /^4 reports in .*: 2 built, 2 failed$/m);
  });

  it('--format github: annotations on the lines, a failure without a line on the file, the step summary appended', async () => {
    const summaryFile = join(dir, 'step-summary.md');
    await writeFile(summaryFile, 'earlier step\n');
    const r = await cli(['build', 'reports/b', 'bad', 'missing.report.json', '--out-dir', 'out3', '--format', 'github'], {
      GITHUB_STEP_SUMMARY: summaryFile,
      GITHUB_WORKSPACE: dir,
    });
    assert.equal(r.code, 2, `the worst exit code: 2 for the missing file, 1 for the invalid ones\n${describeRun(r)}`);
    assert.match(
      r.stdout,
      /^::error file=missing\.report\.json,title=report-studio%3A usage::missing\.report\.json: cannot read the file: no such file$/m,
    );
    assert.match(r.stderr, /^report-studio: missing\.report\.json: cannot read the file: no such file$/m);
    assert.match(
      r.stdout,
      /^::error file=bad\/broken\.report\.json,line=16,col=11,endLine=16,endColumn=20,title=report-studio%3A missing::/m,
    );
    const summary = await readFile(summaryFile, 'utf8');
    assert.ok(summary.startsWith('earlier step\n### report-studio build: 2 of 5 reports built\n'), summary);
    assert.match(
      summary,
      /^\| `reports\/b\/one\.report\.json` \| ✅ built \| {2}\| 1 page \| [\d.]+ m?s \| `out3\/reports\/b\/one\.pdf` \|$/m,
    );
    assert.match(
      summary,
      /^\| `bad\/broken\.report\.json` \| ❌ failed \(exit 1\): the service rejected the report \(1 error\) \| {2}\| {2}\| {2}\| {2}\|$/m,
    );
    assert.match(summary, /exit code 2\./);
  });

  it('paths outside the working folder print as the user wrote them: `../pdfs/…` for --out-dir ../pdfs, absolute for an absolute one', async () => {
    // Run from a folder beside the reports, as `cd site && report-studio build ../reports/b --out-dir ../pdfs`.
    const site = join(dir, 'site');
    await mkdir(site, { recursive: true });
    const summaryFile = join(dir, 'step-summary-outside.md');
    const env = cleanEnv({
      REPORT_STUDIO_API_KEY: t.service.apiKeys[0],
      REPORT_STUDIO_BASE_URL: t.service.baseUrl,
      GITHUB_STEP_SUMMARY: summaryFile,
    });
    const relative = await runCliInProcess(['build', '../reports/b', '--out-dir', '../pdfs', '--format', 'github'], {
      cwd: site,
      env,
      timeoutMs: 180_000,
    });
    assert.equal(relative.code, 0, describeRun(relative));
    assert.match(relative.stdout, /^\.\.\/reports\/b\/one\.report\.json → \.\.\/pdfs\/one\.pdf {2}\(1 page, /m);
    assert.match(relative.stdout, /^\.\.\/reports\/b\/deep\/two\.report\.jsonc → \.\.\/pdfs\/deep\/two\.pdf {2}\(/m);
    const summary = await readFile(summaryFile, 'utf8');
    assert.match(summary, /^\| `\.\.\/reports\/b\/one\.report\.json` \| ✅ built \| .* \| `\.\.\/pdfs\/one\.pdf` \|$/m);
    assert.ok(!summary.includes(dir), `no absolute path in the step summary:\n${summary}`);

    const absolute = join(dir, 'pdfs-absolute');
    const given = await runCliInProcess(['build', join(dir, 'reports', 'b', 'one.report.json'), '--out-dir', absolute], {
      cwd: site,
      env,
      timeoutMs: 180_000,
    });
    assert.equal(given.code, 0, describeRun(given));
    assert.ok(given.stdout.startsWith(`${join(dir, 'reports', 'b', 'one.report.json')} → ${join(absolute, 'one.pdf')}  (`), given.stdout);

    const one = await runCliInProcess(['build', '../reports/b/one.report.json', '-o', '../single.pdf'], {
      cwd: site,
      env,
      timeoutMs: 180_000,
    });
    assert.equal(one.code, 0, describeRun(one));
    assert.match(one.stdout, /^\.\.\/single\.pdf {2}\(1 page, /);
  });

  it('--junit: one test case per report, failures with their message', async () => {
    const r = await cli(['build', 'reports/b', 'bad', '--out-dir', 'out4', '--junit', 'results/junit.xml', '-q']);
    assert.equal(r.code, 1, describeRun(r));
    const xml = await readFile(join(dir, 'results', 'junit.xml'), 'utf8');
    assert.match(xml, /<testsuite name="report-studio build" time="[\d.]+" tests="4" failures="2" errors="0" skipped="0">/);
    assert.deepEqual(junitCases(xml), [
      { name: 'bad/broken.report.json', failure: 'the service rejected the report (1 error)', skipped: false },
      { name: 'bad/syntax.report.json', failure: '1 JSON syntax error; nothing was sent', skipped: false },
      { name: 'reports/b/deep/two.report.jsonc', failure: undefined, skipped: false },
      { name: 'reports/b/one.report.json', failure: undefined, skipped: false },
    ]);
    assert.match(
      xml,
      /<system-err><!\[CDATA\[bad\/broken\.report\.json:16:11: error: Missing required option "value" in Card options \[missing\]/,
    );
    assert.deepEqual(await filesUnder(join(dir, 'results')), ['junit.xml']);
  });

  describe('quota', () => {
    it('a run the quota cannot finish is refused before any build; the quota is unchanged', async () => {
      const before = await t.client.getRemainingQuota();
      const r = await cli(['build', 'reports', '--out-dir', 'out5'], { REPORT_STUDIO_API_KEY: KEY_SMALL });
      assert.equal(r.code, 4, describeRun(r));
      assert.match(
        r.stderr,
        /^report-studio: this run needs 3 single-page builds and 1 multi-page build, the quota has 2 single-page and 0 multi-page left \(period ending [^)]+\); nothing was built$/m,
      );
      assert.deepEqual(await filesUnder(join(dir, 'out5')), []);
      const client = t.newClient({ apiKey: KEY_SMALL });
      const q = await client.getRemainingQuota();
      assert.equal(q.remaining_single_page_reports, 2);
      assert.equal(q.remaining_multi_page_reports, 0);
      assert.deepEqual(await t.client.getRemainingQuota(), before);
    });

    it('--allow-partial builds as many as the quota allows, in name order, and says which were not sent', async () => {
      const r = await cli(['build', 'reports', '--out-dir', 'out6', '--allow-partial', '--json'], { REPORT_STUDIO_API_KEY: KEY_SMALL });
      assert.equal(r.code, 4, describeRun(r));
      const doc = JSON.parse(r.stdout);
      assert.deepEqual(
        doc.reports.map((x: { file: string; state: string }) => `${x.file} ${x.state}`),
        [
          'reports/a/analytics.report.json skipped',
          'reports/a/invoice.report.json built',
          'reports/b/deep/two.report.jsonc built',
          'reports/b/one.report.json skipped',
        ],
      );
      assert.equal(doc.reports[0].error.message, 'not sent: beyond the multi-page quota left (--allow-partial)');
      assert.deepEqual(await filesUnder(join(dir, 'out6')), ['a/invoice.pdf', 'b/deep/two.pdf']);
      const q = await t.newClient({ apiKey: KEY_SMALL }).getRemainingQuota();
      assert.equal(q.remaining_single_page_reports, 0);
    });
  });

  describe('a hosted-like service', () => {
    it('--jobs bounds the tasks in flight', async () => {
      for (const jobs of [1, 3]) {
        const proxy = await startBatchProxy(t.service.baseUrl);
        try {
          const r = await cli(['preview', 'reports', '--out-dir', `jobs${jobs}`, '--jobs', String(jobs)], {
            REPORT_STUDIO_BASE_URL: proxy.baseUrl,
          });
          assert.equal(r.code, 0, describeRun(r));
          assert.equal(proxy.submits, 4);
          assert.ok(proxy.maxInFlight <= jobs, `${proxy.maxInFlight} tasks in flight with --jobs ${jobs}`);
        } finally {
          await proxy.stop();
        }
      }
    });

    it('429 with Retry-After: no submit until the time given has passed, then every report is built', async () => {
      const proxy = await startBatchProxy(t.service.baseUrl, 2, '1');
      try {
        const r = await cli(['build', 'reports/b', '--out-dir', 'out8', '--jobs', '1'], { REPORT_STUDIO_BASE_URL: proxy.baseUrl });
        assert.equal(r.code, 0, describeRun(r));
        assert.deepEqual(await filesUnder(join(dir, 'out8')), ['deep/two.pdf', 'one.pdf']);
        assert.equal(proxy.busyAnswers.length, 2);
        // The first accepted submit comes at least Retry-After (1 s) after the last 429.
        assert.ok(proxy.submitTimes[0] - proxy.busyAnswers[1] >= 950, `${proxy.submitTimes[0] - proxy.busyAnswers[1]} ms`);
        assert.ok(proxy.busyAnswers[1] - proxy.busyAnswers[0] >= 950, `${proxy.busyAnswers[1] - proxy.busyAnswers[0]} ms`);
      } finally {
        await proxy.stop();
      }
    });
  });

  it('Ctrl-C mid-run: exit 130, the tasks in flight abandoned, no file and no partial file left', async () => {
    const slow = await startTestService({ renderDelayMs: 30_000 });
    try {
      const child = spawnCli(['build', 'reports', '--out-dir', 'out9', '--verbose'], {
        cwd: dir,
        env: cleanEnv({ REPORT_STUDIO_API_KEY: slow.service.apiKeys[0], REPORT_STUDIO_BASE_URL: slow.service.baseUrl }),
      });
      const done = collect(child, 60_000);
      await waitForOutput(child, /build-report → 200/, 30_000, 'stderr');
      child.kill('SIGINT');
      const r = await done;
      assert.equal(r.code, 130, describeRun(r));
      assert.match(r.stderr, /^4 reports in .*: 0 built, 4 not sent$/m);
      assert.deepEqual(await filesUnder(join(dir, 'out9')), []);
    } finally {
      await slow.stop();
    }
  });

  it('--offline: one local service for the whole run, in a data folder of its own', async () => {
    const state = join(dir, 'state');
    const r = await runCli(['build', 'reports/b', '--offline', '--out-dir', 'out10', '--verbose'], {
      cwd: dir,
      env: cleanEnv({ XDG_STATE_HOME: state, HOME: state }),
      timeoutMs: 180_000,
    });
    assert.equal(r.code, 0, describeRun(r));
    // Every request of the run reached the same service: one development key (each data folder makes its own).
    const keys = new Set([...r.stderr.matchAll(/^\[local service\] .* key#([0-9a-f]+)$/gm)].map((m) => m[1]));
    assert.equal(keys.size, 1, r.stderr);
    assert.equal([...r.stderr.matchAll(/POST \/api\/v1\/build-report 200/g)].length, 2, r.stderr);
    assert.deepEqual(await filesUnder(join(dir, 'out10')), ['deep/two.pdf', 'one.pdf']);
    assert.deepEqual(await filesUnder(state), []);
  });

  it('a symbolic link loop and a linked folder: each report built once (quota spent once), the loop named once', async () => {
    await mkdir(join(dir, 'looped', 'sub'), { recursive: true });
    await writeFile(join(dir, 'looped', 'one.report.json'), single('One'));
    await writeFile(join(dir, 'looped', 'sub', 'two.report.json'), single('Two'));
    await symlink('..', join(dir, 'looped', 'sub', 'up'));
    await symlink('sub', join(dir, 'looped', 'alias'));
    const state = join(dir, 'state-loop');
    const r = await runCliInProcess(['build', 'looped', '--offline', '--out-dir', 'out11', '--verbose'], {
      cwd: dir,
      env: cleanEnv({ XDG_STATE_HOME: state, HOME: state }),
      timeoutMs: 180_000,
    });
    assert.equal(r.code, 0, describeRun(r));
    assert.equal([...r.stderr.matchAll(/POST \/api\/v1\/build-report 200/g)].length, 2, r.stderr);
    assert.match(r.stderr, /^2 reports in .*: 2 built$/m);
    assert.deepEqual(await filesUnder(join(dir, 'out11')), ['one.pdf', 'sub/two.pdf']);
    const named = r.stderr.split('\n').filter((line) => line.includes('(a loop)'));
    assert.deepEqual(named, ['looped/sub/up: a symbolic link to a folder that holds it (a loop); each report is taken once'], r.stderr);
  });

  it('--offline, 120 reports: the run is never answered 503 by its own service', async () => {
    const many = join(dir, 'many');
    await mkdir(many, { recursive: true });
    const count = 120;
    for (let i = 0; i < count; i++) await writeFile(join(many, `r${i}.report.json`), single(`Many ${i}`));
    // 16 tasks in flight on this machine's cores: most wait QUEUED before they run.
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
    process.on('warning', onWarning);
    const r = await runCliInProcess(['build', 'many', '--offline', '--out-dir', 'out12', '--jobs', '16', '--verbose'], {
      cwd: dir,
      env: cleanEnv({}),
      timeoutMs: 180_000,
    }).finally(() => process.off('warning', onWarning));
    assert.equal(r.code, 0, describeRun(r));
    // Node prints its warnings into the user's terminal: 16 tasks listening for Ctrl-C are no leak.
    assert.deepEqual(
      warnings.filter((w) => w.startsWith('MaxListenersExceededWarning')),
      [],
    );
    // ~3 requests a report, over the standalone service's 50 a second (bursts of 100).
    assert.doesNotMatch(r.stderr, /rate_limited|→ 503/, 'the run is not throttled by its own service');
    // One status request a task (until=finished) is held by test/integration/service/longPoll.test.ts,
    // without the clock this run would need to tell a held answer from an early one.
    const written = await filesUnder(join(dir, 'out12'));
    assert.equal(written.length, count);
    for (const i of [0, 59, 119]) {
      const pdf = await readPdf(new Uint8Array(await readFile(join(dir, 'out12', `r${i}.pdf`))));
      assert.equal(pdf.pageCount, 1);
      assert.match(allText(pdf), new RegExp(`Many ${i}\\b`));
    }
  });

  it('usage: -o with several reports, --jobs out of range, a pattern that matches nothing → exit 2 before anything is sent', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['build', 'reports', '-o', 'x.pdf'], /-o names one file: with several reports use --out-dir DIR/],
      [['build', 'reports', '--jobs', '0'], /--jobs takes a whole number from 1 to 16, got "0"/],
      [['build', 'nothing/*.report.json'], /nothing\/\*\.report\.json: no \.json or \.jsonc file matches this pattern/],
    ];
    for (const [args, message] of cases) {
      const r = await cli(args);
      assert.equal(r.code, 2, describeRun(r));
      assert.match(r.stderr, message);
    }
  });
});
