/**
 * The report schema of one node of a document: follows `$ref`s and picks the component
 * union's branch by the `type` tag found in the document, the way the editor and the
 * validator do. Also remembers the nearest schema with a `defaultSnippets` body along the
 * path (a component type, or the root "New report"), where placeholders come from.
 */
import type { Node } from 'jsonc-parser';
import { propertyNode, typeTagOf } from '../loc/treeWalk';
import type { PathSegment } from '../loc/treeWalk';
import { reportSchema } from '../schema/reportSchema';
import type { JsonSchema } from '../schema/reportSchema';

export interface SchemaLocation {
  /** The resolved schema of the node at the path (branch chosen by the document's tags). */
  schema: JsonSchema;
  /** The nearest schema with default snippets at or above the node, and how deep it sits. */
  snippet?: { body: unknown; depth: number; schema: JsonSchema };
  /** The component type whose definition owns the node, e.g. `Card` (undefined at report level). */
  componentType?: string;
}

const MAX_REF_HOPS = 16;

export function resolveRef(schema: JsonSchema, root: JsonSchema = reportSchema): JsonSchema {
  let current = schema;
  for (let hops = 0; typeof current.$ref === 'string' && hops < MAX_REF_HOPS; hops++) {
    const match = /^#\/definitions\/(.+)$/.exec(current.$ref);
    const target = match ? root.definitions?.[decodeURIComponent(match[1])] : undefined;
    if (!target) return current;
    current = target;
  }
  return current;
}

interface IfThen {
  if?: { properties?: { type?: { const?: unknown } } };
  then?: JsonSchema;
}

/** The union's branch for a component tagged `tag` (`allOf: [{if: type = X, then: $ref X}]`). */
export function unionBranch(schema: JsonSchema, tag: string | undefined, root: JsonSchema = reportSchema): JsonSchema | undefined {
  const allOf = schema.allOf as IfThen[] | undefined;
  if (!Array.isArray(allOf) || tag === undefined) return undefined;
  const branch = allOf.find((b) => b.if?.properties?.type?.const === tag);
  return branch?.then ? resolveRef(branch.then, root) : undefined;
}

/** The component types a union schema accepts (its `type` enum), or undefined when not a union. */
export function unionTags(schema: JsonSchema): string[] | undefined {
  const values = (schema.properties?.type as JsonSchema | undefined)?.enum;
  return Array.isArray(schema.allOf) && Array.isArray(values) ? values.filter((v): v is string => typeof v === 'string') : undefined;
}

function childSchema(schema: JsonSchema, segment: PathSegment): JsonSchema | undefined {
  if (typeof segment === 'number') {
    const items = schema.items as JsonSchema | JsonSchema[] | undefined;
    return Array.isArray(items) ? items[segment] : items;
  }
  return schema.properties?.[segment];
}

function childNode(node: Node | undefined, segment: PathSegment): Node | undefined {
  if (!node) return undefined;
  if (node.type === 'object') return propertyNode(node, String(segment))?.children?.[1];
  if (node.type === 'array' && typeof segment === 'number') return node.children?.[segment];
  return undefined;
}

/** Picks the branch for the document node, if the schema is the component union. */
function settle(schema: JsonSchema, node: Node | undefined, root: JsonSchema): { schema: JsonSchema; type?: string } {
  const resolved = resolveRef(schema, root);
  const tag = node ? typeTagOf(node) : undefined;
  const branch = unionBranch(resolved, tag, root);
  return branch ? { schema: branch, type: tag } : { schema: resolved };
}

/**
 * The schema of the node at `path` of the document whose tree is `documentRoot` (which may
 * lack the last segments: a missing option still has a schema). Undefined when the path
 * leaves the schema (an unknown key).
 */
export function schemaAt(
  path: readonly PathSegment[],
  documentRoot: Node | undefined,
  root: JsonSchema = reportSchema,
): SchemaLocation | undefined {
  let node = documentRoot;
  let { schema } = settle(root, node, root);
  let componentType: string | undefined;
  let snippet: SchemaLocation['snippet'] = snippetOf(schema, 0);
  for (let i = 0; i < path.length; i++) {
    const child = childSchema(schema, path[i]);
    if (!child) return undefined;
    node = childNode(node, path[i]);
    const settled = settle(child, node, root);
    schema = settled.schema;
    if (settled.type) componentType = settled.type;
    snippet = snippetOf(schema, i + 1) ?? snippet;
  }
  return { schema, snippet, componentType };
}

function snippetOf(schema: JsonSchema, depth: number): SchemaLocation['snippet'] {
  const body = schema.defaultSnippets?.[0]?.body;
  return body !== undefined && !Array.isArray(schema.allOf) ? { body, depth, schema } : undefined;
}

export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'array' | 'object';

/** The JSON types a schema admits (from `type`, `enum` or `const`); all when unconstrained. */
export function allowedTypes(schema: JsonSchema): JsonType[] {
  if (typeof schema.type === 'string') return [schema.type as JsonType];
  if (Array.isArray(schema.type)) return schema.type as JsonType[];
  const values = Array.isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : undefined;
  if (values) return [...new Set(values.map(jsonTypeOf))];
  return ['string', 'number', 'integer', 'boolean', 'null', 'array', 'object'];
}

export function jsonTypeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as JsonType;
}

/** Whether `value` has one of `types` (an integer is also a number). */
export function hasType(value: unknown, types: readonly JsonType[]): boolean {
  const t = jsonTypeOf(value);
  return types.includes(t) || (t === 'integer' && types.includes('number'));
}
