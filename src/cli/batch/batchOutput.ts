/**
 * What a batch prints: one line per report as it finishes (stdout: the file written, pages, time;
 * a failure on stderr naming the report, its problems as `file:line:col:` lines or workflow
 * commands), then a summary and the quota left (stderr); with --json one document instead. The
 * step summary (GitHub) and the JUnit XML are in batchReports.ts.
 */
import { relative, resolve } from 'node:path';
import type { TaskKind } from '../../core/api/types';
import type { QuotaHeaders } from '../../core/client/apiClient';
import { quotaWords } from '../../core/quota/quotaSummary';
import { workflowCommand, workspacePath } from '../githubFormat';
import { diagnosticJson, formatBytes, printable } from '../output';
import { formatDuration } from '../../core/duration';
import type { Output, Problem } from '../output';
import { EXIT } from '../exitCodes';
import type { ExitCode } from '../exitCodes';
import { printableName } from '../terminalText';
import { shown } from '../output';
import type { ReportOutcome } from './result';
import { tooManyWarningsWords, warningLimitJson, warningVerdict } from '../warnings';
import type { WarningVerdict } from '../warnings';
import { shardName } from './shard';
import type { Shard } from './shard';

export interface BatchSummary {
  kind: TaskKind;
  jobs: number;
  ms: number;
  exitCode: ExitCode;
  outcomes: readonly ReportOutcome[];
  quota?: QuotaHeaders;
  /** The run used the local service: its quota reads "(local)", as in the status bar. */
  local: boolean;
  /** The reports' render notes against --max-warnings. */
  warnings: WarningVerdict;
  /** This machine's part of a run split with --shard i/n. */
  shard?: Shard;
}

export const plural = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** `2 pages`, `595×841` or the content type: what the file holds. */
export function whatWasWritten(o: ReportOutcome): string {
  if (o.pages !== undefined) return plural(o.pages, 'page');
  if (o.width !== undefined) return `${o.width}×${o.height}`;
  return o.contentType ?? '';
}

/** The line (or lines) of one finished report. */
export function printOutcome(out: Output, o: ReportOutcome): void {
  if (out.json) return;
  const output = shown(o.output, out.io.cwd, o.outputGiven);
  if (o.state === 'built') {
    out.line(
      `${printableName(o.file)} → ${printableName(output)}  (${whatWasWritten(o)}, ${formatBytes(o.size ?? 0)}, ${formatDuration(o.ms)})`,
    );
    out.diagnostics(o.file, o.notes);
    return;
  }
  out.diagnostics(o.file, o.diagnostics);
  const message = `${printableName(o.file)}: ${o.error?.message ?? 'failed'}`;
  if (out.format === 'github' && o.diagnostics.length === 0) {
    // A failure without a line to point at is still an annotation, on the file.
    const file = printable(printableName(workspacePath(o.file, out.io.cwd, out.io.env.GITHUB_WORKSPACE)));
    out.io.stdout.write(`${workflowCommand('error', { file, title: `report-studio: ${o.error?.kind ?? 'error'}` }, printable(message))}\n`);
  }
  out.error(message, o.error?.hint ? [`hint: ${o.error.hint}`] : []);
}

export function counts(outcomes: readonly ReportOutcome[]): { built: number; failed: number; skipped: number } {
  const n = (state: ReportOutcome['state']): number => outcomes.filter((o) => o.state === state).length;
  return { built: n('built'), failed: n('failed'), skipped: n('skipped') };
}

/** `5 reports in 3.2 s (4 jobs): 4 built, 1 failed` and the quota left, on stderr. */
export function printSummary(out: Output, s: BatchSummary): void {
  const c = counts(s.outcomes);
  const w = s.warnings.count;
  const parts = [
    `${c.built} built`,
    c.failed ? `${c.failed} failed` : '',
    c.skipped ? `${c.skipped} not sent` : '',
    w ? plural(w, 'warning') : '',
  ].filter(Boolean);
  const shard = s.shard ? `, shard ${shardName(s.shard)}` : '';
  out.info(`${plural(s.outcomes.length, 'report')} in ${formatDuration(s.ms)} (${plural(s.jobs, 'job')}${shard}): ${parts.join(', ')}`);
  if (s.quota) {
    out.info(`Quota left: ${quotaWords(s.quota.singlePageRemaining, s.quota.multiPageRemaining, s.local)}`);
  }
  if (s.warnings.exceeded) out.error(tooManyWarningsWords(s.warnings));
  out.document(batchJson(s, out.io.cwd));
}

