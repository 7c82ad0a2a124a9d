/**
 * `report-studio plan <files|dirs|globs…> --shards n`: before a run is split over n CI machines,
 * the matrix to give them (`{"shard":["1/n",…]}`, for `strategy.matrix` via `fromJSON`), the
 * reports each shard takes (the same expansion and split as `build --shard`), and whether the
 * remaining quota covers the whole run: exit 4 when it does not, so n machines, each checking
 * only its own part, never overspend together. Nothing is built. docs/cli.md, _Shards_.
 */
import type { ParsedArgs } from '../args';
import { expectPositionals } from '../args';
import { expandInputs, planOutputs } from '../batch/inputs';
import { buildsWords, covers, needWords, quotaNeed } from '../batch/quotaCheck';
import type { QuotaBudget } from '../batch/quotaCheck';
import { inShard, parseShardCount, shardKey, shardName } from '../batch/shard';
import { CliError, EXIT } from '../exitCodes';
import type { ExitCode } from '../exitCodes';
import { table } from '../output';
import { openSession } from '../session';
import { costsOf } from './batch';
import { reportFailure } from './failure';
import type { CommandContext } from './report';

interface ShardPlan {
  shard: string;
  reports: number;
  single_page: number;
  multi_page: number;
}

/** What the service says is left, or undefined offline (each shard's local service covers its own builds). */
type Remaining = { left: QuotaBudget; periodEnd: string } | undefined;

export async function runPlanCommand(ctx: CommandContext): Promise<ExitCode> {
  const { args, out } = ctx;
  const cwd = out.io.cwd;
  expectPositionals('plan', args.positionals, 1, Infinity, 'report files, folders or patterns');
  if (typeof args.options.shards !== 'string') throw new CliError('"plan" needs --shards n, the number of machines to split the run over');
  const total = parseShardCount('--shards', args.options.shards);
  const inputs = planOutputs(await expandInputs(args.positionals, cwd, total), 'build', cwd, undefined);
  const costs = await costsOf(inputs, cwd);
  const shards: ShardPlan[] = Array.from({ length: total }, (_, i) => {
    const part = inShard(inputs, (input) => shardKey(input.path, cwd), { index: i + 1, total });
    const need = quotaNeed(part.flatMap((input) => costs.get(input) ?? []));
    return { shard: shardName({ index: i + 1, total }), reports: part.length, single_page: need.single, multi_page: need.multi };
  });
  const need = quotaNeed(costs.values());
  let remaining: Remaining;
  try {
    remaining = await remainingQuota(args, ctx);
  } catch (error) {
    return reportFailure(out, 'plan', error);
  }
  const enough = remaining === undefined || covers(remaining.left, need);
  const matrix = { shard: shards.map((s) => s.shard) };

  out.line(JSON.stringify(matrix));
  const rows = shards.map((s) => [s.shard, String(s.reports), String(s.single_page), String(s.multi_page)]);
  for (const line of table([['shard', 'reports', 'single-page', 'multi-page'], ...rows]).split('\n')) out.info(line);
  out.info(`${inputs.length} reports in ${total} shards: ${needSentence(need, remaining)}`);
  if (!enough)
    out.error('the remaining quota cannot cover this run; no shard should start', [
      `hint: build fewer reports or wait for the next quota period`,
    ]);
  out.document({
    ok: enough,
    command: 'plan',
    exit_code: enough ? EXIT.ok : EXIT.quota,
    matrix,
    reports: inputs.length,
    need: { single_page: need.single, multi_page: need.multi },
    quota: remaining
      ? { single_page_remaining: remaining.left.single, multi_page_remaining: remaining.left.multi, period_end: remaining.periodEnd }
      : null,
    shards,
  });
  return enough ? EXIT.ok : EXIT.quota;
}

function needSentence(need: QuotaBudget, remaining: Remaining): string {
  if (!remaining) return `needs ${buildsWords(need)}; offline, each shard's local service covers its own builds`;
  return `needs ${needWords(need, remaining.left, remaining.periodEnd)}`;
}

async function remainingQuota(args: ParsedArgs, ctx: CommandContext): Promise<Remaining> {
  if (args.global.offline) return undefined;
  const session = await openSession(args.global, ctx.out.io);
  try {
    const q = await session.client.getRemainingQuota({ signal: ctx.signal });
    return { left: { single: q.remaining_single_page_reports, multi: q.remaining_multi_page_reports }, periodEnd: q.period_end };
  } finally {
    await session.close();
  }
}
