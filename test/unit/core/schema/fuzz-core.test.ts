/**
 * Fuzzing the pure parts: the 422 loc → source mapper (random JSONC, random and broken
 * locs), the schema validator and the service's pydantic translation (random values,
 * deep nesting, prototype keys), and the service's Python-compatible JSON decoder.
 * Nothing may throw; every range must lie inside the text. Seeded: FUZZ_SEED replays.
 * `npm test` (the fixed seed) takes the first cases of each test's stream, enough to reach
 * every kind of case the generators make (each test asserts it does); `npm run fuzz` and a
 * replay go the whole way. (The renderer fuzz is in fuzz-render.test.ts.)
 */
import assert from 'node:assert/strict';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { DiagnosticMapper, type SourceDiagnostic } from '../../../../src/core/loc/diagnostics';
import { mapSchemaErrors } from '../../../../src/core/loc/schemaErrors';
import { toLenientSchema } from '../../../../src/core/schema/lenientSchema';
import { reportSchema } from '../../../../src/core/schema/reportSchema';
import { errorMergeRewrites, VSCODE_SCHEMA_KEYWORDS } from '../../../../src/core/schema/reportAjv';
import { validateReport } from '../../../../src/service/validation/reportValidator';
import { nestingViolation, parsePythonJson, PythonJsonError } from '../../../../src/service/validation/pythonJson';
import {
  allObjects,
  fuzzSeed,
  fuzzWholeWay,
  loadExamples,
  objectAt,
  prototypeSnapshot,
  randomJson,
  randomString,
  Rng,
  setOwn,
  unreached,
  valuesOfEveryType,
  withValueAt,
  allPaths,
} from '../../../helpers/fuzz/fuzzKit';
import { corrupt, CORRUPTIONS, ENTRY_TYPES, randomEntry, toJsonc } from '../../../helpers/fuzz/jsoncGen';
import { reportSchemaIndex } from '../../../../src/core/schema/reportSchema';

const SCHEMA = reportSchemaIndex();

const seed = fuzzSeed();
const examples = loadExamples();
const WHOLE_WAY = fuzzWholeWay();
/** Cases per test (the in-place merge test: invalid bodies compared) the whole way, and in `npm test`. */
const CASES = WHOLE_WAY ? 2000 : 400;
const MERGES = WHOLE_WAY ? 300 : 100;
const count = (n: number): string => n.toLocaleString('en-US');

const DOCUMENT_KINDS = ['example', 'example with a random value', 'random value', 'nested 50', 'nested 300', 'nested 600'];
const NEWLINES: Record<string, string> = { '\n': 'LF', '\r\n': 'CRLF', '\r': 'CR' };
const BODY_KINDS = [
  'random value',
  'example with wrong types',
  'example with prototype keys',
  ...[10, 60, 100, 400, 2000].map((d) => `nested ${d}`),
];
const POINTER_KEYWORDS = ['required', 'additionalProperties', 'type', 'enum', 'anyOfRequired', 'minimum', 'const'];

function preview(value: unknown): string {
  try {
    return (JSON.stringify(value) ?? String(value)).slice(0, 300);
  } catch {
    return '<too deep to print>';
  }
}

function checkDiagnostic(d: SourceDiagnostic, text: string, lineCount: number, what: string): void {
  assert.ok(Number.isInteger(d.range.start) && Number.isInteger(d.range.end), `${what}: non-integer range ${JSON.stringify(d.range)}`);
  assert.ok(
    d.range.start >= 0 && d.range.start <= d.range.end && d.range.end <= text.length,
    `${what}: range ${JSON.stringify(d.range)} outside 0..${text.length}`,
  );
  for (const p of [d.start, d.end])
    assert.ok(p.line >= 0 && p.line < lineCount && p.character >= 0, `${what}: position ${JSON.stringify(p)}`);
  assert.equal(typeof d.message, 'string', `${what}: message`);
  assert.equal(typeof d.path, 'string', `${what}: path`);
}

