/**
 * Quick fixes for report documents (pure; the extension's code action provider is the only
 * VS Code-facing user). Typical use:
 *
 *   const problem = problemFromEntry(new SourceText(text), entry);   // a 422 entry, or
 *   const problems = problemsFromValidation(text, 'strict');          // the editor's schema errors
 *   const fixes = computeFixes(text, problem);                         // → [{title, edit, preferred}]
 */
import type { SourceRange } from '../loc/locToRange';
import type { FixableProblem } from './problems';

export { computeFixes } from './computeFixes';
export type { FixKind, FixOptions, QuickFix } from './computeFixes';
export { problemFromEntry, problemFromSchemaError, problemsFromValidation, validationModeOf } from './problems';
export type { FixableProblem, ProblemKind } from './problems';
export { detectFormatting } from './textEdits';
export type { FormattingOptions, TextEdit } from './textEdits';

/**
 * Whether a diagnostic shown at `range` (by the editor's JSON service or a 422) is about
 * `problem`: the ranges overlap, or — for a missing field — the diagnostic sits at the
 * opening brace of the object that lacks it (where the JSON service puts it).
 */
export function problemMatchesRange(problem: FixableProblem, range: SourceRange): boolean {
  const a = problem.range;
  const overlaps =
    a.start === a.end || range.start === range.end
      ? a.start <= range.end && range.start <= a.end
      : a.start < range.end && range.start < a.end;
  if (overlaps) return true;
  return (problem.kind === 'missing' || problem.kind === 'missing-tag') && range.start === problem.nodeRange.start;
}
