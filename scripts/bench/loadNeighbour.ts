/**
 * The hostile-neighbour run of `npm run bench:load`: one key floods the service with
 * previews (submit only, as fast as the per-key queue cap lets it, waiting out each 429's
 * Retry-After) while another key builds reports one after the other. What matters is the
 * other key's time-to-file (submit → PDF downloaded): with per-key round-robin and builds
 * ahead of previews it stays near one render, whatever the flood.
 */
import { performance } from 'node:perf_hooks';
import { ReportClient } from '../../src/core/client/apiClient';
import { isReportServiceError } from '../../src/core/client/errors';
import { runTask } from '../../src/core/runner/taskRunner';
import { percentile } from './table';

export interface NeighbourSetup {
  baseUrl: string;
  flooderKey: string;
  neighbourKey: string;
  examples: string[];
  seconds: number;
  /** Concurrent submit loops of the flooding key. */
  flooders: number;
  signal: AbortSignal;
}

export interface NeighbourResult {
  /** Submit → file downloaded, per build of the neighbour (ms). */
  timeToFileMs: number[];
  floodAccepted: number;
  /** Previews refused with 429 (queue cap) — the cap at work. */
  flood429: number;
  unexpected: string[];
}

const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const t = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

export async function runHostileNeighbour(s: NeighbourSetup): Promise<NeighbourResult> {
  const result: NeighbourResult = { timeToFileMs: [], floodAccepted: 0, flood429: 0, unexpected: [] };
  const until = performance.now() + s.seconds * 1000;
  const flooder = new ReportClient({ apiKey: s.flooderKey, baseUrl: s.baseUrl, timeoutMs: 30_000 });
  const neighbour = new ReportClient({ apiKey: s.neighbourKey, baseUrl: s.baseUrl, timeoutMs: 60_000 });
  const preview = s.examples[0];

  const flood = async (): Promise<void> => {
    while (performance.now() < until && !s.signal.aborted) {
      try {
        await flooder.previewReport(preview, { signal: s.signal });
        result.floodAccepted++;
      } catch (err) {
        if (s.signal.aborted) return;
        if (isReportServiceError(err) && err.status === 429) {
          result.flood429++;
          await sleep(err.retryAfterMs ?? 1000, s.signal);
        } else {
          result.unexpected.push(`flooder: ${(err as Error).message}`);
          await sleep(100, s.signal);
        }
      }
    }
  };

  const build = async (): Promise<void> => {
    let i = 0;
    // Give the flood a head start so the first build already meets a full queue.
    await sleep(1000, s.signal);
    while (performance.now() < until && !s.signal.aborted) {
      const report = s.examples[i++ % s.examples.length];
      const t0 = performance.now();
      try {
        await runTask(neighbour, {
          kind: 'build',
          report,
          signal: s.signal,
          timeoutMs: 600_000,
          polling: { initialDelayMs: 100, maxDelayMs: 250 },
        });
        result.timeToFileMs.push(performance.now() - t0);
      } catch (err) {
        if (!s.signal.aborted) result.unexpected.push(`neighbour build: ${(err as Error).message}`);
      }
    }
  };

  try {
    await Promise.all([build(), ...Array.from({ length: s.flooders }, flood)]);
  } finally {
    await flooder.close();
    await neighbour.close();
  }
  return result;
}

export function printNeighbour(r: NeighbourResult, seconds: number): void {
  const t = r.timeToFileMs;
  const p = (q: number): string => (t.length ? (percentile(t, q) / 1000).toFixed(2) : '-');
  console.log(
    `\nhostile neighbour (${seconds} s): one key flooding previews (${r.floodAccepted} accepted, ${r.flood429} refused 429 by the per-key queue cap)`,
  );
  console.log(`  the other key's builds, time-to-file (${t.length} builds): p50 ${p(50)} s, p99 ${p(99)} s, max ${p(100)} s`);
  console.log(`  unexpected errors: ${r.unexpected.length}`);
  for (const u of r.unexpected.slice(0, 10)) console.log(`  - ${u}`);
}
