import { strict as assert } from 'node:assert';
import { editDistance, isClearWinner, normalise, rankValues } from '../../../../src/core/fixes/similarity';
import { reportSchema } from '../../../../src/core/schema/reportSchema';
import { COLOUR_THEMES } from '../../../../src/catalogue';

const values = (input: string, candidates: readonly string[], limit?: number) =>
  rankValues(input, candidates, { limit }).map((r) => r.value);

describe('fixes: similarity', () => {
  it('edit distance counts an adjacent swap as one edit', () => {
    assert.equal(editDistance('Sektion', 'Section'), 1);
    assert.equal(editDistance('Pastle1', 'Pastel1'), 1);
    assert.equal(editDistance('', 'abc'), 3);
    assert.equal(editDistance('same', 'same'), 0);
  });

  it('normalises case, British spelling, separators and xxl', () => {
    assert.equal(normalise('Colour-Theme'), normalise('color_theme'));
    assert.equal(normalise('centre'), normalise('center'));
    assert.equal(normalise('grey'), normalise('gray'));
    assert.equal(normalise('xxl'), normalise('2xl'));
    assert.equal(normalise('Extra-Large'), normalise('xl'));
  });

  it('a different case only is a certain match', () => {
    const [best] = rankValues('Sparkline', ['Text', 'SparkLine', 'SparkBar', 'SparkRing', 'Category', 'Button']);
    assert.deepEqual([best.value, best.reason, best.confident], ['SparkLine', 'case', true]);
    assert.equal(values('report', ['Report'])[0], 'Report');
  });

  it('equivalent fractions come first and count as one meaning', () => {
    const widths = ['1/3', '2/3', '1/4', '2/4', '3/4', '1/5', '2/5', '3/5', '4/5', '1/6', '2/6', '3/6', '4/6', '5/6'];
    const ranked = rankValues('1/2', widths);
    assert.deepEqual(
      ranked.slice(0, 2).map((r) => r.value),
      ['2/4', '3/6'],
    );
    assert.ok(isClearWinner(ranked), 'both mean a half: still a clear choice');
  });

  it('domain synonyms: sizes, signs, curves, alignment', () => {
    const sizes = ['3xs', '2xs', 'xs', 'sm', 'lg', 'xl', '2xl', '3xl', '4xl'];
    assert.equal(values('small', sizes)[0], 'sm');
    assert.equal(values('large', sizes)[0], 'lg');
    assert.equal(values('XXL', sizes)[0], '2xl');
    assert.equal(values('up', ['+', '-'])[0], '+');
    assert.equal(values('decrease', ['+', '-'])[0], '-');
    assert.equal(
      values('Smooth', ['Linear', 'Step', 'Basis', 'StepBefore', 'StepAfter', 'Natural', 'Cardinal', 'CatmullRom', 'MonotoneX'])[0],
      'MonotoneX',
    );
    assert.equal(values('middle', ['left', 'centre', 'center', 'right'])[0], 'center');
  });

  it('one typo is confident; an unrelated word is offered but not confident', () => {
    const tags = ['Section', 'Row', 'Card', 'Text', 'Table'];
    const [sektion] = rankValues('Sektion', tags);
    assert.equal(sektion.value, 'Section');
    assert.ok(sektion.confident);
    const themes = COLOUR_THEMES.map(([name]) => name);
    const rainbow = rankValues('rainbow', themes);
    assert.equal(rainbow.length, 3, 'a short list always shows its best three');
    assert.ok(rainbow.every((r) => !r.confident));
    assert.ok(!isClearWinner(rainbow));
  });

  it('colour words suggest the themes of that hue, never as a sure thing', () => {
    const themes = COLOUR_THEMES.map(([name]) => name);
    const ocean = rankValues('ocean', themes);
    assert.deepEqual(
      ocean.map((r) => r.value),
      ['surfboard', 'electric', 'neon'],
    );
    assert.ok(!isClearWinner(ocean));
    assert.deepEqual(values('Green', themes, 2), ['forest', 'key-lime']);
    assert.equal(values('pink', themes)[0], 'candy');
    assert.ok(!rankValues('pink', themes)[0].confident);
  });

  it('in a long list (Tabler icons) only plausible names are offered, by shared words', () => {
    const icons = reportSchema.definitions!.tablerIcon.enum!.filter((v): v is string => typeof v === 'string');
    assert.ok(icons.length > 1000);
    const ranked = rankValues('truck-fast-delivery', icons);
    assert.equal(ranked[0].value, 'truck-delivery');
    assert.deepEqual(rankValues('zzzzqqqq', icons), []);
  });

  it('never suggests the input itself; spelling twins are offered once, in schema order', () => {
    assert.ok(!values('left', ['left', 'right']).includes('left'));
    assert.deepEqual(values('centred', ['left', 'centre', 'center', 'right']).slice(0, 1), ['centre']);
    assert.ok(!values('centred', ['left', 'centre', 'center', 'right']).includes('center'));
    assert.deepEqual(values('colour_them', ['color_theme', 'colour_theme', 'typography_theme']), ['color_theme', 'typography_theme']);
  });
});
