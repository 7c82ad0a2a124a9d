/**
 * `npm run bench:load [-- --seconds 60 --clients 50 --concurrency 2 --minimal-renderer --rate-limit 0
 *                       --neighbour-seconds 20 --flooders 16]`
 *
 * Load on the bundled local service: dist/local-service.js in its own process (free
 * loopback port, temp data dir, one key with a huge quota), N concurrent core clients
 * submitting builds and previews of the examples, polling and downloading for S seconds
 * (tasks in flight at the deadline are finished). Prints requests by endpoint, expected
 * and unexpected errors, p50/p90/p99 of get-task-status, tasks completed, and checks the
 * ledger: exactly one charge per build that ended SUCCESS, of the kind its PDF's page
 * count says, and get-remaining-quota agreeing with ledger.json. Exit 1 on any
 * unexpected error or mismatch. With --rate-limit, 503s the client gave up on are expected.
 * Then a hostile-neighbour run on a fresh service with two keys (loadNeighbour.ts): one key
 * floods previews, the other builds; its time-to-file p50/p99 is printed.
 * The server is stopped by its PID at the end and on Ctrl-C.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { setMaxListeners } from 'node:events';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ReportClient } from '../../src/core/client/apiClient';
import type { QuotaRecord } from '../../src/core/api/types';
import { keyIdOf } from '../../src/service/keys';
import { newStats, runClient, type LoadStats } from './loadClients';
import { printNeighbour, runHostileNeighbour } from './loadNeighbour';
import { percentile } from './table';

const ROOT = join(__dirname, '..', '..');
const KEY = 'bench-load-key-0123456789';
const FLOODER_KEY = 'bench-load-flooder-key-01';
const NEIGHBOUR_KEY = 'bench-load-neighbour-key-02';
const QUOTA = 1_000_000;

interface Options {
  seconds: number;
  clients: number;
  concurrency: number;
  minimalRenderer: boolean;
  rateLimit: number;
  /** Length of the hostile-neighbour run; 0 skips it. */
  neighbourSeconds: number;
  flooders: number;
}

function parseOptions(argv: string[]): Options {
  const o: Options = { seconds: 60, clients: 50, concurrency: 2, minimalRenderer: false, rateLimit: 0, neighbourSeconds: 20, flooders: 16 };
  for (let i = 0; i < argv.length; i++) {
    const num = (name: string): number => {
      const v = Number(argv[++i]);
      if (!Number.isFinite(v) || v < 0) throw new Error(`${name} needs a non-negative number`);
      return v;
    };
    switch (argv[i]) {
      case '--seconds':
        o.seconds = num('--seconds');
        break;
      case '--clients':
        o.clients = Math.max(1, Math.floor(num('--clients')));
        break;
      case '--concurrency':
        o.concurrency = Math.max(1, Math.floor(num('--concurrency')));
        break;
      case '--rate-limit':
        o.rateLimit = Math.floor(num('--rate-limit'));
        break;
      case '--minimal-renderer':
        o.minimalRenderer = true;
        break;
      case '--neighbour-seconds':
        o.neighbourSeconds = num('--neighbour-seconds');
        break;
      case '--flooders':
        o.flooders = Math.max(1, Math.floor(num('--flooders')));
        break;
      default:
        throw new Error(
          `unknown flag ${argv[i]} (--seconds, --clients, --concurrency, --rate-limit, --minimal-renderer, --neighbour-seconds, --flooders)`,
        );
    }
  }
  return o;
}

function startServer(o: Options, dataDir: string, keyArgs: string[] = ['--api-key', KEY]): { child: ChildProcess; ready: Promise<string> } {
  const args = [
    '--port',
    '0',
    '--data-dir',
    dataDir,
    ...keyArgs,
    '--quota-single',
    String(QUOTA),
    '--quota-multi',
    String(QUOTA),
    '--rate-limit',
    String(o.rateLimit),
    '--concurrency',
    String(o.concurrency),
    '--quiet',
  ];
  if (o.minimalRenderer) args.push('--minimal-renderer');
  const child = spawn(process.execPath, [join(ROOT, 'dist', 'local-service.js'), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const ready = new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`local-service exited with ${code}: ${err}`)));
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      if (url) resolve(url);
    });
  });
  return { child, ready };
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const gone = new Promise((r) => child.once('exit', r));
  process.kill(child.pid, 'SIGTERM');
  const hard = setTimeout(() => child.pid && child.exitCode === null && process.kill(child.pid, 'SIGKILL'), 10_000);
  await gone;
  clearTimeout(hard);
}

