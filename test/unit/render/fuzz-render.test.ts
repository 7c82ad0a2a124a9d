/**
 * Fuzzing the renderer with random schema-valid-ish reports (random component trees,
 * random option values from the schema, empty arrays, huge numbers, long strings,
 * unknown icons, odd colours, unknown options): renderPdf resolves with a valid PDF or
 * rejects with a RenderError naming where — never another exception, never a hang
 * (each render is bounded by the renderer's own time limit). Images come only from
 * data: URLs or a closed loopback port: no network. Seeded: FUZZ_SEED replays.
 */
import assert from 'node:assert/strict';
import { createRenderer, RenderError, type ReportRenderer } from '../../../src/render';
import type { ReportBody } from '../../../src/core/report/types';
import { readPdf } from '../../helpers/pdf';
import { allPaths, fuzzSeed, loadExamples, prototypeSnapshot, Rng, withValueAt } from '../../helpers/fuzz/fuzzKit';
import { randomReport } from '../../helpers/fuzz/reportGen';
import { reportSchemaIndex } from '../../../src/core/schema/reportSchema';

const SCHEMA = reportSchemaIndex();

const RENDERS = 150;
const TIME_LIMIT_MS = 30_000;
/** Where a RenderError may point: a component path or a report-level option. */
const NAMES_A_PLACE = /components\[\d+\]|cover_page|options\.|logo|config|report/;

describe('hardening: fuzzing the renderer', function () {
  this.timeout(RENDERS * (TIME_LIMIT_MS + 5_000));
  const seed = fuzzSeed();
  let renderer: ReportRenderer;

  before(async () => {
    console.log(`      fuzz seed ${seed} (FUZZ_SEED=${seed} replays it)`);
    renderer = await createRenderer({ timeLimitMs: TIME_LIMIT_MS, images: { timeoutMs: 2_000, maxBytes: 1024 * 1024 } });
  });
  after(async () => renderer?.dispose());

  it(`renders ${RENDERS} random reports to a valid PDF or a RenderError with a path, nothing else`, async () => {
    const rng = new Rng(seed);
    const lenient = SCHEMA.validator('lenient');
    const protoBefore = prototypeSnapshot();
    const outcomes = { pdf: 0, renderError: 0, schemaValid: 0, pages: 0, previews: 0 };
    const reasons = new Map<string, number>();
    const validButFailed: string[] = [];
    for (let i = 0; i < RENDERS; i++) {
      const report = randomReport(rng) as unknown as ReportBody;
      const what = `render ${i} (seed ${seed})`;
      const valid = lenient.validate(report).length === 0;
      if (valid) outcomes.schemaValid++;
      let guard: NodeJS.Timeout | undefined;
      const hung = new Promise<never>((_, reject) => {
        guard = setTimeout(() => reject(new Error(`${what} did not settle within its time limit`)), TIME_LIMIT_MS + 15_000);
      });
      try {
        const { pdf, pageCount } = await Promise.race([renderer.renderPdf(report), hung]);
        const head = Buffer.from(pdf.subarray(0, 5)).toString('latin1');
        const tail = Buffer.from(pdf.subarray(Math.max(0, pdf.length - 32))).toString('latin1');
        assert.equal(head, '%PDF-', `${what}: not a PDF`);
        assert.match(tail, /%%EOF\s*$/, `${what}: PDF not terminated`);
        assert.ok(Number.isInteger(pageCount) && pageCount >= 1, `${what}: page count ${pageCount}`);
        if (i % 10 === 0) {
          const read = await readPdf(pdf);
          assert.equal(read.pageCount, pageCount, `${what}: pdf.js reads ${read.pageCount} pages, the renderer said ${pageCount}`);
        }
        if (i % 25 === 0) {
          const jpeg = await renderer.renderPreviewJpeg(pdf);
          assert.ok(jpeg[0] === 0xff && jpeg[1] === 0xd8, `${what}: preview is not a JPEG`);
          outcomes.previews++;
        }
        outcomes.pdf++;
        outcomes.pages += pageCount;
      } catch (err) {
        if (err instanceof assert.AssertionError) throw err;
        if (!(err instanceof RenderError)) {
          assert.fail(`${what}: ${(err as Error)?.stack ?? err}\nreport: ${JSON.stringify(report).slice(0, 1500)}`);
        }
        // The time limit is the one RenderError about the whole report rather than one place.
        if (!/took longer than/.test(err.message))
          assert.match(err.message, NAMES_A_PLACE, `${what}: the RenderError does not say where: ${err.message}`);
        outcomes.renderError++;
        if (process.env.FUZZ_DEBUG && /NaN/.test(err.message)) console.log(JSON.stringify(report));
        if (valid) validButFailed.push(`${what}: ${err.message.slice(0, 200)}`);
        const reason = err.message
          .replace(/^.*?\): /, '')
          .replace(/"[^"]*"/g, '"…"')
          .slice(0, 70);
        reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
      } finally {
        clearTimeout(guard);
      }
    }
    console.log(
      `      ${RENDERS} renders (${outcomes.schemaValid} schema-valid): ${outcomes.pdf} PDFs (${outcomes.pages} pages, ${outcomes.previews} previews), ${outcomes.renderError} RenderErrors`,
    );
    for (const [reason, n] of [...reasons].sort((a, b) => b[1] - a[1]).slice(0, 6)) console.log(`        ${n}× ${reason}`);
    if (validButFailed.length)
      console.log(`      schema-valid reports that failed to render:\n        ${validButFailed.join('\n        ')}`);
    assert.deepEqual(prototypeSnapshot(), protoBefore, 'a shared prototype gained properties');
    assert.ok(
      outcomes.pdf > RENDERS / 2,
      `only ${outcomes.pdf} of ${RENDERS} random reports rendered: the generator is too hostile to be useful`,
    );
  });

  it('prototype names ("toString", "constructor", "__proto__") as any string option render or fail with a RenderError', async () => {
    const rng = new Rng(seed + 1);
    const paths = loadExamples().flatMap((ex) =>
      allPaths(ex.body)
        .filter(
          (p) =>
            typeof p.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], ex.body) === 'string' && p.join('.') !== 'type',
        )
        .map((p) => ({ body: ex.body, path: p })),
    );
    // The theme names always, then a sample of every other string option.
    const chosen = [
      ...paths.filter((p) => /theme/.test(String(p.path[p.path.length - 1]))),
      ...Array.from({ length: 50 }, () => rng.pick(paths)),
    ];
    for (const { body, path } of chosen) {
      for (const word of ['toString', 'constructor', '__proto__']) {
        try {
          await renderer.renderPdf(withValueAt(body, path, word) as ReportBody);
        } catch (err) {
          if (!(err instanceof RenderError)) assert.fail(`${path.join('.')} = "${word}": ${(err as Error).stack}`);
        }
      }
    }
  });
});
