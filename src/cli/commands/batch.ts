/**
 * `report-studio build|preview <files|dirs|globs…> [--out-dir DIR] [--jobs N]`: many reports in one
 * process, through one client (and with --offline one local service and its render pool). Builds
 * check the quota first: a run the remaining quota cannot finish is refused before anything is
 * spent, unless --allow-partial. See docs/cli.md, _Batch builds_.
 */
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
import { expandInputs, planOutputs } from '../batch/inputs';
import type { BatchInput } from '../batch/inputs';
import { MAX_JOBS, runPool } from '../batch/pool';
import { quotaLeft, worstExitCode } from '../batch/result';
import { runOne } from '../batch/runOne';
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

/** Tasks in flight by default against a hosted or custom service (the local service: two per core). */
export const DEFAULT_REMOTE_JOBS = 4;

const BATCH_OPTIONS = ['out-dir', 'jobs', 'junit', 'allow-partial'] as const;

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

function jobsOption(value: string | boolean | undefined, offline: boolean): number {
  if (value === undefined || typeof value === 'boolean')
    return offline ? Math.min(MAX_JOBS, 2 * availableParallelism()) : DEFAULT_REMOTE_JOBS;
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
  const inputs = planOutputs(await expandInputs(args.positionals, cwd), kind, cwd, outDir);
  const costs = kind === 'build' ? await costsOf(inputs, cwd) : new Map<BatchInput, BuildCostKind>();
  const started = performance.now();
  const { session, cleanup } = await openBatchSession(args, ctx, costs, jobs);
  let budget: QuotaBudget | undefined;
  try {
    if (kind === 'build') {
      const verdict = await checkQuota(session, costs.values(), args.options['allow-partial'] === true, out, ctx.signal);
      if ('refusal' in verdict) return verdict.refusal;
      budget = verdict.budget;
    }
    const outcomes = await runPool(
      inputs,
      (input) => runOne(input, { kind, session, cwd, polling, timeoutMs: args.global.timeoutMs, signal: ctx.signal }),
      {
        jobs,
        signal: ctx.signal,
        costOf: (input) => costs.get(input),
        budget,
        onDone: (o) => printOutcome(out, o),
      },
    );
    const exitCode = worstExitCode(outcomes);
    const summary = {
      kind,
      jobs,
      ms: Math.round(performance.now() - started),
      exitCode,
      outcomes,
      quota: quotaLeft(outcomes),
      local: session.local,
    };
    printSummary(out, summary);
    await appendStepSummary(stepSummaryMarkdown(summary, cwd), cwd, out.io.env);
    if (typeof args.options.junit === 'string') await writeJunit(summary, args.options.junit, cwd);
    return exitCode;
  } finally {
    await session.close();
    await cleanup();
  }
}

/** What each build costs (single- or multi-page: `buildCostKind`); unreadable files cost nothing: they are not sent. */
async function costsOf(inputs: readonly BatchInput[], cwd: string): Promise<Map<BatchInput, BuildCostKind>> {
  const costs = new Map<BatchInput, BuildCostKind>();
  for (const input of inputs) {
    const text = await readReportInput(input.file, cwd).catch(() => undefined);
    if (text !== undefined) costs.set(input, buildCostKind(text));
  }
  return costs;
}

/**
 * One session for the run. Offline, the local service gets a data folder of the run's own (unless
 * --data-dir), a development plan that covers every build of the run, and as many renders at once
 * as the machine has cores: offline builds are free, the quota there only simulates the hosted one.
 */
async function openBatchSession(
  args: ParsedArgs,
  ctx: CommandContext,
  costs: ReadonlyMap<BatchInput, BuildCostKind>,
  jobs: number,
): Promise<{ session: Session; cleanup: () => Promise<void> }> {
  if (!args.global.offline) return { session: await openSession(args.global, ctx.out.io), cleanup: async () => undefined };
  const need = (k: BuildCostKind): number => [...costs.values()].filter((c) => c === k).length;
  const { DEFAULT_PLAN } = loadEngine();
  const temp = args.global.dataDir === undefined ? await mkdtemp(join(tmpdir(), 'report-studio-batch-')) : undefined;
  const tuning: LocalServiceTuning = {
    dataDir: temp,
    plan: { quotaSingle: Math.max(DEFAULT_PLAN.quotaSingle, need('single')), quotaMulti: Math.max(DEFAULT_PLAN.quotaMulti, need('multi')) },
    concurrency: Math.max(1, Math.min(jobs, availableParallelism())),
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
