/**
 * Warnings of a run and `--max-warnings N` (ESLint's convention): the local renderer's notes
 * (content cut from a single page, an image drawn as a placeholder, a font replaced) become
 * warnings on the report's text, anchored at the component they are about as the editor shows
 * them (core/loc/renderNotes.ts); `validate` counts its schema warnings. More than N warnings
 * fails a run that would otherwise succeed, with EXIT.warnings — the files are still written.
 */
import type { RenderNote } from '../core/api/types';
import { anchorNotes, recordNotes } from '../core/loc/renderNotes';
import { CliError, EXIT } from './exitCodes';
import type { ExitCode } from './exitCodes';
import type { Problem } from './output';

/** The render notes of a task as warnings on the text that was sent (every note is a warning in the CLI). */
export function noteProblems(sentText: string, notes: readonly RenderNote[]): Problem[] {
  if (notes.length === 0) return [];
  return anchorNotes(sentText, recordNotes(sentText, notes)).map((a) => ({ ...a.diagnostic, severity: 'warning', renderNote: true }));
}

/** `--max-warnings N`: a whole number ≥ 0, or undefined when not given. */
export function maxWarningsOption(value: string | boolean | undefined): number | undefined {
  if (value === undefined || typeof value === 'boolean') return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n) || n < 0) {
    throw new CliError(`--max-warnings takes a whole number of warnings (0 or more), got "${value}"`);
  }
  return n;
}

/** What a run says about its warnings against the limit (absent: no limit given). */
export interface WarningVerdict {
  count: number;
  limit?: number;
  exceeded: boolean;
}

export function warningVerdict(count: number, limit: number | undefined): WarningVerdict {
  return { count, limit, exceeded: limit !== undefined && count > limit };
}

/** `3 warnings found, more than --max-warnings 0 allows` (an error line: shown with --quiet too). */
export function tooManyWarningsWords(v: WarningVerdict): string {
  return `${v.count} warning${v.count === 1 ? '' : 's'} found, more than --max-warnings ${v.limit} allows`;
}

/** The run's exit code: a failure keeps its own code (it says more); a clean run over the limit exits EXIT.warnings. */
export function exitWithWarnings(exitCode: ExitCode, v: WarningVerdict): ExitCode {
  return exitCode === EXIT.ok && v.exceeded ? EXIT.warnings : exitCode;
}

/** The --json fields of the limit: `max_warnings` and `warnings_exceeded` (null/false without a limit). */
export function warningLimitJson(v: WarningVerdict): { max_warnings: number | null; warnings_exceeded: boolean } {
  return { max_warnings: v.limit ?? null, warnings_exceeded: v.exceeded };
}
