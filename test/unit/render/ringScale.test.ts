/**
 * DoughnutRing's `min_val` and `max_val` have no declared default: unset, the scale follows the
 * data. The rule is stated once, in their hover text (the catalogue); ringScale() draws it.
 */
import assert from 'node:assert/strict';
import schema from '../../../schemas/report.schema.json';
import { ringScale } from '../../../src/render/charts/doughnut';

type Props = Record<string, { markdownDescription?: string; default?: unknown }>;
const options = (schema.definitions.DoughnutRing.properties.options as unknown as { properties: Props }).properties;

describe('DoughnutRing scale: what the hover text of min_val and max_val says', function () {
  it('declares no default for either (the scale follows the data)', () => {
    assert.equal(options.min_val.default, undefined);
    assert.equal(options.max_val.default, undefined);
  });

  it('min_val unset: "0, or the smallest value when one is below 0"', () => {
    assert.match(options.min_val.markdownDescription!, /Unset: 0, or the smallest value when one is below 0\./);
    assert.equal(ringScale([10, 55], undefined, undefined).min, 0);
    assert.equal(ringScale([-20, 55], undefined, undefined).min, -20);
    assert.equal(ringScale([-20, 55], 5, undefined).min, 5);
  });

  it('max_val unset: "100, or the largest end when a value lies outside 0–100"', () => {
    assert.match(options.max_val.markdownDescription!, /Unset: 100, or the largest `end` when a value lies outside 0–100\./);
    assert.equal(ringScale([10, 55], undefined, undefined).max, 100);
    assert.equal(ringScale([10, 150], undefined, undefined).max, 150);
    assert.equal(ringScale([10, 150], undefined, 80).max, 80);
  });
});
