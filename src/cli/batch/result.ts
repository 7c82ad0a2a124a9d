/** What a batch run knows about each report once it is done, and the run's exit code. */
import type { QuotaHeaders } from '../../core/client/apiClient';
import { EXIT } from '../exitCodes';
import type { ExitCode } from '../exitCodes';
import type { Problem } from '../output';
import { exitWithWarnings, warningVerdict } from '../warnings';
import type { WarningVerdict } from '../warnings';

export interface ReportOutcome {
  /** The report as printed (relative to the working folder when inside it or named by a relative argument). */
  file: string;
  /** Absolute path of the file written (or that would have been). */
  output: string;
  /** The argument the output's place comes from, as typed (BatchInput.outputGiven): how shown() prints `output`. */
  outputGiven: string;
  /** built: the file is written; failed: this report's error; skipped: not sent (quota, Ctrl-C). */
  state: 'built' | 'failed' | 'skipped';
  exitCode: ExitCode;
  ms: number;
  taskId?: string;
  contentType?: string;
  size?: number;
  pages?: number;
  width?: number;
  height?: number;
  quota?: QuotaHeaders;
  /** Why it failed or was skipped, one line. */
  error?: { kind: string; message: string; hint?: string; retryAfterMs?: number };
  /** Problems in the report (JSON syntax, bytes that are not UTF-8, a 422), on the user's text. */
  diagnostics: Problem[];
  /** The render's notes (content cut, an image not drawn, a font replaced): warnings on the user's text. */
  notes: Problem[];
}

/**
 * The exit code of a whole run: the worst of its reports'. Ctrl-C wins (130), then internal
 * errors, then the highest code — a quota or network failure (4, 6) says more about the run than
 * one invalid report (1).
 */
export function worstExitCode(outcomes: readonly ReportOutcome[]): ExitCode {
  const codes = outcomes.map((o) => o.exitCode);
  if (codes.includes(EXIT.cancelled)) return EXIT.cancelled;
  return codes.reduce<ExitCode>((worst, c) => (c > worst ? c : worst), EXIT.ok);
}

/**
 * A run's warnings (its reports' render notes) against --max-warnings and its exit code: one rule
 * for a run and for the shards of one joined by `merge`, which may pass the limit only together.
 */
export function concludeRun(
  outcomes: readonly ReportOutcome[],
  maxWarnings: number | undefined,
): { warnings: WarningVerdict; exitCode: ExitCode } {
  const warnings = warningVerdict(
    outcomes.reduce((n, o) => n + o.notes.length, 0),
    maxWarnings,
  );
  return { warnings, exitCode: exitWithWarnings(worstExitCode(outcomes), warnings) };
}

/** The quota left after the run: the least any build reported (builds finish in any order). */
export function quotaLeft(outcomes: readonly ReportOutcome[]): QuotaHeaders | undefined {
  return leastQuota(outcomes.map((o) => o.quota));
}

/** The least of several quotas seen (also of a run's shards, which shared one quota). */
export function leastQuota(quotas: ReadonlyArray<QuotaHeaders | undefined>): QuotaHeaders | undefined {
  const left = (q: QuotaHeaders): number => (q.singlePageRemaining ?? Infinity) + (q.multiPageRemaining ?? Infinity);
  return quotas
    .filter((q): q is QuotaHeaders => q !== undefined)
    .reduce<QuotaHeaders | undefined>((least, q) => (least === undefined || left(q) < left(least) ? q : least), undefined);
}
