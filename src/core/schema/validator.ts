// Compiles the report schema with ajv for the local service and the CLI.
//   strict  — exactly what the editor checks (unknown options and icon names are errors)
//   lenient — what the service enforces (unknown options ignored, any icon name)
// Errors are ajv's own (instancePath, keyword, params, schemaPath); callers translate them
// (pydantic 422 entries in the service, file:line:col lines in the CLI).
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { JsonSchema } from './jsonSchema';

export type ValidationMode = 'strict' | 'lenient';

export type ReportValidationError = ErrorObject;

export interface ReportValidator {
  readonly mode: ValidationMode;
  /** All faults of `body` (empty when valid), without ajv's `if` wrapper errors. */
  validate(body: unknown): ReportValidationError[];
}

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
export const REPORT_SCHEMA_KEYWORDS = ['serviceIgnoresExtraKeys'] as const;

/** Every annotation-only keyword the schema uses. */
export const ANNOTATION_KEYWORDS = [...VSCODE_SCHEMA_KEYWORDS, ...REPORT_SCHEMA_KEYWORDS] as const;

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

/** How many merges were rewritten so far (a test checks ajv still generates the pattern). */
export function errorMergeRewrites(): number {
  return rewrites;
}

export function appendErrorsInPlace(code: string): string {
  return code.replace(CONCAT_MERGE, (_all: string, errors: string) => {
    rewrites++;
    return APPEND_IN_PLACE.replace(/\$1/g, () => errors);
  });
}

function compile(schema: JsonSchema): ValidateFunction {
  const ajv = new Ajv({
    code: { process: appendErrorsInPlace },
    allErrors: true,
    strict: true,
    // `required` inside anyOf (Image: image_url or base64) names properties defined next to it.
    strictRequired: false,
    // Nullable options are written `type: ["string", "null"]`, the form VS Code understands.
    allowUnionTypes: true,
  });
  addFormats(ajv);
  ajv.addVocabulary([...ANNOTATION_KEYWORDS]);
  return ajv.compile(schema);
}

function nestedTooDeeply(): ReportValidationError {
  return { instancePath: '', schemaPath: '#', keyword: 'nesting', params: {}, message: 'the report is nested too deeply to be validated' };
}

/**
 * A validator for report bodies against `schema` — the strict report schema, or its lenient
 * variant for `mode: 'lenient'`. Compiling takes a moment: SchemaIndex.validator() compiles
 * each mode once per index.
 *
 * The component union is `allOf: [{if: {type: X}, then: {$ref: X}}, …]`: when a branch
 * fails, ajv adds an extra error with keyword `if` at the component. It carries no
 * information beyond the branch's own errors, so it is dropped here.
 */
export function createReportValidator(schema: JsonSchema, mode: ValidationMode): ReportValidator {
  const validateFn = compile(schema);
  return {
    mode,
    validate(body: unknown): ReportValidationError[] {
      try {
        if (validateFn(body)) return [];
      } catch (err) {
        // The generated code recurses a few frames per component level: a few hundred
        // nested Sections overflow the stack. That is a fault of the body, reported as one.
        if (err instanceof RangeError) return [nestedTooDeeply()];
        throw err;
      }
      return (validateFn.errors ?? []).filter((e) => e.keyword !== 'if');
    },
  };
}
