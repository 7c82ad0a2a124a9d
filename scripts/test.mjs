// `npm test`: every stage in order, each as a child process, then one closing line
// "N passed, N failed" (the line CI reads). Stops at the first stage that fails.
//   node scripts/test.mjs [--only unit,integration,e2e] [--skip e2e]
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { ensureBuilt } from './freshness.mjs';
import { isInstalled } from './e2e/install-code-server.mjs';

const argv = process.argv.slice(2);
const listArg = (flag) => {
  const i = argv.indexOf(flag);
  return i >= 0 && argv[i + 1] ? new Set(argv[i + 1].split(',')) : undefined;
};
const only = listArg('--only');
const skip = listArg('--skip') ?? new Set();
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

const stages = [
  // The static checks run side by side (group 'static'), each printed whole when it ends.
  // One project per layer (tsconfig.json references): a wrong-direction import does not compile.
  { name: 'typecheck', group: 'static', cmd: npx, args: ['tsc', '-b', 'tsconfig.json'] },
  // ESLint (layer boundaries, zero warnings) and Prettier's check over the whole tree.
  { name: 'lint', group: 'static', cmd: npx, args: ['eslint', '--max-warnings', '0', '.'] },
  { name: 'format', group: 'static', cmd: npx, args: ['prettier', '--check', '.'] },
  // Unused files, exports, types and dependencies (knip.jsonc).
  { name: 'knip', group: 'static', cmd: npx, args: ['knip'] },
  { name: 'service-surface', group: 'static', cmd: process.execPath, args: ['scripts/gen-service-surface.mjs', '--check'] },
  { name: 'build', cmd: process.execPath, args: ['scripts/build.mjs', '--quiet'] },
  // Unit and integration tests run two files at a time (.mocharc.*.json: parallel, 2 jobs);
  // unit tests from the sources, integration and e2e the bundles: each of those first makes
  // sure dist/ is newer than its sources.
  { name: 'unit', cmd: npx, args: ['mocha', '--config', '.mocharc.unit.json'], counts: true },
  { name: 'integration', fresh: true, cmd: npx, args: ['mocha', '--config', '.mocharc.integration.json'], counts: true },
  { name: 'e2e', fresh: true, cmd: process.execPath, args: ['scripts/e2e/run.mjs'], counts: true },
  // The extension's `browser` entry in code-server's web worker extension host (scripts/e2e/ui-web.mjs).
  { name: 'e2e-web', fresh: true, cmd: process.execPath, args: ['scripts/e2e/run.mjs', '--web'], counts: true },
].filter((s) => (!only || only.has(s.name)) && !skip.has(s.name));

/** Runs one stage; `live` streams its output, otherwise it is printed whole at the end. */
function run(stage, live) {
  return new Promise((resolve) => {
    const started = Date.now();
    // A background stage gets a process group of its own, so that it can be stopped whole.
    const child = spawn(stage.cmd, stage.args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env, detached: !!stage.background });
    stage.child = child;
    // Background work takes the CPU the stages leave idle (their children inherit the niceness).
    if (stage.background) {
      try {
        setPriority(child.pid, 19);
      } catch {
        /* not permitted here: it runs at normal priority */
      }
    }
    let out = '';
    const tee = (stream, sink) =>
      stream.on('data', (chunk) => {
        if (live) sink.write(chunk);
        out += chunk.toString();
      });
    tee(child.stdout, process.stdout);
    tee(child.stderr, process.stderr);
    child.on('close', (code, signal) => {
      const num = (re) => Number((out.match(re) ?? [])[1] ?? 0);
      resolve({
        out,
        code: code ?? (signal ? 1 : 0),
        seconds: (Date.now() - started) / 1000,
        passed: num(/(\d+) passing/),
        failed: num(/(\d+) failing/),
        pending: num(/(\d+) pending/),
      });
    });
  });
}

// code-server (the e2e stage's VS Code) installs on a fresh machine while the stages before
// e2e run: its npm downloads and native builds (~40 s) would otherwise wait for their turn.
const installStage = {
  name: 'code-server install',
  background: true,
  cmd: process.execPath,
  args: ['scripts/e2e/install-code-server.mjs'],
};
const usesCodeServer = (s) => s.name === 'e2e' || s.name === 'e2e-web';
let install = stages.some(usesCodeServer) && !isInstalled() ? run(installStage, false) : undefined;

const results = [];
for (let i = 0; i < stages.length;) {
  const stage = stages[i];
  // A stage and the stages of the same group right after it run at once.
  let end = i + 1;
  while (stage.group && end < stages.length && stages[end].group === stage.group) end++;
  const group = stages.slice(i, end);
  i = end;
  if (install && usesCodeServer(stage)) {
    const r = await install;
    install = undefined;
    console.log(`\n=== ${installStage.name} (in the background, ${r.seconds.toFixed(1)} s) ===`);
    process.stdout.write(r.out);
    if (r.code !== 0) {
      results.push({ stage: installStage, ...r });
      break;
    }
  }
  if (group.length === 1) {
    console.log(`\n=== ${stage.name} ===`);
    if (stage.fresh && ensureBuilt()) console.log('(dist/ rebuilt: it was older than its sources)');
    results.push({ stage, ...(await run(stage, true)) });
  } else {
    console.log(`\n=== ${group.map((s) => s.name).join(' + ')} (side by side) ===`);
    const done = await Promise.all(
      group.map((s) =>
        run(s, false).then((r) => {
          console.log(`\n=== ${s.name} (${r.seconds.toFixed(1)} s) ===`);
          process.stdout.write(r.out || '(no output)\n');
          return { stage: s, ...r };
        }),
      ),
    );
    results.push(...done);
  }
  if (results.some((r) => r.code !== 0)) break;
}

// Stopped early (a stage failed): the install is stopped and redone next time (it writes its
// marker last).
const child = installStage.child;
if (child && child.exitCode === null && child.signalCode === null) {
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    /* already gone */
  }
}

console.log('\n=== summary ===');
let passed = 0;
let failed = 0;
let pending = 0;
for (const r of results) {
  const counts = r.stage.counts ? `  ${r.passed} passed, ${r.failed} failed, ${r.pending} pending` : '';
  console.log(`${r.stage.name.padEnd(12)} ${r.code === 0 ? 'ok  ' : 'FAIL'} ${r.seconds.toFixed(1).padStart(6)} s${counts}`);
  passed += r.passed;
  failed += r.failed;
  pending += r.pending;
}
const broken = results.find((r) => r.code !== 0);
if (broken && failed === 0) failed = 1; // a stage that failed without mocha counts (typecheck, build, crash)
const notRun = stages.length - results.length;
if (notRun > 0) console.log(`${notRun} stage(s) not run after the failure`);
console.log(`${passed} passed, ${failed} failed${pending ? `, ${pending} skipped` : ''}`);
process.exit(broken ? 1 : 0);
