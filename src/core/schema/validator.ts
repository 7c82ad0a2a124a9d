// The report schema's ajv validators, for the local service, the CLI and the extension.
//   strict  — exactly what the editor checks (unknown options and icon names are errors)
//   lenient — what the service enforces (unknown options ignored, any icon name)
// Errors are ajv's own (instancePath, keyword, params, schemaPath); callers translate them
// (pydantic 422 entries in the service, file:line:col lines in the CLI). check() also lists the
// older forms the body uses: the `deprecationMessage`s of the schemas its values matched.
// The bundles carry both modes of the bundled schema precompiled at build time
// (precompiledValidators.ts); any other schema, and the sources, compile at run time.
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { JsonSchema } from './jsonSchema';
import { precompiledValidators, type PrecompiledValidators } from './precompiledValidators';
import { reportAjv, type ValidationContext } from './reportAjv';
import { schemaFingerprint } from './schemaFingerprint';

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
  readonly origin: ValidatorOrigin;
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

/** Where a validator came from: generated at build time, or compiled from the schema at run time. */
type ValidatorOrigin = 'precompiled' | 'compiled';

/**
 * The validator of `schema`: the one the build precompiled from exactly this schema (same
 * fingerprint), else compiled now — from the sources (no precompiled ones), or a schema that
 * differs from the bundled one. Both are the same ajv set-up (reportAjv.ts).
 */
function validatorFor(
  schema: JsonSchema,
  precompiled: PrecompiledValidators | undefined,
): { fn: ValidateFunction; origin: ValidatorOrigin } {
  if (precompiled) {
    const fingerprint = schemaFingerprint(schema);
    if (Object.hasOwn(precompiled.byFingerprint, fingerprint))
      return { fn: precompiled.byFingerprint[fingerprint](schema), origin: 'precompiled' };
  }
  return { fn: reportAjv().compile(schema), origin: 'compiled' };
}

function nestedTooDeeply(): ReportValidationError {
  return { instancePath: '', schemaPath: '#', keyword: 'nesting', params: {}, message: 'the report is nested too deeply to be validated' };
}

/**
 * A validator for report bodies against `schema` — the strict report schema, or its lenient
 * variant for `mode: 'lenient'`. Compiling takes a moment (about a second of CPU: the bundles
 * use the precompiled one when `schema` is the bundled one); SchemaIndex.validator() makes each
 * mode once per index.
 *
 * The component union is `allOf: [{if: {type: X}, then: {$ref: X}}, …]`: when a branch
 * fails, ajv adds an extra error with keyword `if` at the component. It carries no
 * information beyond the branch's own errors, so it is dropped here.
 */
export function createReportValidator(
  schema: JsonSchema,
  mode: ValidationMode,
  precompiled: PrecompiledValidators | undefined = precompiledValidators,
): ReportValidator {
  const { fn: validateFn, origin } = validatorFor(schema, precompiled);
  const run = (body: unknown, context: ValidationContext): ReportValidationError[] => {
    try {
      if (validateFn.call(context, body)) return [];
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
    origin,
    validate: (body) => run(body, {}),
    check(body: unknown) {
      const found: ReportDeprecation[] = [];
      const errors = run(body, { deprecations: found });
      // The same value can reach the same message along two paths of the schema.
      const once = new Map(found.map((d) => [`${d.instancePath}\u0000${d.message}`, d]));
      return { errors, deprecations: [...once.values()] };
    },
  };
}
