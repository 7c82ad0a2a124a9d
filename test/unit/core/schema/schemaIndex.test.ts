// The one SchemaIndex: pointer parsing, $ref following (cycles end), union branches by tag,
// expected tags, the schema of a document node, and the lenient variant and validators built once.
import { strict as assert } from 'node:assert';
import { parseTree } from 'jsonc-parser';
import { formatPointer, parsePointer, pointerPath } from '../../../../src/core/loc/jsonPointer';
import { reportSchema, reportSchemaIndex } from '../../../../src/core/schema/reportSchema';
import { SchemaIndex, type JsonSchema } from '../../../../src/core/schema/schemaIndex';

const union: JsonSchema = {
  type: 'object',
  properties: { type: { enum: ['A', 'B'] } },
  allOf: [
    { if: { properties: { type: { const: 'A' } } }, then: { $ref: '#/definitions/A' } },
    { if: { properties: { type: { const: 'B' } } }, then: { $ref: '#/definitions/B' } },
  ],
};
const tiny: JsonSchema = {
  type: 'object',
  properties: { items: { type: 'array', items: { $ref: '#/definitions/component' } } },
  definitions: {
    component: union,
    A: { type: 'object', properties: { type: { const: 'A' }, a: { type: 'string' } } },
    B: { $ref: '#/definitions/B2' },
    B2: { type: 'object', properties: { type: { const: 'B' }, b: { type: 'number' } } },
    'x/y~z': { const: 1 },
    loop1: { $ref: '#/definitions/loop2' },
    loop2: { $ref: '#/definitions/loop1' },
  },
};

describe('SchemaIndex', () => {
  it('parses JSON pointers once for $ref fragments and instance paths', () => {
    assert.deepEqual(parsePointer('#/definitions/x~1y~0z'), ['definitions', 'x/y~z']);
    assert.deepEqual(parsePointer('#/definitions/x%2Fy'), ['definitions', 'x/y']);
    assert.deepEqual(parsePointer('/components/0/a~1b'), ['components', '0', 'a/b']);
    assert.deepEqual(parsePointer(''), []);
    assert.deepEqual(parsePointer('#'), []);
    assert.throws(() => parsePointer('components/0'), /Not a JSON pointer: components\/0/);
    assert.equal(formatPointer(['a/b', 0, 'c~d']), '/a~1b/0/c~0d');
    assert.deepEqual(pointerPath({ components: [{ '0': 1 }] }, '/components/0/0'), ['components', 0, '0']);
  });

  it('follows $refs, including chains, and stops on a cycle', () => {
    const index = new SchemaIndex(tiny);
    assert.equal(index.deref({ $ref: '#/definitions/B' }), tiny.definitions!.B2);
    assert.equal(index.pointer('#/definitions/x~1y~0z'), tiny.definitions!['x/y~z']);
    assert.equal(index.pointer('#/definitions/nothing'), undefined);
    const end = index.deref({ $ref: '#/definitions/loop1' });
    assert.ok(typeof end.$ref === 'string', 'a cyclic chain returns a schema still holding a $ref');
    assert.deepEqual(index.deref({ $ref: '#/definitions/missing' }), { $ref: '#/definitions/missing' });
  });

  it('picks the union branch by tag and lists the expected tags', () => {
    const index = new SchemaIndex(tiny);
    assert.equal(index.unionBranch(union, 'A'), tiny.definitions!.A);
    assert.equal(index.unionBranch(union, 'B'), tiny.definitions!.B2);
    assert.equal(index.unionBranch(union, 'C'), undefined);
    assert.equal(index.unionBranch(union, undefined), undefined);
    assert.deepEqual(index.unionTags(union), ['A', 'B']);
    assert.equal(index.unionTags(tiny.definitions!.A), undefined);
    assert.equal(index.unionBranches(union), index.unionBranches(union), 'branches are computed once');
  });

  it('finds the schema of a document node through the branch its tag chooses', () => {
    const index = new SchemaIndex(tiny);
    const doc = parseTree('{"items": [{"type": "B", "b": 1}, {"type": "Q"}]}');
    const at = index.schemaAt(['items', 0, 'b'], doc);
    assert.deepEqual(at?.schema, { type: 'number' });
    assert.equal(at?.componentType, 'B');
    assert.equal(index.schemaAt(['items', 1], doc)?.schema, union, 'an unknown tag stays on the union');
    assert.equal(index.schemaAt(['nothing'], doc), undefined);
  });

  it('builds the lenient variant and each validator once', () => {
    const index = new SchemaIndex(reportSchema);
    assert.equal(index.lenient(), index.lenient());
    assert.equal(index.lenient().lenient(), index.lenient());
    assert.notEqual(index.lenient().root, reportSchema);
    assert.equal(index.validator('strict'), index.validator('strict'));
    const body = { type: 'Report', options: { report_title: 'x', typo: 1 }, components: [] };
    assert.ok(
      index
        .validator('strict')
        .validate(body)
        .some((e) => e.keyword === 'additionalProperties'),
    );
    assert.deepEqual(index.validator('lenient').validate(body), []);
    assert.equal(reportSchemaIndex(), reportSchemaIndex(), 'one index per process over the bundled schema');
  });

  it('knows the component catalogue of the schema', () => {
    const catalogue = reportSchemaIndex().catalogue;
    assert.ok(catalogue.componentTypes.includes('Card'));
    assert.deepEqual(catalogue.info('Card')?.requiredOptions, ['title', 'value']);
    assert.deepEqual([...catalogue.containerTypes].sort(), ['Row', 'Section']);
    assert.equal(catalogue.info('Nope'), undefined);
  });
});
