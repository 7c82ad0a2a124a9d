/**
 * One report of a batch: read it, check its JSON(C) syntax locally, submit, wait, save (to a
 * temporary name renamed when complete: core/client/download.ts), read the pages back. Nothing is
 * printed here: the outcome says what happened, batchOutput.ts prints it.
 */
import { performance } from 'node:perf_hooks';
import type { TaskKind } from '../../core/api/types';
import { FileWriteError } from '../../core/client/download';
import { isReportServiceError } from '../../core/client/errors';
import type { PollSchedule } from '../../core/runner/polling';
import { FAILURE_HINTS } from '../commands/failure';
import { EXIT, exitCodeForKind } from '../exitCodes';
import { UnreadableFileError } from '../inputFile';
import type { Session } from '../session';
import { readForSubmit, rejectedWords, submitAndWait, syntaxWords } from '../submitReport';
import type { ReadReport } from '../submitReport';
import { oneLine } from '../terminalText';
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
  const base = { file: input.file, output: input.output, outputGiven: input.outputGiven, diagnostics: [], notes: [] };
  const done = (rest: Omit<ReportOutcome, keyof typeof base | 'ms'> & Partial<ReportOutcome>): ReportOutcome => ({
    ...base,
    ms: Math.round(performance.now() - t0),
    ...rest,
  });
  let read: ReadReport;
  try {
    read = await readForSubmit(input.file, o.cwd);
  } catch (error) {
    // Printed after the report's name already: `q3.report.json: cannot read the file: no such file`.
    if (error instanceof UnreadableFileError) {
      const message = `cannot read the file: ${error.reason}`;
      return done({ state: 'failed', exitCode: error.exitCode, error: { kind: 'usage', message } });
    }
    throw error;
  }
  if ('invalidUtf8' in read) {
    const message = `${read.invalidUtf8.message}; nothing was sent`;
    return done({
      state: 'failed',
      exitCode: EXIT.validation,
      error: { kind: 'validation', message },
      diagnostics: [read.invalidUtf8.diagnostic()],
    });
  }
  if ('syntax' in read) {
    const message = syntaxWords(read.syntax.length);
    return done({ state: 'failed', exitCode: EXIT.validation, error: { kind: 'validation', message }, diagnostics: read.syntax });
  }
  try {
    const submitted = await submitAndWait(o.session, read, {
      kind: o.kind,
      output: { to: 'file', path: input.output },
      polling: o.polling,
      timeoutMs: o.timeoutMs,
      signal: o.signal,
    });
    if ('rejected' in submitted) {
      const { diagnostics } = submitted;
      const message = rejectedWords(diagnostics.length);
      return done({ state: 'failed', exitCode: EXIT.validation, error: { kind: 'validation', message }, diagnostics });
    }
    const { result, facts, notes } = submitted;
    return done({
      state: 'built',
      exitCode: EXIT.ok,
      notes,
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