const pct = (xs: number[], p: number): string => (xs.length ? percentile(xs, p).toFixed(2) : '-');

function printTable(stats: LoadStats, seconds: number): void {
  console.log(`\nrequests by endpoint (${seconds.toFixed(1)} s)`);
  console.log(`  ${'endpoint'.padEnd(26)} ${'total'.padStart(7)}  statuses`);
  for (const [endpoint, byStatus] of [...stats.requests].sort()) {
    const total = [...byStatus.values()].reduce((a, b) => a + b, 0);
    const detail = [...byStatus]
      .sort()
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
    console.log(`  ${endpoint.padEnd(26)} ${String(total).padStart(7)}  ${detail}`);
  }
  const lat = stats.statusLatencyMs;
  console.log(
    `\nget-task-status latency (client-side, ${lat.length} calls): p50 ${pct(lat, 50)} ms, p90 ${pct(lat, 90)} ms, p99 ${pct(lat, 99)} ms, max ${pct(lat, 100)} ms`,
  );
  console.log(
    `tasks completed: ${stats.builds.single + stats.builds.multi} builds (${stats.builds.single} single-page, ${stats.builds.multi} multi-page), ${stats.previews} previews`,
  );
  console.log(`client retries: ${stats.retries}`);
  console.log(`expected errors: ${[...stats.expected].map(([k, n]) => `${k} ×${n}`).join(', ') || 'none'}`);
  console.log(`unexpected errors: ${stats.unexpected.length}`);
  for (const u of stats.unexpected.slice(0, 20)) console.log(`  - ${u}`);
}

/** Charges in ledger.json: task id → kind (read after the service stopped). */
function ledgerCharges(dataDir: string): Map<string, string> {
  const ledger = JSON.parse(readFileSync(join(dataDir, 'ledger.json'), 'utf8')) as {
    keys: Record<string, { charges: Record<string, string> }>;
  };
  return new Map(Object.entries(ledger.keys[keyIdOf(KEY)]?.charges ?? {}));
}

/** Final statuses of the builds (waits for the ones still rendering, at most 5 minutes). */
async function settle(client: ReportClient, ids: string[]): Promise<Map<string, string>> {
  const final = new Map<string, string>();
  for (let pass = 0; pass < 300 && final.size < ids.length; pass++) {
    for (const id of ids.filter((i) => !final.has(i))) {
      const { status } = await client.getTaskStatus(id);
      if (status === 'SUCCESS' || status === 'FAILED') final.set(id, status);
    }
    if (final.size < ids.length) await new Promise((r) => setTimeout(r, 1000));
  }
  return final;
}

/**
 * The ledger must hold exactly one charge per build that ended SUCCESS (server truth,
 * including builds a client gave up on), of the kind its PDF's page count says where a
 * client downloaded it; and get-remaining-quota must say the same.
 */
function checkLedger(stats: LoadStats, final: Map<string, string>, charges: Map<string, string>, quota: QuotaRecord): string[] {
  const problems: string[] = [];
  const succeeded = [...final].filter(([, s]) => s === 'SUCCESS').map(([id]) => id);
  const unsettled = stats.buildTasks.size - final.size;
  if (unsettled) problems.push(`${unsettled} builds never finished`);
  for (const id of succeeded) if (!charges.has(id)) problems.push(`build ${id} SUCCESS but not charged`);
  for (const id of charges.keys())
    if (final.get(id) !== 'SUCCESS') problems.push(`build ${id} charged but ${final.get(id) ?? 'unknown to the clients'}`);
  for (const [id, pages] of stats.buildTasks) {
    const kind = pages === undefined ? undefined : pages === 1 ? 'single' : 'multi';
    if (kind && charges.get(id) !== kind) problems.push(`build ${id} has ${pages} pages but was charged as ${charges.get(id)}`);
  }
  const count = (k: string): number => [...charges.values()].filter((v) => v === k).length;
  const used = { single: QUOTA - quota.remaining_single_page_reports, multi: QUOTA - quota.remaining_multi_page_reports };
  if (used.single !== count('single') || used.multi !== count('multi'))
    problems.push(`get-remaining-quota used ${used.single}/${used.multi}, ledger.json ${count('single')}/${count('multi')}`);
  console.log(
    `ledger: ${charges.size} charges (${count('single')} single, ${count('multi')} multi) for ${succeeded.length} SUCCESS builds of ${stats.buildTasks.size} accepted; ` +
      `get-remaining-quota used ${used.single} single / ${used.multi} multi → ${problems.length ? 'MISMATCH' : 'exact'}`,
  );
  for (const p of problems.slice(0, 20)) console.log(`  - ${p}`);
  return problems;
}

