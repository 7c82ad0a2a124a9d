/** Prints a failed command's error (text or --json) and picks the exit code from its kind; names an output file that could not be written. */
import type { FileWriteError } from '../../core/client/download';
import { isReportServiceError } from '../../core/client/errors';
import { CliError, exitCodeForKind } from '../exitCodes';
import type { ExitCode } from '../exitCodes';
import type { Output } from '../output';
import { oneLine, printableName } from '../terminalText';

/** What to do next, per kind: the message says what happened, this says how to fix it. */
export const FAILURE_HINTS: Partial<Record<string, string>> = {
  auth: 'check REPORT_STUDIO_API_KEY (or --api-key) and --base-url',
  payment: 'the subscription of this key is inactive',
  quota: 'wait for the next quota period (see: report-studio quota) or use preview, which is free',
  network: 'check --base-url and the connection, or use --offline',
  timeout: 'the service did not answer in time; try again or raise --timeout',
  rate_limited: 'the service is busy; try again shortly',
};

export function reportFailure(out: Output, command: string, error: unknown, extra: Record<string, unknown> = {}): ExitCode {
  if (!isReportServiceError(error)) throw error;
  const hint = FAILURE_HINTS[error.kind];
  // The message may quote the server (its `detail`): one line, so it cannot forge another.
  out.error(`${command} failed: ${oneLine(error.message)}`, hint ? [`hint: ${hint}`] : []);
  out.document({ ok: false, command, ...extra, error: error.toJSON() });
  return exitCodeForKind(error.kind);
}

/** The output file could not be written: the user's to fix, named as every printed file is. */
export function fileWriteFailure(error: FileWriteError): CliError {
  const why = (error.cause as Error | undefined)?.message ?? error.message;
  return new CliError(`cannot write ${printableName(error.path)}: ${why}`);
}
