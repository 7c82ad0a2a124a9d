// Every default the catalogue declares is the value the renderer draws: for every option of
// every component type (and of the report's options, config and cover page) that has one, a
// report with the option omitted and the same report with the option written out at its
// default draw identical pages (equal page keys, src/render/pageKeys.ts: every drawing
// operator and what its resources stand for).
import { strict as assert } from 'node:assert';
import { COMPONENTS, REPORT_OBJECTS, type ComponentType, type OptionSet } from '../../../src/catalogue';
import { cellOptions } from '../../../src/catalogue/components/content';
import type { ReportBody, UncheckedComponent } from '../../../src/core/report/types';
import { reportSchema } from '../../../src/core/schema/reportSchema';
import { expandSnippetDefaults, snippetText } from '../../../src/core/snippets/snippetText';
import { png } from '../../helpers/imageFixtures';
import { report, sharedRenderer } from '../../helpers/render';

const defs = reportSchema.definitions!;

/** A small valid component of the type: its completion snippet, with a child and local image data. */
function sample(type: ComponentType): UncheckedComponent {
  const expanded = JSON.parse(expandSnippetDefaults(snippetText(defs[type].defaultSnippets![0]))) as UncheckedComponent;
  const options = { ...(expanded.options ?? {}) };
  // Three rows, so that striping shows.
  if (Array.isArray(options.rows)) options.rows = [...options.rows, ...options.rows, ...options.rows];
  if (type === 'Image') {
    delete options.image_url;
    Object.assign(options, { base64: png().toString('base64'), base64_extension: 'png', caption: 'Caption' });
  }
  return {
    type,
    options,
    // Two children, so that spacing and alignment show.
    ...(COMPONENTS[type].container
      ? { components: ['Left', 'Right'].map((text) => ({ type: 'Text', options: { text, width: '1/4' } })) }
      : {}),
  };
}

const withDefaults = (options: OptionSet) => Object.entries(options).filter(([, opt]) => opt.meta.default !== undefined);

async function pageKeys(body: ReportBody): Promise<string[]> {
  const { pageKeys } = await (await sharedRenderer()).renderPdf(body);
  assert.ok(pageKeys?.length, 'the renderer records page keys');
  return pageKeys;
}

describe('catalogue defaults: an option omitted and written out at its default draw the same pages', () => {
  let checked = 0;
  after(() => assert.ok(checked > 80, `only ${checked} defaults checked`));

  for (const [type, spec] of Object.entries(COMPONENTS) as [ComponentType, (typeof COMPONENTS)[ComponentType]][]) {
    const options = withDefaults(spec.options);
    if (options.length === 0) continue;
    it(`${type}: ${options.map(([name]) => name).join(', ')}`, async () => {
      const plain = sample(type);
      // A highlighted component draws other colours: its defaults must hold there too.
      const samples = 'highlighted' in spec.options ? [plain, { ...plain, options: { ...plain.options, highlighted: true } }] : [plain];
      for (const base of samples) {
        const omitted = await pageKeys(report([base]));
        for (const [name, opt] of options) {
          if (name in (base.options ?? {})) continue;
          const explicit = await pageKeys(report([{ ...base, options: { ...base.options, [name]: opt.meta.default } }]));
          const what = `${type}${base === plain ? '' : ' (highlighted)'}.options.${name}: ${JSON.stringify(opt.meta.default)}`;
          assert.deepEqual(explicit, omitted, `${what} draws differently from omitted`);
          if (base === plain) checked++;
        }
      }
    });
  }

  const cover = { components: [{ type: 'Text', options: { text: 'Cover title' } }] };
  for (const [key, spec] of Object.entries(REPORT_OBJECTS) as [keyof typeof REPORT_OBJECTS, { options: OptionSet }][]) {
    const options = withDefaults(spec.options);
    it(`report ${key}: ${options.map(([name]) => name).join(', ')}`, async () => {
      // Nothing written out but the option under test.
      const body = (extra: Record<string, unknown>): ReportBody => {
        const parts: Record<string, Record<string, unknown>> = {
          options: { report_title: 'Defaults' },
          config: {},
          cover_page: { ...cover },
        };
        Object.assign(parts[key], extra);
        return { type: 'Report', ...parts, components: [{ type: 'Text', options: { text: 'Body text' } }] } as ReportBody;
      };
      const omitted = await pageKeys(body({}));
      for (const [name, opt] of options) {
        assert.deepEqual(
          await pageKeys(body({ [name]: opt.meta.default })),
          omitted,
          `${key}.${name}: ${JSON.stringify(opt.meta.default)}`,
        );
        checked++;
      }
    });
  }
});

/** A valid value of the option other than its default: what the catalogue's default is switched to. */
function otherValue(opt: OptionSet[string]): unknown {
  const d = opt.meta.default;
  const s = opt.schema;
  if (typeof d === 'boolean') return !d;
  if (Array.isArray(s.enum)) return (s.enum as unknown[]).find((v) => v !== null && v !== d && v !== 'google-fonts');
  if (typeof d === 'number') {
    const max = typeof s.maximum === 'number' ? s.maximum : Infinity;
    return d + 3 <= max ? d + 3 : d - 3;
  }
  return undefined;
}

/** An option whose default can be switched: its own (not another spelling's), with a value to switch to. */
const switchable = (options: OptionSet) => withDefaults(options).filter(([, opt]) => !opt.meta.spellingOf && otherValue(opt) !== undefined);

