// The service's pydantic entries in plain words: one sentence per entry type, naming the field.
import * as assert from 'node:assert/strict';
import type { ValidationErrorEntry } from '../../../../src/core/api/types';
import { plainSentence, rawEntryText } from '../../../../src/core/loc/plainWords';

const entry = (type: string, msg: string, input: unknown, ctx?: Record<string, unknown>): ValidationErrorEntry => ({
  type,
  loc: ['body', 'components', 0, 'Card', 'options', 'value'],
  msg,
  input,
  ...(ctx ? { ctx } : {}),
});
const at = (...path: (string | number)[]) => ({ path });
const CARD_VALUE = at('components', 0, 'options', 'value');

describe('pydantic entries in plain words', () => {
  const CASES: [ValidationErrorEntry, string][] = [
    [entry('string_type', 'Input should be a valid string', 42), '"value" should be text in quotes, got 42'],
    [
      entry('int_parsing', 'Input should be a valid integer, unable to parse string as an integer', 'three'),
      '"value" should be a whole number, got "three"',
    ],
    [
      entry('float_parsing', 'Input should be a valid number, unable to parse string as a number', 'lots'),
      '"value" should be a number, got "lots"',
    ],
    [
      entry('bool_parsing', 'Input should be a valid boolean, unable to interpret input', 'maybe'),
      '"value" should be true or false, got "maybe"',
    ],
    [entry('list_type', 'Input should be a valid list', {}), '"value" should be a list [ … ]'],
    [
      entry('model_attributes_type', 'Input should be a valid dictionary or object to extract fields from', 'x'),
      '"value" should be an object { … }, got "x"',
    ],
    [
      entry('literal_error', "Input should be 'default', 'summer' or 'forest'", 'ocean', { expected: "'default', 'summer' or 'forest'" }),
      '"value" should be "default", "summer" or "forest", got "ocean"',
    ],
    [entry('less_than_equal', 'Input should be less than or equal to 32', 40, { le: 32 }), '"value" should be at most 32, got 40'],
    [entry('greater_than_equal', 'Input should be greater than or equal to 0', -1, { ge: 0 }), '"value" should be at least 0, got -1'],
    [
      entry('string_too_long', 'String should have at most 5 characters', 'abcdefg', { max_length: 5 }),
      '"value" should have at most 5 characters',
    ],
    [
      entry('too_long', 'List should have at most 2 items after validation, not 3', [1, 2, 3], { max_length: 2, actual_length: 3 }),
      '"value" should have at most 2 items, got 3',
    ],
  ];
  for (const [e, sentence] of CASES) {
    it(`${e.type}: ${sentence}`, () => assert.equal(plainSentence(e, CARD_VALUE), sentence));
  }

  it('an unknown component type names the tag and the first few types, not the discriminator', () => {
    const tags = "'Section', 'Row', 'Card', 'Text', 'Table', 'Image', 'BarChart', 'LineChart'";
    const e = entry(
      'union_tag_invalid',
      `Input tag 'Crad' found using 'type' does not match any of the expected tags: ${tags}`,
      { type: 'Crad' },
      {
        discriminator: "'type'",
        tag: 'Crad',
        expected_tags: tags,
      },
    );
    assert.equal(
      plainSentence(e, at('components', 0)),
      'Unknown component type "Crad"; the types are "Section", "Row", "Card", "Text", "Table", "Image", … 8 in all',
    );
  });

  it('a component without a type, and an item of a list, are named by their path', () => {
    assert.equal(
      plainSentence(entry('union_tag_not_found', "Unable to extract tag using discriminator 'type'", {}), at('components', 2)),
      'The component components[2] has no "type": say which component it is',
    );
    assert.equal(
      plainSentence(entry('int_type', 'Input should be a valid integer', []), at('rows', 1)),
      'The item rows[1] should be a whole number',
    );
  });

  it('types without a sentence keep the service words (undefined here)', () => {
    assert.equal(plainSentence(entry('missing', 'Field required', {}), CARD_VALUE), undefined);
    assert.equal(plainSentence(entry('url_parsing', 'Input should be a valid URL', 'x'), CARD_VALUE), undefined);
  });

  it('the raw entry, for the related information, without FastAPI\'s "body"', () => {
    assert.equal(
      rawEntryText(entry('string_type', 'Input should be a valid string', 42)),
      'The service said: Input should be a valid string [string_type] at components → 0 → Card → options → value',
    );
  });
});
