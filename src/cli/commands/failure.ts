/** Prints a failed command's error (text or --json) and picks the exit code from its kind. */
import { isReportServiceError } from '../../core/client/errors';
import { exitCodeForKind } from '../exitCodes';
import type { ExitCode } from '../exitCodes';
import type { Output } from '../output';
import { oneLine } from '../terminalText';

/** What to do next, per kind: the message says what happened, this says how to fix it. */
const HINTS: Partial<Record<string, string>> = {
  auth: 'check REPORT_STUDIO_API_KEY (or --api-key) and --base-url',
  payment: 'the subscription of this key is inactive',
  quota: 'wait for the next quota period (see: report-studio quota) or use preview, which is free',
  network: 'check --base-url and the connection, or use --offline',
  timeout: 'the service did not answer in time; try again or raise --timeout',
  rate_limited: 'the service is busy; try again shortly',
};

export function reportFailure(out: Output, command: string, error: unknown, extra: Record<string, unknown> = {}): ExitCode {
  if (!isReportServiceError(error)) throw error;
  const hint = HINTS[error.kind];
  // The message may quote the server (its `detail`): one line, so it cannot forge another.
  out.error(`${command} failed: ${oneLine(error.message)}${hint ? `\n  hint: ${hint}` : ''}`);
  out.document({ ok: false, command, ...extra, error: error.toJSON() });
  return exitCodeForKind(error.kind);
}
