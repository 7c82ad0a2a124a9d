// `npm test`: every stage, each as a child process, then one closing line "N passed, N failed"
// (the line CI reads). Stops at the first failure (a lane at its own: see below).
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
  { name: 'build', cmd: process.execPath, args: ['scripts/build.mjs', '--quiet'] },
  // The .vsix that e2e installs and a unit test opens: made once here, so that the two lanes
  // below never write it at the same time (package.mjs reuses a fresh one).
  { name: 'package', cmd: process.execPath, args: ['scripts/package.mjs', '--if-stale', '--quiet'], for: ['unit', 'e2e', 'e2e-web'] },
  // Two lanes at once (the stages of each in order): e2e spends most of its time waiting on
  // the workbench (1.2–1.4 of 2 cores idle), so the mocha stages run beside it at the lowest
  // priority and take only what it leaves. Measured on 2 cores: unit + integration beside e2e
  // added ~50 s to e2e and hid ~250 s of their own.
  // Unit and integration tests run two files at a time (.mocharc.*.json: parallel, 2 jobs);
  // unit tests from the sources, integration and e2e the bundles: each of those first makes
  // sure dist/ is newer than its sources.
  { name: 'unit', lane: 'mocha', niced: true, cmd: npx, args: ['mocha', '--config', '.mocharc.unit.json'], counts: true },
  {
    name: 'integration',
    lane: 'mocha',
    niced: true,
    fresh: true,
    cmd: npx,
    args: ['mocha', '--config', '.mocharc.integration.json'],
    counts: true,
  },
  { name: 'e2e', lane: 'workbench', fresh: true, cmd: process.execPath, args: ['scripts/e2e/run.mjs'], counts: true },
  // The extension's `browser` entry in code-server's web worker extension host (scripts/e2e/ui-web.mjs).
  { name: 'e2e-web', lane: 'workbench', fresh: true, cmd: process.execPath, args: ['scripts/e2e/run.mjs', '--web'], counts: true },
]
  // A stage made `for` others runs whenever one of them does (unless skipped by name).
  .filter((s) => (s.for || !only || only.has(s.name)) && !skip.has(s.name))
  .filter((s, _, kept) => !s.for || kept.some((k) => s.for.includes(k.name)));

/** Runs one stage; `live` streams its output, otherwise it is printed whole at the end. */
function run(stage, live) {
  return new Promise((resolve) => {
    const started = Date.now();
    // A background stage gets a process group of its own, so that it can be stopped whole.
    const child = spawn(stage.cmd, stage.args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env, detached: !!stage.background });
    stage.child = child;
    // Background work and the mocha lane take the CPU the others leave idle (their children
    // inherit the niceness; a niced lane stays in this session, where it counts against e2e).
    if (stage.background || stage.niced) {
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

/** Waits for the code-server install (once) before a stage that needs it; false if it failed. */
async function codeServerReady(stage) {
  if (!install || !usesCodeServer(stage)) return true;
  const pending = install;
  install = undefined;
  const r = await pending;
  console.log(`\n=== ${installStage.name} (in the background, ${r.seconds.toFixed(1)} s) ===`);
  process.stdout.write(r.out);
  if (r.code !== 0) results.push({ stage: installStage, ...r });
  return r.code === 0;
}

/** Runs stages at once (printed whole as each ends), or one after another in each lane. */
async function runLanes(lanes) {
  const freshNeeded = lanes.flat().some((s) => s.fresh);
  if (freshNeeded && ensureBuilt()) console.log('(dist/ rebuilt: it was older than its sources)');
  const live = lanes.length === 1 && lanes[0].length === 1;
  await Promise.all(
    lanes.map(async (lane) => {
      for (const s of lane) {
        if (!(await codeServerReady(s))) return;
        if (live) console.log(`\n=== ${s.name} ===`);
        const r = await run(s, live);
        if (!live) {
          console.log(`\n=== ${s.name} (${r.seconds.toFixed(1)} s) ===`);
          process.stdout.write(r.out || '(no output)\n');
        }
        results.push({ stage: s, ...r });
        if (r.code !== 0) return;
      }
    }),
  );
}

for (let i = 0; i < stages.length;) {
  const stage = stages[i];
  // A stage and the stages of the same group (or with a lane) right after it run at once.
  const key = (s) => s.group ?? (s.lane ? 'lanes' : undefined);
  let end = i + 1;
  while (key(stage) && end < stages.length && key(stages[end]) === key(stage)) end++;
  const block = stages.slice(i, end);
  i = end;
  const lanes = stage.lane ? [...new Set(block.map((s) => s.lane))].map((n) => block.filter((s) => s.lane === n)) : [];
  if (lanes.length > 1) {
    console.log(`\n=== ${lanes.map((l) => l.map((s) => s.name).join(' → ')).join(' | ')} (two lanes at once) ===`);
    await runLanes(lanes);
  } else if (block.length > 1 && !stage.lane) {
    console.log(`\n=== ${block.map((s) => s.name).join(' + ')} (side by side) ===`);
    await runLanes(block.map((s) => [s]));
  } else {
    // One stage, or one lane: in order, streamed as they run.
    for (const s of block) {
      await runLanes([[s]]);
      if (results.some((r) => r.code !== 0)) break;
    }
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
// In the stages' order (lanes end in any order); the install first.
results.sort((a, b) => stages.indexOf(a.stage) - stages.indexOf(b.stage));
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
