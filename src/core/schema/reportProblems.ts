/**
 * A report's text → its problems on that text, each an error or a warning:
 *
 * - **error** — what the hosted service would reject: JSON syntax, and what the lenient
 *   ("service") validator rejects (lenientSchema.ts);
 * - **warning** — what only the editor's strict schema finds: unknown option names and keys,
 *   unknown icon names, and the older forms the schema marks with `deprecationMessage`
 *   (the service accepts all of them).
 *
 * Pure (no I/O): `report-studio validate` prints these, and the extension shows the same list
 * as the author types (src/extension/diagnostics/schemaDiagnostics.ts), in the author's language
 * (`l10n`). The index is the caller's: the CLI passes the bundled schema's, the extension the
 * index of the schema file it ships.
 */
import { getNodeValue } from 'jsonc-parser';
import { DiagnosticMapper } from '../loc/diagnostics';
import type { SourceDiagnostic } from '../loc/diagnostics';
import { mapSchemaErrors } from '../loc/schemaErrors';
import type { SchemaErrorLike } from '../loc/schemaErrors';
import type { SchemaIndex } from './schemaIndex';
import { ENGLISH, type Translator } from '../l10n';
import type { ReportDeprecation, ReportValidationError } from './validator';

export type Severity = 'error' | 'warning';

export interface ReportProblem extends SourceDiagnostic {
  severity: Severity;
}

/** The diagnostics as problems of one severity (syntax errors, bytes that are not UTF-8, a 422). */
export function withSeverity(diagnostics: readonly SourceDiagnostic[], severity: Severity): ReportProblem[] {
  return diagnostics.map((d) => ({ ...d, severity }));
}

/** Every problem of `text`, errors and warnings in document order (an error first at the same place). */
export function reportProblems(index: SchemaIndex, text: string, l10n: Translator = ENGLISH): ReportProblem[] {
  const mapper = new DiagnosticMapper(text, undefined, undefined, l10n);
  const syntax = mapper.syntaxErrors();
  if (syntax.length > 0) return withSeverity(syntax, 'error');
  const root = mapper.source.parsed.root;
  const body = root ? getNodeValue(root) : undefined;
  const serviceErrors = index.validator('lenient').validate(body);
  const strict = index.validator('strict').check(body);
  // The lenient schema is the strict one with keys taken out (lenientSchema.ts): an error both
  // report has the same instance path, schema path and keyword in each.
  const rejected = new Set(serviceErrors.map(errorKey));
  const editorOnly = strict.errors.filter((e) => !rejected.has(errorKey(e)));
  const errors = withSeverity(mapSchemaErrors(mapper, serviceErrors), 'error');
  const warnings = withSeverity(mapSchemaErrors(mapper, [...editorOnly, ...strict.deprecations.map(asSchemaError)]), 'warning');
  // A value the service rejects needs no second line saying the editor does too (an icon that is
  // a number: the service wants a string, the editor one of its names).
  const errorLocs = new Set(errors.map((d) => JSON.stringify(d.loc)));
  const problems = [...errors, ...warnings.filter((w) => !errorLocs.has(JSON.stringify(w.loc)))];
  return problems.sort(
    (a, b) =>
      a.range.start - b.range.start || a.range.end - b.range.end || Number(a.severity === 'warning') - Number(b.severity === 'warning'),
  );
}

function errorKey(e: ReportValidationError): string {
  return `${e.instancePath}\u0000${e.schemaPath}\u0000${e.keyword}`;
}

function asSchemaError(d: ReportDeprecation): SchemaErrorLike {
  return { instancePath: d.instancePath, keyword: 'deprecated', params: {}, message: d.message };
}
