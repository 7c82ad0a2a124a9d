// Preloaded (node --require) into a CLI run by batch.ts: writes the process's peak resident set
// size (KB, every thread included: the render pool's workers too) to $BENCH_PEAK_RSS_FILE on exit.
'use strict';
process.on('exit', () => {
  require('node:fs').writeFileSync(process.env.BENCH_PEAK_RSS_FILE, String(process.resourceUsage().maxRSS));
});