/** A document for the mapper: an example report, a random value, or a deep one; `kind` is one of DOCUMENT_KINDS. */
function randomDocument(rng: Rng): { doc: unknown; kind: string } {
  const r = rng.next();
  if (r < 0.45) {
    const ex = rng.pick(examples).body;
    const paths = allPaths(ex);
    return rng.chance(0.5)
      ? { doc: withValueAt(ex, rng.pick(paths), randomJson(rng, 2)), kind: 'example with a random value' }
      : { doc: ex, kind: 'example' };
  }
  if (r < 0.9)
    return { doc: { type: 'Report', components: [randomJson(rng, 4)], [randomString(rng, 8)]: randomJson(rng, 3) }, kind: 'random value' };
  const depth = rng.pick([50, 300, 600]);
  let v: unknown = randomJson(rng, 1);
  for (let i = 0; i < depth; i++) v = rng.chance(0.5) ? [v] : { components: [v], type: 'Section' };
  return { doc: v, kind: `nested ${depth}` };
}

/** Fails naming the kinds of case `npm test`'s sample no longer reaches (the whole way reaches them by its count). */
function assertReached(reached: Set<string>, expected: readonly string[], what: string): void {
  assert.deepEqual(unreached(reached, expected), [], `${what} the first ${count(CASES)} cases of seed ${seed} do not reach`);
}

