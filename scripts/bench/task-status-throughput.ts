/**
 * get-task-status throughput of the local service: the bundled server
 * (dist/local-service.js, as `npm run service` runs it, request log on) in its own
 * process, one finished task, then N keep-alive connections (undici Pool) polling
 * GET /get-task-status in windows of a fixed length. The median requests per second over
 * the windows, and latency percentiles, for 1, 4 and 16 connections. Numbers only, no
 * assertions. Needs a build first (`npm run bench` does it).
 *   npx tsx scripts/bench/task-status-throughput.ts [windows] [seconds per window]
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { median, percentile, type BenchRow } from './table';

const ROOT = join(__dirname, '..', '..');

async function measure(url: string, key: string, connections: number, windows: number, seconds: number): Promise<BenchRow> {
  const pool = new Pool(url, { connections });
  try {
    const headers = { 'x-api-key': key, 'content-type': 'application/json' };
    const body = JSON.stringify({
      type: 'Report',
      options: { report_title: 'Bench' },
      components: [{ type: 'Text', options: { text: 'x' } }],
    });
    const sub = await pool.request({ path: '/api/v1/build-report', method: 'POST', headers, body });
    const { task_id } = (await sub.body.json()) as { task_id: string };
    const path = `/api/v1/get-task-status?task_id=${task_id}`;
    const latencies: number[] = [];
    let errors = 0;
    const loop = async (until: number, record: boolean): Promise<void> => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const r = await pool.request({ path, method: 'GET', headers });
        await r.body.arrayBuffer();
        if (!record) continue;
        if (r.statusCode !== 200) errors++;
        latencies.push(performance.now() - t0);
      }
    };
    await Promise.all([...Array(connections)].map(() => loop(performance.now() + 300, false)));
    const rates: number[] = [];
    for (let w = 0; w < windows; w++) {
      const before = latencies.length;
      const start = performance.now();
      await Promise.all([...Array(connections)].map(() => loop(start + seconds * 1000, true)));
      rates.push((latencies.length - before) / ((performance.now() - start) / 1000));
    }
    const rps = median(rates);
    console.log(
      `get-task-status, ${String(connections).padStart(2)} keep-alive connection(s): median ${Math.round(rps)} req/s over ${windows} × ${seconds} s ` +
        `(p50 ${percentile(latencies, 50).toFixed(2)} ms, p99 ${percentile(latencies, 99).toFixed(2)} ms, ${errors} non-200)`,
    );
    if (errors) throw new Error(`get-task-status answered ${errors} non-200 responses`);
    return {
      group: 'throughput',
      figure: `get-task-status throughput, ${connections} keep-alive connection${connections === 1 ? '' : 's'}`,
      median: rps,
      unit: 'req/s',
      note: `local service process, p50 ${percentile(latencies, 50).toFixed(2)} ms, ${windows} × ${seconds} s windows`,
    };
  } finally {
    await pool.close();
  }
}

export async function runTaskStatusThroughputBench(windows = 3, seconds = 1): Promise<BenchRow[]> {
  const bundle = join(ROOT, 'dist', 'local-service.js');
  if (!existsSync(bundle)) throw new Error('dist/local-service.js is missing: run node scripts/build.mjs first');
  const dataDir = await mkdtemp(join(tmpdir(), 'rs-bench-'));
  const child = spawn(process.execPath, [bundle, '--port', '0', '--data-dir', dataDir, '--rate-limit', '0', '--minimal-renderer'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  try {
    let out = '';
    const ready = await new Promise<{ url: string; key: string }>((resolve, reject) => {
      child.on('exit', (code) => reject(new Error(`local-service exited with ${code}`)));
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const url = /listening on (\S+)/.exec(out)?.[1];
        const key = /development API key: (\S+)/.exec(out)?.[1];
        if (url && key) resolve({ url, key });
      });
    });
    const rows: BenchRow[] = [];
    for (const connections of [1, 4, 16]) rows.push(await measure(ready.url, ready.key, connections, windows, seconds));
    return rows;
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  runTaskStatusThroughputBench(Number(process.argv[2]) || 3, Number(process.argv[3]) || 1).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
