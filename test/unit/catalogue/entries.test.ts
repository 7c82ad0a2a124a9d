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

/** The default an option's hover text states: `(default \`X\`)`, `(default X)`, `default \`X\``. */
function statedDefault(markdown: string): string | undefined {
  const m = /\(default (?:`([^`]+)`|(-?\d+(?:\.\d+)?))[);,]/.exec(markdown);
  return m ? (m[1] ?? m[2]).replace(/^"(.*)"$/, '$1') : undefined;
}

describe('catalogue: hover text and declared defaults', () => {
  /** Open drifts: the hover text states one default, the renderer draws (and the catalogue declares) another. */
  const OPEN: Record<string, [stated: string, declared: unknown]> = {};

  it('where both exist, the hover text states the declared default, but for the open drifts', () => {
    const disagree: Record<string, [string, unknown]> = {};
    for (const [type, e] of entries) {
      for (const [name, opt] of Object.entries(e.options)) {
        const stated = statedDefault(String(opt.schema.markdownDescription ?? ''));
        const declared = opt.meta.default;
        if (stated === undefined || declared === undefined || stated === String(declared)) continue;
        disagree[`${type}.${name}`] = [stated, declared];
      }
    }
    assert.deepEqual(disagree, OPEN);
  });
});
