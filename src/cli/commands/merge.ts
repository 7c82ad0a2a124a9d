/**
 * `report-studio merge <shard.json…> [--junit FILE]`: the `--json` documents of a build or preview
 * split with --shard i/n, joined into the run they are parts of — one document (--json), one
 * summary, one GitHub step summary and, with --junit, one JUnit file — printed and written by the
 * same functions a single run uses (batchOutput.ts, batchReports.ts). JUnit is derived again from
 * the joined documents rather than by joining the shards' XML: the documents hold everything the
 * XML does, and one writer means one escaping. Exit code: the joined run's (the worst); 2 when the
 * files are not the shards of one run (another command, a shard missing or given twice, a report
 * in two shards, a file that is not such a document). docs/cli.md, _Shards_.
 */
import { resolve } from 'node:path';
import { expectPositionals } from '../args';
import { batchFromJson, BatchJsonError, printOutcome, printSummary } from '../batch/batchOutput';
import type { BatchSummary } from '../batch/batchOutput';
import { stepSummaryMarkdown, writeJunit } from '../batch/batchReports';
import { concludeRun, leastQuota } from '../batch/result';
import { MAX_SHARDS, shardName } from '../batch/shard';
import type { Shard } from '../batch/shard';
import { CliError, EXIT } from '../exitCodes';
import type { ExitCode } from '../exitCodes';
import { appendStepSummary } from '../githubFormat';
import { readReportInput } from '../inputFile';
import { printableName, oneLine } from '../terminalText';
import type { CommandContext } from './report';

interface ShardRun {
  file: string;
  run: BatchSummary;
}

export async function runMergeCommand(ctx: CommandContext): Promise<ExitCode> {
  const { args, out } = ctx;
  const cwd = out.io.cwd;
  expectPositionals('merge', args.positionals, 1, MAX_SHARDS, `the --json documents of a run's shards (at most ${MAX_SHARDS})`);
  const junit = typeof args.options.junit === 'string' ? args.options.junit : undefined;
  if (junit !== undefined && args.positionals.some((f) => resolve(cwd, f) === resolve(cwd, junit))) {
    throw new CliError(`--junit ${printableName(junit)} is one of the documents to merge: name another file`);
  }
  const runs: ShardRun[] = [];
  for (const file of args.positionals) runs.push({ file, run: await readShardRun(file, cwd) });
  checkOneRun(runs);
  const ordered = [...runs].sort((a, b) => (a.run.shard?.index ?? 0) - (b.run.shard?.index ?? 0));
  const outcomes = ordered.flatMap((r) => r.run.outcomes);
  // The shards may pass --max-warnings only together: counted again over the joined run.
  const { warnings, exitCode } = concludeRun(outcomes, runs[0].run.warnings.limit);
  const summary: BatchSummary = {
    kind: runs[0].run.kind,
    // Machines ran side by side: the run took as long as its slowest shard, with all their jobs.
    jobs: runs.reduce((n, r) => n + r.run.jobs, 0),
    ms: Math.max(...runs.map((r) => r.run.ms)),
    exitCode,
    warnings,
    outcomes,
    quota: leastQuota(runs.map((r) => r.run.quota)),
    local: runs.every((r) => r.run.local),
  };
  for (const o of outcomes) printOutcome(out, o);
  printSummary(out, summary);
  await appendStepSummary(stepSummaryMarkdown(summary, cwd), cwd, out.io.env);
  if (junit !== undefined) await writeJunit(summary, junit, cwd);
  return summary.exitCode;
}

/** One shard's document, or a usage error naming the file and what is wrong with it. */
async function readShardRun(file: string, cwd: string): Promise<BatchSummary> {
  const name = printableName(file);
  let text: string;
  try {
    text = await readReportInput(file, cwd);
  } catch (error) {
    throw error instanceof CliError ? error : new CliError(`cannot read ${name}: ${(error as Error).message}`);
  }
  if (text.trimStart().startsWith('<')) {
    throw new CliError(`${name} is XML: merge reads the shards' --json documents (and writes the joined JUnit with --junit FILE)`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CliError(`${name} is not JSON (${(error as Error).message}): merge reads the shards' --json documents`);
  }
  stoppedRun(value, name);
  try {
    return batchFromJson(value, cwd);
  } catch (error) {
    if (!(error instanceof BatchJsonError)) throw error;
    throw new CliError(`${name} is not the --json document of a build or preview run: ${oneLine(error.message)}`);
  }
}

/** A shard whose run stopped before its reports (a quota refusal, a usage error): the joined run fails as it did. */
function stoppedRun(value: unknown, name: string): void {
  if (typeof value !== 'object' || value === null || 'reports' in value || !('error' in value)) return;
  const doc = value as { exit_code?: unknown; error?: { message?: unknown } };
  const code = (Object.values(EXIT) as unknown[]).includes(doc.exit_code) ? (doc.exit_code as ExitCode) : EXIT.usage;
  const why = typeof doc.error?.message === 'string' ? `: ${oneLine(doc.error.message)}` : '';
  throw new CliError(`${name} is of a run that stopped before building (exit ${code})${why}`, code);
}

const described = (s: Shard | undefined): string => (s ? `shard ${shardName(s)}` : 'a whole run (no --shard)');

/** The documents are the shards of one run: one command, one split, each shard once, every shard, no report twice. */
function checkOneRun(runs: readonly ShardRun[]): void {
  const [first] = runs;
  const name = (r: ShardRun): string => printableName(r.file);
  for (const r of runs.slice(1)) {
    if (r.run.kind !== first.run.kind) {
      throw new CliError(
        `${name(first)} is of a ${first.run.kind} run and ${name(r)} of a ${r.run.kind} run: merge joins the shards of one run`,
      );
    }
    if (r.run.warnings.limit !== first.run.warnings.limit) {
      const limit = (run: BatchSummary): string =>
        run.warnings.limit === undefined ? 'no --max-warnings' : `--max-warnings ${run.warnings.limit}`;
      throw new CliError(
        `${name(first)} was run with ${limit(first.run)} and ${name(r)} with ${limit(r.run)}: merge joins the shards of one run`,
      );
    }
    if (r.run.shard?.total !== first.run.shard?.total) {
      throw new CliError(
        `${name(first)} is ${described(first.run.shard)} and ${name(r)} ${described(r.run.shard)}: merge joins the shards of one run`,
      );
    }
  }
  const total = first.run.shard?.total ?? 1;
  const byIndex = new Map<number, ShardRun>();
  for (const r of runs) {
    const index = r.run.shard?.index ?? 1;
    const other = byIndex.get(index);
    if (other) throw new CliError(`${name(other)} and ${name(r)} are both ${described(r.run.shard)}`);
    byIndex.set(index, r);
  }
  const missing = Array.from({ length: total }, (_, i) => i + 1).filter((i) => !byIndex.has(i));
  if (missing.length) {
    const list = missing.map((i) => shardName({ index: i, total })).join(', ');
    throw new CliError(
      `${missing.length === 1 ? 'shard' : 'shards'} ${list} ${missing.length === 1 ? 'is' : 'are'} missing: merge needs every shard of the run`,
    );
  }
  const seen = new Map<string, ShardRun>();
  for (const r of runs) {
    for (const o of r.run.outcomes) {
      const other = seen.get(o.file);
      if (other)
        throw new CliError(`${printableName(o.file)} is in both ${name(other)} and ${name(r)}: the shards of one run never share a report`);
      seen.set(o.file, r);
    }
  }
}
