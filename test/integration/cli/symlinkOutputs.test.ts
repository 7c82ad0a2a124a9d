/**
 * A pull request commits symbolic links where the CLI writes (docs/cli.md, output files): the
 * bundled CLI against the local service over loopback never writes through one — `diff --out`
 * (the folder, summary.md, a predictable PNG name), `-o`, the default output beside a report,
 * `--out-dir` (a linked folder inside it, a FIFO it did not make) and `--junit` — each refused
 * with exit 2 naming the path, before anything is submitted, and the link's target untouched.
 * The checks are the commands' own, not the process's: `runCli` of dist/engine.js in this process.
 */
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { flowText, retitled } from '../../helpers/diffFixture';
import { report, startHarness, tempDir, type Harness } from '../service/helpers';
import { buildOnce, cleanEnv, describeRun, runCliInProcess } from './cliHarness';

const VICTIM_TEXT = 'the runner user’s own file\n';

describe('CLI: no output is written through a symbolic link', function () {
  this.timeout(180_000);
  let h: Harness;
  /** The checkout (the working folder) and, beside it, what a link points at. */
  let root = '';
  let work = '';
  let outside = '';
  let victim = '';

  const cli = (args: string[]) =>
    runCliInProcess(args, {
      cwd: work,
      env: cleanEnv({ REPORT_STUDIO_API_KEY: h.key, REPORT_STUDIO_BASE_URL: h.service.baseUrl }),
      timeoutMs: 120_000,
    });
  const submits = (): number => h.logs.filter((l) => /build-report|preview-report/.test(l)).length;
  const untouched = async () => {
    assert.equal(await readFile(victim, 'utf8'), VICTIM_TEXT, 'the link target was written');
    assert.deepEqual(await readdir(outside), ['victim.txt'], 'a file was made outside the checkout');
  };

  before(async () => {
    await buildOnce();
    h = await startHarness();
  });
  after(() => h.stop());
  beforeEach(async () => {
    root = tempDir('rs-cli-links-');
    work = join(root, 'checkout');
    outside = join(root, 'outside');
    victim = join(outside, 'victim.txt');
    await mkdir(work);
    await mkdir(outside);
    await writeFile(victim, VICTIM_TEXT);
    await writeFile(join(work, 'old.report.json'), flowText());
    await writeFile(join(work, 'new.report.json'), flowText(retitled()));
    await writeFile(join(work, 'q3.report.json'), JSON.stringify(report('Links')));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('diff --out: summary.md committed as a link is refused (exit 2), nothing drawn or written', async () => {
    await mkdir(join(work, 'report-diff'));
    await symlink(victim, join(work, 'report-diff', 'summary.md'));
    const r = await cli(['diff', 'old.report.json', 'new.report.json', '--out', 'report-diff']);
    assert.equal(r.code, 2, describeRun(r));
    assert.equal(
      r.stderr.trim(),
      'report-studio: --out report-diff: report-diff/summary.md is a symbolic link; output is never written through one',
    );
    assert.deepEqual(await readdir(join(work, 'report-diff')), ['summary.md']);
    await untouched();
  });

  it('diff --out: a predictable PNG name committed as a link is refused (exit 2)', async () => {
    await mkdir(join(work, 'report-diff'));
    await symlink(victim, join(work, 'report-diff', 'new-p2.png'));
    const r = await cli(['diff', 'old.report.json', 'new.report.json', '--out', 'report-diff']);
    assert.equal(r.code, 2, describeRun(r));
    assert.match(
      r.stderr,
      /^report-studio: --out report-diff: report-diff\/new-p2\.png is a symbolic link; output is never written through one$/m,
    );
    await untouched();
  });

  it('diff --out: the folder itself committed as a link is refused (exit 2)', async () => {
    await symlink(outside, join(work, 'report-diff'));
    const r = await cli(['diff', 'old.report.json', 'new.report.json', '--out', 'report-diff']);
    assert.equal(r.code, 2, describeRun(r));
    assert.match(r.stderr, /--out report-diff: report-diff is a symbolic link; output is never written through one/);
    await untouched();
  });

  it('-o and the default output beside the report: a link is refused before anything is submitted', async () => {
    await symlink(victim, join(work, 'link.pdf'));
    await symlink(victim, join(work, 'q3.pdf'));
    const before = submits();
    const explicit = await cli(['build', 'q3.report.json', '-o', 'link.pdf']);
    assert.equal(explicit.code, 2, describeRun(explicit));
    assert.equal(explicit.stderr.trim(), 'report-studio: -o link.pdf: link.pdf is a symbolic link; output is never written through one');
    const beside = await cli(['build', 'q3.report.json']);
    assert.equal(beside.code, 2, describeRun(beside));
    assert.equal(beside.stderr.trim(), 'report-studio: output: q3.pdf is a symbolic link; output is never written through one');
    assert.equal(submits(), before, 'nothing submitted: no quota spent');
    assert.ok(lstatSync(join(work, 'q3.pdf')).isSymbolicLink());
    await untouched();
  });

  it('batch --out-dir: a linked folder inside it, or a FIFO at an output name, is refused before anything is sent', async () => {
    await mkdir(join(work, 'reports', 'a'), { recursive: true });
    await writeFile(join(work, 'reports', 'a', 'q3.report.json'), JSON.stringify(report('A')));
    await writeFile(join(work, 'reports', 'b.report.json'), JSON.stringify(report('B')));
    await mkdir(join(work, 'pdfs'));
    await symlink(outside, join(work, 'pdfs', 'a'));
    const before = submits();
    const linked = await cli(['build', 'reports', '--out-dir', 'pdfs']);
    assert.equal(linked.code, 2, describeRun(linked));
    assert.equal(linked.stderr.trim(), 'report-studio: --out-dir pdfs: pdfs/a is a symbolic link; output is never written through one');
    await rm(join(work, 'pdfs', 'a'));
    execFileSync('mkfifo', [join(work, 'pdfs', 'b.pdf')]);
    const fifo = await cli(['build', 'reports', '--out-dir', 'pdfs']);
    assert.equal(fifo.code, 2, describeRun(fifo));
    assert.equal(
      fifo.stderr.trim(),
      'report-studio: --out-dir pdfs: pdfs/b.pdf is not a regular file (a FIFO, a device or a socket); output goes only into files it makes',
    );
    assert.equal(submits(), before, 'nothing submitted: no quota spent');
    await untouched();
  });

  it('batch --junit onto a link is refused before anything is sent', async () => {
    await writeFile(join(work, 'b.report.json'), JSON.stringify(report('B')));
    await symlink(victim, join(work, 'junit.xml'));
    const before = submits();
    const r = await cli(['build', 'q3.report.json', 'b.report.json', '--junit', 'junit.xml']);
    assert.equal(r.code, 2, describeRun(r));
    assert.equal(r.stderr.trim(), 'report-studio: --junit junit.xml: junit.xml is a symbolic link; output is never written through one');
    assert.equal(submits(), before);
    assert.ok(!existsSync(join(work, 'q3.pdf')));
    await untouched();
  });

  it('export -o and the default page images beside the report: a link is refused, its target untouched', async () => {
    await mkdir(join(work, 'pages'));
    await symlink(victim, join(work, 'pages', 'q3-p1.png'));
    const explicit = await cli(['export', 'q3.report.json', '--png', '--dpi', '36', '-o', 'pages']);
    assert.equal(explicit.code, 2, describeRun(explicit));
    assert.match(explicit.stderr, /report-studio: -o pages: pages\/q3-p1\.png is a symbolic link; output is never written through one/);
    await symlink(victim, join(work, 'q3-p1.png'));
    const beside = await cli(['export', 'q3.report.json', '--png', '--dpi', '36']);
    assert.equal(beside.code, 2, describeRun(beside));
    assert.match(beside.stderr, /q3-p1\.png is a symbolic link; output is never written through one/);
    assert.ok(lstatSync(join(work, 'q3-p1.png')).isSymbolicLink());
    await untouched();
  });
});
