import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { WorkerRenderer } from '../../src/mock/renderPool';
async function main() {
  const dir = process.argv[2];
  const size = Number(process.argv[3] ?? 2);
  const files = readdirSync(dir).map((f) => join(dir, f));
  const t0 = performance.now();
  const r = new WorkerRenderer({ file: join(__dirname, '../../dist/render-worker.js'), execArgv: [] }, size, 60000);
  let next = 0;
  const times: number[] = [];
  await Promise.all(Array.from({ length: size }, async () => {
    while (next < files.length) { const f = files[next++]; const a = performance.now(); await r.renderPdfFile(f); times.push(performance.now() - a); }
  }));
  const ms = performance.now() - t0;
  await r.dispose();
  times.sort((a, b) => a - b);
  console.log(`alone: ${files.length} in ${ms.toFixed(0)} ms (${(ms / files.length).toFixed(1)} ms/report); render median ${times[times.length >> 1].toFixed(1)}, first ${times.slice(-3).map((t) => t.toFixed(0))}`);
}
main();
