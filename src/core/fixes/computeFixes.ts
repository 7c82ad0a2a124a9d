/**
 * Quick fixes for one problem of a report text: candidates from the builder for its kind,
 * each re-validated (verify.ts) so only repairs are offered, at most four, and "preferred"
 * (what VS Code's Auto Fix applies) only when exactly one survives as the obvious choice.
 * Pure: text in, edits out — the extension turns them into a WorkspaceEdit.
 */
import { SourceText } from '../loc/locToRange';
import type { SchemaIndex } from '../schema/schemaIndex';
import type { Candidate, FixContext, FixKind } from './candidate';
import { validationModeOf } from './problems';
import type { FixableProblem } from './problems';
import { missingFixes, missingTagFixes, unknownKeyFixes } from './structureFixes';
import { detectFormatting, minimalEdit } from './textEdits';
import type { FormattingOptions, TextEdit } from './textEdits';
import { boundFixes, enumFixes, typeFixes, unknownTagFixes } from './valueFixes';
import { errorsInScope, repairs } from './verify';
import { ENGLISH, type Translator } from '../l10n';

export type { FixKind } from './candidate';

export interface QuickFix {
  title: string;
  kind: FixKind;
  preferred: boolean;
  /** One minimal edit against the text the fix was computed for. */
  edit: TextEdit;
  /**
   * The same edit in VS Code snippet syntax, the inserted value a tab stop (`${1:number}`,
   * `"${1:Title}"`), for editors that insert snippets; `edit` is what it expands to otherwise.
   */
  snippet?: TextEdit;
}

export interface FixOptions {
  /** The editor's indentation; detected from the text when absent. */
  formatting?: Partial<FormattingOptions>;
  /** Re-validate each candidate (default true; tests of the builders turn it off). */
  verify?: boolean;
  /** At most this many fixes (default 4). */
  limit?: number;
  /** The language of the titles (core/l10n.ts); English without it. */
  l10n?: Translator;
}

const BUILDERS: Record<FixableProblem['kind'], (ctx: FixContext) => Candidate[]> = {
  missing: missingFixes,
  'missing-tag': missingTagFixes,
  'unknown-key': unknownKeyFixes,
  'unknown-tag': unknownTagFixes,
  enum: enumFixes,
  type: typeFixes,
  bound: boundFixes,
};

/** The fixes for `problem`, which must have been derived from this same `text` (against `schema`). */
export function computeFixes(schema: SchemaIndex, text: string, problem: FixableProblem, options: FixOptions = {}): QuickFix[] {
  const source = new SourceText(text);
  const root = source.parsed.root;
  // Half-typed JSON: edits computed on a broken tree could land anywhere.
  if (!root || source.parsed.errors.length > 0) return [];
  const formatting = { ...detectFormatting(text), ...options.formatting };
  const ctx: FixContext = { text, source, root, problem, formatting, schema, l10n: options.l10n ?? ENGLISH };
  let candidates = BUILDERS[problem.kind](ctx).filter((c) => c.fixedText !== text);
  if (options.verify !== false) {
    const mode = validationModeOf(problem);
    const before = new Map<string, Set<string> | undefined>();
    candidates = candidates.filter((c) => {
      const key = `${JSON.stringify(c.scope.path)} ${c.scope.deep}`;
      if (!before.has(key)) before.set(key, errorsInScope(schema, text, mode, c.scope));
      return repairs(schema, before.get(key), c.fixedText, mode, c.scope);
    });
  }
  candidates = dedupe(candidates).slice(0, options.limit ?? 4);
  const preferredCount = candidates.filter((c) => c.preferred).length;
  return candidates.map((c) => ({
    title: c.title,
    kind: c.kind,
    preferred: c.preferred && preferredCount === 1,
    edit: minimalEdit(text, c.fixedText),
    ...(c.snippet ? { snippet: c.snippet } : {}),
  }));
}

/** Two candidates producing the same text (e.g. a rename offered twice) are one fix. */
function dedupe(candidates: Candidate[]): Candidate[] {
  const seen = new Set<string>();
  return candidates.filter((c) => {
    if (seen.has(c.fixedText)) return false;
    seen.add(c.fixedText);
    return true;
  });
}
