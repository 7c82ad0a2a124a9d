/**
 * The cost of sharding (docs/cli.md, _Shards_): 200 reports built offline as 4 shards run one after
 * another (`build <dir> --shard i/4`, each its own process and local service, as 4 CI machines
 * would) against one `build <dir>` run — the machine time a split adds, as CPU time (every
 * thread of every process; on a machine shared with other work, wall time says more about the
 * neighbours than about the split) beside the wall time. Runs alternate; medians of REPEATS each.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { copies, countPdfs } from './batch';
import { median } from './table';
import type { BenchRow } from './table';

const ROOT = join(__dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const REPORTS = 200;
const SHARDS = 4;
const REPEATS = 3;
/** 4 shards one after another / one run, at most. */
const TARGET_RATIO = 1.1;

interface Cost {
  cpu: number;
  wall: number;
}

/** Seconds (CPU, wall) of one `build` (the shard's or the whole run's), checked to have written `expected` PDFs. */
function build(dir: string, out: string, expected: number, shard?: string): Cost {
  const cpuFile = join(dir, '..', 'cpu');
  const t0 = performance.now();
  execFileSync(process.execPath, [CLI, 'build', dir, '--offline', '--out-dir', out, '-q', ...(shard ? ['--shard', shard] : [])], {
    cwd: ROOT,
    env: { ...process.env, NODE_OPTIONS: `--require ${join(__dirname, 'cpuTime.cjs')}`, BENCH_CPU_FILE: cpuFile },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const wall = (performance.now() - t0) / 1000;
  if (countPdfs(out) !== expected) throw new Error(`${shard ?? 'one run'}: ${countPdfs(out)} PDFs written, not ${expected}`);
  return { cpu: Number(readFileSync(cpuFile, 'utf8')) / 1000, wall };
}

const sum = (costs: readonly Cost[]): Cost => costs.reduce((a, c) => ({ cpu: a.cpu + c.cpu, wall: a.wall + c.wall }), { cpu: 0, wall: 0 });

export async function runShardBench(): Promise<BenchRow[]> {
  const work = mkdtempSync(join(tmpdir(), 'report-studio-shard-bench-'));
  try {
    const dir = join(work, 'reports');
    copies(dir, REPORTS);
    const one: Cost[] = [];
    const sharded: Cost[] = [];
    for (let r = 0; r < REPEATS; r++) {
      one.push(build(dir, join(work, `one-${r}`), REPORTS));
      const out = join(work, `shards-${r}`);
      const shards: Cost[] = [];
      for (let i = 1; i <= SHARDS; i++) shards.push(build(dir, out, Math.round((REPORTS * i) / SHARDS), `${i}/${SHARDS}`));
      sharded.push(sum(shards));
      const show = (c: Cost): string => `${c.cpu.toFixed(1)} s CPU, ${c.wall.toFixed(1)} s wall`;
      console.log(`  run ${r + 1}: one run ${show(one[r])}; ${SHARDS} shards one after another ${show(sharded[r])}`);
    }
    const cpu = (costs: Cost[]): number => median(costs.map((c) => c.cpu));
    const wall = (costs: Cost[]): number => median(costs.map((c) => c.wall));
    const ratio = cpu(sharded) / cpu(one);
    console.log(
      `  ${SHARDS} shards / one run: ${ratio.toFixed(2)}× CPU (target ≤ ${TARGET_RATIO}×), ${(wall(sharded) / wall(one)).toFixed(2)}× wall`,
    );
    return [
      {
        group: 'batch',
        figure: `${REPORTS} reports as ${SHARDS} shards one after another (\`--shard i/${SHARDS}\`), CPU`,
        median: cpu(sharded),
        unit: 's',
        peer: { label: 'one run', median: cpu(one) },
        target: TARGET_RATIO,
        targetRatio: true,
        note: `the five examples × ${REPORTS / 5}, offline; median of ${REPEATS} each, alternating; wall ${wall(sharded).toFixed(0)} s vs ${wall(one).toFixed(0)} s`,
      },
    ];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