/** A report's problem in a --json document: diagnosticJson's form. */
type DiagnosticJson = ReturnType<typeof diagnosticJson>;

/** One report in the --json document of a batch. */
interface BatchReportJson {
  file: string;
  ok: boolean;
  state: ReportOutcome['state'];
  exit_code: number;
  output: string;
  output_relative: string;
  task_id: string | null;
  content_type: string | null;
  size: number | null;
  pages: number | null;
  width: number | null;
  height: number | null;
  ms: number;
  error: { kind: string; message: string } | null;
  diagnostics: DiagnosticJson[];
  /** The render notes, as warnings (src/cli/warnings.ts). */
  notes: DiagnosticJson[];
}

/** The --json document of a batch (docs/cli.md, _Batch builds_). */
interface BatchJson {
  ok: boolean;
  command: TaskKind;
  exit_code: number;
  jobs: number;
  shard: Shard | null;
  local: boolean;
  summary: { reports: number; built: number; failed: number; skipped: number; warnings: number; ms: number };
  max_warnings: number | null;
  warnings_exceeded: boolean;
  quota: { single_page_remaining: number | null; multi_page_remaining: number | null } | null;
  reports: BatchReportJson[];
}

function batchJson(s: BatchSummary, cwd: string): BatchJson {
  const c = counts(s.outcomes);
  return {
    ok: s.exitCode === 0,
    command: s.kind,
    exit_code: s.exitCode,
    jobs: s.jobs,
    shard: s.shard ? { index: s.shard.index, total: s.shard.total } : null,
    local: s.local,
    summary: { reports: s.outcomes.length, ...c, warnings: s.warnings.count, ms: s.ms },
    ...warningLimitJson(s.warnings),
    quota: s.quota ? { single_page_remaining: s.quota.singlePageRemaining, multi_page_remaining: s.quota.multiPageRemaining } : null,
    reports: s.outcomes.map((o) => ({
      file: o.file,
      ok: o.state === 'built',
      state: o.state,
      exit_code: o.exitCode,
      output: o.output,
      output_relative: relative(cwd, o.output),
      task_id: o.taskId ?? null,
      content_type: o.contentType ?? null,
      size: o.size ?? null,
      pages: o.pages ?? null,
      width: o.width ?? null,
      height: o.height ?? null,
      ms: o.ms,
      error: o.error ? { kind: o.error.kind, message: o.error.message } : null,
      diagnostics: o.diagnostics.map((d) => diagnosticJson(o.file, d)),
      notes: o.notes.map((d) => diagnosticJson(o.file, d)),
    })),
  };
}

/** A --json document that is not one batchJson writes: what is wrong, where. */
export class BatchJsonError extends Error {}

/**
 * The inverse of batchJson: the run a --json document describes, for `merge`. Outputs are read
 * relative to `cwd` (output_relative), so documents made on other machines name files here.
 * Hints, quota headers per build and diagnostics' text offsets are not in the document.
 */
export function batchFromJson(value: unknown, cwd: string): BatchSummary {
  const doc = record(value, 'the document');
  const kind = oneOf(doc.command, ['build', 'preview'] as const, 'command');
  const shard = doc.shard === null || doc.shard === undefined ? undefined : shardJson(doc.shard);
  const quota = doc.quota === null ? undefined : record(doc.quota, 'quota');
  if (!Array.isArray(doc.reports)) throw new BatchJsonError('it has no "reports" list');
  const outcomes = doc.reports.map((r, i) => outcomeFromJson(r, `reports[${i}]`, cwd));
  const limit = countOrNull(doc.max_warnings ?? null, 'max_warnings') ?? undefined;
  return {
    kind,
    jobs: count(doc.jobs, 'jobs'),
    ms: count(record(doc.summary, 'summary').ms, 'summary.ms'),
    exitCode: exitCode(doc.exit_code, 'exit_code'),
    outcomes,
    warnings: warningVerdict(
      outcomes.reduce((n, o) => n + o.notes.length, 0),
      limit,
    ),
    quota: quota && {
      singlePageRemaining: countOrNull(quota.single_page_remaining, 'quota.single_page_remaining'),
      multiPageRemaining: countOrNull(quota.multi_page_remaining, 'quota.multi_page_remaining'),
    },
    local: doc.local === true,
    shard,
  };
}

