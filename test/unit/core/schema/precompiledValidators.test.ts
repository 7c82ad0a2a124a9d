// The report validators precompiled at build time (src/core/schema/standaloneValidators.ts, put
// in the bundles by scripts/precompile-validators.mjs) against the ones compiled at run time:
// the same errors (every field) and deprecations on the examples, the broken corpus, the older
// forms and seeded random bodies; chosen exactly for the schema they were generated from. The
// module is generated here from the sources, as the build does; that the bundles carry and use it
// is test/integration/cli/precompiledValidators.test.ts.
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { PrecompiledValidators } from '../../../../src/core/schema/precompiledValidators';
import { toLenientSchema } from '../../../../src/core/schema/lenientSchema';
import { reportSchema, reportSchemaIndex } from '../../../../src/core/schema/reportSchema';
import { precompiledValidatorsModule } from '../../../../src/core/schema/standaloneValidators';
import { createReportValidator, type ValidationMode } from '../../../../src/core/schema/validator';
import { allPaths, fuzzSeed, loadExamples, Rng, valuesOfEveryType, withValueAt } from '../../../helpers/fuzz/fuzzKit';

const BROKEN = join(__dirname, '..', '..', '..', 'fixtures', 'broken');
const MODES: ValidationMode[] = ['strict', 'lenient'];

/** Bodies with every older form the schema marks with `deprecationMessage`. */
function olderForms(): unknown[] {
  const report = (components: unknown[], config: Record<string, unknown> = {}) => ({ type: 'Report', config, components });
  return [
    report([], { typography_theme: 'google-fonts', google_fonts: { headings: 'Inter', paragraph: 'Lora', extra: 'Roboto' } }),
    report([], { enable_multi_page: false, n_pages: 3, webhooks: [{ url: 'https://example.com/h', authHeader: 'Bearer x' }] }),
    report([
      { type: 'Row', options: { column_spacing: 2.5 }, components: [] },
      { type: 'Section', options: { section_title: 's', column_spacing: 40 }, components: [] },
      { type: 'Text', options: { text: 'a', headings_margin: true } },
      { type: 'Table', options: { rows: [['a']], rows_vertical_padding: -3, headings_vertical_padding: 50 } },
      { type: 'Image', options: { image_url: null, base64: '' } },
      { type: 'ProgressBar', options: { progress: 150, stages: ['a'] } },
      { type: 'SparkChart.Line', options: { data: [1], title: 't', subtitle: 's', chart_height: 400 } },
      { type: 'DoughnutRing', options: { margin: 1.5 } },
    ]),
  ];
}

/** The corpus: the examples, the broken files, the older forms, and seeded mutations of the examples. */
function corpus(): unknown[] {
  const examples = loadExamples().map((e) => e.body);
  const broken = readdirSync(BROKEN)
    .filter((f) => f.endsWith('.report.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(BROKEN, f), 'utf8')) as unknown);
  const rng = new Rng(fuzzSeed() + 7);
  const mutated: unknown[] = [];
  for (let i = 0; i < 300; i++) {
    let doc: unknown = structuredClone(rng.pick(examples));
    for (let k = rng.int(1, 4); k > 0; k--) doc = withValueAt(doc, rng.pick(allPaths(doc)), rng.pick(valuesOfEveryType(rng)));
    mutated.push(doc);
  }
  return [...examples, ...broken, ...olderForms(), ...mutated];
}

describe('schema: validators precompiled at build time', function () {
  this.timeout(120_000);
  let code: string;
  let module: { precompiledValidators: PrecompiledValidators; errorMergeRewrites: number[] };

  before(() => {
    code = precompiledValidatorsModule(reportSchema);
    const exports = {};
    // As in a bundle: the generated code's requires are ajv's run-time helpers and ajv-formats.
    new Function('module', 'exports', 'require', code)({ exports }, exports, createRequire(__filename));
    module = exports as typeof module;
  });

  it('are chosen for the bundled schema’s two modes; a schema that differs compiles at run time', () => {
    const pre = module.precompiledValidators;
    assert.equal(createReportValidator(reportSchema, 'strict', pre).origin, 'precompiled');
    assert.equal(createReportValidator(toLenientSchema(reportSchema), 'lenient', pre).origin, 'precompiled');
    // The sources have none (precompiledValidators.ts): the unit tests compile, as before.
    assert.equal(reportSchemaIndex().validator('strict').origin, 'compiled');
    // One more required option: the precompiled validator would accept what this one must reject.
    const changed = structuredClone(reportSchema) as typeof reportSchema & { required?: string[] };
    changed.required = [...(changed.required ?? []), 'config'];
    const fallback = createReportValidator(changed, 'strict', pre);
    assert.equal(fallback.origin, 'compiled');
    const body = { type: 'Report', options: {}, components: [] };
    assert.deepEqual(createReportValidator(reportSchema, 'strict', pre).validate(body), []);
    assert.deepEqual(
      fallback.validate(body).map((e) => [e.instancePath, e.keyword, e.params]),
      [['', 'required', { missingProperty: 'config' }]],
    );
  });

  it('give the errors (every field) and deprecations of the run-time compiled ones, on a corpus of bodies', () => {
    const bodies = corpus();
    let errors = 0;
    let deprecations = 0;
    for (const mode of MODES) {
      const schema = mode === 'strict' ? reportSchema : toLenientSchema(reportSchema);
      const precompiled = createReportValidator(schema, mode, module.precompiledValidators);
      const compiled = reportSchemaIndex().validator(mode);
      assert.deepEqual([precompiled.origin, compiled.origin], ['precompiled', 'compiled']);
      bodies.forEach((body, i) => {
        const expected = compiled.check(body);
        assert.deepEqual(precompiled.check(body), expected, `${mode}, body ${i}`);
        assert.deepEqual(precompiled.validate(body), expected.errors, `${mode}, body ${i}`);
        errors += expected.errors.length;
        deprecations += expected.deprecations.length;
      });
    }
    // Not a comparison of empty lists: the corpus has both in number.
    assert.ok(errors > 500, `${errors} errors`);
    assert.ok(deprecations > 20, `${deprecations} deprecations`);
  });

  it('append the merged errors in place, as the run-time compile does (no quadratic concat left)', () => {
    assert.equal(module.errorMergeRewrites.length, 2);
    for (const n of module.errorMergeRewrites) assert.ok(n > 0, `${n} merges rewritten`);
    assert.ok(!code.includes('vErrors.concat('), 'a merge by concat is left');
    // The generated code reads the schema it is handed, not a 600 KB copy of it.
    assert.ok(code.length < 2_000_000, `${code.length} characters`);
  });
});
