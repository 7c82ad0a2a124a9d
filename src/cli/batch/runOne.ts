/**
 * One report of a batch: read it, check its JSON(C) syntax locally, submit, wait, save (to a
 * temporary name renamed when complete: core/client/download.ts), read the pages back. Nothing is
 * printed here: the outcome says what happened, batchOutput.ts prints it.
 */
import { performance } from 'node:perf_hooks';
import type { TaskKind } from '../../core/api/types';
import { FileWriteError } from '../../core/client/download';
import { isReportServiceError } from '../../core/client/errors';
import { DiagnosticMapper } from '../../core/loc/diagnostics';
import { longPollSecondsFor } from '../../core/runner/polling';
import type { PollSchedule } from '../../core/runner/polling';
import { runTask } from '../../core/runner/taskRunner';
import { describeFile, readReportFile } from '../commands/report';
import { FAILURE_HINTS } from '../commands/failure';
import { CliError, EXIT, exitCodeForKind } from '../exitCodes';
import { InvalidUtf8Error } from '../inputFile';
import type { Session } from '../session';
import { oneLine, printableName } from '../terminalText';
import type { BatchInput } from './inputs';
import type { ReportOutcome } from './result';

export interface RunOneOptions {
  kind: TaskKind;
  session: Session;
  cwd: string;
  polling: Partial<PollSchedule>;
  timeoutMs?: number;
  signal: AbortSignal;
}

export async function runOne(input: BatchInput, o: RunOneOptions): Promise<ReportOutcome> {
  const t0 = performance.now();
  const base = { file: input.file, output: input.output, diagnostics: [] };
  const done = (rest: Omit<ReportOutcome, keyof typeof base | 'ms'> & Partial<ReportOutcome>): ReportOutcome => ({
    ...base,
    ms: Math.round(performance.now() - t0),
    ...rest,
  });
  let text: string;
  try {
    text = await readReportFile(input.file, o.cwd);
  } catch (error) {
    if (error instanceof InvalidUtf8Error) {
      const message = `${error.message}; nothing was sent`;
      return done({
        state: 'failed',
        exitCode: EXIT.validation,
        error: { kind: 'validation', message },
        diagnostics: [error.diagnostic()],
      });
    }
    if (error instanceof CliError) {
      // Printed after the report's name already: `q3.report.json: cannot read the file: no such file`.
      const message = error.message.replace(`cannot read ${printableName(input.file)}: `, 'cannot read the file: ');
      return done({ state: 'failed', exitCode: error.exitCode, error: { kind: 'usage', message } });
    }
    throw error;
  }
  const mapper = new DiagnosticMapper(text);
  const syntax = mapper.syntaxErrors();
  if (syntax.length > 0) {
    const message = `${syntax.length} JSON syntax error${syntax.length === 1 ? '' : 's'}; nothing was sent`;
    return done({ state: 'failed', exitCode: EXIT.validation, error: { kind: 'validation', message }, diagnostics: syntax });
  }
  try {
    const result = await runTask(o.session.client, {
      kind: o.kind,
      report: text,
      output: { to: 'file', path: input.output },
      polling: o.polling,
      longPollSeconds: longPollSecondsFor(o.session.baseUrl),
      timeoutMs: o.timeoutMs,
      signal: o.signal,
    });
    const facts = await describeFile(result);
    return done({
      state: 'built',
      exitCode: EXIT.ok,
      taskId: result.taskId,
      contentType: result.contentType,
      size: result.size,
      quota: result.quota,
      ...facts,
    });
  } catch (error) {
    if (error instanceof FileWriteError) {
      const why = (error.cause as Error | undefined)?.message ?? error.message;
      return done({ state: 'failed', exitCode: EXIT.usage, error: { kind: 'usage', message: `cannot write the output file: ${why}` } });
    }
    if (!isReportServiceError(error)) throw error;
    if (error.kind === 'validation' && error.details.length > 0) {
      const diagnostics = mapper.fromValidationEntries(error.details);
      const message = `the service rejected the report (${diagnostics.length} error${diagnostics.length === 1 ? '' : 's'})`;
      return done({ state: 'failed', exitCode: EXIT.validation, error: { kind: 'validation', message }, diagnostics });
    }
    const state = error.kind === 'cancelled' ? 'skipped' : 'failed';
    const failure = {
      kind: error.kind,
      message: oneLine(error.message),
      hint: FAILURE_HINTS[error.kind],
      retryAfterMs: error.retryAfterMs,
    };
    return done({ state, exitCode: exitCodeForKind(error.kind), taskId: error.taskId, error: failure });
  }
}
