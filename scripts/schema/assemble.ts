// Assembles schemas/report.schema.json from the catalogue (src/catalogue/).
//
// Construction (chosen after comparing messages in vscode-json-languageservice, see the unit
// tests): a component is `definitions.component` — an object whose `type` is an enum of all
// type names (so an unknown type reads "Value is not accepted. Valid values: …") — plus an
// allOf of `if {type: const X} then {$ref: #/definitions/X}`. Only the branch of the actual
// type applies, so messages and completion are scoped to that component. Each branch is
// closed (additionalProperties: false), which is how a Card with `components` is flagged.
//
// Options with a declared default carry a `default` keyword: VS Code's JSON completion
// inserts it as the value of a completed property, and hovers show it.
import {
  COMPONENTS,
  REPORT_OBJECTS,
  newReportSnippet,
  objectSchema,
  properties,
  type ComponentEntry,
  type ComponentType,
  type SchemaObject,
} from '../../src/catalogue';

/** A catalogue entry with its type name. */
export interface NamedComponent extends ComponentEntry {
  readonly type: ComponentType;
  /** The entry itself, as declared. */
  readonly spec: ComponentEntry;
}

/** Catalogue order (the order of the type enum and the snippets in the schema). */
export const catalogue: readonly NamedComponent[] = Object.entries(COMPONENTS).map(([type, spec]) => ({
  ...(spec as ComponentEntry),
  type: type as ComponentType,
  spec,
}));

const firstSentence = (md: string) => md.split(/(?<=\.)\s/)[0];

function snippetBody(c: NamedComponent): SchemaObject {
  const body: Record<string, unknown> = { type: c.type };
  if (c.snippetOptions) body.options = c.snippetOptions;
  if (c.container) body.components = ['^$0'];
  return body;
}

const snippet = (c: NamedComponent) => ({ label: c.type, description: firstSentence(c.markdownDescription), body: snippetBody(c) });

const BLANK = { anyOf: [{ type: 'null' }, { type: 'string', pattern: '^\\s*$' }] };

/**
 * A warning when the options of a requiredOneOf are all there but null or empty (an Image with
 * `"image_url": null`): the service accepts that, as the hosted one does (the newer SDK types
 * `image_url` as a required key that may be null), and the renderer draws a labelled placeholder.
 * It is shown on the first of them written.
 */
function noneGivenWarning(names: readonly string[]): SchemaObject {
  const quoted = names.map((n) => `\`${n}\``);
  const none = quoted.length === 2 ? `Neither ${quoted[0]} nor ${quoted[1]}` : `None of ${quoted.join(', ')}`;
  const message = `${none} is set (null or empty): the build draws a labelled placeholder instead of an image. Give one of them.`;
  const on = (i: number): SchemaObject =>
    i === names.length - 1
      ? { properties: { [names[i]]: { deprecationMessage: message } } }
      : { if: { required: [names[i]] }, then: { properties: { [names[i]]: { deprecationMessage: message } } }, else: on(i + 1) };
  return { if: { properties: Object.fromEntries(names.map((n) => [n, BLANK])) }, then: on(0) };
}

/** The definition of one component type; `itemRef` is what its `components` may hold. */
function componentDefinition(c: NamedComponent, itemRef: string): Record<string, unknown> {
  const options: Record<string, unknown> = {
    type: 'object',
    markdownDescription: `Options of **${c.type}**.${c.required.length ? ` Required: ${c.required.map((r) => `\`${r}\``).join(', ')}.` : ''}`,
    properties: properties(c.options),
    additionalProperties: false,
  };
  if (c.required.length) options.required = c.required;
  if (c.snippetOptions) {
    // Completing the "options" key inserts the required options with placeholders.
    options.defaultSnippets = [{ label: `${c.type} options`, description: `Required options of ${c.type}.`, body: c.snippetOptions }];
  }
  if (c.requiredOneOf) {
    // Either of these options will do (Image: image_url or base64).
    options.anyOf = c.requiredOneOf.map((name) => ({ required: [name] }));
    Object.assign(options, noneGivenWarning(c.requiredOneOf));
  }
  const props: Record<string, unknown> = {
    type: { const: c.type, markdownDescription: `Component type \`${c.type}\`.` },
    options,
  };
  if (c.container) {
    props.components = {
      type: 'array',
      markdownDescription: `Child components of this ${c.type}, laid out in its columns.`,
      items: { $ref: itemRef },
    };
  }
  const def: Record<string, unknown> = {
    type: 'object',
    markdownDescription: c.markdownDescription,
    properties: props,
    additionalProperties: false,
    defaultSnippets: [snippet(c)],
  };
  if (c.required.length || c.requiredOneOf) def.required = ['options'];
  return def;
}

