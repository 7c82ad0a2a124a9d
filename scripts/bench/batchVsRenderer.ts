/**
 * A batch against its own renderer (issue 28, _Speed_): N reports built by one `report-studio build
 * <dir> --offline --out-dir` process, beside the same report files drawn by the renderer alone —
 * the same render pool (WorkerRenderer, dist/render-worker.js) with as many workers as the batch's
 * local service starts, no HTTP, no tasks, no files written. Both are timed whole, from nothing to
 * the last report: the process (Node, bundles, local service, workers, quota check, N tasks) and
 * the pool (workers started, each report file read and drawn). Medians of RUNS runs, the two sides
 * taking turns. One more batch run with `-v` counts the status requests (long-poll: ~1 a report).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { batchRenderWorkers, defaultJobs } from '../../src/cli/commands/batch';
import { DEFAULTS } from '../../src/mock/options';
import { WorkerRenderer } from '../../src/mock/renderPool';
import { locateWorkerScript } from '../../src/mock/workerScript';
import { copies } from './batch';
import { median, type BenchRow } from './table';

const ROOT = join(__dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const REPORTS = 200;
const RUNS = 3;
/** Batch time / renderer-alone time, at most. */
const TARGET_RATIO = 1.5;

function reportFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.report.json'))
    .map((f) => join(dir, f));
}

/** One `build <dir> --offline` process; its stderr (with `-v`, the HTTP log). */
function batchRun(dir: string, out: string, verbose: boolean): { ms: number; stderr: string } {
  rmSync(out, { recursive: true, force: true });
  const t0 = performance.now();
  const stderr = execFileSync(process.execPath, [CLI, 'build', dir, '--offline', '--out-dir', out, verbose ? '-v' : '-q'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    maxBuffer: 256 * 1024 * 1024,
  }).toString();
  return { ms: performance.now() - t0, stderr };
}

/** The same files drawn by a fresh pool of `workers`, all handed to it at once (it queues them). */
async function rendererRun(files: readonly string[], workers: number): Promise<number> {
  const entry = locateWorkerScript(join(ROOT, 'dist'), 'render-worker.js', 'renderWorker.ts');
  if (!entry) throw new Error('no dist/render-worker.js: run npm run build');
  const t0 = performance.now();
  const pool = new WorkerRenderer(entry, workers, DEFAULTS.renderTimeoutMs);
  try {
    await Promise.all(files.map((f) => pool.renderPdfFile(f)));
    return performance.now() - t0;
  } finally {
    await pool.dispose();
  }
}

export async function runBatchVsRendererBench(): Promise<BenchRow[]> {
  const work = mkdtempSync(join(tmpdir(), 'report-studio-batch-render-bench-'));
  try {
    const dir = join(work, 'reports');
    const out = join(work, 'out');
    copies(dir, REPORTS);
    const files = reportFiles(dir);
    const workers = batchRenderWorkers(defaultJobs(true));
    const batch: number[] = [];
    const alone: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      batch.push(batchRun(dir, out, false).ms);
      alone.push(await rendererRun(files, workers));
      console.log(`run ${i + 1}: batch ${(batch[i] / 1000).toFixed(2)} s, renderer alone ${(alone[i] / 1000).toFixed(2)} s`);
    }
    const { stderr } = batchRun(dir, out, true);
    const statusRequests = stderr.split('\n').filter((l) => l.startsWith('[http] GET /get-task-status')).length;
    const busy = stderr.split('\n').filter((l) => l.includes('rate_limited')).length;
    const perReport = (ms: number): number => ms / REPORTS;
    const ratio = median(batch) / median(alone);
    console.log(
      `  ${REPORTS} reports, ${workers} workers: batch ${perReport(median(batch)).toFixed(1)} ms a report, renderer alone ${perReport(median(alone)).toFixed(1)} ms: ${ratio.toFixed(2)}× (target ≤ ${TARGET_RATIO}×); ${(statusRequests / REPORTS).toFixed(2)} status requests a report, ${busy} rate-limited`,
    );
    return [
      {
        group: 'batch',
        figure: `batch build offline, ${REPORTS} reports, per report`,
        median: perReport(median(batch)),
        unit: 'ms',
        peer: { label: `renderer alone, ${workers} workers`, median: perReport(median(alone)) },
        target: TARGET_RATIO,
        targetRatio: true,
        note: `the five examples × ${REPORTS / 5}; whole process vs pool start + renders; median of ${RUNS} runs each; ${(statusRequests / REPORTS).toFixed(2)} status requests a report`,
      },
    ];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
