/**
 * Render notes in every output of `build` (single file and batch), `--max-warnings`, and a hostile
 * pull request's report text and file names in the JUnit XML and the step summary: the bundled
 * CLI (runCli of dist/engine.js, in this process) with --offline (the bundled service and
 * renderer), PDFs read back, the JUnit file read back by a strict XML parser.
 */
import { strict as assert } from 'node:assert';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closedPort } from '../../helpers/loopback';
import { readPdf } from '../../helpers/pdf';
import { strictJunitCases } from '../../helpers/strictXml';
import { buildOnce, cleanEnv, describeRun, runCliInProcess } from './cliHarness';
import type { CliRun } from './cliHarness';
import { overflowingReport } from '../../helpers/overflowReport';

const imageReport = (url: string): string =>
  `${JSON.stringify({ type: 'Report', options: { report_title: 'Logo' }, components: [{ type: 'Image', options: { image_url: url } }] }, null, 2)}\n`;

const PLAIN = `${JSON.stringify({ type: 'Report', options: { report_title: 'Plain' }, components: [{ type: 'Text', options: { text: 'Hi' } }] })}\n`;

/** An unknown component type whose second `]]>` would end the CDATA section and add a passing test case. */
const FORGED_TYPE =
  "X]]>Y]]></system-err></testcase><testcase classname='forged' name='all good'/><testcase name='z'><system-err><![CDATA[";
const FORGED = `${JSON.stringify({ type: 'Report', options: { report_title: 'F' }, components: [{ type: FORGED_TYPE, options: {} }] }, null, 2)}\n`;

/** `line:col` (1-based) of an offset in `text`. */
function lineCol(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `${before.length}:${before.at(-1)!.length + 1}`;
}

