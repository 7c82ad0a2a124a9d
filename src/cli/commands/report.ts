/**
 * `report-studio build|preview <file> [-o out]`: check the JSON(C) syntax locally,
 * submit, wait with a status line, save the file, print where it went (and the quota
 * left after a build). A 422 comes back as `file:line:col:` lines on the user's text.
 */
import { readFile, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { TaskKind } from '../../core/api/types';
import { isReportServiceError } from '../../core/client/errors';
import { DiagnosticMapper } from '../../core/loc/diagnostics';
import { jpegSize, pdfPageCount } from '../../core/runner/fileInfo';
import { runTask } from '../../core/runner/taskRunner';
import { longPollSecondsFor } from '../../core/runner/polling';
import type { TaskResult } from '../../core/runner/taskRunner';
import { FileWriteError } from '../../core/client/download';
import { expectPositionals, millis } from '../args';
import type { ParsedArgs } from '../args';
import { EXIT } from '../exitCodes';
import type { ExitCode } from '../exitCodes';
import { diagnosticJson, formatBytes, formatMs, shown } from '../output';
import type { Output } from '../output';
import { outputTarget } from '../outputTarget';
import { ProgressLine } from '../progress';
import { quotaWords } from '../../core/quota/quotaSummary';
import { openSession } from '../session';
import { fileWriteFailure, reportFailure } from './failure';
import { InvalidUtf8Error, readReportInput } from '../inputFile';
import { oneLine, printableName } from '../terminalText';

export interface CommandContext {
  args: ParsedArgs;
  out: Output;
  signal: AbortSignal;
}

/**
 * Reads a report file (inputFile.ts): a file that is not a regular file, too large or
 * unreadable is a usage error naming the file; bytes that are not UTF-8 throw InvalidUtf8Error.
 */
export function readReportFile(file: string, cwd: string): Promise<string> {
  return readReportInput(file, cwd);
}

/** Bytes that are not UTF-8: one problem line at the byte, exit 1, nothing sent. */
function invalidUtf8(out: Output, kind: TaskKind, file: string, error: InvalidUtf8Error): ExitCode {
  const d = error.diagnostic();
  out.diagnostics(file, [d]);
  out.document({
    ok: false,
    command: kind,
    file,
    error: { kind: 'validation', message: error.message, details: [] },
    diagnostics: [diagnosticJson(file, d)],
  });
  out.error(`${error.message}; nothing was sent`);
  return EXIT.validation;
}

/** `reports/q3.report.json` → `reports/q3.pdf` / `reports/q3.preview.jpg`. */
export function defaultOutputPath(file: string, kind: TaskKind): string {
  const stem = basename(file).replace(/(\.report)?\.jsonc?$/i, '');
  return join(dirname(file), kind === 'build' ? `${stem}.pdf` : `${stem}.preview.jpg`);
}

export async function runReportCommand(kind: TaskKind, ctx: CommandContext): Promise<ExitCode> {
  const { args, out } = ctx;
  expectPositionals(kind, args.positionals, 1, 1, 'one report file');
  const file = args.positionals[0];
  const io = out.io;
  let text: string;
  try {
    text = await readReportFile(file, io.cwd);
  } catch (error) {
    if (error instanceof InvalidUtf8Error) return invalidUtf8(out, kind, file, error);
    throw error;
  }
  const mapper = new DiagnosticMapper(text);
  const syntax = mapper.syntaxErrors();
  if (syntax.length > 0) {
    out.diagnostics(file, syntax);
    out.document({
      ok: false,
      command: kind,
      file,
      error: { kind: 'validation', message: 'JSON syntax errors', details: [] },
      diagnostics: syntax.map((d) => diagnosticJson(file, d)),
    });
    out.error(`${printableName(file)}: ${syntax.length} JSON syntax error${syntax.length === 1 ? '' : 's'}; nothing was sent`);
    return EXIT.validation;
  }
  const outputArg = typeof args.options.output === 'string' ? args.options.output : defaultOutputPath(file, kind);
  // Checked before submitting: a folder given as -o must not cost a build.
  const target = await outputTarget(outputArg, io.cwd, basename(defaultOutputPath(file, kind)));
  const polling = {
    initialDelayMs: millis('--poll-initial-ms', args.options['poll-initial-ms']),
    maxDelayMs: millis('--poll-max-ms', args.options['poll-max-ms']),
  };
  const session = await openSession(args.global, io);
  const progress = ProgressLine.for(io.stderr, `${kind} ${printableName(file)}`, out.quiet || out.json);
  try {
    if (args.options['no-wait']) {
      const submitted = await session.client.submit(kind, text, { signal: ctx.signal });
      // The id comes from the server: one line, no escape sequences.
      out.line(oneLine(submitted.task_id));
      out.document({ ok: true, command: kind, file, task_id: submitted.task_id, status: submitted.status, quota: submitted.quota ?? null });
      return EXIT.ok;
    }
    progress.start();
    const result = await runTask(session.client, {
      kind,
      report: text,
      output: target.to === 'stdout' ? { to: 'bytes' } : { to: 'file', path: target.path },
      polling: Object.fromEntries(Object.entries(polling).filter(([, v]) => v !== undefined)),
      longPollSeconds: longPollSecondsFor(session.baseUrl),
      timeoutMs: args.global.timeoutMs,
      signal: ctx.signal,
      onProgress: (p) => progress.update(p),
    });
    progress.stop();
    const info = await describeFile(result);
    if (target.to === 'stdout' && result.bytes) io.stdout.write(result.bytes);
    else printResult(out, kind, file, outputArg, result, info, session.local);
    return EXIT.ok;
  } catch (error) {
    progress.stop();
    if (error instanceof FileWriteError) throw fileWriteFailure(error);
    if (isReportServiceError(error) && error.kind === 'validation' && error.details.length > 0) {
      const diagnostics = mapper.fromValidationEntries(error.details);
      out.diagnostics(file, diagnostics);
      out.document({ ok: false, command: kind, file, error: error.toJSON(), diagnostics: diagnostics.map((d) => diagnosticJson(file, d)) });
      out.error(
        `${printableName(file)}: the service rejected the report (${diagnostics.length} error${diagnostics.length === 1 ? '' : 's'})`,
      );
      return EXIT.validation;
    }
    return reportFailure(out, kind, error, { file });
  } finally {
    await session.close();
  }
}

export interface FileFacts {
  pages?: number;
  width?: number;
  height?: number;
}

/** Pages or size, read back from the saved file — only a regular file: a FIFO or a device cannot be read back. */
export async function describeFile(result: TaskResult): Promise<FileFacts> {
  const savedFile = result.path !== undefined && (await stat(result.path).catch(() => undefined))?.isFile() === true;
  const bytes = result.bytes ?? (savedFile ? new Uint8Array(await readFile(result.path!)) : undefined);
  if (!bytes) return {};
  if (result.contentType === 'application/pdf') return { pages: pdfPageCount(bytes) };
  return jpegSize(bytes) ?? {};
}

function printResult(
  out: Output,
  kind: TaskKind,
  file: string,
  outputArg: string,
  result: TaskResult,
  facts: FileFacts,
  local: boolean,
): void {
  const written = shown(resolve(out.io.cwd, outputArg), out.io.cwd);
  const what =
    facts.pages !== undefined
      ? `${facts.pages} page${facts.pages === 1 ? '' : 's'}`
      : facts.width
        ? `${facts.width}×${facts.height}`
        : result.contentType;
  out.line(`${printableName(written)}  (${what}, ${formatBytes(result.size)}, ${formatMs(result.timings.totalMs)})`);
  if (result.quota) {
    const q = result.quota;
    // The status bar's words (quotaWords), so a build task and the status bar read alike.
    out.info(`Quota left: ${quotaWords(q.singlePageRemaining, q.multiPageRemaining, local)}`);
  }
  out.document({
    ok: true,
    command: kind,
    file,
    task_id: result.taskId,
    status: 'SUCCESS',
    output: resolve(out.io.cwd, outputArg),
    content_type: result.contentType,
    size: result.size,
    pages: facts.pages ?? null,
    width: facts.width ?? null,
    height: facts.height ?? null,
    quota: result.quota
      ? { single_page_remaining: result.quota.singlePageRemaining, multi_page_remaining: result.quota.multiPageRemaining }
      : null,
    polls: result.polls,
    timings_ms: result.timings,
  });
}
