/**
 * Worker-thread entry of the render pool (bundled as dist/render-worker.js): owns one
 * real renderer (pdfkit layout + PDFium preview) and answers render jobs posted by
 * renderPool.ts (renderJobs.ts), so layout, rasterising and a live-view draft's parsing
 * and checking never block the service's event loop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createRenderer } from '../render/index';
import { DEFAULT_WORKER_EXTERNAL_MB, type WorkerSettings } from './renderWorkerProtocol';
import { memoryBudgetCheck, serveRenderJobs } from './renderJobs';

const port = parentPort;
if (!port) throw new Error('renderWorker must run in a worker thread');

const settings = (workerData ?? {}) as Partial<WorkerSettings>;
const budget = (settings.externalMemoryMb ?? DEFAULT_WORKER_EXTERNAL_MB) * 1024 * 1024;
// The renderer checks memory between its own steps; renderJobs.ts samples it while a job runs too.
const checkMemory = memoryBudgetCheck(budget);
serveRenderJobs(port, createRenderer({ timeLimitMs: settings.timeLimitMs, images: settings.images, checkMemory }), budget);
