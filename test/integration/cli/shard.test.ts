/**
 * A run split over machines: `--shard i/n` on build, preview, validate and diff, `merge` of the
 * shards' --json documents and `plan` — each shard in a checkout of its own (another path, as on
 * another machine), PDFs read back, the joined JUnit parsed strictly, the plan's quota against a
 * real local service with a small plan. What is proven here is what the commands do, not the
 * process: they run as `runCli` of the bundled engine (dist/engine.js) in this process, --offline
 * on one bundled local service with the real renderer (as the extension's build tasks run it).
 * dist/cli.js itself runs `plan`, `build --offline --shard` and `merge` in shardWorkflow.test.ts,
 * from bash as a CI runner does.
 */
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { flowText, retitled } from '../../helpers/diffFixture';
import { filesUnder } from '../../helpers/files';
import { overflowingReport } from '../../helpers/overflowReport';
import { readPdf } from '../../helpers/pdf';
import type { QuotaRecord } from '../../../src/core/api/types';
import type { LocalService } from '../../../src/service/service';
import { SIMPLE_REPORT } from '../client/helpers';
import { buildOnce, cleanEnv, describeRun, ROOT, runCliInProcess, startBundledService } from './cliHarness';
import type { CliRun } from './cliHarness';

const BROKEN = join(ROOT, 'test', 'fixtures', 'broken', '01-card-missing-value.report.json');
const report = (title: string, multi = false): string =>
  JSON.stringify({ ...SIMPLE_REPORT, options: { report_title: title }, ...(multi ? { config: { enable_multi_page: true } } : {}) });

/** reports/: five that build (one multi-page) and one the service rejects, in three folders. */
async function makeReports(dir: string): Promise<void> {
  await mkdir(join(dir, 'reports', 'a'), { recursive: true });
  await mkdir(join(dir, 'reports', 'b'), { recursive: true });
  await mkdir(join(dir, 'reports', 'c'), { recursive: true });
  await writeFile(join(dir, 'reports', 'a', 'one.report.json'), report('One'));
  await writeFile(join(dir, 'reports', 'a', 'two.report.json'), report('Two'));
  await writeFile(join(dir, 'reports', 'b', 'three.report.json'), report('Three', true));
  await writeFile(join(dir, 'reports', 'b', 'four.report.jsonc'), `// JSONC\n${report('Four')}`);
  await writeFile(join(dir, 'reports', 'c', 'five.report.json'), report('Five'));
  await cp(BROKEN, join(dir, 'reports', 'c', 'broken.report.json'));
}

interface ReportJson {
  file: string;
  state: string;
  exit_code: number;
  pages: number | null;
  output_relative: string;
}
interface BatchDoc {
  ok: boolean;
  command: string;
  exit_code: number;
  shard: { index: number; total: number } | null;
  summary: { reports: number; built: number; failed: number; skipped: number };
  reports: ReportJson[];
}

/** What one run and the joined shards must agree on (times and task ids aside). */
const essence = (doc: BatchDoc) => ({
  command: doc.command,
  exit_code: doc.exit_code,
  summary: { ...doc.summary, ms: undefined },
  reports: doc.reports
    .map((r) => ({ file: r.file, state: r.state, exit_code: r.exit_code, pages: r.pages, output: r.output_relative }))
    .sort((a, b) => a.file.localeCompare(b.file)),
});

