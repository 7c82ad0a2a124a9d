/**
 * A batch against its own renderer (issue 28, _Speed_): N reports built by one `report-studio build
 * <dir> --offline --out-dir` process, beside the same report files drawn by the renderer alone —
 * the same render pool (WorkerRenderer, dist/render-worker.js) with as many workers as the batch's
 * local service starts, no HTTP, no tasks, no files written. Both are timed whole, from nothing to
 * the last report: the process (Node, bundles, local service, workers, quota check, N tasks) and
 * the pool (workers started, each report file read and drawn). Medians of RUNS runs, the two sides
 * taking turns. Every report differs (numbered titles). One more batch run with `-v` counts the status requests (long-poll: ~1 a report).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { batchRenderWorkers, defaultJobs } from '../../src/cli/commands/batch';
import { DEFAULTS } from '../../src/service/options';
import { WorkerRenderer } from '../../src/service/renderPool';
import { locateWorkerScript } from '../../src/service/workerScript';
import { median, type BenchRow } from './table';

const ROOT = join(__dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const REPORTS = 200;
const RUNS = 3;
/** Batch time / renderer-alone time, at most. */
const TARGET_RATIO = 1.5;

/**
 * `n` distinct reports in `dir`: the five examples in turn, each titled with its number. Copies
 * alike would be drawn once: the local service hands a body it drew a moment ago to the next task
 * with the same body (renderReuse.ts), which the renderer alone does not.
 */
function distinctReports(dir: string, n: number): string[] {
  mkdirSync(dir, { recursive: true });
  const examples = readdirSync(join(ROOT, 'examples'))
    .filter((f) => f.endsWith('.report.json'))
    .sort();
  return Array.from({ length: n }, (_, i) => {
    const name = examples[i % examples.length];
    const report = JSON.parse(readFileSync(join(ROOT, 'examples', name), 'utf8')) as { options: { report_title?: string } };
    report.options.report_title = `${report.options.report_title ?? name} #${i}`;
    const file = join(dir, `${i}-${name}`);
    writeFileSync(file, JSON.stringify(report, null, 2));
    return file;
  });
}

/** One `build <dir> --offline` process; its stderr (with `-v`, the HTTP log). */
function batchRun(dir: string, out: string, verbose: boolean): { ms: number; stderr: string } {
  rmSync(out, { recursive: true, force: true });
  const t0 = performance.now();
  const run = spawnSync(process.execPath, [CLI, 'build', dir, '--offline', '--out-dir', out, verbose ? '-v' : '-q'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    maxBuffer: 256 * 1024 * 1024,
  });
  const ms = performance.now() - t0;
  const stderr = run.stderr.toString();
  if (run.status !== 0) throw new Error(`batch exited ${run.status}: ${stderr.slice(-2000)}`);
  return { ms, stderr };
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
    const files = distinctReports(dir, REPORTS);
    const workers = batchRenderWorkers(defaultJobs(true), REPORTS);
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
        note: `the five examples × ${REPORTS / 5}, titles numbered (no render reuse); whole process vs pool start + renders; median of ${RUNS} runs each; ${(statusRequests / REPORTS).toFixed(2)} status requests a report`,
      },
    ];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