describe('hardening: fuzzing the core (loc mapper, validator, JSON decoder)', function () {
  this.timeout(300_000);
  before(() => console.log(`      fuzz seed ${seed} (FUZZ_SEED=${seed} replays it)`));

  it(`the loc mapper never throws on ${count(CASES)} random JSONC texts and locs, and keeps every range inside the text`, () => {
    const rng = new Rng(seed);
    let diagnostics = 0;
    const reached = new Set<string>();
    for (let i = 0; i < CASES; i++) {
      const { doc, kind } = randomDocument(rng);
      const nl = rng.pick(['\n', '\r\n', '\r']);
      let text = toJsonc(rng, doc, nl);
      reached.add(kind).add(NEWLINES[nl]);
      if (rng.chance(0.25)) {
        const broken = corrupt(rng, text);
        text = broken.text;
        reached.add(broken.how);
      }
      const what = `case ${i} (seed ${seed})`;
      const mapper = new DiagnosticMapper(text);
      const paths = allPaths(doc);
      const entries = Array.from({ length: rng.int(1, 5) }, () => randomEntry(rng, paths, text.length));
      for (const e of entries) reached.add(`entry ${e.type}`);
      let out: SourceDiagnostic[];
      try {
        out = [...mapper.fromValidationEntries(entries), ...mapper.syntaxErrors()];
        const pointers = Array.from({ length: rng.int(0, 3) }, () => {
          const segs = paths.length && rng.chance(0.7) ? rng.pick(paths) : [randomString(rng, 6), rng.int(-2, 50)];
          return {
            instancePath: segs.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join(''),
            keyword: rng.pick(['required', 'additionalProperties', 'type', 'enum', 'anyOfRequired', 'minimum', 'const']),
            params: rng.pick<Record<string, unknown>>([
              { missingProperty: 'title' },
              { additionalProperty: 'zzz' },
              { allowedValues: ['a', 'b'] },
              { missingProperties: [] },
              {},
              { limit: 3 },
            ]),
            message: 'must be something',
          };
        });
        for (const p of pointers) reached.add(`keyword ${p.keyword}`);
        out.push(...mapSchemaErrors(mapper, pointers));
      } catch (err) {
        assert.fail(
          `${what}: the mapper threw ${(err as Error).stack}\ntext: ${JSON.stringify(text.slice(0, 300))}\nentries: ${JSON.stringify(entries).slice(0, 600)}`,
        );
      }
      for (const d of out) {
        try {
          checkDiagnostic(d, text, mapper.lines.lineCount, what);
        } catch (err) {
          // What is needed to turn the case into a unit test.
          throw new Error(
            `${(err as Error).message}\ndiagnostic: ${JSON.stringify(d)}\ntext: ${JSON.stringify(text.slice(0, 600))}\nentries: ${JSON.stringify(entries).slice(0, 600)}`,
            { cause: err },
          );
        }
      }
      diagnostics += out.length;
    }
    console.log(`      ${count(CASES)} mapper cases, ${diagnostics} diagnostics checked`);
    assertReached(
      reached,
      [
        ...DOCUMENT_KINDS,
        ...Object.values(NEWLINES),
        ...CORRUPTIONS,
        ...ENTRY_TYPES.map((t) => `entry ${t}`),
        ...POINTER_KEYWORDS.map((k) => `keyword ${k}`),
      ],
      'documents, line ends, corruptions, entry types or pointer keywords',
    );
  });

  it('documents nested 10,000 and 50,000 deep map to the document start with a syntax error, never a stack overflow', () => {
    for (const n of [10_000, 50_000]) {
      const text = `{"type": "Report", "components": ${'['.repeat(n)}${']'.repeat(n)}}`;
      const mapper = new DiagnosticMapper(text);
      const out = [
        ...mapper.fromValidationEntries([
          { type: 'missing', loc: ['body', 'components', ...Array<number>(n - 1).fill(0), 'type'], msg: 'Field required', input: {} },
          { type: 'json_invalid', loc: ['body', 40], msg: 'JSON decode error', input: {}, ctx: { error: 'Expecting value' } },
        ]),
        ...mapSchemaErrors(mapper, [{ instancePath: '/components' + '/0'.repeat(n - 1), keyword: 'type', params: { type: 'object' } }]),
      ];
      for (const d of out) checkDiagnostic(d, text, mapper.lines.lineCount, `depth ${n}`);
      assert.match(mapper.syntaxErrors()[0]?.message ?? '', /nested too deeply/);
    }
  });

  it(`the validator (strict and lenient) and the 422 translation never throw on ${count(CASES)} random bodies`, () => {
    const rng = new Rng(seed + 1);
    const strict = SCHEMA.validator('strict');
    const lenient = SCHEMA.validator('lenient');
    const protoBefore = prototypeSnapshot();
    let entries = 0;
    const reached = new Set<string>();
    for (let i = 0; i < CASES; i++) {
      const { body, kind } = randomBody(rng);
      reached.add(kind);
      const what = `case ${i} (seed ${seed + 1})`;
      try {
        for (const e of [...strict.validate(body), ...lenient.validate(body)]) assert.equal(typeof e.instancePath, 'string', what);
        for (const e of validateReport(body)) {
          // The message only on failure: `input` can be nested thousands deep, and a
          // JSON.stringify polyfill (pdf.js loads core-js's) runs out of stack on it.
          const wellFormed =
            typeof e.type === 'string' && typeof e.msg === 'string' && Array.isArray(e.loc) && e.loc[0] === 'body' && 'input' in e;
          if (!wellFormed) assert.fail(`${what}: entry ${preview(e)}`);
          entries++;
        }
      } catch (err) {
        if (err instanceof assert.AssertionError) throw err;
        assert.fail(`${what}: threw ${(err as Error).stack?.slice(0, 600)} on ${preview(body)}`);
      }
    }
    assert.deepEqual(prototypeSnapshot(), protoBefore, 'a shared prototype gained properties');
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    console.log(`      ${count(CASES)} validator cases, ${entries} 422 entries checked`);
    assertReached(reached, BODY_KINDS, 'kinds of body');
  });

  it('a component tree nested too deeply for the validator is an error, not an exception', () => {
    const validator = SCHEMA.validator('lenient');
    let c: Record<string, unknown> = { type: 'Card', options: { title: 't', value: 1 } };
    for (let i = 0; i < 5000; i++) c = { type: 'Section', options: { section_title: 's' }, components: [c] };
    const errors = validator.validate({ type: 'Report', components: [c] });
    assert.equal(errors.length, 1);
    assert.match(errors[0].message ?? '', /nested too deeply/);
    const entries = validateReport({ type: 'Report', components: [c] });
    assert.equal(entries.length, 1);
    assert.deepEqual(entries[0].loc, ['body']);
  });

  it(`the in-place error merge gives exactly the errors of plain ajv (${MERGES} invalid bodies)`, () => {
    assert.ok(errorMergeRewrites() > 0, 'the ajv error-merge pattern was not found: ajv changed, see validator.ts');
    const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
    addFormats(ajv);
    ajv.addVocabulary([...VSCODE_SCHEMA_KEYWORDS]);
    const reference = ajv.compile(toLenientSchema(reportSchema));
    const ours = SCHEMA.validator('lenient');
    const rng = new Rng(seed + 2);
    let compared = 0;
    const reached = new Set<string>();
    for (let i = 0; compared < MERGES && i < 5000; i++) {
      const { body, kind } = randomBody(rng);
      const mine = ours.validate(body);
      if (!mine.length) continue;
      reached.add(kind);
      reference(body);
      const theirs = (reference.errors ?? []).filter((e) => e.keyword !== 'if');
      assert.deepEqual(mine, theirs, `case ${i} (seed ${seed + 2})`);
      compared++;
    }
    assert.equal(compared, MERGES);
    assertReached(reached, BODY_KINDS, 'kinds of invalid body');
  });

  it(`the Python-compatible JSON decoder returns JSON.parse’s value or a PythonJsonError on ${count(CASES)} random texts`, () => {
    const rng = new Rng(seed + 3);
    const reached = new Set<string>();
    for (let i = 0; i < CASES; i++) {
      const { doc, kind } = randomDocument(rng);
      const json = rng.chance(0.5);
      let text = json ? (JSON.stringify(doc) ?? 'null') : toJsonc(rng, doc, '\n');
      reached.add(kind).add(json ? 'JSON' : 'JSONC');
      if (rng.chance(0.6)) {
        const broken = corrupt(rng, text);
        text = broken.text;
        reached.add(broken.how);
      }
      if (nestingViolation(text, 64) >= 0) {
        reached.add('refused as nested too deeply');
        continue; // the service refuses these before decoding (400)
      }
      let expected: unknown;
      let parses = true;
      try {
        expected = JSON.parse(text);
      } catch {
        parses = false;
      }
      try {
        const value = parsePythonJson(text);
        if (parses) assert.deepEqual(value, expected, `case ${i}`);
        reached.add('decoded');
      } catch (err) {
        reached.add('PythonJsonError');
        assert.ok(
          err instanceof PythonJsonError,
          `case ${i} (seed ${seed + 3}): ${(err as Error).stack} on ${JSON.stringify(text.slice(0, 200))}`,
        );
        assert.ok(!parses, `case ${i}: JSON.parse accepts what the decoder refused`);
        assert.ok(Number.isInteger(err.pos) && err.pos >= 0 && err.pos <= [...text].length, `case ${i}: offset ${err.pos}`);
      }
    }
    assertReached(
      reached,
      [...DOCUMENT_KINDS, 'JSON', 'JSONC', ...CORRUPTIONS, 'refused as nested too deeply', 'decoded', 'PythonJsonError'],
      'documents, corruptions or outcomes',
    );
  });
});

