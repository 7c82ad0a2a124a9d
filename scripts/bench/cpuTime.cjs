// Preloaded (node --require) into a CLI run by shard.ts: writes the CPU time the process used (ms,
// user + system, every thread included: the render pool's workers too) to $BENCH_CPU_FILE on exit.
'use strict';
process.on('exit', () => {
  const u = process.resourceUsage();
  require('node:fs').writeFileSync(process.env.BENCH_CPU_FILE, String((u.userCPUTime + u.systemCPUTime) / 1000));
});