/** Runs `fn` with the catalogue declaring `value` as the option's default. */
async function withDefault<T>(opt: OptionSet[string], value: unknown, fn: () => Promise<T>): Promise<T> {
  const meta = opt.meta as { default?: unknown };
  const declared = meta.default;
  meta.default = value;
  try {
    return await fn();
  } finally {
    meta.default = declared;
  }
}

/**
 * Painters that take resolved options keep no fallbacks of their own: switch an option's
 * declared default and an omitted option draws the new one; a wrong-typed value draws as the
 * default, a number past its bound as the bound.
 */
describe('resolved options: painters draw what the catalogue declares, not defaults of their own', () => {
  /** The painters that receive resolved options (the chart painters join as they migrate). */
  const RESOLVED: ComponentType[] = ['Card', 'Text', 'Table', 'Image', 'Section', 'Row'];
  let differing = 0;
  after(() => assert.ok(differing >= 20, `only ${differing} switched defaults change the drawing: the test lost its teeth`));

  /** Page keys of `make()` (a fresh report each call: resolution is memoised per written object). */
  const keysOf = (make: () => ReportBody) => pageKeys(make());

  const check = async (what: string, opt: OptionSet[string], make: (value?: unknown) => ReportBody) => {
    const other = otherValue(opt);
    const omitted = await withDefault(opt, other, () => keysOf(() => make()));
    const explicit = await keysOf(() => make(other));
    assert.deepEqual(
      omitted,
      explicit,
      `${what}: with the declared default switched to ${JSON.stringify(other)}, omitted draws differently`,
    );
    const original = await keysOf(() => make());
    if (JSON.stringify(original) !== JSON.stringify(explicit)) differing++;
    assert.deepEqual(await keysOf(() => make({ not: 'a value' })), original, `${what}: a wrong-typed value draws as the default`);
    const max = opt.schema.maximum;
    if (typeof max === 'number')
      assert.deepEqual(await keysOf(() => make(max + 40)), await keysOf(() => make(max)), `${what}: past the maximum draws as the maximum`);
  };

  for (const type of RESOLVED) {
    const options = switchable(COMPONENTS[type].options);
    it(`${type}: ${options.map(([name]) => name).join(', ')}`, async () => {
      const base = sample(type);
      for (const [name, opt] of options) {
        if (name in (base.options ?? {})) continue;
        const make = (value?: unknown) =>
          report([{ ...base, options: { ...base.options, ...(value === undefined ? {} : { [name]: value }) } }]);
        await check(`${type}.options.${name}`, opt, make);
      }
    });
  }

  const cover = () => ({
    components: [
      { type: 'Text', options: { text: 'Cover title' } },
      { type: 'Text', options: { text: 'x', width: '1/4' } },
    ],
  });
  for (const [key, spec] of Object.entries(REPORT_OBJECTS) as [keyof typeof REPORT_OBJECTS, { options: OptionSet }][]) {
    const options = switchable(spec.options);
    it(`report ${key}: ${options.map(([name]) => name).join(', ')}`, async () => {
      for (const [name, opt] of options) {
        const make = (value?: unknown): ReportBody => {
          const parts: Record<string, Record<string, unknown>> = {
            options: { report_title: 'Defaults', footer_text: 'Footer' },
            config: {},
            cover_page: cover(),
          };
          if (value !== undefined) parts[key][name] = value;
          return { type: 'Report', ...parts, components: [{ type: 'Text', options: { text: 'Body text' } }] } as ReportBody;
        };
        await check(`${key}.${name}`, opt, make);
      }
    });
  }
});

describe('resolved options: a styled Table cell is resolved like a component', () => {
  const LONG = 'A long cell that wraps onto several lines of the table. '.repeat(6);
  /** A table whose first column is one line and second several, so that valign shows. */
  const table = (cell: Record<string, unknown>): ReportBody =>
    report([
      {
        type: 'Table',
        options: {
          col_width: [20, 80],
          rows: [
            [{ content: 'Short', ...cell }, LONG],
            ['Plain', 'x'],
          ],
        },
      },
    ]);

  it('valign: the declared default is drawn when omitted (styled and plain cells), a keyword in any case is the keyword', async () => {
    const valign = cellOptions.valign;
    const top = await pageKeys(table({ valign: 'top' }));
    assert.notDeepEqual(top, await pageKeys(table({})), 'valign top draws differently from the default');
    assert.deepEqual(await pageKeys(table({ valign: 'TOP' })), top, 'TOP is top');
    assert.deepEqual(await pageKeys(table({ valign: 5 })), await pageKeys(table({})), 'a wrong-typed valign draws as the default');
    const plainTop = await pageKeys(report([{ type: 'Table', options: { rows: [['Short', LONG]], col_width: [20, 80] } }]));
    await withDefault(valign, 'top', async () => {
      assert.deepEqual(await pageKeys(table({})), top, 'with the declared default switched to top, an omitted valign draws top');
      assert.notDeepEqual(
        await pageKeys(report([{ type: 'Table', options: { rows: [['Short', LONG]], col_width: [20, 80] } }])),
        plainTop,
        'a plain cell follows the declared default too',
      );
    });
  });

  it('col_span: below 1 or not an integer draws as the default 1', async () => {
    const one = await pageKeys(table({ col_span: 1 }));
    assert.deepEqual(await pageKeys(table({ col_span: 0 })), one);
    assert.deepEqual(await pageKeys(table({ col_span: 'two' })), one);
  });
});
