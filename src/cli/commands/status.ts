/** `report-studio status <task_id> [--wait] [-o file]` and `report-studio quota`. */
import { relative } from 'node:path';
import type { QuotaRecord } from '../../core/api/types';
import { formatUtc } from '../../core/quota/relativeTime';
import { fetchTaskFile, waitForTask } from '../../core/runner/taskRunner';
import { FileWriteError } from '../../core/client/download';
import { expectPositionals } from '../args';
import { EXIT } from '../exitCodes';
import type { ExitCode } from '../exitCodes';
import { formatBytes, table } from '../output';
import { outputTarget } from '../outputTarget';
import { ProgressLine } from '../progress';
import { ONE_RENDER_AT_A_TIME, openSession } from '../session';
import { fileWriteFailure, reportFailure } from './failure';
import { oneLine, printableName } from '../terminalText';
import type { CommandContext } from './report';

export async function runStatusCommand(ctx: CommandContext): Promise<ExitCode> {
  const { args, out } = ctx;
  expectPositionals('status', args.positionals, 1, 1, 'one task id');
  const taskId = args.positionals[0];
  const output = typeof args.options.output === 'string' ? args.options.output : undefined;
  const wait = args.options.wait === true || output !== undefined;
  const target = output === undefined ? undefined : await outputTarget(output, out.io.cwd, 'report.pdf');
  const session = await openSession(args.global, out.io, ONE_RENDER_AT_A_TIME);
  const progress = ProgressLine.for(out.io.stderr, `task ${taskId}`, out.quiet || out.json);
  try {
    const status = wait
      ? await (async () => {
          progress.start();
          await waitForTask(session.client, taskId, 'unknown', {
            timeoutMs: args.global.timeoutMs,
            signal: ctx.signal,
            onProgress: (p) => progress.update(p),
          });
          progress.stop();
          return { status: 'SUCCESS' as const, error_message: null };
        })()
      : await session.client.getTaskStatus(taskId, { signal: ctx.signal });
    let file: { path: string; size: number; contentType: string } | undefined;
    if (target) {
      const fetched = await fetchTaskFile(session.client, taskId, 'unknown', target.to === 'stdout' ? { to: 'bytes' } : target, {
        signal: ctx.signal,
        timeoutMs: args.global.timeoutMs,
      });
      if (fetched.bytes && target.to === 'stdout') {
        out.io.stdout.write(fetched.bytes);
        // stdout holds the file: the status goes to stderr.
        out.info(oneLine(status.status));
        return EXIT.ok;
      }
      if (target.to === 'file') file = { path: target.path, size: fetched.size, contentType: fetched.contentType };
    }
    // Status and error_message come from the server: one line each, no escape sequences.
    out.line(status.error_message ? `${oneLine(status.status)}: ${oneLine(status.error_message)}` : oneLine(status.status));
    if (file) out.line(`${printableName(relative(out.io.cwd, file.path) || file.path)}  (${file.contentType}, ${formatBytes(file.size)})`);
    out.document({
      ok: status.status !== 'FAILED',
      command: 'status',
      task_id: taskId,
      status: status.status,
      error_message: status.error_message,
      output: file?.path ?? null,
      size: file?.size ?? null,
      content_type: file?.contentType ?? null,
    });
    return status.status === 'FAILED' ? EXIT.taskFailed : EXIT.ok;
  } catch (error) {
    progress.stop();
    if (error instanceof FileWriteError) throw fileWriteFailure(error);
    return reportFailure(out, 'status', error, { task_id: taskId });
  } finally {
    await session.close();
  }
}

/** The rows of `report-studio quota`; the older 9-field record has no AI row, its zone-less dates are UTC. */
export function quotaTableRows(q: QuotaRecord): Array<[string, string]> {
  const ai = q.remaining_ai_json_completions !== undefined || q.max_ai_json_completions !== undefined;
  const n = (v: number | undefined): string => (v === undefined ? '?' : String(v));
  return [
    ['Single-page reports', `${q.remaining_single_page_reports} of ${q.max_single_page_reports} left`],
    ['Multi-page reports', `${q.remaining_multi_page_reports} of ${q.max_multi_page_reports} left`],
    ['Pages per report', `at most ${q.max_pages_per_report}`],
    ...(ai
      ? [['AI JSON completions', `${n(q.remaining_ai_json_completions)} of ${n(q.max_ai_json_completions)} left`] as [string, string]]
      : []),
    ['Period', `${formatUtc(q.period_start)} → ${formatUtc(q.period_end)}`],
    ['Subscription', q.subscription_active ? 'active' : 'inactive'],
  ];
}

export async function runQuotaCommand(ctx: CommandContext): Promise<ExitCode> {
  const { args, out } = ctx;
  expectPositionals('quota', args.positionals, 0, 0, 'no arguments');
  const session = await openSession(args.global, out.io, ONE_RENDER_AT_A_TIME);
  try {
    const q = await session.client.getRemainingQuota({ signal: ctx.signal });
    for (const row of table(quotaTableRows(q).map((r) => r.map(oneLine))).split('\n')) out.line(row);
    if (q.error) out.error(`the service reports: ${oneLine(String(q.error))}`);
    out.document({ ok: true, command: 'quota', quota: q });
    return EXIT.ok;
  } catch (error) {
    return reportFailure(out, 'quota', error);
  } finally {
    await session.close();
  }
}
