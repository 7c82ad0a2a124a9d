// `npm test`: every stage as a child process, then one closing line "N passed, N failed" (the
// line CI reads). The static checks run in the background from the start, at the lowest CPU
// priority, on the CPU the test stages leave idle (the e2e stages mostly wait on browsers); the
// test stages run in order. Stops at the first stage that fails: a test stage, or a static check
// (seen when it ends, when a test stage ends).
//   node scripts/test.mjs [--only unit,integration,e2e] [--skip e2e]
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
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
  // The static checks (background): each printed whole when it ends, and in the summary first.
  // One project per layer (tsconfig.json references): a wrong-direction import does not compile.
  { name: 'typecheck', background: true, cmd: npx, args: ['tsc', '-b', 'tsconfig.json'] },
  // ESLint (layer boundaries, zero warnings) and Prettier's check over the whole tree.
  { name: 'lint', background: true, cmd: npx, args: ['eslint', '--max-warnings', '0', '.'] },
  { name: 'format', background: true, cmd: npx, args: ['prettier', '--check', '.'] },
  // Unused files, exports, types and dependencies (knip.jsonc).
  { name: 'knip', background: true, cmd: npx, args: ['knip'] },
  { name: 'service-surface', background: true, cmd: process.execPath, args: ['scripts/gen-service-surface.mjs', '--check'] },
  { name: 'build', cmd: process.execPath, args: ['scripts/build.mjs', '--quiet'] },
  // The .vsix, once: the e2e stages install it and the unit stage reads it back (vsix-contents).
  { name: 'package', needs: ['build'], cmd: process.execPath, args: ['scripts/package.mjs', '--if-stale', '--quiet'] },
  // Unit and integration tests run two files at a time (.mocharc.*.json: parallel, 2 jobs);
  // unit tests from the sources, integration and e2e the bundles: each of those first makes
  // sure dist/ is newer than its sources.
  { name: 'unit', needs: ['package'], cmd: npx, args: ['mocha', '--config', '.mocharc.unit.json'], counts: true },
  { name: 'integration', needs: ['unit'], fresh: true, cmd: npx, args: ['mocha', '--config', '.mocharc.integration.json'], counts: true },
  // After integration, not beside it: on 2 cores, beside it at nice 0, 5 or 10, each starved the
  // other's waits (CI: the e2e suite over its deadline, a UI check's Preview that never came, an
  // integration test's time limit, a unit test's timeout; 1 green run of 4 at nice 10).
  { name: 'e2e', needs: ['integration'], fresh: true, cmd: process.execPath, args: ['scripts/e2e/run.mjs'], counts: true },
  // The extension's `browser` entry in code-server's web worker extension host (test/e2e/ui/web.ts).
  { name: 'e2e-web', needs: ['e2e'], fresh: true, cmd: process.execPath, args: ['scripts/e2e/run.mjs', '--web'], counts: true },
].filter((s) => (!only || only.has(s.name)) && !skip.has(s.name));

/**
 * Lowers a background child's CPU priority below the stages'. Its own session (detached) is an
 * autogroup of its own on Linux (sched_autogroup_enabled): the scheduler shares the CPU between
 * autogroups first, so a process's nice counts only inside its group, and four checks in four
 * groups took 4/5 of the CPU from the tests at any nice. The group's nice is what counts.
 */
function lowerPriority(pid, nice) {
  try {
    setPriority(pid, nice);
  } catch {
    /* not permitted here: it runs at normal priority */
  }
  setAutogroupNice(pid, nice);
}

function setAutogroupNice(pid, nice) {
  try {
    writeFileSync(`/proc/${pid}/autogroup`, String(nice));
  } catch {
    /* no autogroups (not Linux, or the kernel has them off): the process's nice is enough; or
       raising the priority again is not permitted (not root) */
  }
}

/** Runs one stage; `live` streams its output, otherwise it is printed whole at the end. */
function run(stage, live) {
  return new Promise((resolve) => {
    const started = Date.now();
    // Each stage gets a process group of its own, so that it can be stopped whole.
    const child = spawn(stage.cmd, stage.args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: process.env,
      detached: true,
    });
    stage.child = child;
    // Background work takes the CPU the stages leave idle (their children inherit the niceness).
    if (stage.background) lowerPriority(child.pid, stage.nice ?? 19);
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

/** Stops a background child and everything it started (its process group), if still running; whether it was. */
function stopGroup(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return false;
  try {
    process.kill(-child.pid, 'SIGTERM');
    return true;
  } catch {
    return false; // already gone
  }
}

// code-server (the e2e stage's VS Code) installs on a fresh machine while the stages before
// e2e run. It is mostly downloads (~100 s); its CPU part (unpacking, ~40 s of native builds) runs
// at the tests' priority: at nice 15 it got ~3% of the CPU beside them and took 10 minutes, longer
// than the stages before e2e.
const installStage = {
  name: 'code-server install',
  background: true,
  nice: 0,
  cmd: process.execPath,
  args: ['scripts/e2e/install-code-server.mjs'],
};
const usesCodeServer = (s) => s.name === 'e2e' || s.name === 'e2e-web';
let install = stages.some(usesCodeServer) && !isInstalled() ? run(installStage, false) : undefined;

// Ctrl-C (or CI's cancel) reaches the foreground process group only: the stages (own groups, to
// be stopped whole) are stopped here, or they would outlive the run.
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    for (const s of [...stages, installStage]) stopGroup(s.child);
    process.exit(130);
  });
}

