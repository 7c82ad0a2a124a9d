/**
 * Fuzzing the renderer with random schema-valid-ish reports (random component trees,
 * random option values from the schema, empty arrays, huge numbers, long strings,
 * unknown icons, odd colours, unknown options): renderPdf resolves with a valid PDF or
 * rejects with a RenderError naming where — never another exception, never a hang
 * (each render is bounded by the renderer's own time limit). Images come only from
 * data: URLs or a closed loopback port: no network. Seeded: FUZZ_SEED replays.
 * `npm test` (the fixed seed) renders a slice of the seed's reports chosen to reach every
 * component type and option kind the whole run reaches, favouring small reports (a few of the
 * whole run's take seconds each); `npm run fuzz` and a replay render them all.
 */
import assert from 'node:assert/strict';
import { createRenderer, RenderError, type ReportRenderer } from '../../../src/render';
import type { ReportBody } from '../../../src/core/report/types';
import { COMPONENT_TYPES } from '../../../src/core/report/componentTypes.generated';
import { readPdf } from '../../helpers/pdf';
import {
  allPaths,
  coveringSlice,
  fuzzSeed,
  fuzzWholeWay,
  loadExamples,
  prototypeSnapshot,
  Rng,
  unreached,
  withValueAt,
  type JsonPath,
} from '../../helpers/fuzz/fuzzKit';
import { OPTION_KINDS, randomReport, reportFeatures } from '../../helpers/fuzz/reportGen';
import { reportSchemaIndex } from '../../../src/core/schema/reportSchema';

const SCHEMA = reportSchemaIndex();

const WHOLE_WAY = fuzzWholeWay();
/** The seed's reports; `npm test` renders SLICE of them (every type and option kind among them). */
const RENDERS = 150;
const SLICE = 40;
const COUNT = WHOLE_WAY ? RENDERS : SLICE;
/** Every READ_EVERY-th render is read back by pdf.js, every PREVIEW_EVERY-th PDF previewed. */
const READ_EVERY = WHOLE_WAY ? 10 : 4;
const PREVIEW_EVERY = WHOLE_WAY ? 25 : 10;
const TIME_LIMIT_MS = 30_000;
/** Where a RenderError may point: a component path or a report-level option. */
const NAMES_A_PLACE = /components\[\d+\]|cover_page|options\.|logo|config|report/;
const PROTOTYPE_WORDS = ['toString', 'constructor', '__proto__'];

/**
 * What a string option of an example is, for the prototype-name test: the type of the component
 * it lies in (or `report`) and its path from there, indexes left out ("Card.options.icon").
 */
function optionKind(body: unknown, path: JsonPath): { kind: string; inComponent: boolean } {
  const nodes: unknown[] = [body];
  for (const seg of path) nodes.push((nodes[nodes.length - 1] as Record<string | number, unknown>)[seg]);
  let at = 0;
  for (let i = nodes.length - 2; i > 0; i--) {
    const n = nodes[i] as Record<string, unknown> | null;
    if (n && typeof n === 'object' && !Array.isArray(n) && typeof n.type === 'string') {
      at = i;
      break;
    }
  }
  const type = at ? String((nodes[at] as Record<string, unknown>).type) : 'report';
  const rest = path.slice(at).map((seg) => (typeof seg === 'number' ? '[]' : seg));
  return { kind: [type, ...rest].join('.'), inComponent: path[0] === 'components' };
}

/**
 * The report cut down to the branch of components `path` lies in (every `components` list on the
 * way keeps only the one on the path, as its first), and the path in it: the option with its
 * component and the containers around it, without the siblings that cost render time.
 */
