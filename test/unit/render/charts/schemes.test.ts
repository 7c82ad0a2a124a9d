import { strict as assert } from 'node:assert';
import { COLOUR_SCHEMES, DEFAULT_SCHEME, findScheme, paletteFor, SCHEME_NAMES } from '../../../../src/render/charts/schemes';
import { testCanvas } from './helpers';

describe('charts/schemes', () => {
  it('has every scheme the schema names, with d3-scale-chromatic lengths', () => {
    const lengths: Record<string, number> = {
      Category10: 10,
      Accent: 8,
      Dark2: 8,
      Paired: 12,
      Pastel1: 9,
      Pastel2: 8,
      Set1: 9,
      Set2: 8,
      Set3: 12,
      Tableau10: 10,
    };
    assert.deepEqual([...SCHEME_NAMES].sort(), Object.keys(lengths).sort());
    for (const [name, n] of Object.entries(lengths)) {
      assert.equal(COLOUR_SCHEMES[name].length, n, name);
      for (const c of COLOUR_SCHEMES[name]) assert.match(c, /^#[0-9a-f]{6}$/, `${name} ${c}`);
      assert.equal(new Set(COLOUR_SCHEMES[name]).size, n, `${name} has duplicates`);
    }
  });

  it('matches the d3 values at known positions', () => {
    assert.equal(COLOUR_SCHEMES.Category10[0], '#1f77b4');
    assert.equal(COLOUR_SCHEMES.Category10[9], '#17becf');
    assert.equal(COLOUR_SCHEMES.Tableau10[0], '#4e79a7');
    assert.equal(COLOUR_SCHEMES.Tableau10[9], '#bab0ab');
    assert.equal(COLOUR_SCHEMES.Paired[11], '#b15928');
    assert.equal(COLOUR_SCHEMES.Set3[11], '#ffed6f');
    assert.equal(COLOUR_SCHEMES.Dark2[0], '#1b9e77');
    assert.equal(COLOUR_SCHEMES.Pastel1[8], '#f2f2f2');
  });

  it('finds schemes case-insensitively and rejects unknown names', () => {
    assert.equal(findScheme('tableau10'), COLOUR_SCHEMES.Tableau10);
    assert.equal(findScheme(' Set2 '), COLOUR_SCHEMES.Set2);
    assert.equal(findScheme('Viridis'), undefined);
    assert.equal(findScheme(null), undefined);
  });

  it('gives one series the theme accent and several series the default scheme, cycling', () => {
    const { ctx } = testCanvas();
    assert.deepEqual(paletteFor(undefined, 1, ctx.theme), [ctx.theme.colours.accent]);
    const many = paletteFor(undefined, 12, ctx.theme);
    assert.equal(many[0], COLOUR_SCHEMES[DEFAULT_SCHEME][0]);
    assert.equal(many[10], COLOUR_SCHEMES[DEFAULT_SCHEME][0], 'cycles like scaleOrdinal');
    assert.deepEqual(paletteFor('Set1', 1, ctx.theme), ['#e41a1c'], 'a named scheme wins even for one series');
  });
});
