/**
 * `npm run bench`: every benchmark in turn, each printing its own medians/ratios.
 * Performance is measured here, never asserted in tests.
 *   npm run bench [-- render,polling,throughput]
 */
import { cpus } from 'node:os';
import { runRenderBench } from './render';
import { runPollingBench } from './polling';
import { runTaskStatusThroughputBench } from './task-status-throughput';

const all: Record<string, () => Promise<void>> = {
  render: () => runRenderBench(),
  polling: () => runPollingBench(),
  throughput: () => runTaskStatusThroughputBench(3),
};

async function main(): Promise<void> {
  const wanted = process.argv[2] ? process.argv[2].split(',') : Object.keys(all);
  const unknown = wanted.filter((name) => !(name in all));
  if (unknown.length) throw new Error(`unknown bench ${unknown.join(', ')}; choose from ${Object.keys(all).join(', ')}`);
  console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}`);
  for (const name of wanted) {
    console.log(`\n## ${name}`);
    await all[name]();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
