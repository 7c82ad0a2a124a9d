/** The JSON types of values and what a schema node admits (for type fixes and placeholders). */
import type { JsonSchema } from '../schema/jsonSchema';

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
