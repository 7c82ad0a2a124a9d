/**
 * The cost of sharding (docs/cli.md, _Shards_): 200 reports built offline as 4 shards run one after
 * another (`build <dir> --shard i/4`, each its own process and local service, as 4 CI machines
 * would) against one `build <dir>` run — the machine time a split adds. Runs alternate, so both
 * see the same machine; medians of REPEATS each.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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

/** Seconds of one `build` (the shard's or the whole run's), checked to have written `expected` PDFs. */
function build(dir: string, out: string, expected: number, shard?: string): number {
  const t0 = performance.now();
  execFileSync(process.execPath, [CLI, 'build', dir, '--offline', '--out-dir', out, '-q', ...(shard ? ['--shard', shard] : [])], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const s = (performance.now() - t0) / 1000;
  if (countPdfs(out) !== expected) throw new Error(`${shard ?? 'one run'}: ${countPdfs(out)} PDFs written, not ${expected}`);
  return s;
}

export async function runShardBench(): Promise<BenchRow[]> {
  const work = mkdtempSync(join(tmpdir(), 'report-studio-shard-bench-'));
  try {
    const dir = join(work, 'reports');
    copies(dir, REPORTS);
    const one: number[] = [];
    const sharded: number[] = [];
    for (let r = 0; r < REPEATS; r++) {
      one.push(build(dir, join(work, `one-${r}`), REPORTS));
      const out = join(work, `shards-${r}`);
      let s = 0;
      for (let i = 1; i <= SHARDS; i++) s += build(dir, out, Math.round((REPORTS * i) / SHARDS), `${i}/${SHARDS}`);
      sharded.push(s);
      console.log(`  run ${r + 1}: one run ${one[r].toFixed(1)} s, ${SHARDS} shards one after another ${s.toFixed(1)} s`);
    }
    const ratio = median(sharded) / median(one);
    console.log(`  ${SHARDS} shards / one run: ${ratio.toFixed(2)}× (target ≤ ${TARGET_RATIO}×)`);
    return [
      {
        group: 'batch',
        figure: `${REPORTS} reports as ${SHARDS} shards one after another (\`--shard i/${SHARDS}\`)`,
        median: median(sharded),
        unit: 's',
        peer: { label: 'one run', median: median(one) },
        target: TARGET_RATIO,
        targetRatio: true,
        note: `the five examples × ${REPORTS / 5}, offline; median of ${REPEATS} each, alternating; the machine time a split adds`,
      },
    ];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