/** A tagged union over `types`: `type` enum + one if/then per type. */
function union(
  types: readonly NamedComponent[],
  markdownDescription: string,
  refOf: (c: NamedComponent) => string,
  extra: SchemaObject = {},
) {
  return {
    type: 'object',
    markdownDescription,
    // No `options` here: the branch of the actual type defines it, so that its completion
    // (with the required-options snippet) is the one VS Code offers.
    properties: {
      type: {
        markdownDescription: 'The component type; it decides which `options` are valid.',
        enum: types.map((c) => c.type),
        enumDescriptions: types.map((c) => firstSentence(c.markdownDescription)),
        ...extra,
      },
    },
    required: ['type'],
    allOf: types.map((c) => ({
      if: { properties: { type: { const: c.type } }, required: ['type'] },
      then: { $ref: refOf(c) },
    })),
    defaultSnippets: types.map(snippet),
  };
}

/** The whole schema; `tablerIcon` is definitions.tablerIcon (read from the icon package by ./icons.ts). */
export function buildReportSchema(tablerIcon: SchemaObject): Record<string, unknown> {
  const definitions: Record<string, unknown> = {};
  for (const c of catalogue) definitions[c.type] = componentDefinition(c, '#/definitions/component');
  const coverTypes = catalogue.filter((c) => c.coverPage);
  const row = catalogue.find((c) => c.type === 'Row')!;
  definitions.coverPageRow = {
    ...componentDefinition(row, '#/definitions/coverPageComponent'),
    markdownDescription: `${row.markdownDescription} On the cover page a Row takes only Row, Image, Text and VerticalSpacer.`,
  };
  definitions.component = union(
    catalogue,
    'A report component: `{"type": "Card", "options": {...}}`. Only Section and Row take `components`.',
    (c) => `#/definitions/${c.type}`,
  );
  definitions.coverPageComponent = union(
    coverTypes,
    'A cover-page component: only Row, Image, Text and VerticalSpacer are allowed on the cover page.',
    (c) => (c.type === 'Row' ? '#/definitions/coverPageRow' : `#/definitions/${c.type}`),
    { errorMessage: `Not allowed on the cover page. The cover page takes only ${coverTypes.map((c) => c.type).join(', ')}.` },
  );
  definitions.tablerIcon = tablerIcon;

  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'Report Studio report',
    markdownDescription:
      'A report definition: `options` (header), `config` (themes, paging), an optional `cover_page` and the `components` of the body.',
    // Report Studio sends the report without its trailing commas: VS Code's JSON service is told
    // to allow them, and the extension marks each with a warning and a quick fix instead.
    allowTrailingCommas: true,
    type: 'object',
    properties: {
      $schema: {
        type: 'string',
        markdownDescription: 'The JSON schema of this file (for editors), e.g. `"./schemas/report.schema.json"`. Ignored by the service.',
      },
      type: { enum: ['Report'], enumDescriptions: ['A report definition.'], markdownDescription: '**Required.** Always `"Report"`.' },
      options: objectSchema(REPORT_OBJECTS.options),
      config: objectSchema(REPORT_OBJECTS.config),
      cover_page: objectSchema(REPORT_OBJECTS.cover_page),
      components: {
        type: 'array',
        markdownDescription: '**Required.** The body of the report, top to bottom, e.g. Sections of Cards, Tables and charts.',
        items: { $ref: '#/definitions/component' },
      },
    },
    required: ['type', 'options', 'components'],
    additionalProperties: false,
    defaultSnippets: [newReportSnippet],
    definitions,
  };
}
