/** Shared helpers for the local-service integration tests: real HTTP over loopback. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalService, type LocalService } from '../../../src/service/service';
import type { LocalServiceOptions } from '../../../src/service/options';
import { createMinimalRenderer } from '../../../src/render/minimalRenderer';
import type { RenderedPdf, ReportRenderer } from '../../../src/render/renderer';
import type { TaskKind, TaskStatusResponse } from '../../../src/core/api/types';
import type { ReportBody, UncheckedComponent } from '../../../src/core/report/types';
import { waitForValue } from '../../helpers/waitFor';

export interface Harness {
  service: LocalService;
  dataDir: string;
  key: string;
  logs: string[];
  /** fetch relative to /api/v1 with the dev key in X-API-KEY (unless headers override). */
  api(path: string, init?: RequestInit & { noKey?: boolean }): Promise<Response>;
  post(path: string, body: unknown, init?: RequestInit): Promise<Response>;
  waitFor(taskId: string, until?: (s: TaskStatusResponse) => boolean): Promise<TaskStatusResponse>;
  stop(): Promise<void>;
}

export function tempDir(prefix = 'rs-service-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Starts a service on a free port in a fresh temp dir (minimal renderer unless `renderer: undefined` is passed explicitly). */
export async function startHarness(options: Partial<LocalServiceOptions> = {}, keepDir?: string): Promise<Harness> {
  const dataDir = keepDir ?? options.dataDir ?? tempDir();
  const logs: string[] = [];
  const service = await startLocalService({
    port: 0,
    renderer: 'renderer' in options ? options.renderer : createMinimalRenderer(),
    rateLimit: 0,
    ...options,
    dataDir,
    log: (l) => logs.push(l),
  });
  const key = service.apiKeys[0];
  const api = (path: string, init: RequestInit & { noKey?: boolean } = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    if (!init.noKey && !headers.has('x-api-key')) headers.set('x-api-key', key);
    return fetch(service.baseUrl + path, { ...init, headers });
  };
  const h: Harness = {
    service,
    dataDir,
    key,
    logs,
    api,
    post: (path, body, init = {}) =>
      api(path, {
        method: 'POST',
        body: typeof body === 'string' ? body : JSON.stringify(body),
        ...init,
        headers: { 'content-type': 'application/json', ...(init.headers as object) },
      }),
    async waitFor(taskId, until = (s) => s.status === 'SUCCESS' || s.status === 'FAILED') {
      return waitForValue(
        `task ${taskId} to reach the expected status`,
        async () => {
          const r = await api(`/get-task-status?task_id=${taskId}`);
          if (r.status !== 200) throw new Error(`get-task-status answered ${r.status}: ${await r.text()}`);
          const s = (await r.json()) as TaskStatusResponse;
          return until(s) ? s : undefined;
        },
        // Longer than a test's own time limit: a slow task fails as that test's timeout, as it did.
        120_000,
        20,
      );
    },
    async stop() {
      await service.stop();
      if (!keepDir && !options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return h;
}

/** A report body; its components and config are as a client writes them, valid or not (the service checks them). */
export function report(
  title = 'Quarterly report',
  components: UncheckedComponent[] = [{ type: 'Text', options: { text: 'Hello' } }],
  config?: Record<string, unknown>,
): ReportBody {
  return { type: 'Report', options: { report_title: title }, ...(config ? { config } : {}), components } as ReportBody;
}

/** A report the minimal renderer lays out on `pages` pages. */
export function reportWithPages(pages: number, config?: Record<string, unknown>): ReportBody {
  const components: UncheckedComponent[] = [];
  for (let i = 0; i < pages; i++) {
    if (i > 0) components.push({ type: 'PageBreak' });
    components.push({ type: 'Text', options: { text: `Page ${i + 1}` } });
  }
  return report(`Report of ${pages} pages`, components, config);
}

export async function submit(h: Harness, body: unknown, kind: TaskKind = 'build'): Promise<{ res: Response; taskId: string }> {
  const res = await h.post(kind === 'build' ? '/build-report' : '/preview-report', body);
  const json = (await res.clone().json()) as { task_id?: string };
  return { res, taskId: json.task_id ?? '' };
}

/** A renderer whose renders wait until released, recording the order they start in (by report title). */
export function gatedRenderer(): { renderer: ReportRenderer; started: string[]; releaseOne(): void } {
  const inner = createMinimalRenderer();
  const started: string[] = [];
  const gates: Array<() => void> = [];
  // A release that comes before its render reaches the gate (the task shows RUNNING a moment
  // before the renderer is called) is kept for it, not lost: that render would wait forever.
  let credits = 0;
  const renderer: ReportRenderer = {
    async renderPdf(body, options) {
      started.push(String(body.options?.report_title));
      if (credits > 0) credits--;
      else
        await new Promise<void>((resolve, reject) => {
          gates.push(resolve);
          options?.signal?.addEventListener('abort', () => reject(options.signal?.reason), { once: true });
        });
      return inner.renderPdf(body, options);
    },
    renderPreviewJpeg: (pdf, options) => inner.renderPreviewJpeg(pdf, options),
    dispose: () => inner.dispose(),
  };
  const releaseOne = (): void => {
    const gate = gates.shift();
    if (gate) gate();
    else credits++;
  };
  return { renderer, started, releaseOne };
}

/**
 * The minimal renderer, counting layouts by report title; `decorate` may add to each render
 * (e.g. a source map, which the minimal renderer does not record).
 */
export function countingRenderer(decorate: (r: RenderedPdf) => RenderedPdf = (r) => r): {
  renderer: ReportRenderer;
  layouts: string[];
} {
  const inner = createMinimalRenderer();
  const layouts: string[] = [];
  const renderer: ReportRenderer = {
    async renderPdf(body, options) {
      layouts.push(String(body.options?.report_title));
      return decorate(await inner.renderPdf(body, options));
    },
    renderPreviewJpeg: (pdf, options) => inner.renderPreviewJpeg(pdf, options),
    dispose: () => inner.dispose(),
  };
  return { renderer, layouts };
}