function outcomeFromJson(value: unknown, at: string, cwd: string): ReportOutcome {
  const r = record(value, at);
  const file = text(r.file, `${at}.file`);
  const error = r.error === null ? undefined : record(r.error, `${at}.error`);
  const optional = (key: string): number | undefined => countOrNull(r[key], `${at}.${key}`) ?? undefined;
  return {
    file,
    output: resolve(cwd, text(r.output_relative, `${at}.output_relative`)),
    // The documents name outputs relative to the folder each shard ran in: so does merge.
    outputGiven: text(r.output_relative, `${at}.output_relative`),
    state: oneOf(r.state, ['built', 'failed', 'skipped'] as const, `${at}.state`),
    exitCode: exitCode(r.exit_code, `${at}.exit_code`),
    ms: count(r.ms, `${at}.ms`),
    taskId: r.task_id === null ? undefined : text(r.task_id, `${at}.task_id`),
    contentType: r.content_type === null ? undefined : text(r.content_type, `${at}.content_type`),
    size: optional('size'),
    pages: optional('pages'),
    width: optional('width'),
    height: optional('height'),
    error: error && { kind: text(error.kind, `${at}.error.kind`), message: text(error.message, `${at}.error.message`) },
    diagnostics: problemsFromJson(r.diagnostics, `${at}.diagnostics`),
    // A render note is a warning printed `message (kind)`.
    notes: problemsFromJson(r.notes ?? [], `${at}.notes`).map((d) => ({ ...d, renderNote: true })),
  };
}

function problemsFromJson(value: unknown, at: string): Problem[] {
  return (Array.isArray(value) ? value : fail(`${at} is not a list`)).map((d, j) => problemFromJson(d, `${at}[${j}]`));
}

/** diagnosticJson's inverse (1-based back to 0-based); the text offsets are not in the document and print nowhere. */
function problemFromJson(value: unknown, at: string): Problem {
  const d = record(value, at);
  const position = (line: string, column: string): { line: number; character: number } => ({
    line: count(d[line], `${at}.${line}`) - 1,
    character: count(d[column], `${at}.${column}`) - 1,
  });
  return {
    range: { start: 0, end: 0 },
    start: position('line', 'column'),
    end: position('endLine', 'endColumn'),
    severity: oneOf(d.severity, ['error', 'warning'] as const, `${at}.severity`),
    message: text(d.message, `${at}.message`),
    type: text(d.type, `${at}.type`),
    path: text(d.path, `${at}.path`),
    loc: Array.isArray(d.loc) ? (d.loc as Problem['loc']) : fail(`${at}.loc is not a list`),
    exact: d.exact === true,
  };
}

function shardJson(value: unknown): Shard {
  const s = record(value, 'shard');
  const shard = { index: count(s.index, 'shard.index'), total: count(s.total, 'shard.total') };
  if (shard.index < 1 || shard.index > shard.total) fail(`shard ${shardName(shard)} is not a shard`);
  return shard;
}

function fail(message: string): never {
  throw new BatchJsonError(message);
}

function record(value: unknown, at: string): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : fail(`${at} is not an object`);
}

function text(value: unknown, at: string): string {
  return typeof value === 'string' ? value : fail(`${at} is not a string`);
}

function count(value: unknown, at: string): number {
  return Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : fail(`${at} is not a whole number`);
}

function countOrNull(value: unknown, at: string): number | null {
  return value === null ? null : count(value, at);
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], at: string): T {
  return (allowed as readonly unknown[]).includes(value) ? (value as T) : fail(`${at} is not ${allowed.join(' or ')}`);
}

function exitCode(value: unknown, at: string): ExitCode {
  return (Object.values(EXIT) as unknown[]).includes(value) ? (value as ExitCode) : fail(`${at} is not an exit code of report-studio`);
}
