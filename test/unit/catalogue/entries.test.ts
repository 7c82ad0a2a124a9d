// The catalogue's own rules, over every entry: each option names where it was taken from,
// its default (if any) is declared once for both spellings, and the spelling pairs point at
// options that exist.
import { strict as assert } from 'node:assert';
import { COMPONENTS, REPORT_OBJECTS, SOURCES, defaultsOf, properties, type OptionSet } from '../../../src/catalogue';
import { cellOptions } from '../../../src/catalogue/components/content';
import { SPACING_UNIT_PT, defaultSentence } from '../../../src/catalogue/option';
import { reportSchema } from '../../../src/core/schema/reportSchema';

const entries = [...Object.entries(COMPONENTS), ...Object.entries(REPORT_OBJECTS)] as [string, { options: OptionSet }][];

describe('catalogue: entries', () => {
  it('every option of every component type and report object names its sources, each a known one', () => {
    const unsourced = entries.flatMap(([type, e]) =>
      Object.entries(e.options).flatMap(([name, opt]) => (opt.meta.sources.length ? [] : [`${type}.${name}`])),
    );
    assert.deepEqual(unsourced, []);
    for (const [, e] of entries)
      for (const opt of Object.values(e.options)) for (const s of opt.meta.sources) assert.ok(s[0] in SOURCES, s);
  });

  it('another spelling names an option of the same entry and has the same default', () => {
    for (const [type, e] of entries) {
      for (const [name, opt] of Object.entries(e.options)) {
        const main = opt.meta.spellingOf;
        if (!main) continue;
        assert.ok(main in e.options, `${type}.${name} is a spelling of ${main}, which ${type} does not have`);
        assert.deepEqual(opt.meta.default, e.options[main].meta.default, `${type}.${name} and ${main}: one default`);
      }
    }
  });
});

/** Every markdownDescription in a schema node and the nodes under it. */
function descriptions(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => descriptions(n, out));
  else if (node && typeof node === 'object')
    for (const [key, value] of Object.entries(node)) {
      if (key === 'markdownDescription' && typeof value === 'string') out.push(value);
      else descriptions(value, out);
    }
  return out;
}

/** Hand-written default prose: "(default …)", "default 8", "defaults to …". The generated sentence reads "Default: `…`." */
const DEFAULT_PROSE = /\(default\b|\bdefault\s+[^.]*\d|\bdefaults?\s+to\b/i;

describe('catalogue: hover text and declared defaults', () => {
  const all = [...entries, ['Table cell', { options: cellOptions }]] as [string, { options: OptionSet }][];

  it('no hover text states a default in prose: a default is declared with .default() and its sentence generated', () => {
    const prose = all.flatMap(([type, e]) =>
      Object.entries(e.options).flatMap(([name, opt]) =>
        descriptions(opt.schema)
          .filter((text) => DEFAULT_PROSE.test(text))
          .map((text) => `${type}.${name}: ${text}`),
      ),
    );
    assert.deepEqual(prose, []);
  });

  it('every option with a declared default ends its hover text with the generated sentence (its unit where declared)', () => {
    let checked = 0;
    for (const [type, e] of all) {
      const schemas = properties(e.options);
      for (const [name, opt] of Object.entries(e.options)) {
        if (opt.meta.default === undefined) continue;
        const text = String(schemas[name].markdownDescription);
        assert.ok(text.endsWith(`\n\n${defaultSentence(opt.meta)}`), `${type}.${name}: ${text}`);
        assert.equal(schemas[name].default, opt.meta.default, `${type}.${name}: the schema's default keyword`);
        checked++;
      }
    }
    assert.ok(checked > 80, `only ${checked} defaults`);
  });

  it('the sentence says the unit: spacing steps in points, fractions as percentages, pt, px', () => {
    assert.equal(defaultSentence({ default: 8, unit: 'spacing', sources: [] }), `Default: \`8\` (${8 * SPACING_UNIT_PT} pt).`);
    assert.equal(defaultSentence({ default: 0, unit: 'spacing', sources: [] }), 'Default: `0`.');
    assert.equal(defaultSentence({ default: 0.33, unit: 'fraction', sources: [] }), 'Default: `0.33` (33 %).');
    assert.equal(defaultSentence({ default: 30, unit: 'pt', sources: [] }), 'Default: `30` pt.');
    assert.equal(defaultSentence({ default: 16, unit: 'px', sources: [] }), 'Default: `16` px.');
    assert.equal(defaultSentence({ default: 'left', sources: [] }), 'Default: `"left"`.');
  });

  it('the committed schema carries the sentence and the default keyword the editor inserts (Card, Text, Table, Image, Row)', () => {
    const defs = reportSchema.definitions!;
    for (const type of ['Card', 'Text', 'Table', 'Image', 'Row'] as const) {
      const props = (defs[type].properties!.options as { properties: Record<string, { markdownDescription?: string; default?: unknown }> })
        .properties;
      for (const [name, value] of Object.entries(defaultsOf(type))) {
        assert.equal(props[name].default, value, `${type}.${name}`);
        assert.match(props[name].markdownDescription ?? '', /\n\nDefault: `[^`]+`[^\n]*\.$/, `${type}.${name}`);
      }
    }
  });
});
