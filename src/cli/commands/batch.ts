/**
 * `report-studio build|preview <files|dirs|globs…> [--out-dir DIR] [--jobs N]`: many reports in one
 * process, through one client (and with --offline one local service and its render pool). Builds
 * check the quota first: a run the remaining quota cannot finish is refused before anything is
 * spent, unless --allow-partial. See docs/cli.md, _Batch builds_.
 */
import { setMaxListeners } from 'node:events';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { TaskKind } from '../../core/api/types';
import { buildCostKind } from '../../core/quota/quotaSummary';
import type { BuildCostKind } from '../../core/quota/quotaSummary';
import { isDynamicPattern } from 'tinyglobby';
import type { ParsedArgs } from '../args';
import { stepSummaryMarkdown, writeJunit } from '../batch/batchReports';
import { appendStepSummary } from '../githubFormat';
import { printOutcome, printSummary } from '../batch/batchOutput';
import type { BatchSummary } from '../batch/batchOutput';
import { expandInputs, planOutputs } from '../batch/inputs';
import type { BatchInput } from '../batch/inputs';
import { MAX_JOBS, runPool } from '../batch/pool';
import { concludeRun, quotaLeft } from '../batch/result';
import { runOne } from '../batch/runOne';
import { inShard, shardKey, shardOption } from '../batch/shard';
import { loadEngine } from '../engineLoader';
import { CliError } from '../exitCodes';
import type { ExitCode } from '../exitCodes';
import { openSession } from '../session';
import type { LocalServiceTuning, Session } from '../session';
import { checkQuota } from '../batch/quotaCheck';
import type { QuotaBudget } from '../batch/quotaCheck';
import { runReportCommand } from './report';
import { pollingOptions } from '../submitReport';
import { readReportInput } from '../inputFile';
import type { CommandContext } from './report';
import { printableName } from '../terminalText';
import { shown } from '../output';
import { checkOutputPath } from '../safeWrite';
import { maxWarningsOption } from '../warnings';

/** Tasks in flight by default against a hosted or custom service (the local service: two per core). */
export const DEFAULT_REMOTE_JOBS = 4;

const BATCH_OPTIONS = ['out-dir', 'jobs', 'junit', 'allow-partial', 'shard'] as const;

/** Several inputs, a folder, a pattern, or a batch option: the batch form. One plain file keeps the single form. */
async function isBatchRun(args: ParsedArgs, cwd: string): Promise<boolean> {
  if (args.positionals.length !== 1) return args.positionals.length > 1;
  if (BATCH_OPTIONS.some((o) => args.options[o] !== undefined)) return true;
  const info = await stat(resolve(cwd, args.positionals[0])).catch(() => undefined);
  return info ? info.isDirectory() : isDynamicPattern(args.positionals[0]);
}

/** `build`/`preview`: the batch form when it applies, else one report. */
export async function runBuildOrPreview(kind: TaskKind, ctx: CommandContext): Promise<ExitCode> {
  return (await isBatchRun(ctx.args, ctx.out.io.cwd)) ? runBatchCommand(kind, ctx) : runReportCommand(kind, ctx);
}

/** Tasks in flight without --jobs. */
export function defaultJobs(offline: boolean): number {
  return offline ? Math.min(MAX_JOBS, 2 * availableParallelism()) : DEFAULT_REMOTE_JOBS;
}

/**
 * Renders at once in the run's own local service (--offline): one per core, at most the tasks in
 * flight and the reports to render — each worker loads the renderer and compiles PDFium as the
 * service starts, so a shard of one report starts one.
 */
export function batchRenderWorkers(jobs: number, reports: number): number {
  return Math.max(1, Math.min(jobs, reports, availableParallelism()));
}

function jobsOption(value: string | boolean | undefined, offline: boolean): number {
  if (value === undefined || typeof value === 'boolean') return defaultJobs(offline);
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > MAX_JOBS)
    throw new CliError(`--jobs takes a whole number from 1 to ${MAX_JOBS}, got "${value}"`);
  return n;
}

