// The report JSON schema (schemas/report.schema.json — the single source of truth for the
// editor, the local service and the CLI) and the component catalogue derived from it.
// `require` (not `import`) keeps tsc from inferring a type for the 700 KB JSON; esbuild
// still bundles it.

/** The subset of JSON-schema fields this module reads. */
export interface JsonSchema {
  [keyword: string]: unknown;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  definitions?: Record<string, JsonSchema>;
  enum?: unknown[];
  markdownDescription?: string;
  defaultSnippets?: Array<{ label?: string; description?: string; body?: unknown }>;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
export const reportSchema: JsonSchema = require('../../../schemas/report.schema.json');

/** What the catalogue knows about one component type. */
export interface ComponentInfo {
  type: string;
  /** Section and Row: the only types that take `components`. */
  container: boolean;
  /** Row, Image, Text, VerticalSpacer: allowed on the cover page. */
  coverPage: boolean;
  /** The definition's `required` options. */
  requiredOptions: readonly string[];
  /** Any one of these is required (Image: image_url or base64); empty for other types. */
  requiredOneOf: readonly string[];
  /** Every option the type defines. */
  optionNames: readonly string[];
  markdownDescription: string;
  /** The `defaultSnippets[0].body` of the type (VS Code snippet placeholders in strings). */
  snippetBody: unknown;
}

function definitions(): Record<string, JsonSchema> {
  const defs = reportSchema.definitions;
  if (!defs) throw new Error('report schema has no definitions');
  return defs;
}

function unionTypes(name: 'component' | 'coverPageComponent'): string[] {
  const values = definitions()[name]?.properties?.type?.enum;
  if (!Array.isArray(values)) throw new Error(`report schema: definitions.${name}.properties.type.enum missing`);
  return values as string[];
}

/** Every component type, in catalogue order (scripts/schema/assemble.mjs). */
export const componentTypes: readonly string[] = unionTypes('component');
/** Types allowed in `cover_page.components` (and in a Row on the cover page). */
export const coverPageComponentTypes: readonly string[] = unionTypes('coverPageComponent');

function describe(type: string): ComponentInfo {
  const def = definitions()[type];
  if (!def) throw new Error(`report schema: no definition for component type ${type}`);
  const options = def.properties?.options ?? {};
  const anyOf = (options.anyOf as JsonSchema[] | undefined) ?? [];
  return {
    type,
    container: def.properties?.components !== undefined,
    coverPage: coverPageComponentTypes.includes(type),
    requiredOptions: options.required ?? [],
    requiredOneOf: anyOf.flatMap((s) => s.required ?? []),
    optionNames: Object.keys(options.properties ?? {}),
    markdownDescription: def.markdownDescription ?? '',
    snippetBody: def.defaultSnippets?.[0]?.body,
  };
}

export const componentCatalogue: ReadonlyMap<string, ComponentInfo> = new Map(componentTypes.map((t) => [t, describe(t)]));

/** Section and Row. */
export const containerTypes: readonly string[] = componentTypes.filter((t) => componentCatalogue.get(t)?.container);

/** Required options per component type, e.g. `requiredOptions.Card` → `['title', 'value']`. */
export const requiredOptions: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  componentTypes.map((t) => [t, componentCatalogue.get(t)?.requiredOptions ?? []]),
);

export function componentInfo(type: string): ComponentInfo | undefined {
  return componentCatalogue.get(type);
}

/** The root "New report" snippet entry (use src/core/snippets/snippetText.ts to render it). */
export const NEW_REPORT_SNIPPET_LABEL = 'New report';
