// The catalogue's own rules, over every entry: each option names where it was taken from,
// its default (if any) is declared once for both spellings, and the spelling pairs point at
// options that exist.
import { strict as assert } from 'node:assert';
import { COMPONENTS, REPORT_OBJECTS, SOURCES, type OptionSet } from '../../../src/catalogue';

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
