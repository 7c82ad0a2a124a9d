/**
 * `report-studio diff` as a user or CI runs it (the bundled CLI): scripted changes to a
 * three-page report find exactly the pages they touch, PDFs compare with PDFs, git revisions
 * (a temporary repository) compare every changed report, and --out writes the pictures and
 * the summaries.
 */
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { renderReportPdf } from '../../../src/render/renderPdf';
import { blankPdf } from '../../helpers/blankPdf';
import { componentAdded, flowReport, flowText, retitled } from '../../helpers/diffFixture';
import { buildOnce, cleanEnv, describeRun, runCli, runCliInProcess } from './cliHarness';

interface DiffJson {
  changed: boolean;
  reports: Array<{ name: string; error?: string; pages?: Array<{ page: number; status: string }>; images?: Record<string, string> }>;
}

const statuses = (doc: DiffJson, i = 0) => doc.reports[i].pages?.map((p) => `${p.page}:${p.status}`).join(' ');

describe('CLI: diff', function () {
  this.timeout(180_000);
  let dir: string;
  // In this process (dist/engine.js's runCli): each spawn would load the renderer and PDFium
  // anew. The first test runs dist/cli.js itself, which loads the differ from dist/engine.js.
  const run = (args: string[], cwd = dir, env: Record<string, string> = {}) =>
    runCliInProcess(args, { cwd, env: cleanEnv(env), timeoutMs: 120_000 });
  const json = async (args: string[], cwd = dir, runner = run) => {
    const r = await runner([...args, '--json'], cwd);
    return { r, doc: JSON.parse(r.stdout) as DiffJson };
  };

  before(async () => {
    await buildOnce();
    dir = await mkdtemp(join(tmpdir(), 'rs-cli-diff-'));
    await writeFile(join(dir, 'old.report.json'), flowText());
    await writeFile(join(dir, 'title.report.json'), flowText(retitled()));
    await writeFile(join(dir, 'added.report.json'), flowText(componentAdded()));
    // Whitespace only: other indentation, one line, and a JSONC comment.
    await writeFile(
      join(dir, 'spaces.report.jsonc'),
      `// same report\n${JSON.stringify(flowReport(), null, 4).replace(/\n\s+"type"/g, ' "type"')}`,
    );
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('one title changed (dist/cli.js as a process): exactly that page changed, exit 1', async () => {
    const spawned = (args: string[], cwd = dir) => runCli(args, { cwd, env: cleanEnv(), timeoutMs: 120_000 });
    const { r, doc } = await json(['diff', 'old.report.json', 'title.report.json'], dir, spawned);
    assert.equal(r.code, 1, describeRun(r));
    assert.equal(statuses(doc), '1:unchanged 2:changed 3:unchanged');
  });

  it('a component added: its page and the reflowed ones, nothing before it', async () => {
    const { r, doc } = await json(['diff', 'old.report.json', 'added.report.json']);
    assert.equal(r.code, 1, describeRun(r));
    // Page 1 is before the new paragraph; page 2 holds it; page 3 takes what no longer fits on page 2.
    assert.equal(statuses(doc), '1:unchanged 2:changed 3:changed');
  });

  it('a whitespace-only change (and a comment): nothing, exit 0', async () => {
    const r = await run(['diff', 'old.report.json', 'spaces.report.jsonc']);
    assert.equal(r.code, 0, describeRun(r));
    assert.match(r.stdout, /spaces\.report\.jsonc: no change/);
  });

  it('two PDFs: compared page by page by their pixels', async () => {
    await writeFile(join(dir, 'old.pdf'), (await renderReportPdf(flowReport())).pdf);
    await writeFile(join(dir, 'new.pdf'), (await renderReportPdf(retitled())).pdf);
    await writeFile(join(dir, 'same.pdf'), (await renderReportPdf(flowReport())).pdf);
    const { r, doc } = await json(['diff', 'old.pdf', 'new.pdf']);
    assert.equal(r.code, 1, describeRun(r));
    assert.equal(statuses(doc), '1:unchanged 2:changed 3:unchanged');
    assert.equal((await run(['diff', 'old.pdf', 'same.pdf'])).code, 0);
  });

  it('--out: a PNG per changed page with the changes highlighted beside the old page, summary.md and summary.html', async () => {
    const out = join(dir, 'out');
    const r = await run(['diff', 'old.report.json', 'title.report.json', '--out', 'out']);
    assert.equal(r.code, 1, describeRun(r));
    assert.deepEqual((await readdir(out)).sort(), ['summary.html', 'summary.md', 'title-p2.png']);
    const png = PNG.sync.read(await readFile(join(out, 'title-p2.png')));
    const page = await renderReportPdf(flowReport());
    const pageWidth = Math.round(page.pageSize?.width ?? 0);
    assert.ok(Math.abs(png.width - (2 * pageWidth + 16)) <= 2, `old | gap | new: ${png.width} px wide`);
    const red = [0, 0];
    for (let i = 0; i < png.data.length; i += 4) {
      if (png.data[i] === 230 && png.data[i + 1] === 30 && png.data[i + 2] === 60) red[(i / 4) % png.width < png.width / 2 ? 0 : 1]++;
    }
    assert.ok(red[0] > 0 && red[1] > 0, `the change is framed on both pages: ${red}`);
    const md = await readFile(join(out, 'summary.md'), 'utf8');
    assert.match(md, /\| `title\.report\.json` \| 3 \| page 2 changed \|/);
    assert.match(md, /`title-p2\.png`/);
    assert.match(await readFile(join(out, 'summary.html'), 'utf8'), /<img src="title-p2\.png"/);
  });

  it('--out: a file name from a pull request cannot add lines, a rule or a mention to summary.md or summary.html', async () => {
    // A newline, a rule, a live mention, backticks, a table bar, HTML and a bidi override, all in one file name.
    const name = 'q3\n\n---\n@octocat look `here` | <b>x<b>\u202e.report.json';
    await writeFile(join(dir, name), flowText(retitled()));
    const r = await run(['diff', 'old.report.json', name, '--out', 'forged']);
    assert.equal(r.code, 1, describeRun(r));
    const md = await readFile(join(dir, 'forged', 'summary.md'), 'utf8');
    const row = md.split('\n').find((line) => line.includes('octocat'));
    assert.equal(
      row,
      '| ``q3\\n\\n---\\n@octocat look `here` \\| <b>x<b>\\u202e.report.json`` | 3 | page 2 changed |',
      `the name is one code span on the table's row:\n${md}`,
    );
    assert.ok(!md.split('\n').some((line) => /^(---|@)/.test(line)), `no line of the name's own:\n${md}`);
    const picture = md.split('\n').find((line) => line.startsWith('- '));
    assert.match(picture ?? '', /^- ``q3\\n\\n---\\n@octocat look `here` \| <b>x<b>\\u202e\.report\.json``, page 2: `[\w.-]+\.png`$/, md);
    assert.ok(!md.includes('\u202e'), 'the bidi override is an escape');
    const html = await readFile(join(dir, 'forged', 'summary.html'), 'utf8');
    assert.ok(html.includes('<h2><code>q3\\n\\n---\\n@octocat look `here` | &lt;b&gt;x&lt;b&gt;\\u202e.report.json</code></h2>'), html);
  });

  it('a PDF page too large to rasterise (14,400 pt square, a few hundred bytes): exit 2 naming the file and the page, before drawing it', async () => {
    const huge = blankPdf({ width: 14_400, height: 14_400 });
    assert.ok(huge.length < 700, `${huge.length} bytes`);
    await writeFile(join(dir, 'a4.pdf'), blankPdf({}));
    await writeFile(join(dir, 'huge.pdf'), huge);
    const r = await run(['diff', 'a4.pdf', 'huge.pdf']);
    assert.equal(r.code, 2, describeRun(r));
    assert.equal(
      r.stderr.trim().split('\n')[0],
      'report-studio: huge.pdf: page 1 of huge.pdf is 14400 × 14400 pt, 207 megapixels at 72 dpi: more than the 25 megapixels a rasterised page may have',
    );
  });

  it('a PDF of 3,000 pages: exit 2 naming the file and the cap, before drawing a page', async () => {
    await writeFile(join(dir, 'many.pdf'), blankPdf({ pages: 3000 }));
    const { r, doc } = await json(['diff', 'a4.pdf', 'many.pdf']);
    assert.equal(r.code, 2, describeRun(r));
    assert.equal(doc.reports[0].error, 'many.pdf has 3000 pages: at most 1000 pages of a PDF are rasterised');
  });

  it('a side that is not a report: exit 2 naming the file', async () => {
    await writeFile(join(dir, 'broken.report.json'), '{ "type": "Report", ');
    const r = await run(['diff', 'old.report.json', 'broken.report.json']);
    assert.equal(r.code, 2, describeRun(r));
    assert.match(r.stderr, /broken\.report\.json is not valid JSON/);
    const missing = await run(['diff', 'old.report.json', 'nope.report.json']);
    assert.equal(missing.code, 2, describeRun(missing));
    assert.match(missing.stderr, /cannot read nope\.report\.json: no such file/);
  });

  describe('git revisions', () => {
    let repo: string;
    const git = (...args: string[]) =>
      execFileSync('git', args, {
        cwd: repo,
        env: {
          ...cleanEnv(),
          HOME: repo,
          GIT_CONFIG_NOSYSTEM: '1',
          GIT_AUTHOR_NAME: 't',
          GIT_AUTHOR_EMAIL: 't@example.com',
          GIT_COMMITTER_NAME: 't',
          GIT_COMMITTER_EMAIL: 't@example.com',
        },
        encoding: 'utf8',
      });

    before(async () => {
      repo = await mkdtemp(join(tmpdir(), 'rs-cli-diff-git-'));
      git('init', '-q', '-b', 'main');
      await writeFile(join(repo, 'q3.report.json'), flowText());
      await writeFile(join(repo, 'same.report.json'), flowText());
      await writeFile(join(repo, 'notes.json'), '{}');
      git('add', '.');
      git('commit', '-q', '-m', 'first');
      await writeFile(join(repo, 'q3.report.json'), flowText(retitled()));
      await writeFile(join(repo, 'notes.json'), '{"a": 1}');
      git('commit', '-q', '-am', 'retitle');
    });
    after(() => rm(repo, { recursive: true, force: true }));

    it('a..b compares every report changed between the revisions', async () => {
      const { r, doc } = await json(['diff', 'HEAD~1..HEAD'], repo);
      assert.equal(r.code, 1, describeRun(r));
      assert.deepEqual(
        doc.reports.map((x) => x.name),
        ['q3.report.json'],
      );
      assert.equal(statuses(doc), '1:unchanged 2:changed 3:unchanged');
    });

    it('--base compares the work tree: whitespace only is no change; a new report is all pages added', async () => {
      await writeFile(join(repo, 'q3.report.json'), JSON.stringify(retitled()));
      const same = await run(['diff', '--base', 'HEAD'], repo);
      assert.equal(same.code, 0, describeRun(same));
      await writeFile(join(repo, 'new.report.json'), flowText());
      git('add', 'new.report.json');
      const { r, doc } = await json(['diff', '--base', 'HEAD'], repo);
      assert.equal(r.code, 1, describeRun(r));
      assert.equal(doc.reports.map((x) => x.name).join(), 'new.report.json,q3.report.json');
      assert.equal(statuses(doc), '1:added 2:added 3:added');
      git('rm', '-q', '--cached', 'new.report.json');
      await rm(join(repo, 'new.report.json'));
    });

    it('--format github: a notice on each changed report; a bad revision is exit 2', async () => {
      const r = await run(['diff', 'HEAD~1..HEAD', '--format', 'github'], repo);
      assert.equal(r.code, 1, describeRun(r));
      assert.equal(r.stdout.trim(), '::notice file=q3.report.json,title=report-studio diff::page 2 changed');
      const bad = await run(['diff', '--base', 'nosuchrev'], repo);
      assert.equal(bad.code, 2, describeRun(bad));
      assert.match(bad.stderr, /"nosuchrev" is not a commit in this repository/);
    });
  });
});