describe('CLI: render notes as warnings, --max-warnings', function () {
  this.timeout(240_000);
  let dir: string;
  let overflowText: string;
  let imageText: string;
  let imageUrl: string;

  // In this process (dist/engine.js's runCli): what is tested is what each command writes.
  const cli = (args: string[], env: Record<string, string | undefined> = {}): Promise<CliRun> =>
    runCliInProcess([...args, '--offline', '--data-dir', join(dir, 'data')], { cwd: dir, env: cleanEnv(env), timeoutMs: 180_000 });

  /** Where the overflow note must point: the `"type"` of the section it names. */
  function overflowAnchor(stdout: string): { at: string; part: string } {
    const part = stdout.match(/Section "Part (\d+)" and everything after it did not fit/)?.[1];
    assert.ok(part, stdout);
    const title = overflowText.indexOf(`"section_title": "Part ${part}"`);
    return { at: lineCol(overflowText, overflowText.lastIndexOf('"type"', title)), part };
  }

  before(async () => {
    await buildOnce();
    dir = await mkdtemp(join(tmpdir(), 'rs-notes-'));
    imageUrl = `http://127.0.0.1:${await closedPort()}/logo.png`;
    overflowText = overflowingReport();
    imageText = imageReport(imageUrl);
    await mkdir(join(dir, 'notes'));
    await mkdir(join(dir, 'hostile'));
    await writeFile(join(dir, 'notes', 'overflow.report.json'), overflowText);
    await writeFile(join(dir, 'notes', 'image.report.json'), imageText);
    await writeFile(join(dir, 'hostile', 'forged.report.json'), FORGED);
    await writeFile(join(dir, 'hostile', 'del\x7f\u202egnp.report.json'), PLAIN);
    await writeFile(join(dir, 'hostile', 'new\nline @team.report.json'), PLAIN);
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('build <file>: a single page that lost content says so at the section that was cut, and exits 0', async () => {
    const r = await cli(['build', 'notes/overflow.report.json', '-o', 'single/overflow.pdf']);
    assert.equal(r.code, 0, describeRun(r));
    const { at, part } = overflowAnchor(r.stdout);
    assert.equal(
      r.stdout.split('\n')[1],
      `notes/overflow.report.json:${at}: warning: Section "Part ${part}" and everything after it did not fit on the single page; set config.enable_multi_page to true to continue on new pages. (overflow)`,
    );
    const pdf = await readPdf(await readFile(join(dir, 'single', 'overflow.pdf')));
    assert.equal(pdf.pageCount, 1);
    assert.ok(!pdf.pages[0].includes('Part 12'), 'the last section was cut');
  });

  it('--max-warnings 0: exit 7 with a sentence saying why, and the PDF is still written', async () => {
    const r = await cli(['build', 'notes/image.report.json', '-o', 'single/image.pdf', '--max-warnings', '0', '-q']);
    assert.equal(r.code, 7, describeRun(r));
    assert.equal(
      r.stdout.split('\n')[1],
      `notes/image.report.json:${lineCol(imageText, imageText.indexOf(`"${imageUrl}"`))}: warning: image_url ${imageUrl} not fetched: connection failed — a placeholder was drawn (image-unavailable)`,
    );
    assert.equal(r.stderr, 'report-studio: notes/image.report.json: 1 warning found, more than --max-warnings 0 allows\n');
    assert.equal((await readPdf(await readFile(join(dir, 'single', 'image.pdf')))).pageCount, 1);
  });

  it('--max-warnings 1 with one warning exits 0; --format github prints the note as a ::warning', async () => {
    const r = await cli(['build', 'notes/image.report.json', '-o', 'single/image2.pdf', '--max-warnings', '1', '--format', 'github']);
    assert.equal(r.code, 0, describeRun(r));
    const [line, col] = lineCol(imageText, imageText.indexOf(`"${imageUrl}"`)).split(':');
    assert.match(
      r.stdout,
      new RegExp(
        `^::warning file=notes/image.report.json,line=${line},col=${col},endLine=\\d+,endColumn=\\d+,title=report-studio%3A image-unavailable::image_url http://127\\.0\\.0\\.1:\\d+/logo\\.png not fetched: connection failed — a placeholder was drawn \\(image-unavailable\\)$`,
        'm',
      ),
    );
  });

  it('--json: the notes of the report with kind, message and range', async () => {
    const r = await cli(['build', 'notes/overflow.report.json', '-o', 'single/overflow3.pdf', '--json']);
    assert.equal(r.code, 0, describeRun(r));
    const doc = JSON.parse(r.stdout);
    assert.equal(doc.ok, true);
    assert.equal(doc.warnings, 1);
    assert.equal(doc.max_warnings, null);
    assert.equal(doc.notes.length, 1);
    const note = doc.notes[0];
    assert.equal(note.severity, 'warning');
    assert.equal(note.type, 'overflow');
    assert.match(note.path, /^components\[\d+\]$/);
    assert.match(note.message, /did not fit on the single page/);
    const title = overflowText.indexOf(`"section_title": "Part ${Number(note.path.match(/\d+/)[0]) + 1}"`);
    assert.equal(`${note.line}:${note.column}`, lineCol(overflowText, overflowText.lastIndexOf('"type"', title)));
  });

  it('batch: --max-warnings counts the notes of every report (exit 7), --json has them per report and in the summary', async () => {
    const r = await cli(['build', 'notes', '--out-dir', 'out-notes', '--max-warnings', '1', '--json']);
    assert.equal(r.code, 7, describeRun(r));
    const doc = JSON.parse(r.stdout);
    assert.equal(doc.ok, false);
    assert.equal(doc.exit_code, 7);
    assert.equal(doc.summary.warnings, 2);
    assert.equal(doc.max_warnings, 1);
    assert.equal(doc.warnings_exceeded, true);
    assert.deepEqual(
      doc.reports.map((o: { file: string; notes: Array<{ type: string; severity: string }> }) => [
        o.file,
        o.notes.map((n) => `${n.severity} ${n.type}`),
      ]),
      [
        ['notes/image.report.json', ['warning image-unavailable']],
        ['notes/overflow.report.json', ['warning overflow']],
      ],
    );
    for (const pdf of ['image.pdf', 'overflow.pdf'])
      assert.equal((await readPdf(await readFile(join(dir, 'out-notes', pdf)))).pageCount, 1);
  });

  it("batch: the JUnit XML (read by a strict XML parser) and the step summary carry each report's warnings", async () => {
    const summary = join(dir, 'summary-notes.md');
    const r = await cli(['build', 'notes', '--out-dir', 'out-junit', '--junit', 'junit-notes.xml'], { GITHUB_STEP_SUMMARY: summary });
    assert.equal(r.code, 0, describeRun(r));
    assert.match(r.stderr, /^2 reports in [\d.]+ m?s \(\d+ jobs?\): 2 built, 2 warnings$/m);
    const cases = strictJunitCases(await readFile(join(dir, 'junit-notes.xml'), 'utf8'));
    assert.deepEqual(
      cases.map((c) => c.attributes.name),
      ['notes/image.report.json', 'notes/overflow.report.json'],
    );
    assert.match(cases[0].systemOut, /\nnotes\/image\.report\.json:\d+:\d+: warning: image_url .* \(image-unavailable\)$/);
    assert.match(cases[1].systemOut, /\nnotes\/overflow\.report\.json:\d+:\d+: warning: Section "Part \d+" .* \(overflow\)$/);
    const md = await readFile(summary, 'utf8');
    assert.match(md, /^\| Report \| Result \| Warnings \| File \| Time \| Output \|$/m);
    assert.match(md, /^\| `notes\/overflow\.report\.json` \| ✅ built \| ⚠️ 1 \| 1 page \| [\d.]+ m?s \| `out-junit\/overflow\.pdf` \|$/m);
    assert.match(md, /^[\d.]+ m?s, \d+ jobs?, exit code 0\. 2 warnings\./m);
  });

  it('a hostile pull request: forged `]]>` text, DEL and RLO in names keep one JUnit case per report, shown as escapes; a newline in a name adds no line to the step summary', async () => {
    const summary = join(dir, 'summary-hostile.md');
    const r = await cli(['build', 'hostile', '--out-dir', 'out-hostile', '--junit', 'junit-hostile.xml'], { GITHUB_STEP_SUMMARY: summary });
    assert.equal(r.code, 1, describeRun(r));
    const cases = strictJunitCases(await readFile(join(dir, 'junit-hostile.xml'), 'utf8'));
    assert.deepEqual(
      cases.map((c) => c.attributes.name),
      ['hostile/del\\u007f\\u202egnp.report.json', 'hostile/forged.report.json', 'hostile/new\\nline @team.report.json'],
    );
    const forged = cases[1];
    assert.equal(forged.failure?.message, 'the service rejected the report (1 error)');
    assert.ok(forged.systemErr.includes('Unknown component type "X]]\\u003eY]]\\u003e</system-err></testcase>'), forged.systemErr);
    const md = await readFile(summary, 'utf8');
    assert.match(md, /^\| `hostile\/new\\nline @team\.report\.json` \| ✅ built \| {2}\| 1 page \|/m);
    assert.match(md, /^\| `hostile\/del\\u007f\\u202egnp\.report\.json` \| ✅ built \|/m);
    // Every line of the summary is the title, a table row, the tail or empty: the name added none.
    for (const line of md.trimEnd().split('\n')) assert.match(line, /^(|### .*|\| .* \||[\d.]+ m?s, .*)$/, line);
  });
});