async function runBatchCommand(kind: TaskKind, ctx: CommandContext): Promise<ExitCode> {
  const { args, out } = ctx;
  const cwd = out.io.cwd;
  if (args.options.output !== undefined) throw new CliError(`-o names one file: with several reports use --out-dir DIR`);
  if (args.options['no-wait']) throw new CliError(`--no-wait takes one report file, not a batch`);
  if (args.positionals.length === 0)
    throw new CliError(`"${kind}" needs report files, folders or patterns. See: report-studio ${kind} --help`);
  const outDir = typeof args.options['out-dir'] === 'string' ? args.options['out-dir'] : undefined;
  if (outDir !== undefined && (await stat(resolve(cwd, outDir)).catch(() => undefined))?.isFile()) {
    throw new CliError(`--out-dir ${printableName(outDir)} is a file, not a folder`);
  }
  const jobs = jobsOption(args.options.jobs, args.global.offline);
  const polling = pollingOptions(args);
  const maxWarnings = maxWarningsOption(args.options['max-warnings']);
  const shard = shardOption(args.options.shard);
  const expanded = await expandInputs(args.positionals, cwd, shard?.total);
  for (const loop of expanded.loops) {
    out.info(`${printableName(shown(loop, cwd))}: a symbolic link to a folder that holds it (a loop); each report is taken once`);
  }
  // Outputs are planned on the whole run, so every shard writes where one run would.
  const inputs = inShard(planOutputs(expanded, kind, cwd, outDir), (input) => shardKey(input.path, cwd), shard);
  // Before anything is sent: a refused output costs no quota.
  for (const input of inputs) {
    const option = outDir === undefined ? `${printableName(input.file)}'s output` : `--out-dir ${printableName(outDir)}`;
    await checkOutputPath(input.output, cwd, { option, besideReport: outDir === undefined });
  }
  if (typeof args.options.junit === 'string')
    await checkOutputPath(args.options.junit, cwd, { option: `--junit ${printableName(args.options.junit)}` });
  // An empty shard (more shards than reports) has nothing to send: no service is started.
  if (inputs.length === 0) {
    return finish({ kind, jobs, ms: 0, ...concludeRun([], maxWarnings), outcomes: [], local: args.global.offline, shard }, ctx);
  }
  const costs = kind === 'build' ? await costsOf(inputs, cwd) : new Map<BatchInput, BuildCostKind>();
  const signal = runSignal(ctx.signal, jobs);
  const started = performance.now();
  const { session, cleanup } = await openBatchSession(args, ctx, costs, batchRenderWorkers(jobs, inputs.length));
  let budget: QuotaBudget | undefined;
  try {
    if (kind === 'build') {
      const verdict = await checkQuota(session, costs.values(), args.options['allow-partial'] === true, out, signal);
      if ('refusal' in verdict) return verdict.refusal;
      budget = verdict.budget;
    }
    const outcomes = await runPool(
      inputs,
      (input) => runOne(input, { kind, session, cwd, polling, timeoutMs: args.global.timeoutMs, signal }),
      {
        jobs,
        signal,
        costOf: (input) => costs.get(input),
        budget,
        onDone: (o) => printOutcome(out, o),
      },
    );
    const ms = Math.round(performance.now() - started);
    const run = {
      kind,
      jobs,
      ms,
      ...concludeRun(outcomes, maxWarnings),
      outcomes,
      quota: quotaLeft(outcomes),
      local: session.local,
      shard,
    };
    return await finish(run, ctx);
  } finally {
    await session.close();
    await cleanup();
  }
}

/** The summary, the step summary and the JUnit file of a finished run; its exit code. */
async function finish(summary: BatchSummary, { args, out }: CommandContext): Promise<ExitCode> {
  printSummary(out, summary);
  await appendStepSummary(stepSummaryMarkdown(summary, out.io.cwd), out.io.cwd, out.io.env);
  if (typeof args.options.junit === 'string') await writeJunit(summary, args.options.junit, out.io.cwd);
  return summary.exitCode;
}

/** What each build costs (single- or multi-page: `buildCostKind`); unreadable files cost nothing: they are not sent. */
export async function costsOf(inputs: readonly BatchInput[], cwd: string): Promise<Map<BatchInput, BuildCostKind>> {
  const costs = new Map<BatchInput, BuildCostKind>();
  for (const input of inputs) {
    const text = await readReportInput(input.file, cwd).catch(() => undefined);
    if (text !== undefined) costs.set(input, buildCostKind(text));
  }
  return costs;
}

/**
 * One session for the run. Offline, the local service gets a data folder of the run's own (unless
 * --data-dir), a development plan that covers every build of the run, as many renders at once
 * as the machine has cores but no more than reports (batchRenderWorkers), and no rate limit:
 * offline builds are free, the quota there only simulates the hosted one, and the run's own
 * service has no other client to protect (its limit made a big run answer itself 503 and wait a
 * second per report).
 */
async function openBatchSession(
  args: ParsedArgs,
  ctx: CommandContext,
  costs: ReadonlyMap<BatchInput, BuildCostKind>,
  renderWorkers: number,
): Promise<{ session: Session; cleanup: () => Promise<void> }> {
  if (!args.global.offline) return { session: await openSession(args.global, ctx.out.io), cleanup: async () => undefined };
  const need = (k: BuildCostKind): number => [...costs.values()].filter((c) => c === k).length;
  const { DEFAULT_PLAN } = loadEngine();
  const temp = args.global.dataDir === undefined ? await mkdtemp(join(tmpdir(), 'report-studio-batch-')) : undefined;
  const tuning: LocalServiceTuning = {
    dataDir: temp,
    plan: { quotaSingle: Math.max(DEFAULT_PLAN.quotaSingle, need('single')), quotaMulti: Math.max(DEFAULT_PLAN.quotaMulti, need('multi')) },
    concurrency: renderWorkers,
    rateLimit: 0,
  };
  const cleanup = async (): Promise<void> => {
    if (temp) await rm(temp, { recursive: true, force: true });
  };
  try {
    return { session: await openSession(args.global, ctx.out.io, tuning), cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/** Places one task in flight listens for Ctrl-C at once: its request, its task's polling, a retry's pause, the pool's pause. */
const ABORT_LISTENERS_PER_TASK = 4;

/**
 * The run's own Ctrl-C signal, tied to the caller's by one listener. Every task in flight listens
 * on it in a few places, so --jobs above 2 passes Node's default of 10 listeners per signal, and
 * Node would print a memory-leak warning into the user's terminal for what is no leak.
 */
function runSignal(caller: AbortSignal, jobs: number): AbortSignal {
  const signal = AbortSignal.any([caller]);
  setMaxListeners(Math.max(10, jobs * ABORT_LISTENERS_PER_TASK), signal);
  return signal;
}
