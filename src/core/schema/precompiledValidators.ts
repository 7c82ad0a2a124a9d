// The report validators precompiled at build time. From the sources (tsx, the unit tests) there
// are none, and every validator compiles at run time; in the bundles scripts/build.mjs replaces
// this module by the standalone code it generates (scripts/precompile-validators.mjs, from
// standaloneValidators.ts) for the bundled schema's two modes.
import type { ValidateFunction } from 'ajv';
import type { JsonSchema } from './jsonSchema';

export interface PrecompiledValidators {
  /**
   * Fingerprint of the schema each was generated from (schemaFingerprint.ts) → its validator, a
   * function of that very schema (the generated code reads enums and lists from it).
   */
  readonly byFingerprint: Readonly<Record<string, (schema: JsonSchema) => ValidateFunction>>;
}

export const precompiledValidators: PrecompiledValidators | undefined = undefined;
