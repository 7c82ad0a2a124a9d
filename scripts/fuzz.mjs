// `npm run fuzz`: the fuzz tests with a fresh random seed each run, each the whole way (npm test
// takes a fixed-seed sample of each: fuzzWholeWay() in test/helpers/fuzz/fuzzKit.ts).
// The seed is printed; FUZZ_SEED=<seed> npm run fuzz replays a failure, also the whole way.
import { spawnSync } from 'node:child_process';

const specs = [
  'test/unit/core/schema/fuzz-core.test.ts',
  'test/unit/render/fuzz-render.test.ts',
  'test/unit/core/loc/fuzz-anchoring.test.ts',
  'test/unit/render/fuzz-bombs.test.ts',
  'test/integration/hardening/fuzz-service.test.ts',
];
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const run = spawnSync(npx, ['mocha', '--require', 'tsx/cjs', '--extension', 'ts', '--timeout', '180000', ...specs], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_RANDOM: process.env.FUZZ_SEED ? '0' : '1' },
});
process.exit(run.status ?? 1);
