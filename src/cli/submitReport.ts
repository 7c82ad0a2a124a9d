/**
 * The steps one report takes on its way to the service, for `build|preview <file>` and for each
 * report of a batch alike: read it, check its JSON(C) syntax locally (nothing is sent while it is
 * broken), submit, wait, save, read the saved file back; a 422 comes back as problems on the
 * user's text. Nothing is printed here: each command says what happened in its own form.
 */
import { readFile, stat } from 'node:fs/promises';
import type { TaskKind } from '../core/api/types';
import { isReportServiceError } from '../core/client/errors';
import type { ReportServiceError } from '../core/client/errors';
import { DiagnosticMapper } from '../core/loc/diagnostics';
import { jpegSize, pdfPageCount } from '../core/runner/fileInfo';
import { longPollSecondsFor } from '../core/runner/polling';
import type { PollSchedule } from '../core/runner/polling';
import { runTask } from '../core/runner/taskRunner';
import type { RunTaskOptions, TaskResult } from '../core/runner/taskRunner';
import { millis } from './args';
import type { ParsedArgs } from './args';
import { InvalidUtf8Error, readReportInput } from './inputFile';
import type { Problem } from './output';
import type { Session } from './session';
import { noteProblems } from './warnings';

/** The report's text, ready to send; or why it is not sent (an unreadable file throws a CliError). */
export type ReadReport = { text: string; mapper: DiagnosticMapper } | { invalidUtf8: InvalidUtf8Error } | { syntax: Problem[] };

export async function readForSubmit(file: string, cwd: string): Promise<ReadReport> {
  let text: string;
  try {
    text = await readReportInput(file, cwd);
  } catch (error) {
    if (error instanceof InvalidUtf8Error) return { invalidUtf8: error };
    throw error;
  }
  const mapper = new DiagnosticMapper(text);
  const syntax = mapper.syntaxErrors();
  return syntax.length > 0 ? { syntax } : { text, mapper };
}

export interface FileFacts {
  pages?: number;
  width?: number;
  height?: number;
}

/**
 * The task done, its file read back and the render's notes as warnings on the report's text;
 * or the service's 422 as problems on that text.
 */
export type Submitted =
  { result: TaskResult; facts: FileFacts; notes: Problem[] } | { rejected: ReportServiceError; diagnostics: Problem[] };

export interface SubmitOptions extends Pick<RunTaskOptions, 'output' | 'timeoutMs' | 'signal' | 'onProgress'> {
  kind: TaskKind;
  polling: Partial<PollSchedule>;
}

/** Submits, waits and saves; every other failure (network, quota, a failed task, a file write) is thrown. */
export async function submitAndWait(
  session: Session,
  report: { text: string; mapper: DiagnosticMapper },
  o: SubmitOptions,
): Promise<Submitted> {
  try {
    const result = await runTask(session.client, {
      ...o,
      report: report.text,
      longPollSeconds: longPollSecondsFor(session.baseUrl),
    });
    return { result, facts: await describeFile(result), notes: noteProblems(report.text, result.notes) };
  } catch (error) {
    if (isReportServiceError(error) && error.kind === 'validation' && error.details.length > 0) {
      return { rejected: error, diagnostics: report.mapper.fromValidationEntries(error.details) };
    }
    throw error;
  }
}

/** `--poll-initial-ms` and `--poll-max-ms`, where given. */
export function pollingOptions(args: ParsedArgs): Partial<PollSchedule> {
  const given = {
    initialDelayMs: millis('--poll-initial-ms', args.options['poll-initial-ms']),
    maxDelayMs: millis('--poll-max-ms', args.options['poll-max-ms']),
  };
  return Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined));
}

/** "the service rejected the report (3 errors)" — after the report's name, or as its outcome. */
export function rejectedWords(count: number): string {
  return `the service rejected the report (${count} error${count === 1 ? '' : 's'})`;
}

/** "2 JSON syntax errors; nothing was sent". */
export function syntaxWords(count: number): string {
  return `${count} JSON syntax error${count === 1 ? '' : 's'}; nothing was sent`;
}

/** Pages or size, read back from the saved file — only a regular file: a FIFO or a device cannot be read back. */
async function describeFile(result: TaskResult): Promise<FileFacts> {
  const savedFile = result.path !== undefined && (await stat(result.path).catch(() => undefined))?.isFile() === true;
  const bytes = result.bytes ?? (savedFile ? new Uint8Array(await readFile(result.path!)) : undefined);
  if (!bytes) return {};
  if (result.contentType === 'application/pdf') return { pages: pdfPageCount(bytes) };
  return jpegSize(bytes) ?? {};
}
