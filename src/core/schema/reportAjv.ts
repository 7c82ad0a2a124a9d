// The one ajv set-up of the report validators, shared by the run-time compile (validator.ts) and
// the standalone code the build generates from it (standaloneValidators.ts): options, formats,
// the annotation vocabulary, the `deprecationMessage` keyword, and the rewrite of ajv's
// quadratic error merge. A validator compiled at run time and one precompiled at build time are
// the same code, so they give the same errors and deprecations.
import Ajv, { _, type CodeKeywordDefinition, type KeywordCxt } from 'ajv';
import { strConcat } from 'ajv/dist/compile/codegen';
import N from 'ajv/dist/compile/names';
import addFormats from 'ajv-formats';

/**
 * VS Code's JSON-schema extensions. Registered as annotation-only keywords so ajv's strict
 * mode accepts them while still rejecting real typos in the schema (e.g. "requried").
 */
export const VSCODE_SCHEMA_KEYWORDS = [
  'markdownDescription',
  'enumDescriptions',
  'markdownEnumDescriptions',
  'defaultSnippets',
  'errorMessage',
  'patternErrorMessage',
  'deprecationMessage',
  'doNotSuggest',
  'suggestSortText',
  'allowComments',
  'allowTrailingCommas',
] as const;

/**
 * The report schema's own annotations (read by src/core/schema/lenientSchema.ts):
 * `serviceIgnoresExtraKeys` marks an object whose extra keys the editor checks but the
 * service ignores even though `additionalProperties` is a schema (config.google_fonts).
 */
const REPORT_SCHEMA_KEYWORDS = ['serviceIgnoresExtraKeys'] as const;

/** Every annotation-only keyword the schema uses. */
export const ANNOTATION_KEYWORDS = [...VSCODE_SCHEMA_KEYWORDS, ...REPORT_SCHEMA_KEYWORDS] as const;

/** What a validator is called with (`validateFn.call(context, body)`, ajv's passContext). */
export interface ValidationContext {
  /** Where check() collects the `deprecationMessage`s reached; absent for validate(). */
  deprecations?: Array<{ instancePath: string; message: string }>;
}

/**
 * `deprecationMessage` notes where it was reached in the context's list and never fails. A code
 * keyword (not a function ajv calls), so the standalone code the build generates holds it whole:
 * it reads the list from `this` (passContext), the path as ajv's own errors build theirs.
 */
const DEPRECATION_KEYWORD: CodeKeywordDefinition = {
  keyword: 'deprecationMessage',
  schemaType: 'string',
  code(cxt: KeywordCxt) {
    const { gen, schemaCode, it } = cxt;
    const instancePath = strConcat(N.instancePath, it.errorPath);
    gen.if(_`this && this.deprecations`, () =>
      gen.code(_`this.deprecations.push({instancePath: ${instancePath}, message: ${schemaCode}})`),
    );
  },
};

/**
 * ajv (allErrors) merges the errors of a `$ref`'d validator with `vErrors.concat(...)`:
 * a copy of every error so far for each failing component, quadratic in the error count
 * (65,000 invalid components in a 1 MB body blocked the local service for a minute). The
 * merge is rewritten to append in place: `vErrors` is a local array of the generated
 * function, so nothing else observes the difference.
 */
const CONCAT_MERGE = /vErrors = vErrors === null \? ([\w$.]+\.errors) : vErrors\.concat\(\1\);/g;
const APPEND_IN_PLACE =
  'vErrors = vErrors === null ? $1 : (function (a, b) { for (let i = 0; i < b.length; i++) a.push(b[i]); return a; })(vErrors, $1);';

let rewrites = 0;

/** How many merges were rewritten so far in this process (a test checks ajv still generates the pattern). */
export function errorMergeRewrites(): number {
  return rewrites;
}

/** `code` with ajv's error merges appended in place (ajv's `code.process`; the build runs it on standalone code). */
export function appendErrorsInPlace(code: string): string {
  return code.replace(CONCAT_MERGE, (_all: string, errors: string) => {
    rewrites++;
    return APPEND_IN_PLACE.replace(/\$1/g, () => errors);
  });
}

/** From this many values on, an enum is checked in a loop (ajv's `loopEnum`). */
const LOOP_ENUM = 16;

/**
 * The ajv instance the report validators compile with. `source` keeps the code of each function
 * for ajv's standaloneCode (the build), which applies no `code.process`: the build rewrites the
 * merges of the standalone module itself.
 */
export function reportAjv({ source = false }: { source?: boolean } = {}): Ajv {
  const ajv = new Ajv({
    code: source ? { source: true } : { process: appendErrorsInPlace },
    allErrors: true,
    strict: true,
    // `required` inside anyOf (Image: image_url or base64) names properties defined next to it.
    strictRequired: false,
    // Nullable options are written `type: ["string", "null"]`, the form VS Code understands.
    allowUnionTypes: true,
    // A long enum (2,000 icon names) is a loop over the schema's list, not a chain of `===` as
    // long: the same answer for JSON values, and a quarter of the generated code less.
    loopEnum: LOOP_ENUM,
    // `this` of the validator reaches its `$ref`'d ones: the deprecation keyword's list.
    passContext: true,
  });
  addFormats(ajv);
  ajv.addVocabulary(ANNOTATION_KEYWORDS.filter((k) => k !== 'deprecationMessage'));
  ajv.addKeyword(DEPRECATION_KEYWORD);
  return ajv;
}
