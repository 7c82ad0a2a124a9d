// Trailing commas: found before a closing bracket or brace, comments and line breaks between them
// or not; commas inside strings and between values are not.
import * as assert from 'node:assert/strict';
import { trailingCommas } from '../../../../src/core/loc/trailingCommas';

describe('trailing commas in report text', () => {
  it('finds the comma before a closing ] or }, across whitespace and comments', () => {
    const text = '{ "a": [1, 2,], "b": { "c": 1, // note\n }, "d": "x,]", }';
    // After `2` in the list, after `1` before the comment, after "x,]" (whose own comma is text).
    assert.deepEqual(trailingCommas(text), [text.indexOf('2,') + 1, text.indexOf('1, //') + 1, text.lastIndexOf(',')]);
  });

  it('finds none in strict JSON, nor in commas between values or inside strings', () => {
    assert.deepEqual(trailingCommas('{ "a": [1, 2], "b": "x,]" }'), []);
    assert.deepEqual(trailingCommas(''), []);
  });
});
