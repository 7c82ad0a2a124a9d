/**
 * One index over the report schema, shared by the quick fixes, the editor features, the CLI's
 * validator and the local service's 422 translator: `$ref` following, the component union's
 * branch for a `type` tag, the tags a union expects, JSON-pointer parsing, the schema of a
 * document node, the component catalogue, and the lenient variant and ajv validators — each
 * built once per index, on first use.
 *
 * The index is built from a schema object, never from an import: the local service and the
 * CLI pass the bundled schema (reportSchema.ts), the extension the shipped
 * schemas/report.schema.json it reads at run time.
 */
import type { Node } from 'jsonc-parser';
import { propertyNode, typeTagOf } from '../loc/treeWalk';
import type { PathSegment } from '../loc/treeWalk';
import { parsePointer } from '../loc/jsonPointer';
import { buildCatalogue, type ComponentCatalogue } from './catalogue';
import type { JsonSchema } from './jsonSchema';
import { toLenientSchema } from './lenientSchema';
import { createReportValidator, type ReportValidator, type ValidationMode } from './validator';

export type { JsonSchema } from './jsonSchema';

export interface SchemaLocation {
  /** The resolved schema of the node at the path (branch chosen by the document's tags). */
  schema: JsonSchema;
  /** The nearest schema with default snippets at or above the node, and how deep it sits. */
  snippet?: { body: unknown; depth: number; schema: JsonSchema };
  /** The component type whose definition owns the node, e.g. `Card` (undefined at report level). */
  componentType?: string;
}

/** A chain of `$ref`s longer than this is a cycle (the report schema's longest is 2). */
const MAX_REF_HOPS = 32;

interface IfThen {
  if?: { properties?: { type?: { const?: unknown } } };
  then?: JsonSchema;
}

export class SchemaIndex {
  // The schema never changes: resolved pointers and union branches are computed once, not once
  // per error (a body with 65,000 faults spent most of its 422 time resolving them).
  private readonly pointers = new Map<string, JsonSchema | undefined>();
  private readonly branches = new WeakMap<JsonSchema, Map<string, JsonSchema> | undefined>();
  private readonly validators = new Map<ValidationMode, ReportValidator>();
  private lenientIndex?: SchemaIndex;
  private componentCatalogue?: ComponentCatalogue;

  constructor(
    readonly root: JsonSchema,
    /** The strict root this lenient index was derived from (validators compile from it). */
    private readonly strictRoot: JsonSchema = root,
  ) {}

  /** The schema at a `#/…` pointer into the root, or undefined. */
  pointer(ref: string): JsonSchema | undefined {
    if (this.pointers.has(ref)) return this.pointers.get(ref);
    let cur: unknown = ref.startsWith('#/') || ref === '#' ? this.root : undefined;
    if (cur) {
      for (const seg of parsePointer(ref)) {
        cur = cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[seg] : undefined;
      }
    }
    const resolved = cur && typeof cur === 'object' ? (cur as JsonSchema) : undefined;
    this.pointers.set(ref, resolved);
    return resolved;
  }

  /** Follows `$ref`s; a dangling one leaves the last schema reached. */
  deref(schema: JsonSchema): JsonSchema {
    let current = schema;
    for (let hops = 0; typeof current.$ref === 'string' && hops < MAX_REF_HOPS; hops++) {
      const target = this.pointer(current.$ref);
      if (!target) return current;
      current = target;
    }
    return current;
  }

  /** The tagged-union branches of a component union (`allOf: [{if: type = X, then: $ref X}]`): tag → schema. */
  unionBranches(schema: JsonSchema): ReadonlyMap<string, JsonSchema> | undefined {
    if (this.branches.has(schema)) return this.branches.get(schema);
    let found: Map<string, JsonSchema> | undefined;
    if (Array.isArray(schema.allOf)) {
      found = new Map();
      for (const part of schema.allOf as IfThen[]) {
        const tag = part.if?.properties?.type?.const;
        if (typeof tag === 'string' && part.then) found.set(tag, this.deref(part.then));
      }
      if (found.size === 0) found = undefined;
    }
    this.branches.set(schema, found);
    return found;
  }

  /** The union's branch for a component tagged `tag`. */
  unionBranch(schema: JsonSchema, tag: string | undefined): JsonSchema | undefined {
    return tag === undefined ? undefined : this.unionBranches(schema)?.get(tag);
  }

  /** The component types a union accepts, in union order (its `type` enum); undefined when not a union. */
  unionTags(schema: JsonSchema): string[] | undefined {
    const values = schema.properties?.type?.enum;
    return Array.isArray(schema.allOf) && Array.isArray(values) ? values.filter((v): v is string => typeof v === 'string') : undefined;
  }

  /**
   * The schema of the node at `path` of the document whose tree is `documentRoot` (which may
   * lack the last segments: a missing option still has a schema). Undefined when the path
   * leaves the schema (an unknown key).
   */
  schemaAt(path: readonly PathSegment[], documentRoot: Node | undefined): SchemaLocation | undefined {
    let node = documentRoot;
    let { schema } = this.settle(this.root, node);
    let componentType: string | undefined;
    let snippet: SchemaLocation['snippet'] = snippetOf(schema, 0);
    for (let i = 0; i < path.length; i++) {
      const child = childSchema(schema, path[i]);
      if (!child) return undefined;
      node = childNode(node, path[i]);
      const settled = this.settle(child, node);
      schema = settled.schema;
      if (settled.type) componentType = settled.type;
      snippet = snippetOf(schema, i + 1) ?? snippet;
    }
    return { schema, snippet, componentType };
  }

  /** What the schema says about each component type (built once). */
  get catalogue(): ComponentCatalogue {
    return (this.componentCatalogue ??= buildCatalogue(this.root));
  }

  /** The index of the lenient variant (what the service enforces; lenientSchema.ts), built once. */
  lenient(): SchemaIndex {
    if (this.root !== this.strictRoot) return this;
    return (this.lenientIndex ??= new SchemaIndex(toLenientSchema(this.root), this.root));
  }

  /** The ajv validator of `mode` over this schema, compiled once. */
  validator(mode: ValidationMode): ReportValidator {
    let v = this.validators.get(mode);
    if (!v) {
      v = createReportValidator(mode === 'strict' ? this.strictRoot : this.lenient().root, mode);
      this.validators.set(mode, v);
    }
    return v;
  }

  /** Picks the branch for the document node, if the schema is the component union. */
  private settle(schema: JsonSchema, node: Node | undefined): { schema: JsonSchema; type?: string } {
    const resolved = this.deref(schema);
    const tag = node ? typeTagOf(node) : undefined;
    const branch = this.unionBranch(resolved, tag);
    return branch ? { schema: branch, type: tag } : { schema: resolved };
  }
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

function snippetOf(schema: JsonSchema, depth: number): SchemaLocation['snippet'] {
  const body = schema.defaultSnippets?.[0]?.body;
  return body !== undefined && !Array.isArray(schema.allOf) ? { body, depth, schema } : undefined;
}
