/**
 * `report-studio export --png` as a docs author or an agent runs it (the bundled CLI): real report
 * files in a temporary folder, one PNG per page named `<report>-p<N>.png`, decoded with pngjs to
 * check their size; folders, patterns, --pages, --dpi and -o; a broken report among good ones.
 */
import { strict as assert } from 'node:assert';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { filesUnder } from '../../helpers/files';
import { flowText } from '../../helpers/diffFixture';
import { buildOnce, cleanEnv, describeRun, ROOT, runCli, runCliInProcess } from './cliHarness';

interface ExportJson {
  ok: boolean;
  exit_code: number;
  dpi: number;
  summary: { reports: number; exported: number; failed: number; images: number };
  reports: Array<{
    file: string;
    ok: boolean;
    exit_code: number;
    page_count: number | null;
    images: Array<{ page: number; path: string; path_relative: string; width: number; height: number; size: number }>;
    error: string | null;
    diagnostics: Array<{ line: number; severity: string }>;
  }>;
}

/** A4 in PDF points (pdfkit's size), and PDFium's rounding of a page to pixels. */
const A4 = { width: 595.28, height: 841.89 };
const pixels = (points: number, dpi: number) => Math.floor((points * dpi) / 72);

async function decoded(path: string): Promise<PNG> {
  return PNG.sync.read(await readFile(path));
}

/** Share of pixels that are not white: a page that was really drawn has some. */
function inked(png: PNG): number {
  let n = 0;
  for (let i = 0; i < png.data.length; i += 4) if (png.data[i] < 250 || png.data[i + 1] < 250 || png.data[i + 2] < 250) n++;
  return n / (png.width * png.height);
}

