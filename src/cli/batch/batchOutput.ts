/**
 * What a batch prints: one line per report as it finishes (stdout: the file written, pages, time;
 * a failure on stderr naming the report, its problems as `file:line:col:` lines or workflow
 * commands), then a summary and the quota left (stderr); with --json one document instead. The
 * step summary (GitHub) and the JUnit XML are in batchReports.ts.
 */
import { relative } from 'node:path';
import type { TaskKind } from '../../core/api/types';
import type { QuotaHeaders } from '../../core/client/apiClient';
import { quotaWords } from '../../core/quota/quotaSummary';
import { workflowCommand, workspacePath } from '../githubFormat';
import { diagnosticJson, formatBytes, formatMs, printable } from '../output';
import type { Output } from '../output';
import { printableName } from '../terminalText';
import { shown } from '../output';
import type { ReportOutcome } from './result';
import { tooManyWarningsWords, warningLimitJson } from '../warnings';
import type { WarningVerdict } from '../warnings';

export interface BatchSummary {
  kind: TaskKind;
  jobs: number;
  ms: number;
  exitCode: number;
  outcomes: readonly ReportOutcome[];
  quota?: QuotaHeaders;
  /** The run used the local service: its quota reads "(local)", as in the status bar. */
  local: boolean;
  /** The reports' render notes against --max-warnings. */
  warnings: WarningVerdict;
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
  const output = shown(o.output, out.io.cwd);
  if (o.state === 'built') {
    out.line(`${printableName(o.file)} → ${printableName(output)}  (${whatWasWritten(o)}, ${formatBytes(o.size ?? 0)}, ${formatMs(o.ms)})`);
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
  out.info(`${plural(s.outcomes.length, 'report')} in ${formatMs(s.ms)} (${plural(s.jobs, 'job')}): ${parts.join(', ')}`);
  if (s.quota) {
    out.info(`Quota left: ${quotaWords(s.quota.singlePageRemaining, s.quota.multiPageRemaining, s.local)}`);
  }
  if (s.warnings.exceeded) out.error(tooManyWarningsWords(s.warnings));
  out.document(batchJson(s, out.io.cwd));
}

/** The --json document of a batch (docs/cli.md, _Batch builds_). */
function batchJson(s: BatchSummary, cwd: string): Record<string, unknown> {
  const c = counts(s.outcomes);
  return {
    ok: s.exitCode === 0,
    command: s.kind,
    exit_code: s.exitCode,
    jobs: s.jobs,
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
