// The lenient variant of the report schema used by the local service. The service, like the
// real one, ignores unknown options and accepts any icon name, while the editor flags both
// (almost always typos). Deriving it in code from the one schema file keeps them in step.
// Warnings for older forms (`deprecationMessage`) concern the editor (and the warnings of
// `report-studio validate`, reportProblems.ts) only: the service accepts those forms.
import type { JsonSchema } from './jsonSchema';

const LENIENT_ICON: JsonSchema = {
  type: ['string', 'null'],
  markdownDescription: 'Any icon name (the service does not check names; the editor does).',
};

function relax(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(relax);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  const ignoresExtraKeys = (node as Record<string, unknown>).serviceIgnoresExtraKeys === true;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'additionalProperties' && (value === false || ignoresExtraKeys)) continue;
    if (key === 'serviceIgnoresExtraKeys') continue; // served its purpose
    out[key] = relax(value);
  }
  return out;
}

/**
 * A copy of `schema` without any `additionalProperties: false` (nor the extra-key schema of
 * an object marked `serviceIgnoresExtraKeys`) and with
 * `definitions.tablerIcon` replaced by "any string or null". The input is not modified.
 */
export function toLenientSchema(schema: JsonSchema): JsonSchema {
  const relaxed = relax(schema) as JsonSchema;
  if (relaxed.definitions && 'tablerIcon' in relaxed.definitions) {
    relaxed.definitions = { ...relaxed.definitions, tablerIcon: { ...LENIENT_ICON } };
  }
  return relaxed;
}
