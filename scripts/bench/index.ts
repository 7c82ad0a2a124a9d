/**
 * `npm run bench`: every benchmark in turn (each prints its progress), then ONE table of
 * medians with the ratio where a peer exists, under the machine it ran on; the same table
 * goes to .bench/latest.md for the README's performance section. Performance is measured
 * here, never asserted in tests. A bench that fails is reported and the others still run
 * (exit code 1).
 *   npm run bench [-- render,polling,throughput,batch,batch-renderer,shard,loc,mcp,cli-start,activation,web,harness]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { runActivationBench } from './activation';
import { runBatchBench } from './batch';
import { runBatchVsRendererBench } from './batchVsRenderer';
import { runCliStartBench } from './cliStart';
import { runHarnessBench } from './harness';
import { runLocBench } from './loc';
import { runMcpBench } from './mcp';
import { runPollingBench } from './polling';
import { runRenderBench } from './render';
import { runShardBench } from './shard';
import { machineLine, markdownTable, type BenchRow } from './table';
import { runWebBench } from './web';
import { runTaskStatusThroughputBench } from './task-status-throughput';

const ROOT = join(__dirname, '..', '..');

// Cheapest first; the harness (code-server + Chromium) last, so it never competes with the others.
const all: Record<string, () => Promise<BenchRow[]>> = {
  render: () => runRenderBench(),
  polling: () => runPollingBench(),
  throughput: () => runTaskStatusThroughputBench(3, 1),
  batch: () => runBatchBench(),
  'batch-renderer': () => runBatchVsRendererBench(),
  shard: () => runShardBench(),
  loc: () => runLocBench(),
  mcp: () => runMcpBench(),
  'cli-start': () => runCliStartBench(),
  activation: () => runActivationBench(),
  web: () => runWebBench(),
  harness: () => runHarnessBench(3, 10),
};

async function main(): Promise<number> {
  const wanted = process.argv[2] ? process.argv[2].split(',').filter(Boolean) : Object.keys(all);
  const unknown = wanted.filter((name) => !Object.hasOwn(all, name));
  if (unknown.length) throw new Error(`unknown bench ${unknown.join(', ')}; choose from ${Object.keys(all).join(', ')}`);
  const started = new Date();
  const t0 = performance.now();
  const rows: BenchRow[] = [];
  const failed: string[] = [];
  for (const name of wanted) {
    console.log(`\n## ${name}`);
    const b0 = performance.now();
    try {
      rows.push(...(await all[name]()));
    } catch (error) {
      failed.push(name);
      console.error(`bench ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
    console.log(`(${name}: ${((performance.now() - b0) / 1000).toFixed(0)} s)`);
  }
  const machine = `machine: ${machineLine(started)}`;
  const table = markdownTable(rows);
  const wall = `wall time ${((performance.now() - t0) / 1000).toFixed(0)} s`;
  console.log(`\n## medians\n\n${machine}\n\n${table}\n\n${wall}${failed.length ? `; FAILED: ${failed.join(', ')}` : ''}`);
  const command = `npm run bench${process.argv[2] ? ` -- ${process.argv[2]}` : ''}`;
  mkdirSync(join(ROOT, '.bench'), { recursive: true });
  writeFileSync(
    join(ROOT, '.bench', 'latest.md'),
    `<!-- ${command}; ${wall}${failed.length ? `; failed: ${failed.join(', ')}` : ''} -->\n${machine}\n\n${table}\n`,
  );
  console.log('written to .bench/latest.md');
  return failed.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
