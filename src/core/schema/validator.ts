// Compiles the report schema with ajv for the local service and the CLI.
//   strict  — exactly what the editor checks (unknown options and icon names are errors)
//   lenient — what the service enforces (unknown options ignored, any icon name)
// Errors are ajv's own (instancePath, keyword, params, schemaPath); callers translate them
// (pydantic 422 entries in the service, file:line:col lines in the CLI).
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { toLenientSchema } from './lenientSchema';
import { reportSchema } from './reportSchema';

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

function compile(mode: ValidationMode): ValidateFunction {
  const ajv = new Ajv({
    allErrors: true,
    strict: true,
    // `required` inside anyOf (Image: image_url or base64) names properties defined next to it.
    strictRequired: false,
    // Nullable options are written `type: ["string", "null"]`, the form VS Code understands.
    allowUnionTypes: true,
  });
  addFormats(ajv);
  ajv.addVocabulary([...VSCODE_SCHEMA_KEYWORDS]);
  return ajv.compile(mode === 'strict' ? reportSchema : toLenientSchema(reportSchema));
}

const compiled = new Map<ValidationMode, ValidateFunction>();

/**
 * A validator for report bodies. Compiling the ~700 KB schema takes a moment, so the
 * compiled function is cached per mode and shared by every validator of that mode.
 *
 * The component union is `allOf: [{if: {type: X}, then: {$ref: X}}, …]`: when a branch
 * fails, ajv adds an extra error with keyword `if` at the component. It carries no
 * information beyond the branch's own errors, so it is dropped here.
 */
export function createReportValidator(options: { mode: ValidationMode }): ReportValidator {
  const { mode } = options;
  let fn = compiled.get(mode);
  if (!fn) {
    fn = compile(mode);
    compiled.set(mode, fn);
  }
  const validateFn = fn;
  return {
    mode,
    validate(body: unknown): ReportValidationError[] {
      if (validateFn(body)) return [];
      return (validateFn.errors ?? []).filter((e) => e.keyword !== 'if');
    },
  };
}