/** sax (strict XML, no types of its own): the part these tests use. */
interface SaxParser {
  onerror: (e: Error) => void;
  onopentag: (tag: { name: string; attributes: Record<string, unknown> }) => void;
  write(xml: string): { close(): void };
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const sax = require('sax') as { parser(strict: boolean): SaxParser };

/** The test cases of a JUnit file, read by a strict XML parser (a malformed file throws). */
function junitCases(xml: string): Array<{ name: string; failed: boolean }> {
  const parser = sax.parser(true);
  const cases: Array<{ name: string; failed: boolean }> = [];
  parser.onerror = (e) => {
    throw e;
  };
  parser.onopentag = (tag) => {
    if (tag.name === 'testcase') cases.push({ name: String(tag.attributes.name), failed: false });
    if (tag.name === 'failure') cases[cases.length - 1].failed = true;
  };
  parser.write(xml).close();
  return cases;
}

describe('CLI: --shard, plan and merge', function () {
  this.timeout(300_000);
  let dir: string;
  const checkouts: string[] = [];
  let whole: BatchDoc;
  const shardDocs: string[] = [];
  /** The --offline runs' service, and the plan's "hosted" one with a small plan. */
  let service: LocalService;
  let localService: () => Promise<{ baseUrl: string; apiKey: string }>;
  const KEY_SMALL = 'rs_shard_key_small_quota';

  const cli = (args: string[], cwd = dir, env: Record<string, string | undefined> = {}): Promise<CliRun> =>
    runCliInProcess(args, { cwd, env: cleanEnv(env), timeoutMs: 240_000, localService });

  before(async () => {
    await buildOnce();
    dir = await mkdtemp(join(tmpdir(), 'rs-shard-'));
    ({ service, localService } = await startBundledService({
      dataDir: join(dir, '.service'),
      rateLimit: 0,
      concurrency: 1,
      keys: [
        { key: 'rs_shard_key_main_0001', quotaSingle: 1000, quotaMulti: 1000 },
        { key: KEY_SMALL, quotaSingle: 3, quotaMulti: 1 },
      ],
    }));
    await makeReports(dir);
    const r = await cli(['build', 'reports', '--offline', '--out-dir', 'pdfs', '--json']);
    assert.equal(r.code, 1, describeRun(r));
    whole = JSON.parse(r.stdout) as BatchDoc;
    // Three machines: three checkouts at other paths, each building its shard.
    await mkdir(join(dir, 'shards'));
    for (let i = 1; i <= 3; i++) {
      const checkout = await mkdtemp(join(tmpdir(), `rs-shard-machine-${i}-`));
      checkouts.push(checkout);
      await makeReports(checkout);
      const s = await cli(['build', 'reports', '--offline', '--out-dir', 'pdfs', '--json', '--shard', `${i}/3`], checkout);
      assert.ok(s.code === 0 || s.code === 1, describeRun(s));
      shardDocs.push(join(dir, 'shards', `build-${i}.json`));
      await writeFile(shardDocs[i - 1], s.stdout);
    }
  });
  after(async () => {
    await service?.stop();
    for (const d of [dir, ...checkouts]) if (d) await rm(d, { recursive: true, force: true });
  });

  it('build --shard: each report in exactly one shard, each shard its PDFs; merge makes the document of one run', async () => {
    const docs = await Promise.all(shardDocs.map(async (f) => JSON.parse(await readFile(f, 'utf8')) as BatchDoc));
    assert.deepEqual(
      docs.map((d) => d.shard),
      [1, 2, 3].map((index) => ({ index, total: 3 })),
    );
    assert.deepEqual(
      docs.map((d) => d.reports.map((r) => r.file)),
      [
        ['reports/a/one.report.json', 'reports/a/two.report.json'],
        ['reports/b/four.report.jsonc', 'reports/b/three.report.json'],
        ['reports/c/broken.report.json', 'reports/c/five.report.json'],
      ],
    );
    for (const [i, d] of docs.entries()) {
      for (const r of d.reports.filter((x) => x.state === 'built')) {
        const pdf = await readPdf(await readFile(join(checkouts[i], r.output_relative)));
        assert.equal(pdf.pageCount, r.pages, r.file);
      }
    }

    const summaryFile = join(dir, 'step-summary.md');
    const m = await cli(['merge', ...shardDocs, '--json', '--junit', 'merged.xml'], dir, { GITHUB_STEP_SUMMARY: summaryFile });
    assert.equal(m.code, 1, describeRun(m));
    const merged = JSON.parse(m.stdout) as BatchDoc;
    assert.equal(merged.shard, null);
    assert.deepEqual(essence(merged), essence(whole));

    const cases = junitCases(await readFile(join(dir, 'merged.xml'), 'utf8'));
    assert.deepEqual(cases.map((c) => c.name).sort(), whole.reports.map((r) => r.file).sort());
    assert.deepEqual(
      cases.filter((c) => c.failed).map((c) => c.name),
      ['reports/c/broken.report.json'],
    );
    const summary = await readFile(summaryFile, 'utf8');
    assert.match(summary, /^### report-studio build: 5 of 6 reports built$/m);
    assert.equal(summary.match(/^\| `reports\//gm)?.length, 6, summary);
  });

  it('merge in human form: a line per report and the summary of the joined run', async () => {
    const m = await cli(['merge', ...shardDocs]);
    assert.equal(m.code, 1, describeRun(m));
    assert.equal(m.stdout.match(/^reports\/\S+ → pdfs\/\S+\.pdf {2}\(\d+ pages?, /gm)?.length, 5, m.stdout);
    assert.match(m.stdout, /^reports\/c\/broken\.report\.json:16:11: error: /m);
    assert.match(m.stderr, /^6 reports in [\d.]+ m?s \(\d+ jobs\): 5 built, 1 failed$/m);
  });

  it('merge counts --max-warnings over the joined run: two shards within the limit each, over it together (exit 7)', async () => {
    const notes = join(dir, 'notes');
    await mkdir(notes);
    await writeFile(join(notes, 'a.report.json'), overflowingReport('A'));
    await writeFile(join(notes, 'b.report.json'), overflowingReport('B'));
    const docs: string[] = [];
    for (const i of [1, 2]) {
      const s = await cli(['build', 'notes', '--offline', '--out-dir', 'notes-pdfs', '--json', '--max-warnings', '1', '--shard', `${i}/2`]);
      assert.equal(s.code, 0, describeRun(s));
      docs.push(join(dir, 'shards', `notes-${i}.json`));
      await writeFile(docs[i - 1], s.stdout);
    }
    const m = await cli(['merge', ...docs]);
    assert.equal(m.code, 7, describeRun(m));
    assert.equal(m.stdout.match(/^notes\/[ab]\.report\.json:\d+:\d+: warning: Section "Part \d+" .* \(overflow\)$/gm)?.length, 2, m.stdout);
    assert.match(m.stderr, /2 warnings found, more than --max-warnings 1 allows/);
    const joined = JSON.parse((await cli(['merge', ...docs, '--json'])).stdout) as BatchDoc & { summary: { warnings: number } };
    assert.equal(joined.summary.warnings, 2);
  });

  it('an empty shard exits 0 and builds nothing', async () => {
    const r = await cli(['build', 'reports/a/one.report.json', '--offline', '--out-dir', 'empty', '--shard', '1/2', '--json']);
    assert.equal(r.code, 0, describeRun(r));
    const doc = JSON.parse(r.stdout) as BatchDoc;
    assert.deepEqual([doc.reports, doc.shard], [[], { index: 1, total: 2 }]);
    assert.deepEqual(await filesUnder(join(dir, 'empty')).catch(() => []), []);
  });

  it('merge refuses files that are not every shard of one run, in one sentence, exit 2', async () => {
    const forged = join(dir, 'shards', 'forged.json');
    const doc = JSON.parse(await readFile(shardDocs[0], 'utf8')) as BatchDoc;
    await writeFile(forged, JSON.stringify({ ...doc, reports: [{ ...doc.reports[0], state: 'done' }] }));
    const preview = join(dir, 'shards', 'preview.json');
    await writeFile(preview, JSON.stringify({ ...doc, command: 'preview' }));
    const overlap = join(dir, 'shards', 'overlap.json');
    const second = JSON.parse(await readFile(shardDocs[1], 'utf8')) as BatchDoc;
    await writeFile(overlap, JSON.stringify({ ...second, reports: [...second.reports, doc.reports[0]] }));
    const refused = join(dir, 'shards', 'refused.json');
    await writeFile(
      refused,
      JSON.stringify({ ok: false, command: 'build', exit_code: 4, error: { kind: 'quota', message: 'this run needs more' } }),
    );
    await writeFile(join(dir, 'shards', 'junit.xml'), '<?xml version="1.0"?><testsuites/>');
    const cases: Array<[string[], RegExp, number]> = [
      [[shardDocs[0], shardDocs[2]], /^report-studio: shard 2\/3 is missing: merge needs every shard of the run$/m, 2],
      [[...shardDocs, shardDocs[1]], /^report-studio: \S+build-2\.json and \S+build-2\.json are both shard 2\/3$/m, 2],
      [
        [preview, ...shardDocs.slice(1)],
        /^report-studio: \S+preview\.json is of a preview run and \S+build-2\.json of a build run: merge joins the shards of one run$/m,
        2,
      ],
      [
        [forged],
        /^report-studio: \S+forged\.json is not the --json document of a build or preview run: reports\[0\]\.state is not built or failed or skipped$/m,
        2,
      ],
      [
        [shardDocs[0], overlap, shardDocs[2]],
        /^report-studio: reports\/a\/one\.report\.json is in both \S+build-1\.json and \S+overlap\.json: the shards of one run never share a report$/m,
        2,
      ],
      [['shards/junit.xml'], /^report-studio: shards\/junit\.xml is XML: merge reads the shards' --json documents/m, 2],
      [['shards/none.json'], /^report-studio: cannot read shards\/none\.json: no such file$/m, 2],
      [[refused], /^report-studio: \S+refused\.json is of a run that stopped before building \(exit 4\): this run needs more$/m, 4],
    ];
    for (const [files, message, code] of cases) {
      const r = await cli(['merge', ...files]);
      assert.equal(r.code, code, describeRun(r));
      assert.match(r.stderr, message);
      assert.equal(r.stdout, '');
    }
  });

  it('validate --shard: each file checked by exactly one shard; the document names its shard; an empty shard exits 0', async () => {
    const files: string[][] = [];
    for (let i = 1; i <= 4; i++) {
      const r = await cli(['validate', 'reports', '--shard', `${i}/4`, '--json']);
      const doc = JSON.parse(r.stdout) as { shard: unknown; files: Array<{ file: string; valid: boolean }> };
      assert.deepEqual(doc.shard, { index: i, total: 4 });
      assert.equal(r.code, doc.files.some((f) => !f.valid) ? 1 : 0, describeRun(r));
      files.push(doc.files.map((f) => f.file));
    }
    const all = JSON.parse((await cli(['validate', 'reports', '--json'])).stdout) as { files: Array<{ file: string }> };
    assert.deepEqual(files.flat().sort(), all.files.map((f) => f.file).sort());
    const empty = await cli(['validate', 'reports/a/one.report.json', '--shard', '1/2']);
    assert.equal(empty.code, 0, describeRun(empty));
    assert.match(empty.stderr, /^0 files checked: no problems$/m);
  });

  it('preview --shard: the JPEGs of each shard, together every report once', async () => {
    const written: string[] = [];
    for (let i = 1; i <= 2; i++) {
      const r = await cli(['preview', 'reports/a', 'reports/b', '--offline', '--out-dir', `jpegs-${i}`, '--shard', `${i}/2`]);
      assert.equal(r.code, 0, describeRun(r));
      written.push(...(await filesUnder(join(dir, `jpegs-${i}`))));
    }
    assert.deepEqual(written.sort(), ['a/one.preview.jpg', 'a/two.preview.jpg', 'b/four.preview.jpg', 'b/three.preview.jpg']);
  });

  it('diff --shard: the changed reports of a git range split over the shards', async () => {
    const repo = await mkdtemp(join(tmpdir(), 'rs-shard-git-'));
    checkouts.push(repo);
    const git = (...args: string[]): string =>
      execFileSync('git', args, {
        cwd: repo,
        env: cleanEnv({
          HOME: repo,
          GIT_CONFIG_NOSYSTEM: '1',
          GIT_AUTHOR_NAME: 't',
          GIT_AUTHOR_EMAIL: 't@example.com',
          GIT_COMMITTER_NAME: 't',
          GIT_COMMITTER_EMAIL: 't@example.com',
        }),
        encoding: 'utf8',
      });
    git('init', '-q', '-b', 'main');
    for (const name of ['x', 'y', 'z']) await writeFile(join(repo, `${name}.report.json`), flowText());
    git('add', '.');
    git('commit', '-q', '-m', 'first');
    for (const name of ['x', 'z']) await writeFile(join(repo, `${name}.report.json`), flowText(retitled()));
    git('commit', '-q', '-am', 'retitle');
    const names: string[][] = [];
    for (let i = 1; i <= 3; i++) {
      const r = await cli(['diff', 'HEAD~1..HEAD', '--shard', `${i}/3`, '--json'], repo);
      const doc = JSON.parse(r.stdout) as { shard: unknown; reports: Array<{ name: string }> };
      assert.equal(r.code, doc.reports.length ? 1 : 0, describeRun(r));
      assert.deepEqual(doc.shard, { index: i, total: 3 });
      names.push(doc.reports.map((x) => x.name));
    }
    assert.deepEqual(names, [[], ['x.report.json'], ['z.report.json']]);
  });

  describe('plan', () => {
    const hosted = (key: string) => ({ REPORT_STUDIO_API_KEY: key, REPORT_STUDIO_BASE_URL: service.baseUrl });

    it('offline: the matrix on stdout, the reports and builds of each shard', async () => {
      const r = await cli(['plan', 'reports', '--shards', '4', '--offline']);
      assert.equal(r.code, 0, describeRun(r));
      assert.equal(r.stdout, '{"shard":["1/4","2/4","3/4","4/4"]}\n');
      assert.match(r.stderr, /^shard +reports +single-page +multi-page\n1\/4 +1 +1 +0\n2\/4 +2 +2 +0\n3\/4 +1 +0 +1\n4\/4 +2 +2 +0$/m);
      assert.match(
        r.stderr,
        /^6 reports in 4 shards: needs 5 single-page builds and 1 multi-page build; offline, each shard's local service covers its own builds$/m,
      );
    });

    it('against the service: exit 4 when the remaining quota cannot cover the whole run, and nothing is spent', async () => {
      const r = await cli(['plan', 'reports', '--shards', '2'], dir, hosted(KEY_SMALL));
      assert.equal(r.code, 4, describeRun(r));
      assert.match(
        r.stderr,
        /^6 reports in 2 shards: needs 5 single-page builds and 1 multi-page build, the quota has 3 single-page and 1 multi-page left \(period ending [^)]+\)$/m,
      );
      assert.match(r.stderr, /^report-studio: the remaining quota cannot cover this run; no shard should start$/m);
      const q = (await (
        await fetch(`${service.baseUrl}/get-remaining-quota`, { headers: { 'x-api-key': KEY_SMALL } })
      ).json()) as QuotaRecord;
      assert.deepEqual([q.remaining_single_page_reports, q.remaining_multi_page_reports], [3, 1]);
    });

    it('--json: the matrix, the need and the quota as data; exit 0 when the quota covers the run', async () => {
      const r = await cli(['plan', 'reports/a', 'reports/b', '--shards', '2', '--json'], dir, hosted(KEY_SMALL));
      assert.equal(r.code, 0, describeRun(r));
      const doc = JSON.parse(r.stdout);
      assert.deepEqual(doc.matrix, { shard: ['1/2', '2/2'] });
      assert.deepEqual(doc.need, { single_page: 3, multi_page: 1 });
      assert.deepEqual(
        doc.shards.map((s: { reports: number }) => s.reports),
        [2, 2],
      );
      assert.equal(doc.quota.single_page_remaining, 3);
    });

    it('wrong --shards is a usage error', async () => {
      const r = await cli(['plan', 'reports', '--shards', '0', '--offline']);
      assert.equal(r.code, 2, describeRun(r));
      assert.match(r.stderr, /^report-studio: --shards takes a whole number of shards from 1 to 256, got "0"$/m);
      const none = await cli(['plan', 'reports', '--offline']);
      assert.equal(none.code, 2, describeRun(none));
      assert.match(none.stderr, /^report-studio: "plan" needs --shards n, the number of machines to split the run over$/m);
    });
  });
});
