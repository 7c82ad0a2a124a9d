/** The component catalogue a report schema defines: every type, its options, snippets, and where it may go. */
import type { JsonSchema } from './jsonSchema';

/** What the catalogue knows about one component type. */
interface ComponentInfo {
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

export interface ComponentCatalogue {
  /** Every component type, in catalogue order (src/catalogue/index.ts). */
  readonly componentTypes: readonly string[];
  /** Types allowed in `cover_page.components` (and in a Row on the cover page). */
  readonly coverPageComponentTypes: readonly string[];
  /** Section and Row. */
  readonly containerTypes: readonly string[];
  /** Required options per component type, e.g. `requiredOptions.Card` → `['title', 'value']`. */
  readonly requiredOptions: Readonly<Record<string, readonly string[]>>;
  info(type: string): ComponentInfo | undefined;
}

/** The root "New report" snippet entry (use src/core/snippets/snippetText.ts to render it). */
export const NEW_REPORT_SNIPPET_LABEL = 'New report';

export function buildCatalogue(root: JsonSchema): ComponentCatalogue {
  const defs = root.definitions;
  if (!defs) throw new Error('report schema has no definitions');
  const unionTypes = (name: 'component' | 'coverPageComponent'): string[] => {
    const values = defs[name]?.properties?.type?.enum;
    if (!Array.isArray(values)) throw new Error(`report schema: definitions.${name}.properties.type.enum missing`);
    return values as string[];
  };
  const componentTypes = unionTypes('component');
  const coverPageComponentTypes = unionTypes('coverPageComponent');
  const describe = (type: string): ComponentInfo => {
    const def = defs[type];
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
  };
  const infos = new Map(componentTypes.map((t) => [t, describe(t)]));
  return {
    componentTypes,
    coverPageComponentTypes,
    containerTypes: componentTypes.filter((t) => infos.get(t)?.container),
    requiredOptions: Object.fromEntries(componentTypes.map((t) => [t, infos.get(t)?.requiredOptions ?? []])),
    info: (type) => infos.get(type),
  };
}