function branchOf(body: unknown, path: JsonPath): { body: unknown; path: JsonPath } {
  const out = { ...(body as Record<string, unknown>) };
  const cutPath: JsonPath = [];
  let node: Record<string | number, unknown> = out;
  for (let i = 0; i < path.length; i++) {
    const seg = path[i];
    if (seg === 'components' && typeof path[i + 1] === 'number') {
      const child = { ...((node.components as unknown[])[path[i + 1] as number] as Record<string, unknown>) };
      node.components = [child];
      cutPath.push('components', 0);
      node = child;
      i++;
    } else {
      cutPath.push(seg);
      node = node[seg] as Record<string | number, unknown>;
    }
  }
  return { body: out, path: cutPath };
}

describe('hardening: fuzzing the renderer', function () {
  this.timeout(RENDERS * (TIME_LIMIT_MS + 5_000));
  const seed = fuzzSeed();
  let renderer: ReportRenderer;

  before(async () => {
    console.log(`      fuzz seed ${seed} (FUZZ_SEED=${seed} replays it)`);
    renderer = await createRenderer({ timeLimitMs: TIME_LIMIT_MS, images: { timeoutMs: 2_000, maxBytes: 1024 * 1024 } });
  });
  after(async () => renderer?.dispose());

  const title = WHOLE_WAY
    ? `renders ${RENDERS} random reports to a valid PDF or a RenderError with a path, nothing else`
    : `renders ${SLICE} of ${RENDERS} random reports (every component type and option kind among them) to a valid PDF or a RenderError with a path, nothing else`;
  it(title, async () => {
    const rng = new Rng(seed);
    const generated = Array.from({ length: RENDERS }, () => randomReport(rng));
    const features = generated.map(reportFeatures);
    // The slice favours small reports: the render's cost grows with the report's size.
    const chosen = WHOLE_WAY
      ? generated.map((_, i) => i)
      : coveringSlice(
          features,
          generated.map((r) => JSON.stringify(r).length),
          SLICE,
        );
    const reached = chosen.flatMap((i) => [...features[i]]);
    assert.deepEqual(
      unreached(
        reached,
        features.flatMap((f) => [...f]),
      ),
      [],
      'the slice misses what the whole run reaches',
    );
    assert.deepEqual(
      unreached(
        reached,
        COMPONENT_TYPES.map((t) => `type ${t}`),
      ),
      [],
      `component types no report of seed ${seed} has`,
    );
    // A random seed may miss a rare edge value in 150 reports; the fixed one must reach them all.
    if (!WHOLE_WAY) assert.deepEqual(unreached(reached, OPTION_KINDS), [], `option kinds the slice of seed ${seed} does not reach`);
    const lenient = SCHEMA.validator('lenient');
    const protoBefore = prototypeSnapshot();
    const outcomes = { pdf: 0, renderError: 0, schemaValid: 0, pages: 0, multiPage: 0, read: 0, previews: 0 };
    const reasons = new Map<string, number>();
    const validButFailed: string[] = [];
    for (const [n, i] of chosen.entries()) {
      const report = generated[i] as unknown as ReportBody;
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
        if (n % READ_EVERY === 0) {
          const read = await readPdf(pdf);
          assert.equal(read.pageCount, pageCount, `${what}: pdf.js reads ${read.pageCount} pages, the renderer said ${pageCount}`);
          outcomes.read++;
        }
        if (outcomes.pdf % PREVIEW_EVERY === 0) {
          const jpeg = await renderer.renderPreviewJpeg(pdf);
          assert.ok(jpeg[0] === 0xff && jpeg[1] === 0xd8, `${what}: preview is not a JPEG`);
          outcomes.previews++;
        }
        outcomes.pdf++;
        outcomes.pages += pageCount;
        if (pageCount > 1) outcomes.multiPage++;
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
      `      ${COUNT} renders (${outcomes.schemaValid} schema-valid): ${outcomes.pdf} PDFs (${outcomes.pages} pages, ${outcomes.multiPage} of several pages, ${outcomes.read} read back, ${outcomes.previews} previews), ${outcomes.renderError} RenderErrors`,
    );
    console.log(`      reaching ${new Set(reached).size} component types and option kinds`);
    for (const [reason, n] of [...reasons].sort((a, b) => b[1] - a[1]).slice(0, 6)) console.log(`        ${n}× ${reason}`);
    if (validButFailed.length)
      console.log(`      schema-valid reports that failed to render:\n        ${validButFailed.join('\n        ')}`);
    assert.deepEqual(prototypeSnapshot(), protoBefore, 'a shared prototype gained properties');
    assert.ok(
      outcomes.pdf > COUNT / 2,
      `only ${outcomes.pdf} of ${COUNT} random reports rendered: the generator is too hostile to be useful`,
    );
    // Every outcome the checks above look at came up.
    for (const outcome of ['renderError', 'multiPage', 'read', 'previews'] as const)
      assert.ok(outcomes[outcome] > 0, `no ${outcome} among the ${COUNT} renders of seed ${seed}`);
  });

  // Every string option of the examples, by kind. The whole way renders each theme name and 50
  // sampled options whole with each word, and one option of every kind with each word; `npm test`
  // one option of every kind and each theme name with one word (the words take turns), a
  // component's option in its example cut down to that component's branch (branchOf()).
  const examples = loadExamples();
  const stringOptions = examples.flatMap((ex) =>
    allPaths(ex.body)
      .filter(
        (p) =>
          typeof p.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], ex.body) === 'string' && p.join('.') !== 'type',
      )
      .map((p) => ({ body: ex.body, path: p, ...optionKind(ex.body, p) })),
  );
  const kinds = [...new Set(stringOptions.map((o) => o.kind))];
  const themes = stringOptions.filter((p) => /theme/.test(String(p.path[p.path.length - 1])));
  const SAMPLED = 50;
  const protoTitle = WHOLE_WAY
    ? `prototype names (${PROTOTYPE_WORDS.join(', ')}) as ${themes.length} theme names, ${SAMPLED} sampled string options and one of each of the ${kinds.length} kinds render or fail with a RenderError`
    : `prototype names (${PROTOTYPE_WORDS.join(', ')}) as ${themes.length} theme names and one string option of each of the ${kinds.length} kinds render or fail with a RenderError`;
  it(protoTitle, async () => {
    const rng = new Rng(seed + 1);
    const ofKind = kinds.map((kind) => rng.pick(stringOptions.filter((o) => o.kind === kind)));
    const cases: Array<{ body: unknown; path: JsonPath; kind: string; word: string }> = [];
    if (WHOLE_WAY) {
      const sampled = Array.from({ length: SAMPLED }, () => rng.pick(stringOptions));
      for (const o of [...themes, ...sampled, ...ofKind]) for (const word of PROTOTYPE_WORDS) cases.push({ ...o, word });
    } else {
      [...themes, ...ofKind].forEach((o, i) => {
        const { body, path } = o.inComponent ? branchOf(o.body, o.path) : o;
        cases.push({ body, path, kind: o.kind, word: PROTOTYPE_WORDS[i % PROTOTYPE_WORDS.length] });
      });
    }
    assert.deepEqual(
      unreached(
        cases.map((c) => c.kind),
        kinds,
      ),
      [],
      'kinds of string option no case sets',
    );
    assert.deepEqual(
      unreached(
        cases.map((c) => c.word),
        PROTOTYPE_WORDS,
      ),
      [],
      'prototype names no case sets',
    );
    let rendered = 0;
    for (const { body, path, word } of cases) {
      try {
        await renderer.renderPdf(withValueAt(body, path, word) as ReportBody);
        rendered++;
      } catch (err) {
        if (!(err instanceof RenderError)) assert.fail(`${path.join('.')} = "${word}": ${(err as Error).stack}`);
      }
    }
    console.log(`      ${cases.length} cases: ${rendered} rendered, ${cases.length - rendered} RenderErrors`);
  });
});
