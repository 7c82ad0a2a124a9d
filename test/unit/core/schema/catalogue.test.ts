// Walks the component catalogue (src/catalogue/) and the whole schema: every component
// has a definition, descriptions everywhere, enumDescriptions on every enum, and a snippet
// that expands to a valid component.
import { strict as assert } from 'node:assert';
import { reportSchema, reportSchemaIndex, type JsonSchema } from '../../../../src/core/schema/reportSchema';

import { expandSnippetDefaults, findDefaultSnippet, snippetText } from '../../../../src/core/snippets/snippetText';

const CATALOGUE = reportSchemaIndex().catalogue;
const componentCatalogue = new Map(CATALOGUE.componentTypes.map((t) => [t, CATALOGUE.info(t)!]));
const componentTypes = CATALOGUE.componentTypes;
const containerTypes = CATALOGUE.containerTypes;
const coverPageComponentTypes = CATALOGUE.coverPageComponentTypes;
const requiredOptions = CATALOGUE.requiredOptions;

const SCHEMA = reportSchemaIndex();

/** The component list the project was specified from, in its order, with its required options. */
const B4: Record<string, string[]> = {
  Section: ['section_title'],
  Row: [],
  Card: ['title', 'value'],
  Text: ['text'],
  Table: ['rows'],
  Image: [], // image_url OR base64: see requiredOneOf
  BarChart: ['data', 'x_label', 'y_label'],
  LineChart: ['data', 'x_label', 'y_label'],
  ScatterChart: ['data', 'x_label', 'y_label'],
  'Chart.Bar': ['data', 'x_label', 'y_label'],
  'Chart.Line': ['data', 'x_label', 'y_label'],
  'Chart.HorizontalBar': ['data', 'x_label', 'y_label'],
  'Chart.Timeseries': ['data'], // the docs page lists x_label and y_label as optional (docs/local-service.md)
  DoughnutRing: ['data'],
  'SparkChart.Line': ['data', 'title', 'subtitle'],
  'SparkChart.Ring': ['value', 'title', 'subtitle'],
  ProgressBar: ['progress', 'stages'],
  'Beta.DataTable': ['rows', 'col_types'],
  PageBreak: [],
  Spacer: ['space'],
  VerticalSpacer: ['space'],
};

const defs = reportSchema.definitions as Record<string, JsonSchema>;

/** Every schema node reachable by keyword, with its JSON pointer. */
function* walk(node: unknown, pointer: string): Generator<[JsonSchema, string]> {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return;
  const schema = node as JsonSchema;
  yield [schema, pointer];
  for (const key of ['properties', 'definitions']) {
    for (const [name, child] of Object.entries((schema[key] as Record<string, unknown>) ?? {}))
      yield* walk(child, `${pointer}/${key}/${name}`);
  }
  for (const key of ['items', 'additionalProperties', 'if', 'then', 'else', 'not']) yield* walk(schema[key], `${pointer}/${key}`);
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    for (const [i, child] of ((schema[key] as unknown[]) ?? []).entries()) yield* walk(child, `${pointer}/${key}/${i}`);
  }
}