describe('CLI: export --png', function () {
  this.timeout(300_000);
  let dir: string;
  // In this process (dist/engine.js's runCli), where the renderer and PDFium load once; the
  // renderer's-notes test runs dist/cli.js as a process, which loads the page imager itself.
  const run = (args: string[], runner = runCliInProcess) => runner(args, { cwd: dir, env: cleanEnv(), timeoutMs: 240_000 });

  before(async () => {
    await buildOnce();
    dir = await mkdtemp(join(tmpdir(), 'rs-cli-export-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('a folder of examples: every page beside its report, A4 at 144 dpi 1190 px wide, --json lists them', async () => {
    await cp(join(ROOT, 'examples'), join(dir, 'examples'), { recursive: true });
    const r = await run(['export', 'examples', '--png', '--json']);
    assert.equal(r.code, 0, describeRun(r));
    const doc = JSON.parse(r.stdout) as ExportJson;
    assert.equal(doc.ok, true);
    assert.equal(doc.dpi, 144);
    const pngs = (await filesUnder(join(dir, 'examples'))).filter((f) => f.endsWith('.png'));
    assert.deepEqual(
      pngs,
      doc.reports.flatMap((rep) => rep.images.map((i) => i.path_relative.replace(/^examples\//, ''))),
    );
    assert.ok(pngs.includes('invoice-p1.png'), pngs.join(' '));
    assert.equal(doc.summary.images, pngs.length);
    for (const report of doc.reports) {
      assert.equal(report.images.length, report.page_count, report.file);
      for (const image of report.images) {
        const png = await decoded(image.path);
        assert.deepEqual([png.width, png.height], [image.width, image.height], image.path);
        assert.ok(inked(png) > 0.01, `${image.path} looks blank`);
      }
    }
    const invoice = doc.reports.find((rep) => rep.file.endsWith('invoice.report.json'));
    assert.equal(invoice?.images[0].width, pixels(A4.width, 144));
    assert.equal(invoice?.images[0].width, 1190);
  });

  it('a pattern, --pages 2-3 --dpi 72 and -o into a new folder: the tree kept, a broken report fails alone (exit 1)', async () => {
    await mkdir(join(dir, 'docs', 'guide'), { recursive: true });
    await writeFile(join(dir, 'docs', 'flow.report.json'), flowText());
    await writeFile(join(dir, 'docs', 'guide', 'flow2.report.json'), flowText());
    await writeFile(join(dir, 'docs', 'broken.report.json'), '{ "components": [\n');
    await writeFile(
      join(dir, 'docs', 'guide', 'invalid.report.json'),
      '{\n  "type": "Report",\n  "options": { "report_title": "x" },\n  "components": [{ "type": "Sektion", "options": {} }]\n}\n',
    );
    const r = await run(['export', 'docs/**/*.report.json', '--png', '--pages', '2-3', '--dpi', '72', '-o', 'out/pages']);
    assert.equal(r.code, 1, describeRun(r));
    assert.deepEqual(await filesUnder(join(dir, 'out')), [
      'pages/flow-p2.png',
      'pages/flow-p3.png',
      'pages/guide/flow2-p2.png',
      'pages/guide/flow2-p3.png',
    ]);
    const page = await decoded(join(dir, 'out', 'pages', 'guide', 'flow2-p2.png'));
    assert.deepEqual([page.width, page.height], [pixels(A4.width, 72), 841]);
    assert.match(r.stdout, /^docs\/flow\.report\.json → out\/pages\/flow-p2\.png, out\/pages\/flow-p3\.png {2}\(2 of 3 pages, 595×841, /m);
    // The problems as `validate` prints them, and a sentence per failed report.
    assert.match(r.stdout, /^docs\/broken\.report\.json:2:1: error: .* \[syntax\]$/m);
    assert.match(r.stdout, /^docs\/guide\/invalid\.report\.json:4:\d+: error: Unknown component type "Sektion"/m);
    assert.match(r.stderr, /^report-studio: docs\/guide\/invalid\.report\.json: 1 error; no page images were made$/m);
    assert.match(r.stderr, /^4 reports in .*: 2 exported \(4 page images\), 2 failed$/m);
  });

  it('a page past the end is a sentence (exit 2); the other reports are still exported, nothing is left half-written', async () => {
    await mkdir(join(dir, 'mixed'));
    await writeFile(join(dir, 'mixed', 'long.report.json'), flowText());
    await cp(join(ROOT, 'examples', 'invoice.report.json'), join(dir, 'mixed', 'invoice.report.json'));
    await writeFile(join(dir, 'mixed', 'long-p3.png'), 'stale');
    const before = await readFile(join(dir, 'mixed', 'long.report.json'));
    const r = await run(['export', 'mixed', '--png', '--pages', '3']);
    assert.equal(r.code, 2, describeRun(r));
    assert.match(r.stderr, /^report-studio: mixed\/invoice\.report\.json has 1 page: --pages 3 asks for page 3$/m);
    assert.deepEqual(await filesUnder(join(dir, 'mixed')), ['invoice.report.json', 'long-p3.png', 'long.report.json']);
    assert.equal((await decoded(join(dir, 'mixed', 'long-p3.png'))).width, 1190, 'the old file is replaced');
    assert.deepEqual(await readFile(join(dir, 'mixed', 'long.report.json')), before);
  });

  it("the renderer's notes are warning lines where they point, and the page is still exported (exit 0)", async () => {
    const report = JSON.parse(flowText()) as { config: Record<string, unknown> };
    report.config.enable_multi_page = false;
    await writeFile(join(dir, 'single.report.json'), `${JSON.stringify(report, null, 2)}\n`);
    const r = await run(['export', 'single.report.json', '--png', '--dpi', '36'], runCli);
    assert.equal(r.code, 0, describeRun(r));
    assert.match(
      r.stdout,
      /^single\.report\.json:\d+:\d+: warning: Section "Section \d+" and everything after it did not fit .* \(overflow\)$/m,
    );
    assert.match(r.stdout, /^single\.report\.json → single-p1\.png {2}\(1 of 1 page, 297×420, /m);
  });

  it('wrong arguments are one sentence each, exit 2, before anything is drawn', async () => {
    await writeFile(join(dir, 'x.report.json'), flowText());
    const cases: Array<[string[], RegExp]> = [
      [['export', 'x.report.json'], /"export" needs --png/],
      [['export', 'x.report.json', '--png', '--dpi', '1000'], /--dpi takes a whole number from 18 to 500, got "1000"/],
      [
        ['export', 'x.report.json', '--png', '--pages', '3-1'],
        /--pages takes page numbers and ranges such as 2, 1-3, 2- or 1,3 .*got "3-1"/,
      ],
      [['export', 'x.report.json', '--png', '-o', 'x.report.json'], /-o x\.report\.json is not a folder/],
      [['export', 'x.report.json', '--png', '-o', '-'], /-o - is not a folder/],
    ];
    for (const [args, message] of cases) {
      const r = await run(args);
      assert.equal(r.code, 2, describeRun(r));
      assert.match(r.stderr, message);
      assert.equal(r.stdout, '');
    }
  });
});