// The static checks: all at once, in the background (~2.5 CPU-minutes: tsc 60 s, Prettier 50 s,
// ESLint 35 s, knip 8 s; run first on 2 cores they held the tests back ~2 minutes).
const staticStages = stages.filter((s) => s.background);
const staticRuns = staticStages.map((s) => run(s, false).then((r) => ({ stage: s, ...r })));
const staticDone = new Map(); // stage → result, once it has ended
staticRuns.forEach((p) => p.then((r) => staticDone.set(r.stage, r)));
const staticPrinted = new Set();
/** Prints the static checks that have ended since the last call (not those stopped); whether one failed. */
function printStatic() {
  for (const [s, r] of staticDone) {
    if (staticPrinted.has(s) || s.stopped) continue;
    staticPrinted.add(s);
    console.log(`\n=== ${s.name} (in the background, ${r.seconds.toFixed(1)} s) ===`);
    process.stdout.write(r.out || '(no output)\n');
  }
  return [...staticDone.values()].some((r) => r.code !== 0);
}

// The test stages: each starts once the stages it `needs` have passed (today a chain: one at a
// time, streamed live); the code-server install is awaited by the first stage that uses it.
const testStages = stages.filter((s) => !s.background);
const testResults = [];
const waiting = new Set(testStages);
const running = new Map(); // stage → promise of its result
let staticFailed = false;
let stageFailed = false;
const needsMet = (s) =>
  (s.needs ?? []).every((n) => !testStages.some((t) => t.name === n) || testResults.some((r) => r.stage.name === n && r.code === 0));

async function runTestStage(stage) {
  if (install && usesCodeServer(stage)) {
    const r = await install;
    install = undefined;
    console.log(`\n=== ${installStage.name} (in the background, ${r.seconds.toFixed(1)} s) ===`);
    process.stdout.write(r.out);
    if (r.code !== 0) {
      testResults.push({ stage: installStage, ...r });
      return { stage, notRun: true, code: 1 };
    }
  }
  if (stage.fresh && ensureBuilt()) console.log('(dist/ rebuilt: it was older than its sources)');
  console.log(`\n=== ${stage.name} ===`);
  return { stage, ...(await run(stage, true)) };
}

while ((waiting.size || running.size) && !stageFailed) {
  if ((staticFailed = printStatic())) break;
  for (const stage of [...waiting]) {
    if (!needsMet(stage)) continue;
    waiting.delete(stage);
    running.set(stage, runTestStage(stage));
  }
  if (!running.size) break; // what is left needs a stage that was not run
  const r = await Promise.race(running.values());
  running.delete(r.stage);
  if (!r.notRun) testResults.push(r);
  if (r.code !== 0) stageFailed = true;
}
// A stage failed: any still running is stopped (and not counted).
for (const [stage, p] of running) {
  stage.stopped = stopGroup(stage.child);
  await p;
}
// The static checks still running: awaited (the tests passed), or stopped (something failed).
const stopStatic = staticFailed || stageFailed;
if (stopStatic) for (const s of staticStages) s.stopped = stopGroup(s.child);
// Nothing left to yield to: the checks still running get their share back (where permitted).
else for (const s of staticStages) if (s.child.exitCode === null) setAutogroupNice(s.child.pid, 0);
await Promise.all(staticRuns);
printStatic();
// In the summary: the static checks first (in their order), then the test stages.
const results = [...staticStages.filter((s) => !s.stopped).map((s) => staticDone.get(s)), ...testResults];

// Stopped early (a stage failed): the install is stopped and redone next time (it writes its
// marker last).
stopGroup(installStage.child);

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
const notRun = stages.length - results.filter((r) => r.stage !== installStage).length;
if (notRun > 0) console.log(`${notRun} stage(s) not run after the failure`);
console.log(`${passed} passed, ${failed} failed${pending ? `, ${pending} skipped` : ''}`);
process.exit(broken ? 1 : 0);
