/**
 * The CLI's cold start as CI and a terminal see it: `node dist/cli.js validate` of a 1-page
 * report in a fresh process each sample, both schema modes checked (the validators come
 * precompiled by the build: scripts/precompile-validators.mjs). CPU time (every thread, from
 * cpuTime.cjs) beside wall time, since wall time is noisy on a shared machine.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { median, type BenchRow } from './table';

const ROOT = join(__dirname, '..', '..');
const SAMPLES = 7;
/** CPU time of one `validate` run: about 2.1 s when the schema was compiled at every start. */
const TARGET_CPU_MS = 800;

export async function runCliStartBench(samples = SAMPLES): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'rs-bench-cli-start-'));
  const cpuFile = join(dir, 'cpu');
  const env: Record<string, string> = { BENCH_CPU_FILE: cpuFile };
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('REPORT_STUDIO_')) env[k] ??= v;
  const args = ['--require', join(__dirname, 'cpuTime.cjs'), join(ROOT, 'dist', 'cli.js'), 'validate', 'examples/invoice.report.json'];
  const cpu: number[] = [];
  const wall: number[] = [];
  try {
    for (let i = 0; i < samples; i++) {
      const t0 = performance.now();
      execFileSync(process.execPath, args, { cwd: ROOT, env, stdio: 'ignore' });
      wall.push(performance.now() - t0);
      cpu.push(Number(readFileSync(cpuFile, 'utf8')));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(
    `cli validate: CPU median ${median(cpu).toFixed(0)} ms, wall median ${median(wall).toFixed(0)} ms (${samples} cold processes)`,
  );
  const note = `node dist/cli.js validate examples/invoice.report.json, strict and lenient, ${samples} cold processes`;
  return [
    {
      group: 'activation',
      figure: 'CLI cold start: `report-studio validate`, CPU time',
      median: median(cpu),
      unit: 'ms',
      target: TARGET_CPU_MS,
      note,
    },
    { group: 'activation', figure: 'CLI cold start: `report-studio validate`, wall time', median: median(wall), unit: 'ms', note },
  ];
}
