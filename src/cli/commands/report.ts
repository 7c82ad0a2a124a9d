/**
 * `report-studio build|preview <file> [-o out]`: check the JSON(C) syntax locally,
 * submit, wait with a status line, save the file, print where it went (and the quota
 * left after a build). A 422 comes back as `file:line:col:` lines on the user's text.
 */
import { basename, dirname, join, resolve } from 'node:path';
import type { TaskKind } from '../../core/api/types';
import type { TaskResult } from '../../core/runner/taskRunner';
import { FileWriteError } from '../../core/client/download';
import { expectPositionals } from '../args';
import type { ParsedArgs } from '../args';
import { EXIT } from '../exitCodes';
import type { ExitCode } from '../exitCodes';
import { diagnosticJson, formatBytes, shown } from '../output';
import { formatDuration } from '../../core/duration';
import type { Output } from '../output';
import { outputTarget } from '../outputTarget';
import { ProgressLine } from '../progress';
import { quotaWords } from '../../core/quota/quotaSummary';
import { ONE_RENDER_AT_A_TIME, openSession } from '../session';
import { fileWriteFailure, reportFailure } from './failure';
import type { InvalidUtf8Error } from '../inputFile';
import { pollingOptions, readForSubmit, rejectedWords, submitAndWait, syntaxWords } from '../submitReport';
import type { FileFacts } from '../submitReport';
import { oneLine, printableName } from '../terminalText';
import { exitWithWarnings, maxWarningsOption, tooManyWarningsWords, warningLimitJson, warningVerdict } from '../warnings';

export interface CommandContext {
  args: ParsedArgs;
  out: Output;
  signal: AbortSignal;
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

/** `reports/q3.report.json` → `reports/q3`: what the files made of a report are named after. */
export function reportStem(file: string): string {
  return join(dirname(file), basename(file).replace(/(\.report)?\.jsonc?$/i, ''));
}

/** `reports/q3.report.json` → `reports/q3.pdf` / `reports/q3.preview.jpg`. */
export function defaultOutputPath(file: string, kind: TaskKind): string {
  return `${reportStem(file)}${kind === 'build' ? '.pdf' : '.preview.jpg'}`;
}

export async function runReportCommand(kind: TaskKind, ctx: CommandContext): Promise<ExitCode> {
  const { args, out } = ctx;
  expectPositionals(kind, args.positionals, 1, 1, 'one report file');
  const file = args.positionals[0];
  const maxWarnings = maxWarningsOption(args.options['max-warnings']);
  const io = out.io;
  const read = await readForSubmit(file, io.cwd);
  if ('invalidUtf8' in read) return invalidUtf8(out, kind, file, read.invalidUtf8);
  if ('syntax' in read) {
    out.diagnostics(file, read.syntax);
    out.document({
      ok: false,
      command: kind,
      file,
      error: { kind: 'validation', message: 'JSON syntax errors', details: [] },
      diagnostics: read.syntax.map((d) => diagnosticJson(file, d)),
    });
    out.error(`${printableName(file)}: ${syntaxWords(read.syntax.length)}`);
    return EXIT.validation;
  }
  const outputArg = typeof args.options.output === 'string' ? args.options.output : defaultOutputPath(file, kind);
  // Checked before submitting: a folder given as -o must not cost a build.
  const target = await outputTarget(outputArg, io.cwd, basename(defaultOutputPath(file, kind)), args.options.output === undefined);
  const polling = pollingOptions(args);
  const session = await openSession(args.global, io, ONE_RENDER_AT_A_TIME);
  const progress = ProgressLine.for(io.stderr, `${kind} ${printableName(file)}`, out.quiet || out.json);
  try {
    if (args.options['no-wait']) {
      const submitted = await session.client.submit(kind, read.text, { signal: ctx.signal });
      // The id comes from the server: one line, no escape sequences.
      out.line(oneLine(submitted.task_id));
      out.document({ ok: true, command: kind, file, task_id: submitted.task_id, status: submitted.status, quota: submitted.quota ?? null });
      return EXIT.ok;
    }
    progress.start();
    const done = await submitAndWait(session, read, {
      kind,
      output: target.to === 'stdout' ? { to: 'bytes' } : { to: 'file', path: target.path },
      polling,
      timeoutMs: args.global.timeoutMs,
      signal: ctx.signal,
      onProgress: (p) => progress.update(p),
    });
    progress.stop();
    if ('rejected' in done) {
      out.diagnostics(file, done.diagnostics);
      out.document({
        ok: false,
        command: kind,
        file,
        error: done.rejected.toJSON(),
        diagnostics: done.diagnostics.map((d) => diagnosticJson(file, d)),
      });
      out.error(`${printableName(file)}: ${rejectedWords(done.diagnostics.length)}`);
      return EXIT.validation;
    }
    const { result, facts, notes } = done;
    const verdict = warningVerdict(notes.length, maxWarnings);
    if (target.to === 'stdout' && result.bytes) {
      // stdout is the file: its warnings go to stderr, and there is no document.
      io.stdout.write(result.bytes);
      out.diagnostics(file, notes, 'stderr');
    } else {
      printResult(out, outputArg, result, facts, session.local);
      out.diagnostics(file, notes);
      out.document({
        ...resultJson(kind, file, outputArg, result, facts, io.cwd),
        ok: !verdict.exceeded,
        notes: notes.map((d) => diagnosticJson(file, d)),
        warnings: notes.length,
        ...warningLimitJson(verdict),
      });
    }
    if (verdict.exceeded) out.error(`${printableName(file)}: ${tooManyWarningsWords(verdict)}`);
    return exitWithWarnings(EXIT.ok, verdict);
  } catch (error) {
    progress.stop();
    if (error instanceof FileWriteError) throw fileWriteFailure(error);
    return reportFailure(out, kind, error, { file });
  } finally {
    await session.close();
  }
}

/** `q3.pdf  (2 pages, 34.2 KB, 1.3 s)` and the quota left. */
function printResult(out: Output, outputArg: string, result: TaskResult, facts: FileFacts, local: boolean): void {
  const written = shown(resolve(out.io.cwd, outputArg), out.io.cwd, outputArg);
  const what =
    facts.pages !== undefined
      ? `${facts.pages} page${facts.pages === 1 ? '' : 's'}`
      : facts.width
        ? `${facts.width}×${facts.height}`
        : result.contentType;
  out.line(`${printableName(written)}  (${what}, ${formatBytes(result.size)}, ${formatDuration(result.timings.totalMs)})`);
  if (result.quota) {
    const q = result.quota;
    // The status bar's words (quotaWords), so a build task and the status bar read alike.
    out.info(`Quota left: ${quotaWords(q.singlePageRemaining, q.multiPageRemaining, local)}`);
  }
}

/** The --json document of a finished task (the caller adds its notes). */
function resultJson(
  kind: TaskKind,
  file: string,
  outputArg: string,
  result: TaskResult,
  facts: FileFacts,
  cwd: string,
): Record<string, unknown> {
  return {
    ok: true,
    command: kind,
    file,
    task_id: result.taskId,
    status: 'SUCCESS',
    output: resolve(cwd, outputArg),
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
  };
}
