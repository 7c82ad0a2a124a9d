// Build time only (scripts/precompile-validators.mjs bundles and runs it): the standalone code of
// the report validators, ajv's `standaloneCode`, for the strict schema and its lenient variant.
// The module it writes takes the place of precompiledValidators.ts in the bundles, so the CLI,
// the local service and the extension start without compiling the schema (about a second).
import { _, Name, type Code } from 'ajv';
import { getProperty } from 'ajv/dist/compile/codegen';
import standaloneCode from 'ajv/dist/standalone';
import type { JsonSchema } from './jsonSchema';
import { toLenientSchema } from './lenientSchema';
import { appendErrorsInPlace, errorMergeRewrites, reportAjv } from './reportAjv';
import { schemaFingerprint } from './schemaFingerprint';
import type { ValidationMode } from './validator';

/** The merge appendErrorsInPlace rewrites: none may be left in the generated code. */
const PLAIN_MERGE = 'vErrors.concat(';

/** The generated code's name of the schema it is handed at run time. */
const SCHEMA_PARAMETER = new Name('reportSchema');

/** Each object and array of `schema` → the code of its place in it (`reportSchema.definitions.Card`). */
function placesIn(schema: unknown): Map<unknown, Code> {
  const places = new Map<unknown, Code>();
  const walk = (node: unknown, code: Code): void => {
    if (node === null || typeof node !== 'object' || places.has(node)) return;
    places.set(node, code);
    for (const [key, child] of Object.entries(node)) walk(child, _`${code}${getProperty(Array.isArray(node) ? Number(key) : key)}`);
  };
  walk(schema, _`${SCHEMA_PARAMETER}`);
  return places;
}

/**
 * Standalone code writes each (sub)schema a keyword reads (enums, `required` lists, …) as a
 * literal: the whole schema, 600 KB, and each `$ref`'d definition again. The generated function
 * takes the schema instead (the caller holds the very one, by fingerprint) and reads those from
 * it, as the run-time compile's code does.
 */
function readSchemasFromParameter(ajv: ReturnType<typeof reportAjv>, schema: JsonSchema): void {
  const places = placesIn(schema);
  // ajv's scope of values (its own, not part of its types): prefix → key → name with its value.
  const values = (ajv.scope as unknown as { _values: Record<string, Map<unknown, { value?: { ref: unknown; code?: Code } }> | undefined> })
    ._values;
  for (const name of values.schema?.values() ?? []) {
    const place = name.value && places.get(name.value.ref);
    if (name.value && place) name.value.code = place;
  }
}

/**
 * One mode's validator as the body of a function of the schema that returns it (a CommonJS
 * module's body: its requires are ajv's run-time helpers and formats).
 */
function standaloneModule(schema: JsonSchema): { code: string; rewrites: number } {
  const ajv = reportAjv({ source: true });
  const validate = ajv.compile(schema);
  readSchemasFromParameter(ajv, schema);
  const before = errorMergeRewrites();
  const code = appendErrorsInPlace(standaloneCode(ajv, validate));
  const rewrites = errorMergeRewrites() - before;
  if (rewrites === 0 || code.includes(PLAIN_MERGE)) {
    throw new Error(`the ajv error merge of the standalone code was not rewritten (${rewrites} rewrites): ajv changed, see reportAjv.ts`);
  }
  return { code, rewrites };
}

/**
 * The module that replaces precompiledValidators.ts: `precompiledValidators.byFingerprint` maps
 * the fingerprint of the strict schema and of its lenient variant (or of the `modes` given) to a
 * function of that schema returning its validator; it also says how many merges were rewritten
 * in each (`errorMergeRewrites`).
 */
export function precompiledValidatorsModule(schema: JsonSchema, modes: readonly ValidationMode[] = ['strict', 'lenient']): string {
  const parts = modes
    .map((mode) => (mode === 'strict' ? schema : toLenientSchema(schema)))
    .map((s) => ({ fingerprint: schemaFingerprint(s), ...standaloneModule(s) }));
  const entries = parts.map(
    (p) =>
      `  ${JSON.stringify(p.fingerprint)}: function (${SCHEMA_PARAMETER.str}) {\n    const module = { exports: {} };\n` +
      `${p.code}\n    return module.exports;\n  },`,
  );
  return [
    '"use strict";',
    '// Generated at build time by scripts/precompile-validators.mjs (src/core/schema/standaloneValidators.ts). Do not edit.',
    `exports.errorMergeRewrites = ${JSON.stringify(parts.map((p) => p.rewrites))};`,
    `exports.precompiledValidators = { byFingerprint: {\n${entries.join('\n')}\n} };`,
    '',
  ].join('\n');
}
