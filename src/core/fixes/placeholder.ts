/**
 * A value to insert for a missing required field. Preference: the component's snippet
 * (what completion inserts, so a fixed Card reads like a new one), then the schema's
 * `default`, then the first example in its description (`e.g. "Q3 Sales Review"`), then the
 * first enum value, then the type's neutral value (`""`, the minimum, `[]`, an object with
 * its own required fields).
 */
import type { Node } from 'jsonc-parser';
import type { PathSegment } from '../loc/treeWalk';
import type { JsonSchema } from '../schema/jsonSchema';
import type { SchemaIndex } from '../schema/schemaIndex';
import { expandSnippetDefaults } from '../snippets/snippetText';
import { allowedTypes, hasType } from './jsonTypes';

type PlaceholderSource = 'snippet' | 'default' | 'example' | 'enum' | 'type';

export interface Placeholder {
  value: unknown;
  source: PlaceholderSource;
}

/** Snippet body → plain JSON: `${1:Title}` → `Title`, `"^${2:0}"` → 0, `"^$0"` dropped. */
export function snippetBodyValue(body: unknown): unknown {
  if (typeof body === 'string') {
    if (!body.startsWith('^')) return expandSnippetDefaults(body);
    const raw = expandSnippetDefaults(body.slice(1)).trim();
    if (!raw) return undefined;
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return undefined;
    }
  }
  if (Array.isArray(body)) return body.map(snippetBodyValue).filter((v) => v !== undefined);
  if (body !== null && typeof body === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(body)) {
      const value = snippetBodyValue(v);
      if (value !== undefined) out[k] = value;
    }
    return out;
  }
  return body;
}

/** Walks a snippet body along a relative path; an index past the end uses the last element. */
function snippetAt(body: unknown, path: readonly PathSegment[]): unknown {
  let current = body;
  for (const segment of path) {
    if (Array.isArray(current) && typeof segment === 'number') current = current[Math.min(segment, current.length - 1)];
    else if (current !== null && typeof current === 'object' && !Array.isArray(current))
      current = (current as Record<string, unknown>)[String(segment)];
    else return undefined;
  }
  return current;
}

/** The first `e.g. \`…\`` of a description that parses as JSON. */
function exampleOf(schema: JsonSchema): unknown {
  const text = schema.markdownDescription ?? '';
  for (const m of text.matchAll(/e\.g\.\s*`([^`]+)`/g)) {
    try {
      return JSON.parse(m[1]) as unknown;
    } catch {
      // not JSON (prose in backticks): try the next one
    }
  }
  return undefined;
}

function fits(value: unknown, schema: JsonSchema): boolean {
  if (value === undefined) return false;
  if (!hasType(value, allowedTypes(schema))) return false;
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => JSON.stringify(e) === JSON.stringify(value))) return false;
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) return false;
    if (typeof schema.maximum === 'number' && value > schema.maximum) return false;
  }
  return true;
}

/** A neutral value of the schema's first non-null type. */
function neutralValue(index: SchemaIndex, schema: JsonSchema, depth: number): unknown {
  const types = allowedTypes(schema).filter((t) => t !== 'null');
  switch (types[0]) {
    case 'string':
      return '';
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : typeof schema.maximum === 'number' ? Math.min(0, schema.maximum) : 0;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object': {
      const out: Record<string, unknown> = {};
      if (depth < 3) {
        for (const name of schema.required ?? []) {
          const prop = schema.properties?.[name];
          if (prop) out[name] = valueFromSchema(index, index.deref(prop), depth + 1).value;
        }
      }
      return out;
    }
    default:
      return null;
  }
}

function valueFromSchema(index: SchemaIndex, schema: JsonSchema, depth = 0): Placeholder {
  if ('default' in schema && fits(schema.default, schema)) return { value: schema.default, source: 'default' };
  const example = exampleOf(schema);
  if (fits(example, schema)) return { value: example, source: 'example' };
  const firstEnum = Array.isArray(schema.enum) ? schema.enum.find((v) => v !== null) : undefined;
  if (firstEnum !== undefined) return { value: firstEnum, source: 'enum' };
  if ('const' in schema) return { value: schema.const, source: 'enum' };
  return { value: neutralValue(index, schema, depth), source: 'type' };
}

/**
 * The placeholder for field `name` of the object at `objectPath`, or undefined when the
 * schema does not define that field there.
 */
export function placeholderFor(
  index: SchemaIndex,
  documentRoot: Node | undefined,
  objectPath: readonly PathSegment[],
  name: string,
): Placeholder | undefined {
  const field = index.schemaAt([...objectPath, name], documentRoot);
  if (!field) return undefined;
  // Children are the user's to add; a demo Section would only be deleted again.
  if (name === 'components' && allowedTypes(field.schema).includes('array')) return { value: [], source: 'type' };
  const owner = index.schemaAt(objectPath, documentRoot)?.snippet;
  if (owner) {
    const relative = [...objectPath.slice(owner.depth), name];
    const value = snippetBodyValue(snippetAt(owner.body, relative));
    if (fits(value, field.schema)) return { value, source: 'snippet' };
  }
  return valueFromSchema(index, field.schema);
}