describe('schema: catalogue', () => {
  it('knows exactly the component types of the specified list, in order', () => {
    assert.deepEqual([...componentTypes], Object.keys(B4));
  });

  for (const [type, required] of Object.entries(B4)) {
    describe(type, () => {
      const def = defs[type];
      it('has a definition with a markdownDescription', () => {
        assert.ok(def, `definitions["${type}"] missing`);
        assert.ok((def.markdownDescription ?? '').length > 20);
      });
      it('requires exactly the starred options', () => {
        assert.deepEqual([...(requiredOptions[type] ?? [])].sort(), [...required].sort());
      });
      it('documents every option', () => {
        const options = def.properties?.options?.properties ?? {};
        for (const [name, schema] of Object.entries(options)) assert.ok(schema.markdownDescription, `${type}.options.${name}`);
      });
      it('has a defaultSnippet labelled with its type that expands to a valid component', () => {
        const snippets = def.defaultSnippets ?? [];
        assert.equal(snippets.length, 1);
        assert.equal(snippets[0].label, type);
        assert.ok(snippets[0].description);
        const expanded = JSON.parse(expandSnippetDefaults(snippetText(snippets[0])));
        assert.equal(expanded.type, type);
        for (const option of required) assert.ok(option in (expanded.options ?? {}), `snippet lacks required ${option}`);
        const inCover = coverPageComponentTypes.includes(type);
        const report = {
          type: 'Report',
          options: { report_title: 'T' },
          components: [expanded],
          ...(inCover ? { cover_page: { components: [expanded] } } : {}),
        };
        assert.deepEqual(SCHEMA.validator('strict').validate(report), []);
      });
    });
  }

  it('Image needs image_url or base64', () => {
    assert.deepEqual(componentCatalogue.get('Image')?.requiredOneOf, ['image_url', 'base64']);
  });

  it('only Section and Row are containers; the cover page takes Row, Image, Text, VerticalSpacer', () => {
    assert.deepEqual([...containerTypes], ['Section', 'Row']);
    assert.deepEqual([...coverPageComponentTypes].sort(), ['Image', 'Row', 'Text', 'VerticalSpacer']);
  });

  it('the component list offers every component snippet', () => {
    assert.deepEqual(
      (defs.component.defaultSnippets ?? []).map((s) => s.label),
      [...componentTypes],
    );
    assert.deepEqual(
      (defs.coverPageComponent.defaultSnippets ?? []).map((s) => s.label),
      [...coverPageComponentTypes],
    );
  });

  it('every property anywhere in the schema has a markdownDescription', () => {
    const missing: string[] = [];
    for (const [schema, pointer] of walk(reportSchema, '#')) {
      for (const [name, child] of Object.entries(schema.properties ?? {})) {
        // A `then` (or its `else`) that only adds a warning to a property documented beside it (config.n_pages, Image image_url).
        const warningOnly = /\/(then|else)$/.test(pointer) && Object.keys(child).join() === 'deprecationMessage';
        if (!child.markdownDescription && !warningOnly) missing.push(`${pointer}/properties/${name}`);
      }
    }
    // The `if` conditions are matchers, not documentation.
    assert.deepEqual(
      missing.filter((p) => !p.includes('/if/')),
      [],
    );
  });

  it('every enum has enumDescriptions of the same length', () => {
    let enums = 0;
    for (const [schema, pointer] of walk(reportSchema, '#')) {
      if (!Array.isArray(schema.enum)) continue;
      enums++;
      const d = schema.enumDescriptions as unknown[] | undefined;
      assert.ok(Array.isArray(d), `${pointer} has no enumDescriptions`);
      assert.equal(d.length, schema.enum.length, pointer);
      assert.ok(
        d.every((x) => typeof x === 'string' && x.length > 0),
        pointer,
      );
    }
    assert.ok(enums > 50, `only ${enums} enums found: walk broken?`);
  });

  it('every margin option is an integer 0–32 (null allowed on the cover page), but the DoughnutRing\u2019s pixel margin', () => {
    let margins = 0;
    for (const [schema, pointer] of walk(reportSchema, '#')) {
      for (const [name, child] of Object.entries(schema.properties ?? {})) {
        if (!['margin', 'vertical_margin', 'horizontal_margin'].includes(name)) continue;
        margins++;
        if (pointer === '#/definitions/DoughnutRing/properties/options' && name === 'margin') {
          // The older SDK types it a plain number: any is accepted, drawn within 0–32 px, with a warning outside or on a fraction.
          assert.equal(child.type, 'number');
          assert.equal((child.allOf as unknown[]).length, 2);
          continue;
        }
        const type = pointer === '#/properties/cover_page' ? ['integer', 'null'] : 'integer';
        assert.deepEqual([child.type, child.minimum, child.maximum], [type, 0, 32], `${pointer} ${name}`);
      }
    }
    assert.ok(margins > 20);
  });

  it('every icon option completes from the Tabler icon list', () => {
    const icons = defs.tablerIcon.enum as unknown[];
    assert.ok(icons.length > 5000 && icons.includes('users') && icons.includes('building-store') && icons.includes(null));
    const iconProps = [...walk(reportSchema, '#')].flatMap(([s]) => Object.entries(s.properties ?? {})).filter(([n]) => n === 'icon');
    assert.ok(iconProps.length >= 2);
    for (const [, p] of iconProps) assert.equal(p.$ref, '#/definitions/tablerIcon');
  });

  it('every option default is a value its own option accepts (the editor inserts it on completion)', () => {
    let checked = 0;
    for (const type of componentTypes) {
      const snippet = defs[type].defaultSnippets![0];
      const base = JSON.parse(expandSnippetDefaults(snippetText(snippet)));
      for (const [name, option] of Object.entries(defs[type].properties?.options?.properties ?? {})) {
        if (option.default === undefined) continue;
        checked++;
        const component = { ...base, options: { ...base.options, [name]: option.default } };
        const report = { type: 'Report', options: { report_title: 'T' }, components: [component] };
        assert.deepEqual(
          SCHEMA.validator('strict').validate(report),
          [],
          `${type}.options.${name} default ${JSON.stringify(option.default)}`,
        );
      }
    }
    for (const key of ['options', 'config', 'cover_page'] as const) {
      for (const [name, option] of Object.entries(reportSchema.properties?.[key]?.properties ?? {})) {
        if (option.default === undefined) continue;
        checked++;
        const report = { type: 'Report', options: { report_title: 'T' }, components: [], [key]: { [name]: option.default } };
        if (key === 'options') Object.assign(report.options, { [name]: option.default });
        assert.deepEqual(SCHEMA.validator('strict').validate(report), [], `${key}.${name} default ${JSON.stringify(option.default)}`);
      }
    }
    assert.ok(checked > 80, `only ${checked} defaults found`);
  });

  it('the root "New report" snippet expands to a valid report', () => {
    const text = expandSnippetDefaults(snippetText(findDefaultSnippet(reportSchema, 'New report')));
    assert.deepEqual(SCHEMA.validator('strict').validate(JSON.parse(text)), []);
  });
});
