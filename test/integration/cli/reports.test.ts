/** `report-studio build|preview|status|quota` against the real local service: dist/cli.js as a process where the process is tested, the rest in this process. */
import { strict as assert } from 'node:assert';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJpeg } from '../../helpers/jpeg';
import { allText, readPdf } from '../../helpers/pdf';
import { SIMPLE_REPORT, startTestService } from '../client/helpers';
import type { TestService } from '../client/helpers';
import { buildOnce, cleanEnv, describeRun, runCli, runCliInProcess } from './cliHarness';
import type { CliRun } from './cliHarness';

const BROKEN = `{
  // a comment shifts every line below
  "type": "Report",
  "options": { "report_title": "Broken", "vertical_margin": 99, },
  "components": [
    { "type": "Section", "options": { "columns": 2 } },
    { "type": "Sektion" },
  ],
}
`;

describe('CLI: build, preview, status, quota', function () {
  this.timeout(120_000);
  let t: TestService;
  let dir: string;
  const runs: CliRun[] = [];
  const KEY_POOR = 'rs_cli_key_no_quota';
  const KEY_INACTIVE = 'rs_cli_key_inactive';

  /**
   * In this process (dist/engine.js's runCli) unless `runner` is runCli: dist/cli.js as a process
   * where the process is what is tested (its exit code, stdout as a pipe, the locale it starts in).
   */
  async function cli(args: string[], env: Record<string, string | undefined> = {}, runner = runCliInProcess): Promise<CliRun> {
    const r = await runner(args, {
      cwd: dir,
      env: cleanEnv({ REPORT_STUDIO_API_KEY: t.service.apiKeys[0], REPORT_STUDIO_BASE_URL: t.service.baseUrl, ...env }),
    });
    runs.push(r);
    return r;
  }

  before(async () => {
    await buildOnce();
    t = await startTestService({
      realRenderer: true,
      keys: [{ key: 'rs_cli_key_main_0001' }, { key: KEY_POOR, quotaSingle: 0 }, { key: KEY_INACTIVE, subscriptionActive: false }],
    });
    dir = await mkdtemp(join(tmpdir(), 'rs-cli-'));
    await writeFile(join(dir, 'simple.report.json'), JSON.stringify(SIMPLE_REPORT, null, 2));
    await writeFile(join(dir, 'broken.report.json'), BROKEN);
    await writeFile(join(dir, 'syntax.report.json'), '{\n  "type": "Report"\n  "components": []\n}\n');
  });
  after(async () => {
    await t?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('build: exit 0, the PDF next to the input, its path on stdout', async () => {
    const r = await cli(['build', 'simple.report.json']);
    assert.equal(r.code, 0, describeRun(r));
    assert.match(r.stdout, /^simple\.pdf {2}\(1 page, [\d.]+ KB, /);
    assert.match(r.stderr, /Quota left: \d+ single · \d+ multi\n/);
    const pdf = await readPdf(await readFile(join(dir, 'simple.pdf')));
    assert.equal(pdf.pageCount, 1);
    assert.ok(allText(pdf).includes('Integration test'));
  });

  it('preview -o: exit 0, a decodable JPEG', async () => {
    const r = await cli(['preview', 'simple.report.json', '-o', 'shots/p.jpg']);
    assert.equal(r.code, 0, describeRun(r));
    const img = decodeJpeg(await readFile(join(dir, 'shots', 'p.jpg')));
    assert.ok(img.width > 100);
    assert.match(r.stdout, /shots\/p\.jpg {2}\(\d+×\d+, /);
  });

  it('build --json: one JSON document with the quota left', async () => {
    const before = await t.client.getRemainingQuota();
    const r = await cli(['build', 'simple.report.json', '-o', 'j.pdf', '--json']);
    assert.equal(r.code, 0, describeRun(r));
    const doc = JSON.parse(r.stdout);
    assert.equal(doc.ok, true);
    assert.equal(doc.content_type, 'application/pdf');
    assert.equal(doc.pages, 1);
    assert.equal(doc.output, join(dir, 'j.pdf'));
    assert.equal(doc.quota.single_page_remaining, before.remaining_single_page_reports - 1);
    assert.equal(r.stderr, '', 'nothing but the document in --json mode');
  });

  it('build -o -: the PDF on stdout', async () => {
    const r = await cli(['build', 'simple.report.json', '-o', '-', '--quiet'], {}, runCli);
    assert.equal(r.code, 0);
    assert.ok(r.stdout.startsWith('%PDF-'));
  });

  it("a 422 → exit 1 and file:line:col lines on the user's text, in English under a German locale", async () => {
    // The CLI keeps English (docs/extension.md, Languages): the locale variables and the one VS
    // Code gives its child processes change nothing.
    const r = await cli(
      ['build', 'broken.report.json'],
      {
        LANG: 'de_DE.UTF-8',
        LC_ALL: 'de_DE.UTF-8',
        VSCODE_NLS_CONFIG: JSON.stringify({ locale: 'de', osLocale: 'de', availableLanguages: {} }),
      },
      runCli,
    );
    assert.equal(r.code, 1, describeRun(r));
    const lines = r.stdout.trim().split('\n');
    assert.deepEqual(
      lines.map((l) => l.split(': error: ')[0]),
      ['broken.report.json:4:61', 'broken.report.json:6:26', 'broken.report.json:7:15'],
    );
    // In plain words (core/loc/plainWords.ts), the type and path after them.
    assert.match(lines[0], /error: "vertical_margin" should be at most 32, got 99 \[less_than_equal\] \(options\.vertical_margin\)$/);
    assert.match(lines[1], /Missing required option "section_title" in Section options \[missing\]/);
    assert.match(lines[2], /error: Unknown component type "Sektion"; the types are "Section", "Row", "Card", .* \[union_tag_invalid\]/);
    assert.match(r.stderr, /the service rejected the report \(3 errors\)/);
  });

  it('a 422 with --json → diagnostics with 1-based positions', async () => {
    const r = await cli(['preview', 'broken.report.json', '--json']);
    assert.equal(r.code, 1);
    const doc = JSON.parse(r.stdout);
    assert.equal(doc.error.kind, 'validation');
    assert.deepEqual(
      doc.diagnostics.map((d: { line: number; column: number }) => [d.line, d.column]),
      [
        [4, 61],
        [6, 26],
        [7, 15],
      ],
    );
  });

  it('a JSON syntax error → exit 1, nothing sent', async () => {
    const before = t.log.length;
    const r = await cli(['build', 'syntax.report.json']);
    assert.equal(r.code, 1, describeRun(r));
    assert.equal(r.stdout.trim(), 'syntax.report.json:3:3: error: Comma expected [syntax]');
    assert.equal(t.log.length, before);
  });

  it('a missing input file → exit 2', async () => {
    const r = await cli(['build', 'nope.report.json']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /cannot read nope\.report\.json: no such file/);
  });

  it('an output that cannot be written → exit 2', async () => {
    const r = await cli(['build', 'simple.report.json', '-o', 'simple.report.json/x.pdf']);
    assert.equal(r.code, 2, describeRun(r));
    assert.match(r.stderr, /cannot write/);
  });

  it('a wrong key → exit 3, the key not printed', async () => {
    const r = await cli(['quota'], { REPORT_STUDIO_API_KEY: 'rs_wrong_key_abcdef' });
    assert.equal(r.code, 3, describeRun(r));
    assert.match(r.stderr, /API key missing or not valid/);
    assert.ok(!(r.stdout + r.stderr).includes('rs_wrong_key_abcdef'));
  });

  it('quota used up → exit 4; inactive subscription → exit 4', async () => {
    const poor = await cli(['build', 'simple.report.json'], { REPORT_STUDIO_API_KEY: KEY_POOR });
    assert.equal(poor.code, 4, describeRun(poor));
    assert.match(poor.stderr, /quota/i);
    const inactive = await cli(['preview', 'simple.report.json'], { REPORT_STUDIO_API_KEY: KEY_INACTIVE });
    assert.equal(inactive.code, 4, describeRun(inactive));
  });

  it('--no-wait prints the task id; status --wait -o downloads the file', async () => {
    const submitted = await cli(['preview', 'simple.report.json', '--no-wait']);
    assert.equal(submitted.code, 0, describeRun(submitted));
    const taskId = submitted.stdout.trim();
    assert.match(taskId, /^[0-9a-f-]{36}$/);
    const waited = await cli(['status', taskId, '-o', 'later.jpg']);
    assert.equal(waited.code, 0, describeRun(waited));
    assert.match(waited.stdout, /^SUCCESS\nlater\.jpg {2}\(image\/jpeg, /);
    decodeJpeg(await readFile(join(dir, 'later.jpg')));
    const status = await cli(['status', taskId, '--json']);
    assert.deepEqual(JSON.parse(status.stdout).status, 'SUCCESS');
  });

  it('status of an unknown task → exit 2', async () => {
    const r = await cli(['status', '00000000-0000-4000-8000-000000000000']);
    assert.equal(r.code, 2, describeRun(r));
    assert.match(r.stderr, /not found/);
  });

  it('quota: a table, and --json gives the record', async () => {
    const r = await cli(['quota']);
    assert.equal(r.code, 0, describeRun(r));
    assert.match(r.stdout, /Single-page reports\s+\d+ of 100 left/);
    assert.match(r.stdout, /Subscription\s+active/);
    const j = await cli(['quota', '--json']);
    assert.equal(JSON.parse(j.stdout).quota.max_single_page_reports, 100);
  });

  it('the API key from the environment is never printed', () => {
    assert.ok(runs.length > 10);
    for (const r of runs) for (const key of t.service.apiKeys) assert.ok(!(r.stdout + r.stderr).includes(key), describeRun(r));
  });
});
