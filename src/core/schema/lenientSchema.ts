// The lenient variant of the report schema used by the local service. The service, like the
// real one, ignores unknown options and accepts any icon name, while the editor flags both
// (almost always typos). Deriving it in code from the one schema file keeps them in step.
import type { JsonSchema } from './reportSchema';

const LENIENT_ICON: JsonSchema = {
  type: ['string', 'null'],
  markdownDescription: 'Any icon name (the service does not check names; the editor does).',
};

function relax(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(relax);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'additionalProperties' && value === false) continue;
    out[key] = relax(value);
  }
  return out;
}

/**
 * A copy of `schema` without any `additionalProperties: false` and with
 * `definitions.tablerIcon` replaced by "any string or null". The input is not modified.
 */
export function toLenientSchema(schema: JsonSchema): JsonSchema {
  const relaxed = relax(schema) as JsonSchema;
  if (relaxed.definitions && 'tablerIcon' in relaxed.definitions) {
    relaxed.definitions = { ...relaxed.definitions, tablerIcon: { ...LENIENT_ICON } };
  }
  return relaxed;
}
