// One mistake, one problem: when a service entry and a schema diagnostic are about the same node.
import * as assert from 'node:assert/strict';
import { enclosingObjectStart, sameNode } from '../../../../src/core/loc/sameNode';

describe('the same node for the service and the schema', () => {
  it('ranges that start together or hold one another are the same node; neighbours are not', () => {
    assert.equal(sameNode({ start: 10, end: 16 }, { start: 10, end: 12 }), true);
    assert.equal(sameNode({ start: 12, end: 14 }, { start: 10, end: 16 }), true);
    assert.equal(sameNode({ start: 10, end: 16 }, { start: 16, end: 20 }), false);
  });

  it("a key's object starts at its opening brace (where the schema marks a missing key)", () => {
    const text = '{\n  "type": "Report",\n  "components": [ { "type": "Card" }, ]\n}';
    assert.equal(enclosingObjectStart(text, text.indexOf('"type"')), 0);
    assert.equal(enclosingObjectStart(text, text.indexOf('"Card"')), text.indexOf('{ "type": "Card"'));
    assert.equal(enclosingObjectStart('[1, 2]', 1), undefined);
  });
});
