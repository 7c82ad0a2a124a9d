/**
 * Before a batch spends any quota: does the remaining quota cover every build of the run? A
 * build counts as multi-page when it may take more than one page (`buildCostKind`, as the service counts
 * it), so the need is known exactly before anything is sent. A run that does not fit is refused
 * (exit 4) — or with --allow-partial gets a budget: the first reports of each kind, in name order,
 * up to what is left.
 */
import type { BuildCostKind } from '../../core/quota/quotaSummary';
import { EXIT } from '../exitCodes';
import type { ExitCode } from '../exitCodes';
import { reportFailure } from '../commands/failure';
import type { Output } from '../output';
import type { Session } from '../session';
import { plural } from './batchOutput';

export type QuotaBudget = Record<BuildCostKind, number>;

export type QuotaVerdict = { refusal: ExitCode } | { budget?: QuotaBudget };

/** How many single- and multi-page builds the costs add up to. */
export function quotaNeed(costs: Iterable<BuildCostKind>): QuotaBudget {
  const need: QuotaBudget = { single: 0, multi: 0 };
  for (const c of costs) need[c]++;
  return need;
}

export const covers = (left: QuotaBudget, need: QuotaBudget): boolean => need.single <= left.single && need.multi <= left.multi;

/** `2 single-page builds and 1 multi-page build` */
export const buildsWords = (need: QuotaBudget): string =>
  `${plural(need.single, 'single-page build')} and ${plural(need.multi, 'multi-page build')}`;

/** `2 single-page builds and 1 multi-page build, the quota has 1 single-page and 0 multi-page left (period ending …)` */
export function needWords(need: QuotaBudget, left: QuotaBudget, periodEnd: string): string {
  return `${buildsWords(need)}, the quota has ${left.single} single-page and ${left.multi} multi-page left (period ending ${periodEnd})`;
}

export async function checkQuota(
  session: Session,
  costs: Iterable<BuildCostKind>,
  allowPartial: boolean,
  out: Output,
  signal: AbortSignal,
): Promise<QuotaVerdict> {
  const need = quotaNeed(costs);
  if (need.single + need.multi === 0) return {};
  let left: QuotaBudget;
  let periodEnd: string;
  try {
    const q = await session.client.getRemainingQuota({ signal });
    left = { single: q.remaining_single_page_reports, multi: q.remaining_multi_page_reports };
    periodEnd = q.period_end;
  } catch (error) {
    return { refusal: reportFailure(out, 'build', error) };
  }
  if (covers(left, need)) return {};
  const message = `this run needs ${needWords(need, left, periodEnd)}`;
  if (allowPartial) {
    const budget = { single: Math.min(need.single, left.single), multi: Math.min(need.multi, left.multi) };
    out.info(`${message}: building ${budget.single + budget.multi} of ${need.single + need.multi} (--allow-partial)`);
    return { budget };
  }
  out.error(`${message}; nothing was built`, [
    'hint: build fewer reports, wait for the next quota period (report-studio quota), or pass --allow-partial to build as many as it allows',
  ]);
  out.document({
    ok: false,
    command: 'build',
    exit_code: EXIT.quota,
    error: { kind: 'quota', message },
    need: { single_page: need.single, multi_page: need.multi },
    quota: { single_page_remaining: left.single, multi_page_remaining: left.multi },
  });
  return { refusal: EXIT.quota };
}
