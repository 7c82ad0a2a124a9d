/**
 * The simulated users of `npm run bench:load`: each is its own core ReportClient (as
 * each VS Code window or CLI run would be) submitting builds and previews of the
 * examples through runTask (submit → adaptive polling → download), now and then a
 * broken report (422 expected) or an unknown task id (404 expected). Every request is
 * counted by endpoint and status from the client's own log; get-task-status calls are
 * timed around the client method.
 */
import { performance } from 'node:perf_hooks';
import { ReportClient } from '../../src/core/client/apiClient';
import { isReportServiceError } from '../../src/core/client/errors';
import { pdfPageCount } from '../../src/core/runner/fileInfo';
import { runTask } from '../../src/core/runner/taskRunner';

export interface LoadStats {
  /** "GET /get-task-status" → status → count ("ERR" for transport errors). */
  requests: Map<string, Map<string, number>>;
  statusLatencyMs: number[];
  builds: { single: number; multi: number };
  previews: number;
  expected: Map<string, number>;
  unexpected: string[];
  retries: number;
  /** Every build the service accepted → the page count of its PDF once the client downloaded it. */
  buildTasks: Map<string, number | undefined>;
}

export function newStats(): LoadStats {
  return {
    requests: new Map(),
    statusLatencyMs: [],
    builds: { single: 0, multi: 0 },
    previews: 0,
    expected: new Map(),
    unexpected: [],
    retries: 0,
    buildTasks: new Map(),
  };
}

export interface ClientSetup {
  baseUrl: string;
  apiKey: string;
  examples: string[];
  broken: string[];
  /** No new task is started after this (performance.now() time). */
  until: number;
  /** Aborts everything (Ctrl-C). */
  signal: AbortSignal;
  /** The service runs a rate limit: its 503s (after the client's retries) are expected. */
  rateLimited: boolean;
  stats: LoadStats;
  random: () => number;
}

const LOG_LINE = /^(GET|POST) (\/[\w-]+)\S* → (\d{3})/;

function countLine(stats: LoadStats, line: string): void {
  const m = LOG_LINE.exec(line.replace(/^(GET|POST) [^ ]*\/api\/v1/, '$1 '));
  if (/, retry \d+ in/.test(line)) stats.retries++;
  const endpoint = m ? `${m[1]} ${m[2]}` : /^(GET|POST) (\/[\w-]+)/.exec(line)?.slice(1, 3).join(' ');
  if (!endpoint) return;
  const status = m ? m[3] : / failed: /.test(line) ? 'ERR' : undefined;
  if (!status) return;
  const byStatus = stats.requests.get(endpoint) ?? new Map<string, number>();
  byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  stats.requests.set(endpoint, byStatus);
}

function expect(stats: LoadStats, what: string): void {
  stats.expected.set(what, (stats.expected.get(what) ?? 0) + 1);
}

/** One user: tasks back to back until `until`; the task in flight at the deadline is finished. */
export async function runClient(id: number, s: ClientSetup): Promise<void> {
  const client = new ReportClient({ apiKey: s.apiKey, baseUrl: s.baseUrl, timeoutMs: 60_000, log: (line) => countLine(s.stats, line) });
  const timedStatus = client.getTaskStatus.bind(client);
  client.getTaskStatus = async (...args) => {
    const t0 = performance.now();
    try {
      return await timedStatus(...args);
    } finally {
      s.stats.statusLatencyMs.push(performance.now() - t0);
    }
  };
  let submitted = 0;
  try {
    while (performance.now() < s.until && !s.signal.aborted) {
      const r = s.random();
      if (r < 0.08) {
        await expectFailure(s, 'validation', 'POST /build-report 422', () =>
          client.buildReport(s.broken[Math.floor(s.random() * s.broken.length)]),
        );
        continue;
      }
      if (r < 0.12) {
        await expectFailure(s, 'not_found', 'GET /get-task-status 404', () =>
          client.getTaskStatus(`00000000-0000-4000-8000-${String(id).padStart(12, '0')}`),
        );
        continue;
      }
      const kind = r < 0.56 ? 'build' : 'preview';
      // Each body its own (a counter in the title): identical bodies a moment apart share one
      // render (src/service/renderReuse.ts), and this load is meant to render.
      const report = s.examples[Math.floor(s.random() * s.examples.length)].replace(
        '"report_title": "',
        `"report_title": "#${id}.${++submitted} `,
      );
      try {
        const onProgress = (p: { phase: string; taskId: string }): void => {
          if (kind === 'build' && p.phase === 'submitted') s.stats.buildTasks.set(p.taskId, undefined);
        };
        const result = await runTask(client, {
          kind,
          report,
          signal: s.signal,
          timeoutMs: 600_000,
          polling: { initialDelayMs: 250, maxDelayMs: 1_000 },
          onProgress,
        });
        if (kind === 'preview') {
          s.stats.previews++;
          continue;
        }
        const pages = result.bytes ? pdfPageCount(result.bytes) : undefined;
        if (!pages) throw new Error(`build ${result.taskId}: the download is not a PDF`);
        s.stats.builds[pages === 1 ? 'single' : 'multi']++;
        s.stats.buildTasks.set(result.taskId, pages);
      } catch (err) {
        if (s.signal.aborted) return;
        if (s.rateLimited && isReportServiceError(err) && err.kind === 'rate_limited') {
          expect(s.stats, `${kind} given up: 503 rate limited`);
          continue;
        }
        s.stats.unexpected.push(
          `client ${id} ${kind}: ${isReportServiceError(err) ? `${err.kind}: ${err.message}` : (err as Error).message}`,
        );
      }
    }
  } finally {
    await client.close();
  }
}

async function expectFailure(s: ClientSetup, kind: string, label: string, call: () => Promise<unknown>): Promise<void> {
  try {
    await call();
    s.stats.unexpected.push(`${label} expected, but the call succeeded`);
  } catch (err) {
    if (isReportServiceError(err) && (err.kind === kind || (kind === 'not_found' && err.status === 404))) expect(s.stats, label);
    else if (!s.signal.aborted)
      s.stats.unexpected.push(`${label} expected, got ${isReportServiceError(err) ? `${err.kind}: ${err.message}` : String(err)}`);
  }
}
