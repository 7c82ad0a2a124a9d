/**
 * A render worker for tests of the render pool (src/service/renderPool.ts): the real job protocol
 * (renderJobs.ts) and the real renderer, except that a report titled HANGING_TITLE never ends
 * its layout: the thread blocks synchronously, like a runaway layout — its event loop never runs
 * again and only terminating the worker stops it. It blocks in Atomics.wait rather than a busy
 * loop, which burnt a core for every second a test waited on the time limit (terminate() wakes it).
 * Started through tsx like the real worker script under test (see hangingRenderWorkerScript()).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createRenderer } from '../../src/render/index';
import type { ReportRenderer } from '../../src/render/renderer';
import { memoryBudgetCheck, serveRenderJobs } from '../../src/service/renderJobs';
import { DEFAULT_WORKER_EXTERNAL_MB, type WorkerSettings } from '../../src/service/renderWorkerProtocol';
import { HANGING_TITLE } from './hangingRenderer';

const port = parentPort;
if (!port) throw new Error('hangingRenderWorker must run in a worker thread');
const settings = (workerData ?? {}) as Partial<WorkerSettings>;
const budget = (settings.externalMemoryMb ?? DEFAULT_WORKER_EXTERNAL_MB) * 1024 * 1024;

/** Never notified: a wait on it lasts until the worker is terminated. */
const never = new Int32Array(new SharedArrayBuffer(4));

const hanging = createRenderer({ timeLimitMs: settings.timeLimitMs, images: settings.images, checkMemory: memoryBudgetCheck(budget) }).then(
  (real): ReportRenderer => ({
    renderPdf(report, options) {
      if (report.options?.report_title === HANGING_TITLE) for (;;) Atomics.wait(never, 0, 0);
      return real.renderPdf(report, options);
    },
    renderPreviewJpeg: (pdf, options) => real.renderPreviewJpeg(pdf, options),
    renderPreviewPart: (pdf, part, parts, options) => real.renderPreviewPart(pdf, part, parts, options),
    dispose: () => real.dispose(),
  }),
);
serveRenderJobs(port, hanging, budget);
