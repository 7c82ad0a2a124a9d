/**
 * A render worker for tests of the render pool (src/service/renderPool.ts): the real job protocol
 * (renderJobs.ts) and the real renderer, except that a report titled HANGING_TITLE never ends
 * its layout — a synchronous loop, like a runaway layout: only terminating the worker stops it.
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

const hanging = createRenderer({ timeLimitMs: settings.timeLimitMs, images: settings.images, checkMemory: memoryBudgetCheck(budget) }).then(
  (real): ReportRenderer => ({
    renderPdf(report, options) {
      if (report.options?.report_title === HANGING_TITLE) for (;;);
      return real.renderPdf(report, options);
    },
    renderPreviewJpeg: (pdf, options) => real.renderPreviewJpeg(pdf, options),
    renderPreviewPart: (pdf, part, parts, options) => real.renderPreviewPart(pdf, part, parts, options),
    dispose: () => real.dispose(),
  }),
);
serveRenderJobs(port, hanging, budget);
