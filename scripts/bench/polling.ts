/**
 * Polling benchmark: time from submit to file in hand with the client's adaptive
 * polling vs a fixed 750 ms poll (the public clients' interval), same local service,
 * same report, runs interleaved so drift hits both alike. Medians and their ratio
 * (adaptive / fixed; below 1 = adaptive is faster), plus status checks per task, for
 * a report as the service renders it and for slow renders of 1.5–2.7 s.
 * No assertions: numbers only.
 *   npx tsx scripts/bench/polling.ts [runs]   (or via npm run bench)
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ReportClient } from '../../src/core/client/apiClient';
import { ADAPTIVE_POLLING, FIXED_750_POLLING, LOCAL_LONG_POLL_SECONDS } from '../../src/core/runner/polling';
import type { PollSchedule } from '../../src/core/runner/polling';
import { runTask } from '../../src/core/runner/taskRunner';
import { createRenderer } from '../../src/render';
import type { ReportRenderer } from '../../src/render';
import { startLocalService } from '../../src/service/service';
import { median, type BenchRow } from './table';

const REPORT = readFileSync(join(__dirname, '..', '..', 'examples', 'invoice.report.json'), 'utf8');

interface Sample {
  ms: number;
  polls: number;
}

let submitted = 0;

/**
 * One build of the invoice. Each body differs (a counter in its title): the local service
 * shares a render between identical bodies sent a moment apart (src/service/renderReuse.ts), and
 * this bench measures waiting for renders, not that.
 */
async function once(client: ReportClient, polling: PollSchedule, longPollSeconds?: number): Promise<Sample> {
  const report = REPORT.replace('"report_title": "', `"report_title": "Run ${++submitted}: `);
  const started = performance.now();
  const result = await runTask(client, { kind: 'build', report, polling, longPollSeconds, output: { to: 'bytes' } });
  return { ms: performance.now() - started, polls: result.polls };
}

/** The real renderer, slowed by `extraMs.value` per PDF: task lengths vary without restarting the service. */
async function slowableRenderer(extraMs: { value: number }): Promise<ReportRenderer> {
  const real = await createRenderer();
  return {
    renderPdf: async (report, options) => {
      await new Promise((r) => setTimeout(r, extraMs.value));
      return real.renderPdf(report, options);
    },
    renderPreviewJpeg: (pdf, options) => real.renderPreviewJpeg(pdf, options),
    dispose: () => real.dispose(),
  };
}

/** `extraDelays[i]` is added to the render of run triple i (0 = as rendered). */
async function scenario(label: string, extraDelays: number[]): Promise<BenchRow[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'rs-bench-polling-'));
  const extra = { value: 0 };
  const service = await startLocalService({
    port: 0,
    dataDir,
    rateLimit: 0,
    keys: [{ key: 'rs_bench_polling_key', quotaSingle: 10_000, quotaMulti: 10_000 }],
    renderer: await slowableRenderer(extra),
  });
  const client = new ReportClient({ apiKey: 'rs_bench_polling_key', baseUrl: service.baseUrl });
  try {
    await once(client, ADAPTIVE_POLLING); // warm-up: fonts, JIT, connection pool
    const adaptive: Sample[] = [];
    const fixed: Sample[] = [];
    const longPoll: Sample[] = [];
    const runs: Array<() => Promise<void>> = [
      async () => void adaptive.push(await once(client, ADAPTIVE_POLLING)),
      async () => void fixed.push(await once(client, FIXED_750_POLLING)),
      async () => void longPoll.push(await once(client, ADAPTIVE_POLLING, LOCAL_LONG_POLL_SECONDS)),
    ];
    for (let i = 0; i < extraDelays.length; i++) {
      extra.value = extraDelays[i];
      // Rotate which goes first so none always runs on a warmer service.
      for (let j = 0; j < runs.length; j++) await runs[(i + j) % runs.length]();
    }
    // Medians resist outliers; with varied task lengths the ratio of total time is fairer: both shown.
    const sum = (xs: Sample[]): number => xs.reduce((n, x) => n + x.ms, 0);
    const a = median(adaptive.map((x) => x.ms));
    const f = median(fixed.map((x) => x.ms));
    const ratio = a / f;
    console.log(
      `polling: ${label}: submit→file median adaptive ${a.toFixed(0)} ms (${median(adaptive.map((x) => x.polls))} status checks) ` +
        `vs fixed 750 ms ${f.toFixed(0)} ms (${median(fixed.map((x) => x.polls))} checks) → ratio ${ratio.toFixed(2)} ` +
        `(total-time ratio ${(sum(adaptive) / sum(fixed)).toFixed(2)}), runs=${extraDelays.length}`,
    );
    const l = median(longPoll.map((x) => x.ms));
    console.log(
      `polling: ${label}: submit→file median long-poll ${l.toFixed(0)} ms (${median(longPoll.map((x) => x.polls))} status requests) → ratio ${(l / f).toFixed(2)} to fixed 750 ms`,
    );
    return [
      {
        group: 'polling',
        figure: `submit → file, adaptive polling (hosted services): ${label}`,
        median: a,
        unit: 'ms',
        peer: { label: 'fixed 750 ms polling', median: f },
        ratio,
        target: 1,
        targetRatio: true,
        note: `${median(adaptive.map((x) => x.polls))} vs ${median(fixed.map((x) => x.polls))} status checks; total-time ratio ${(sum(adaptive) / sum(fixed)).toFixed(2)}; ${extraDelays.length} runs each, interleaved`,
      },
      {
        group: 'polling',
        figure: `submit → file, long-poll (local service): ${label}`,
        median: l,
        unit: 'ms',
        peer: { label: 'fixed 750 ms polling', median: f },
        ratio: l / f,
        note: `${median(longPoll.map((x) => x.polls))} status requests (wait=${LOCAL_LONG_POLL_SECONDS}); total-time ratio ${(sum(longPoll) / sum(fixed)).toFixed(2)}`,
      },
    ];
  } finally {
    await client.close();
    await service.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function runPollingBench(runs = 9): Promise<BenchRow[]> {
  const s = ADAPTIVE_POLLING;
  console.log(
    `polling: adaptive = first check after ${s.initialDelayMs} ms, ×${s.factor} per check up to ${s.maxDelayMs} ms, then on its multiples; ratio = adaptive / fixed (< 1: adaptive faster)`,
  );
  const asRendered = await scenario(
    'invoice build as rendered',
    Array.from({ length: runs }, () => 0),
  );
  // Slow renders of 1.5–2.7 s, spread so neither schedule profits from a lucky phase.
  const slow = await scenario(
    'invoice build + 1.5–2.7 s render',
    Array.from({ length: runs }, (_, i) => 1500 + Math.round((1200 * i) / Math.max(1, runs - 1))),
  );
  return [...asRendered, ...slow];
}

if (require.main === module) {
  runPollingBench(Number(process.argv[2]) || undefined).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
