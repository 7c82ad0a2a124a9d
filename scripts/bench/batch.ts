/**
 * Batch builds (docs/cli.md, _Batch builds_): N reports — the five examples copied N/5 times —
 * built offline by one `report-studio build <dir> --offline --out-dir` against one process per
 * report (`build <file> --offline`, each with its own local service, as the CI recipe did before).
 * The per-report cost does not depend on N, so it is measured on SAMPLE reports (each example
 * SAMPLE/5 times) and scaled to N; the batch runs whole. Also the batch's peak RSS (every thread),
 * which must not grow with N.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { BenchRow } from './table';

const ROOT = join(__dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const EXAMPLES = readdirSync(join(ROOT, 'examples'))
  .filter((f) => f.endsWith('.report.json'))
  .sort();
const SIZES = [50, 200];
const SAMPLE = 25;
/** Batch time / one-process-per-report time, at most (≥ 10× faster). */
const TARGET_RATIO = 0.1;
/** Peak RSS at 200 reports / at 50, at most: memory bounded, not growing with the count. */
const TARGET_RSS_RATIO = 1.5;

/** `n` report files in `dir`, in folders of 25 (a tree to mirror). */
export function copies(dir: string, n: number): void {
  for (let i = 0; i < n; i++) {
    const folder = join(dir, `part-${Math.floor(i / 25)}`);
    mkdirSync(folder, { recursive: true });
    const example = EXAMPLES[i % EXAMPLES.length];
    copyFileSync(join(ROOT, 'examples', example), join(folder, `${i}-${example}`));
  }
}

function cli(args: string[], env: NodeJS.ProcessEnv = {}): void {
  execFileSync(process.execPath, [CLI, ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
}

export function countPdfs(dir: string): number {
  return readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.pdf')).length;
}

/** Mean time of one `build <file> --offline` process, ms. */
function perProcessMs(work: string): number {
  const dir = join(work, 'single');
  copies(dir, SAMPLE);
  const files = readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.report.json'));
  const t0 = performance.now();
  files.forEach((f, i) =>
    cli([
      'build',
      join(dir, f),
      '--offline',
      '--data-dir',
      join(work, 'data', String(i)),
      '-o',
      join(work, 'single-out', `${i}.pdf`),
      '-q',
    ]),
  );
  const mean = (performance.now() - t0) / files.length;
  console.log(`one process per report: ${mean.toFixed(0)} ms each (mean of ${files.length})`);
  return mean;
}

function batch(work: string, n: number): { ms: number; rssMb: number } {
  const dir = join(work, `batch-${n}`);
  const out = join(work, `batch-${n}-out`);
  copies(dir, n);
  const rssFile = join(work, `rss-${n}`);
  const t0 = performance.now();
  cli(['build', dir, '--offline', '--out-dir', out, '-q'], {
    NODE_OPTIONS: `--require ${join(__dirname, 'peakRss.cjs')}`,
    BENCH_PEAK_RSS_FILE: rssFile,
  });
  const ms = performance.now() - t0;
  if (countPdfs(out) !== n) throw new Error(`batch of ${n}: ${countPdfs(out)} PDFs written`);
  const rssMb = Number(readFileSync(rssFile, 'utf8')) / 1024;
  console.log(`batch of ${n}: ${(ms / 1000).toFixed(1)} s, peak RSS ${rssMb.toFixed(0)} MB`);
  return { ms, rssMb };
}

export async function runBatchBench(): Promise<BenchRow[]> {
  const work = mkdtempSync(join(tmpdir(), 'report-studio-batch-bench-'));
  try {
    const each = perProcessMs(work);
    const rows: BenchRow[] = [];
    const rss: number[] = [];
    for (const n of SIZES) {
      const b = batch(work, n);
      rss.push(b.rssMb);
      const ratio = b.ms / (each * n);
      console.log(
        `  ${n} reports: batch ${(b.ms / 1000).toFixed(1)} s vs one process each ${((each * n) / 1000).toFixed(1)} s: ${(1 / ratio).toFixed(1)}× faster (target ≥ ${1 / TARGET_RATIO}×)`,
      );
      rows.push({
        group: 'batch',
        figure: `${n} reports built offline, one \`build <dir>\` run`,
        median: b.ms / 1000,
        unit: 's',
        peer: { label: 'one process per report', median: (each * n) / 1000 },
        target: TARGET_RATIO,
        targetRatio: true,
        note: `the five examples × ${n / 5}; per-process time: mean of ${SAMPLE} × ${n}; 1 batch run; ${(1 / ratio).toFixed(1)}× faster`,
      });
    }
    console.log(
      `  peak RSS: ${rss.map((r, i) => `${SIZES[i]} reports ${r.toFixed(0)} MB`).join(', ')} (target: at ${SIZES[1]} ≤ ${TARGET_RSS_RATIO}× at ${SIZES[0]})`,
    );
    rows.push({
      group: 'batch',
      figure: `batch peak RSS, ${SIZES[1]} reports (every thread)`,
      median: rss[1],
      unit: 'MB',
      peer: { label: `${SIZES[0]} reports`, median: rss[0] },
      target: TARGET_RSS_RATIO,
      targetRatio: true,
      note: 'memory bounded: must not grow with the number of reports',
    });
    return rows;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
