// Compiles the report schema with ajv for the local service and the CLI.
//   strict  — exactly what the editor checks (unknown options and icon names are errors)
//   lenient — what the service enforces (unknown options ignored, any icon name)
// Errors are ajv's own (instancePath, keyword, params, schemaPath); callers translate them
// (pydantic 422 entries in the service, file:line:col lines in the CLI). check() also lists the
// older forms the body uses: the `deprecationMessage`s of the schemas its values matched.
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import type { DataValidationCxt } from 'ajv/dist/types';
import addFormats from 'ajv-formats';
import type { JsonSchema } from './jsonSchema';

export type ValidationMode = 'strict' | 'lenient';

export type ReportValidationError = ErrorObject;

/** An older form a value uses: the `deprecationMessage` of a schema the value matched. */
export interface ReportDeprecation {
  /** JSON pointer of the value, as ajv's errors have it. */
  instancePath: string;
  message: string;
}

export interface ReportValidator {
  readonly mode: ValidationMode;
  /** All faults of `body` (empty when valid), without ajv's `if` wrapper errors. */
  validate(body: unknown): ReportValidationError[];
  /**
   * validate() plus the older forms the body uses, once each. An older form is marked in the
   * schema as `{if: <the form>, then: {deprecationMessage}}` (or a `deprecationMessage` beside
   * the form's own keywords): ajv evaluates `then` only when the value has that form, as VS Code
   * does, and the keyword notes where it was reached. It never fails, so the errors are the same.
   */
  check(body: unknown): { errors: ReportValidationError[]; deprecations: ReportDeprecation[] };
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
const REPORT_SCHEMA_KEYWORDS = ['serviceIgnoresExtraKeys'] as const;

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

function appendErrorsInPlace(code: string): string {
  return code.replace(CONCAT_MERGE, (_all: string, errors: string) => {
    rewrites++;
    return APPEND_IN_PLACE.replace(/\$1/g, () => errors);
  });
}

/** Where check() collects the `deprecationMessage`s reached; validation is synchronous, so one list at a time. */
let reached: ReportDeprecation[] | undefined;

function noteDeprecation(message: string, _data: unknown, _parent: unknown, cxt?: DataValidationCxt): boolean {
  reached?.push({ instancePath: cxt?.instancePath ?? '', message });
  return true;
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
  ajv.addVocabulary(ANNOTATION_KEYWORDS.filter((k) => k !== 'deprecationMessage'));
  ajv.addKeyword({ keyword: 'deprecationMessage', schemaType: 'string', errors: false, validate: noteDeprecation });
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
  const validate = (body: unknown): ReportValidationError[] => {
    try {
      if (validateFn(body)) return [];
    } catch (err) {
      // The generated code recurses a few frames per component level: a few hundred
      // nested Sections overflow the stack. That is a fault of the body, reported as one.
      if (err instanceof RangeError) return [nestedTooDeeply()];
      throw err;
    }
    return (validateFn.errors ?? []).filter((e) => e.keyword !== 'if');
  };
  return {
    mode,
    validate,
    check(body: unknown) {
      const found: ReportDeprecation[] = [];
      reached = found;
      let errors: ReportValidationError[];
      try {
        errors = validate(body);
      } finally {
        reached = undefined;
      }
      // The same value can reach the same message along two paths of the schema.
      const once = new Map(found.map((d) => [`${d.instancePath}\u0000${d.message}`, d]));
      return { errors, deprecations: [...once.values()] };
    },
  };
}