/** Random bodies: random values, examples with a wrong type somewhere, prototype keys, deep nesting; `kind` is one of BODY_KINDS. */
function randomBody(rng: Rng): { body: unknown; kind: string } {
  const r = rng.next();
  if (r < 0.2) return { body: randomJson(rng, 4), kind: 'random value' };
  const ex = structuredClone(rng.pick(examples).body);
  if (r < 0.6) {
    let doc: unknown = ex;
    for (let k = rng.int(1, 4); k > 0; k--) doc = withValueAt(doc, rng.pick(allPaths(doc)), rng.pick(valuesOfEveryType(rng)));
    return { body: doc, kind: 'example with wrong types' };
  }
  if (r < 0.85) {
    for (const path of allObjects(ex)) {
      if (rng.chance(0.3))
        setOwn(
          objectAt(ex, path),
          rng.pick(['__proto__', 'constructor', 'prototype']),
          rng.pick<unknown>([{ polluted: 'yes' }, null, 'x', { prototype: { polluted: 1 } }]),
        );
    }
    return { body: ex, kind: 'example with prototype keys' };
  }
  const depth = rng.pick([10, 60, 100, 400, 2000]);
  let v: unknown = rng.chance(0.5) ? { type: 'Card', options: { title: 'x', value: 1 } } : [];
  for (let i = 0; i < depth; i++) {
    v = rng.chance(0.7)
      ? { type: rng.pick(['Section', 'Row']), options: { section_title: 's' }, components: [v] }
      : rng.chance(0.5)
        ? [v]
        : { a: v };
  }
  return { body: { type: 'Report', components: [v], config: { override_colour_theme: depth < 200 ? v : {} } }, kind: `nested ${depth}` };
}
