// Strict (editor) vs lenient (local service) validation, and the ajv setup itself.
import { strict as assert } from 'node:assert';
import Ajv from 'ajv';
import { toLenientSchema } from '../../../../src/core/schema/lenientSchema';
import { reportSchema } from '../../../../src/core/schema/reportSchema';
import { ANNOTATION_KEYWORDS, VSCODE_SCHEMA_KEYWORDS } from '../../../../src/core/schema/reportAjv';
import { reportSchemaIndex } from '../../../../src/core/schema/reportSchema';

const SCHEMA = reportSchemaIndex();

const report = (components: unknown[]) => ({ type: 'Report', options: { report_title: 'Ops' }, components });

describe('schema: lenient variant', () => {
  it('removes every additionalProperties:false and relaxes icons, without touching the input', () => {
    const before = JSON.stringify(reportSchema);
    const lenient = toLenientSchema(reportSchema);
    assert.equal(JSON.stringify(reportSchema), before, 'input mutated');
    assert.ok(before.includes('"additionalProperties":false'));
    assert.ok(!JSON.stringify(lenient).includes('"additionalProperties":false'));
    assert.deepEqual(lenient.definitions?.tablerIcon.type, ['string', 'null']);
    assert.equal(lenient.definitions?.tablerIcon.enum, undefined);
    // Open maps that are schemas (chart data extras) survive.
    assert.deepEqual(
      lenient.definitions?.BarChart.properties?.options?.properties?.data.items,
      reportSchema.definitions?.BarChart.properties?.options?.properties?.data.items,
    );
  });

  it('accepts unknown options, unknown keys and any icon name; strict rejects them', () => {
    const body = report([
      {
        type: 'Section',
        options: { section_title: 'Fleet', icon: 'not-an-icon', colour: 'accent' },
        components: [{ type: 'Card', options: { title: 'Vans', value: 42, shade: 2 } }],
      },
    ]);
    assert.deepEqual(SCHEMA.validator('lenient').validate(body), []);
    const strictErrors = SCHEMA.validator('strict')
      .validate(body)
      .map((e) => `${e.instancePath} ${e.keyword}`);
    assert.deepEqual(
      strictErrors.sort(),
      [
        '/components/0/components/0/options additionalProperties',
        '/components/0/options additionalProperties',
        '/components/0/options/icon enum',
      ].sort(),
    );
  });

  it('still rejects real faults next to ignored ones', () => {
    const body = report([{ type: 'Card', options: { title: 'Vans', value: [42], typo: 1, icon: 'whatever' } }, { type: 'Kard' }]);
    const errors = SCHEMA.validator('lenient')
      .validate(body)
      .map((e) => `${e.instancePath} ${e.keyword}`);
    assert.deepEqual(errors.sort(), ['/components/0/options/value type', '/components/1/type enum']);
  });

  it('icon null is accepted in both modes', () => {
    const body = report([{ type: 'Card', options: { title: 'Vans', value: 42, icon: null } }]);
    assert.deepEqual(SCHEMA.validator('strict').validate(body), []);
    assert.deepEqual(SCHEMA.validator('lenient').validate(body), []);
  });
});

describe('schema: ajv setup', () => {
  it('the schema compiles under ajv strict mode with the VS Code keywords and its own annotations registered', () => {
    const ajv = new Ajv({ strict: true, strictRequired: false, allowUnionTypes: true, validateFormats: false });
    ajv.addVocabulary([...ANNOTATION_KEYWORDS]);
    assert.doesNotThrow(() => ajv.compile(reportSchema));
  });

  it('the lenient variant needs only the VS Code keywords (its own annotations are consumed)', () => {
    const ajv = new Ajv({ strict: true, strictRequired: false, allowUnionTypes: true, validateFormats: false });
    ajv.addVocabulary([...VSCODE_SCHEMA_KEYWORDS]);
    assert.doesNotThrow(() => ajv.compile(toLenientSchema(reportSchema)));
  });

  it('strict mode still catches a typo in a schema keyword', () => {
    const ajv = new Ajv({ strict: true, allowUnionTypes: true });
    ajv.addVocabulary([...VSCODE_SCHEMA_KEYWORDS]);
    assert.throws(() => ajv.compile({ type: 'object', markdownDescription: 'ok', requried: ['x'] }), /unknown keyword: "requried"/);
  });

  it('validators are cached per mode', () => {
    const a = SCHEMA.validator('strict');
    const b = SCHEMA.validator('strict');
    const body = report([{ type: 'Text', options: {} }]);
    assert.deepEqual(a.validate(body), b.validate(body));
    assert.equal(a.mode, 'strict');
  });
});