/** The hostile-neighbour run on its own service (two keys); returns the number of unexpected errors. */
async function hostileNeighbour(o: Options, examples: string[], signal: AbortSignal): Promise<number> {
  const dataDir = await mkdtemp(join(tmpdir(), 'rs-bench-neighbour-'));
  const keysFile = join(dataDir, 'keys.json');
  writeFileSync(keysFile, JSON.stringify([FLOODER_KEY, NEIGHBOUR_KEY].map((key) => ({ key, quotaSingle: QUOTA, quotaMulti: QUOTA }))));
  const { child, ready } = startServer(o, join(dataDir, 'service'), ['--keys-file', keysFile]);
  try {
    const url = await ready;
    const result = await runHostileNeighbour({
      baseUrl: `${url}/api/v1`,
      flooderKey: FLOODER_KEY,
      neighbourKey: NEIGHBOUR_KEY,
      examples,
      seconds: o.neighbourSeconds,
      flooders: o.flooders,
      signal,
    });
    printNeighbour(result, o.neighbourSeconds);
    return result.unexpected.length;
  } finally {
    await stopServer(child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<number> {
  const o = parseOptions(process.argv.slice(2));
  if (!existsSync(join(ROOT, 'dist', 'local-service.js')))
    throw new Error('dist/local-service.js is missing: run node scripts/build.mjs first');
  const examples = readdirSync(join(ROOT, 'examples'))
    .filter((n) => n.endsWith('.report.json'))
    .sort()
    .map((n) => readFileSync(join(ROOT, 'examples', n), 'utf8'));
  const brokenDir = join(ROOT, 'test', 'fixtures', 'broken');
  const broken = readdirSync(brokenDir)
    .filter((n) => n.endsWith('.json'))
    .slice(0, 10)
    .map((n) => readFileSync(join(brokenDir, n), 'utf8'));
  const dataDir = await mkdtemp(join(tmpdir(), 'rs-bench-load-'));
  const { child, ready } = startServer(o, dataDir);
  const abort = new AbortController();
  // One signal shared by every client: each task in flight listens to it (not a leak).
  setMaxListeners(o.clients * 4 + 16, abort.signal);
  let interrupted = false;
  const onSigint = (): void => {
    interrupted = true;
    abort.abort(new Error('interrupted'));
  };
  process.once('SIGINT', onSigint);
  try {
    const url = await ready;
    console.log(
      `load: ${o.clients} clients × ${o.seconds} s on ${url} (${o.minimalRenderer ? 'minimal' : 'real'} renderer, concurrency ${o.concurrency}, rate limit ${o.rateLimit || 'off'}); ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}`,
    );
    const stats = newStats();
    const started = performance.now();
    let seed = 0x5eed;
    const random = (): number => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
    const setup = {
      baseUrl: `${url}/api/v1`,
      apiKey: KEY,
      examples,
      broken,
      until: started + o.seconds * 1000,
      signal: abort.signal,
      stats,
      random,
      rateLimited: o.rateLimit > 0,
    };
    await Promise.all(Array.from({ length: o.clients }, (_, i) => runClient(i, setup)));
    const seconds = (performance.now() - started) / 1000;
    if (interrupted) {
      console.log('\ninterrupted: partial numbers, no ledger check');
      printTable(stats, seconds);
      return 130;
    }
    const checker = new ReportClient({ apiKey: KEY, baseUrl: `${url}/api/v1`, retry: { retries: 8 } });
    const final = await settle(checker, [...stats.buildTasks.keys()]);
    const quota = await checker.getRemainingQuota();
    await checker.close();
    await stopServer(child);
    printTable(stats, seconds);
    const problems = checkLedger(stats, final, ledgerCharges(dataDir), quota);
    const neighbourProblems = o.neighbourSeconds > 0 ? await hostileNeighbour(o, examples, abort.signal) : 0;
    return stats.unexpected.length === 0 && problems.length === 0 && neighbourProblems === 0 ? 0 : 1;
  } finally {
    process.off('SIGINT', onSigint);
    await stopServer(child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
